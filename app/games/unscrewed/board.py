"""The map: the grid of printed spaces, the placed covers, the space tokens and the thingamajigs.

Positions are [x, y] with x growing East and y growing South; [0, 0] is the North-West corner.
The printed map is not in the state: the state names it (`state["map"]`, in the box named by
`state["box"]`, see box.py), and `grid` finds its rows of space dicts:

    grid[y][x]     {"type": "blank"} or {"type": "fan", "facing": "south"},
                   {"type": "bomb_spitter", "facing": "west"}, {"type": "portal", "pair": "a"},
                   "slick", "cracks", "hole", "crush", "wall"

What the state holds of the map is what happens to it:

    covers         how many map covers lie on the map (0..4); cover k covers ring k (the ring
                   of a space is its distance to the nearest edge of the grid)
    tokens         {"x,y": "slick" | "hole"}: placed space tokens, overriding the printed space
    things         {id: {"kind": "character" | "bomb" | "anvil", "at": [x, y] | None, ...}}
                   characters are "c<seat>", bombs "bomb<1..10>", anvils "anvil<1..5>"
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from app.games.core import State
from app.games.unscrewed.box import layout

Pos = tuple[int, int]


class Phase(StrEnum):
    """A round's step (rulebook: Start, Quirks, Scheming, Execution, Aftermath), with the
    characters' choice and spawning before the first round. The game's end is no phase: it is
    `state["result"]`, written by `core.finish`."""

    CHARACTERS = "characters"
    SPAWNING = "spawning"
    START = "start"
    QUIRKS = "quirks"
    SCHEMING = "scheming"
    EXECUTION = "execution"
    AFTERMATH_RUNNING = "aftermath_running"
    AFTERMATH = "aftermath"


DIRECTIONS: dict[str, Pos] = {
    "north": (0, -1),
    "east": (1, 0),
    "south": (0, 1),
    "west": (-1, 0),
}
DIAGONALS: dict[str, Pos] = {
    "northeast": (1, -1),
    "southeast": (1, 1),
    "southwest": (-1, 1),
    "northwest": (-1, -1),
}
ALL_DIRECTIONS: dict[str, Pos] = {**DIRECTIONS, **DIAGONALS}
SHIFT_ORDER = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")
COVER_NAMES = ("Outer", "Middle", "Inner", "Core")
POOL = {"bomb": 10, "anvil": 5, "slick": 25, "hole": 25}
SPACE_TYPES = (
    "bomb_spitter",
    "fan",
    "portal",
    "blank",
    "slick",
    "cracks",
    "hole",
    "crush",
    "wall",
)


def key(pos: Pos | list[int]) -> str:
    return f"{pos[0]},{pos[1]}"


def unkey(text: str) -> Pos:
    x, y = text.split(",")
    return int(x), int(y)


def add(pos: Pos | list[int], delta: Pos, times: int = 1) -> Pos:
    return pos[0] + delta[0] * times, pos[1] + delta[1] * times


def name_of(delta: Pos) -> str:
    for name, d in ALL_DIRECTIONS.items():
        if d == delta:
            return name
    raise ValueError(f"no direction {delta}")


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def grid(state: State) -> list[list[dict[str, Any]]]:
    """The printed map's rows of spaces, North first."""
    rows: list[list[dict[str, Any]]] = layout(state)["grid"]
    return rows


def size(state: State) -> int:
    """How many spaces the map has along each side."""
    return len(grid(state))


def ring(state: State, pos: Pos | list[int]) -> int:
    side = size(state)
    x, y = pos
    return min(x, y, side - 1 - x, side - 1 - y)


def on_grid(state: State, pos: Pos | list[int]) -> bool:
    side = size(state)
    return 0 <= pos[0] < side and 0 <= pos[1] < side


def available(state: State, pos: Pos | list[int]) -> bool:
    """On the map and not under a placed cover (anything else is over The Edge)."""
    return on_grid(state, pos) and ring(state, pos) >= state["covers"]


def printed(state: State, pos: Pos | list[int]) -> dict[str, Any]:
    return grid(state)[pos[1]][pos[0]]


def partner(state: State, pos: Pos | list[int]) -> Pos:
    pair = printed(state, pos)["pair"]
    for y, row in enumerate(grid(state)):
        for x, space in enumerate(row):
            if space.get("pair") == pair and (x, y) != tuple(pos):
                return x, y
    raise ValueError(f"portal {pair} has no partner")


def portal_active(state: State, pos: Pos | list[int]) -> bool:
    """A printed portal works unless it or its partner is covered (by a token or a cover)."""
    if printed(state, pos)["type"] != "portal" or key(pos) in state["tokens"]:
        return False
    if not available(state, pos):
        return False
    other = partner(state, pos)
    return available(state, other) and key(other) not in state["tokens"]


def space_type(state: State, pos: Pos | list[int]) -> str:
    """What the space does now: a token overrides the print; a lone portal is a blank."""
    token: str | None = state["tokens"].get(key(pos))
    if token is not None:
        return token
    kind: str = printed(state, pos)["type"]
    if kind == "portal" and not portal_active(state, pos):
        return "blank"
    return kind


def occupant(state: State, pos: Pos | list[int], besides: str | None = None) -> str | None:
    thing_id: str
    for thing_id, thing in state["things"].items():
        if thing["at"] is not None and tuple(thing["at"]) == tuple(pos) and thing_id != besides:
            return thing_id
    return None


def on_map(state: State) -> list[str]:
    """The ids of the thingamajigs on the map, in a stable order."""
    return [thing_id for thing_id, thing in state["things"].items() if thing["at"] is not None]


def character(seat: int) -> str:
    return f"c{seat}"


def seat_of(thing_id: str) -> int | None:
    return int(thing_id[1:]) if thing_id.startswith("c") else None


def adjacent(a: Pos | list[int], b: Pos | list[int]) -> bool:
    """Touching, diagonals included (a space is not adjacent to itself)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def neighbours(pos: Pos | list[int]) -> list[Pos]:
    return [add(pos, d) for d in ALL_DIRECTIONS.values()]


def tokens_left(state: State, token: str) -> int:
    if token in ("slick", "hole"):
        used = sum(1 for placed in state["tokens"].values() if placed == token)
    else:
        used = sum(
            1
            for thing in state["things"].values()
            if thing["kind"] == token and thing["at"] is not None
        )
    return POOL[token] - used


def spawn_spaces(state: State) -> list[list[int]]:
    """Blank spaces, not under a cover, neither occupied by nor adjacent to a character."""
    characters = [
        thing["at"]
        for thing in state["things"].values()
        if thing["kind"] == "character" and thing["at"] is not None
    ]
    spaces = []
    side = size(state)
    for y in range(side):
        for x in range(side):
            pos = (x, y)
            if not available(state, pos) or space_type(state, pos) != "blank":
                continue
            if occupant(state, pos) is not None:
                continue
            if any(tuple(at) == pos or adjacent(at, pos) for at in characters):
                continue
            spaces.append([x, y])
    return spaces
