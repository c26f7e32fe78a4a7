"""Achievements: the standard ones (ages 1-9, set aside face down at the start) and the five
special ones, claimed automatically after every card movement and splay by whoever qualifies,
from the current player clockwise. Any claim may end the game (ending.check_target).
"""

from __future__ import annotations

from app.games.core import State
from app.games.innovation import board
from app.games.innovation.board import Phase
from app.games.innovation.cards import CARDS, COLORS
from app.games.innovation.ending import (
    achievement_count,
    check_target,
    clockwise,
    own_score,
)
from app.games.log import log, seat_token

MONUMENT_COUNT = 6


def qualifies(state: State, seat: int, special: str, counts: dict[str, int] | None = None) -> bool:
    """Whether the seat meets a special achievement's condition now (`counts`: its visible
    icons, if already counted)."""
    mine = state["seats"][seat]
    if special == "Monument":
        tucked: int = mine["tucked"]
        scored: int = mine["scored"]
        return tucked >= MONUMENT_COUNT or scored >= MONUMENT_COUNT
    if special in ("Empire", "World"):
        counts = counts if counts is not None else board.icons(state, seat)
        if special == "Empire":
            return all(count >= 3 for count in counts.values())
        return counts["clock"] >= 12
    if special == "Wonder":
        return all(
            mine["board"][color] and mine["splays"][color] in ("right", "up") for color in COLORS
        )
    if special == "Universe":
        return all(
            mine["board"][color] and CARDS[mine["board"][color][0]].age >= 8 for color in COLORS
        )
    raise KeyError(special)


def check(state: State) -> None:
    """Give every available special achievement to the first seat (current player clockwise)
    that qualifies; then end the game if someone reached the target."""
    if not state["specials"] or state.get("phase") != Phase.TURN:
        return
    claimed = False
    by_icons = "Empire" in state["specials"] or "World" in state["specials"]
    for seat in clockwise(state, state["current"]):
        counts = board.icons(state, seat) if by_icons else None
        for special in list(state["specials"]):
            if qualifies(state, seat, special, counts):
                give_special(state, seat, special)
                claimed = True
    if claimed:
        check_target(state)


def give_special(state: State, seat: int, special: str) -> None:
    state["specials"].remove(special)
    state["seats"][seat]["specials"].append(special)
    state["changes"] += 1
    log(state, f"{seat_token(seat)} claims the special achievement {special}")


def claim_special(state: State, seat: int, special: str) -> bool:
    """A card's effect claims a special achievement, if still available."""
    if special not in state["specials"]:
        return False
    give_special(state, seat, special)
    check_target(state)
    return True


def eligible_ages(state: State, seat: int) -> list[int]:
    """The available standard achievements the seat may take with the Achieve action: by its
    own score, even in the team game (a teammate's score pile does not help)."""
    score = own_score(state, seat)
    top = board.highest_top_age(state, seat)
    return [
        age
        for age in sorted(int(key) for key in state["available"])
        if score >= 5 * age and top >= age
    ]


def claim_standard(state: State, seat: int, age: int) -> bool:
    """Take the available standard achievement of that age (no condition checked here)."""
    card = state["available"].get(str(age))
    if card is None:
        return False
    del state["available"][str(age)]
    state["seats"][seat]["achievements"].append(card)
    state["changes"] += 1
    log(state, f"{seat_token(seat)} claims the age-{age} achievement")
    check_target(state)
    return True


__all__ = ["achievement_count", "check", "claim_special", "claim_standard", "eligible_ages"]
