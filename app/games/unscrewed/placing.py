"""Placing: a space token (slick, hole) or a bomb or anvil put on the map. Placing is not
movement and triggers nothing.
"""

from __future__ import annotations

from app.games.core import State
from app.games.log import log
from app.games.unscrewed.board import (
    Pos,
    available,
    key,
    occupant,
    space_type,
    tokens_left,
)
from app.games.unscrewed.events import event


def place_token(state: State, pos: Pos | list[int], token: str) -> bool:
    """Put a slick or hole token on an uncovered, unoccupied space (none left: nothing)."""
    if not available(state, pos) or occupant(state, pos) is not None:
        return False
    if state["tokens"].get(key(pos)) == token:
        return True
    if tokens_left(state, token) <= 0:
        log(state, f"No {token} token is left to place")
        return False
    state["tokens"][key(pos)] = token
    event(state, "token", token=token, at=list(pos))
    return True


def free_thing(state: State, kind: str) -> str | None:
    """The lowest-numbered bomb or anvil off the map, if any."""
    free = [
        (thing.get("number", 0), thing_id)
        for thing_id, thing in state["things"].items()
        if thing["kind"] == kind and thing["at"] is None
    ]
    return min(free)[1] if free else None


def place_thing(state: State, kind: str, pos: Pos | list[int]) -> str | None:
    if not available(state, pos) or occupant(state, pos) is not None:
        return None
    if space_type(state, pos) in ("wall", "fan", "portal"):
        return None  # our decision: nothing is placed where a thingamajig may not stand
    thing_id = free_thing(state, kind)
    if thing_id is None:
        log(state, f"No {kind} is left to place")
        return None
    state["things"][thing_id]["at"] = list(pos)
    event(state, "place", thing=thing_id, at=list(pos))
    return thing_id
