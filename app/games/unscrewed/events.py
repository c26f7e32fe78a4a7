"""Events: what happened, in order, for the page to animate; and how the log names a player
or a thingamajig.
"""

from __future__ import annotations

from typing import Any

from app.games.core import State
from app.games.log import seat_token


def event(state: State, kind: str, **facts: Any) -> None:
    """Record something that happened, for the page to animate in order."""
    number = state["next_event"]
    state["next_event"] = number + 1
    state["events"].append({"n": number, "kind": kind, **facts})


def who(state: State, seat: int) -> str:
    """A player as log lines and reasons name them: "{seatN} (Character)"; the server puts the
    player's name in place of {seatN}."""
    character = state["seats"][seat]["name"]
    return f"{seat_token(seat)} ({character})" if character else seat_token(seat)


def thing_name(state: State, thing_id: str) -> str:
    thing = state["things"][thing_id]
    if thing["kind"] == "character":
        return who(state, thing["seat"])
    if thing["kind"] == "bomb":
        return f"Bomb {thing['number']}"
    return "an Anvil"
