"""The end of the competition: after the last Presentation the standings decide, in the
rulebook's order (total score, then complete journals, unused wrenches, best single invention),
and core.finish writes the result. Nothing else ends a game.
"""

from __future__ import annotations

from typing import Any

from app.games.core import State, finish
from app.games.log import log, seat_token
from app.games.unvention import scoring
from app.games.unvention.turn import Sheet, complete_journals, wrenches

Standing = tuple[int, int, int, int]


def end_competition(state: State) -> None:
    """The last Presentation is over: the standings decide."""
    winners, scores, why = outcome(state["sheets"])
    finish(state, winners, scores, why)
    log(state, "The competition is over: " + why)


def outcome(sheets: list[Sheet]) -> tuple[list[int], dict[str, Any], str]:
    """The winners, the scores by seat and why, from the sheets at the end."""
    standings = [standing(sheets, seat) for seat in range(len(sheets))]
    best = max(standings)
    winners = [seat for seat, s in enumerate(standings) if s == best]
    scores: dict[str, Any] = {str(seat): s[0] for seat, s in enumerate(standings)}
    return winners, scores, reason(standings, winners)


def standing(sheets: list[Sheet], seat: int) -> Standing:
    """What decides the game, in the rulebook's order: total score, complete journals, unused
    wrenches, best single invention."""
    sheet = sheets[seat]
    return (
        scoring.total(sheets, seat),
        complete_journals(sheet),
        wrenches(sheet),
        scoring.best_invention(sheet),
    )


def reason(standings: list[Standing], winners: list[int]) -> str:
    best = standings[winners[0]]
    points = f"{best[0]} point{'s' if best[0] != 1 else ''}"
    if len(standings) == 1:
        return f"{seat_token(0)} finished with {points}"
    names = " and ".join(seat_token(s) for s in winners)
    rivals = [s for i, s in enumerate(standings) if i not in winners]
    if not rivals:
        return f"{names} share the win with {points} and every tiebreaker equal"
    runner_up = max(rivals)
    labels = ("", "complete journals", "unused wrenches", "best single invention")
    verb = "share the win" if len(winners) > 1 else "wins"
    for k in range(4):
        if best[k] != runner_up[k]:
            if k == 0:
                return f"{names} {verb} with {points}"
            return (
                f"{names} {verb} with {points}, ahead on {labels[k]} ({best[k]} to {runner_up[k]})"
            )
    raise AssertionError("a rival equal on every count would be a winner")
