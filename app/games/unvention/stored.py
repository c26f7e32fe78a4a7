"""States stored by earlier versions of Unvention (a record's setup or a snapshot in the
database, an export), brought to today's shape by `upgrade`: pure, and a state already in
today's shape comes back unchanged.

What changed, oldest first:

- Each sheet's turn record was called "doing"; it is "asking", the name of a game's open
  decision in every game (decisions.py).
- The end was the phase "over", with the result computed from the sheets whenever asked; now
  core.finish writes `state["result"]` (None until then) and the phase stays that of the last
  Presentation. The log already says why the competition ended, so nothing is logged again.
"""

from __future__ import annotations

from app.games.core import State, clone, finish
from app.games.unvention.contract import Phase
from app.games.unvention.ending import outcome

OLD_OVER = "over"  # the phase that ended a game before core.finish


def upgrade(state: State) -> State:
    """`state` in today's shape (a copy; the state passed in is never changed)."""
    state = clone(state)
    for sheet in state["sheets"]:
        if "doing" in sheet:
            sheet["asking"] = sheet.pop("doing")
    if "result" not in state:
        state["result"] = None
        if state["phase"] == OLD_OVER:
            state["phase"] = Phase.PRESENT
            finish(state, *outcome(state["sheets"]))
    return clone(state)
