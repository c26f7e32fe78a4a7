"""Small choices an effect asks of the player of a card: a direction, and the order in which
several thingamajigs move.
"""

from __future__ import annotations

from collections.abc import Generator

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.unscrewed.board import DIRECTIONS, SHIFT_ORDER


def pick_order(
    state: State, seat: int, things: list[str], why: str
) -> Generator[Ask, Action, list[str]]:
    """The player of a card orders its moves of several thingamajigs, one pick at a time (the
    fans and the bombs of the Aftermath move theirs together instead:
    moving_together.move_together)."""
    left = list(things)
    ordered: list[str] = []
    while len(left) > 1:
        answer = yield Ask(
            seat,
            f"Which goes first ({why})?",
            [{"type": "order", "thing": thing} for thing in left],
            {"kind": "order", "why": why},
        )
        left.remove(answer["thing"])
        ordered.append(answer["thing"])
    return ordered + left


def choose_direction(state: State, seat: int, why: str, shift: bool) -> Generator[Ask, Action, str]:
    names = SHIFT_ORDER if shift else tuple(DIRECTIONS)
    kind = "shift" if shift else "direction"
    answer = yield Ask(
        seat,
        f"Choose a direction ({why})",
        [{"type": kind, "direction": name} for name in names],
        {"kind": kind, "why": why},
    )
    direction: str = answer["direction"]
    return direction
