"""States stored by earlier versions of the game (a record's setup and snapshot, an export), in
today's shape: `Innovation.upgrade`.

Before the one way to end and to ask (issue #21), the dogma action's open question lived under
`script` (absent when none), a finished game's phase was "over", and its result was
{"winners", "reason", "how"} with the scores worked out when asked for. Now the question is
`asking` (None when none), the phase stays "turn", the result is a `core.Ending` written by
`core.finish` and "how" is `won_by`. A running dogma keeps the whole state at its start (the
script's "base"), which is upgraded too: the script is replayed from it.
"""

from __future__ import annotations

from app.games.core import State, clone, finish
from app.games.innovation.board import Phase
from app.games.innovation.ending import scores


def upgrade(state: State) -> State:
    """`state` in today's shape; a state already in it comes back as it is."""
    if "won_by" in state:
        return state
    return clone(_upgraded(clone(state)))


def _upgraded(old: State) -> State:
    record = old.pop("script", None)
    if record is not None:
        record["base"] = _upgraded(record["base"])
    old["asking"] = record
    ended = old["result"]
    old["result"] = None
    old["won_by"] = None
    if old["phase"] == "over":
        old["phase"] = Phase.TURN
    if ended is not None:
        finish(old, ended["winners"], scores(old), ended["reason"])
        old["won_by"] = ended["how"]
    return old
