"""How a game of Nerdy Inventions ends: at once when someone uses a zeppelin, or when the deck
is out and everyone has had the same number of turns. Either way the most points win (a tie is
a shared win), and the game ends through `core.finish`, its cause in the result's reason.
"""

from __future__ import annotations

from typing import Literal

from app.games.core import State, finish
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board

Cause = Literal["zeppelin", "deck"]

WHY: dict[Cause, str] = {
    "zeppelin": "the zeppelin ended the game",
    "deck": "the deck ran out and everyone had the same number of turns",
}


def end(state: State, cause: Cause) -> None:
    """Log the final scores and end the game."""
    totals = [board.score(state, seat)["total"] for seat in range(state["players"])]
    log(state, "Final scores: " + ", ".join(f"{seat_token(s)} {t}" for s, t in enumerate(totals)))
    winners, reason = judge(totals, cause)
    finish(state, winners, {str(seat): total for seat, total in enumerate(totals)}, reason)


def judge(totals: list[int], cause: Cause) -> tuple[list[int], str]:
    """The winning seats, and the reason in words: the cause, then the points."""
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    if len(winners) > 1:
        how = f"a shared win on {best} points"
    else:
        rest = sorted(total for seat, total in enumerate(totals) if seat != winners[0])
        how = f"{best} points to {rest[-1]}"
    why = WHY[cause]
    return winners, f"{why[0].upper()}{why[1:]}: {how}."
