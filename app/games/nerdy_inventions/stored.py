"""States stored by earlier versions of the game (a record's setup and snapshot, an export), in
today's shape: `NerdyInventions.upgrade`.

Before the one way to end and to ask (issue #21), the open choice was `pending` and a finished
game said why in `ended` ("zeppelin" or "deck") with no `result`: the result was worked out
when asked for. Both now live in `asking` and `result` (core.finish), the cause in its reason.
"""

from __future__ import annotations

from app.games.core import State, clone, finish
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.ending import judge


def upgrade(state: State) -> State:
    """`state` in today's shape; a state already in it comes back as it is."""
    if "result" in state:
        return state
    old = clone(state)
    cause = old.pop("ended", None)
    old["asking"] = old.pop("pending", None)
    old["result"] = None
    if cause is not None:
        totals = [board.score(old, seat)["total"] for seat in range(old["players"])]
        winners, reason = judge(totals, cause)
        finish(old, winners, {str(seat): total for seat, total in enumerate(totals)}, reason)
    return clone(old)
