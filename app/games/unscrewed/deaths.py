"""Deaths and the end of the game.

Deaths go through `kill`; the game ends the moment one living player is left, which is raised
as `GameEnded` and caught by whoever runs the effect (rounds.py). Deaths that happen at once (the
fans, a blast, the crush spots, a map cover) are gathered with `together` so that the last
players dying together leave no winner.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from app.games.core import State, finish
from app.games.log import log
from app.games.unscrewed.board import (
    Phase,
    seat_of,
)
from app.games.unscrewed.events import event, thing_name, who


class GameEnded(Exception):
    """One living player (or none) is left: stop resolving anything."""


def living(state: State) -> list[int]:
    return [seat for seat, player in enumerate(state["seats"]) if player["alive"]]


def kill(state: State, thing_id: str, cause: str) -> None:
    """Remove a thingamajig from the map; a character's player loses their scheme."""
    thing = state["things"][thing_id]
    if thing["at"] is None:
        return
    event(state, "death", thing=thing_id, at=list(thing["at"]), cause=cause)
    thing["at"] = None
    seat = seat_of(thing_id)
    if seat is None:
        log(state, f"{thing_name(state, thing_id)} is gone ({cause})")
        return
    player = state["seats"][seat]
    player["alive"] = False
    for index, slot in enumerate(player["slots"]):
        if slot is not None and slot["card"] != "plan":
            player["slots"][index] = None
    log(state, f"{who(state, seat)} dies ({cause})")
    if state.get("together") is None:
        check_end(state)
    else:
        state["together"].append(seat)


@contextmanager
def together(state: State) -> Iterator[None]:
    """Deaths inside this block happen at the same time; the end is checked after it."""
    state["together"] = []
    try:
        yield
    finally:
        state["together"] = None
    check_end(state)


def check_end(state: State) -> None:
    alive = living(state)
    if len(alive) > 1 or state.get("phase") in (Phase.CHARACTERS, Phase.SPAWNING):
        return
    if state.get("result") is None:
        reason = (
            f"{who(state, alive[0])} is the last one standing"
            if alive
            else "the last players died together: no winner"
        )
        scores = {str(seat): 1 if seat in alive else 0 for seat in range(state["players"])}
        finish(state, alive, scores, reason)
        log(state, "The game is over: " + reason)
    raise GameEnded
