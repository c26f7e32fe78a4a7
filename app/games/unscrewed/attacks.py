"""Attacks: the targeting grid turned by the aim, the targeted spaces and the victims.

A grid is given as if aimed North, each symbol an offset [right, forward] from the attacker's
space (the white Aim arrow): [0, 1] is the space straight ahead, [-1, 1] ahead and to the left.
Aiming turns the grid: forward becomes the aim, right becomes the aim turned clockwise.

    melee    [[r, f], ...]              each targeted space
    ranged   [{"from": [r, f], "dir": "forward"}, ...]
             a line checked space by space from `from` in a direction relative to the aim
             (forward, back, left, right); it stops at the first thingamajig (the victim), a
             wall, or the end of the grid; it passes over map covers
    move     [[r, f], ...]              the spaces the attacker moves through, in order
"""

from __future__ import annotations

from typing import Any

from app.games.core import State
from app.games.unscrewed.board import (
    DIRECTIONS,
    Pos,
    add,
    available,
    occupant,
    on_grid,
    seat_of,
    space_type,
)
from app.games.unscrewed.quirks import has_quirk

RELATIVE = ("forward", "right", "back", "left")


def turn(aim: str, relative: str) -> str:
    """The compass direction of a direction relative to the aim."""
    order = list(DIRECTIONS)
    return order[(order.index(aim) + RELATIVE.index(relative)) % 4]


def at_offset(pos: Pos | list[int], aim: str, offset: list[int]) -> Pos:
    forward = DIRECTIONS[aim]
    right = DIRECTIONS[turn(aim, "right")]
    r, f = offset
    return pos[0] + right[0] * r + forward[0] * f, pos[1] + right[1] * r + forward[1] * f


def melee_spaces(state: State, grid: dict[str, Any], pos: Pos | list[int], aim: str) -> list[Pos]:
    spaces = [at_offset(pos, aim, offset) for offset in grid.get("melee", [])]
    return [space for space in spaces if on_grid(state, space)]


def ranged_line(
    state: State, line: dict[str, Any], pos: Pos | list[int], aim: str
) -> tuple[list[Pos], str | None]:
    """The spaces a ranged line checks and the thingamajig it hits, if any."""
    delta = DIRECTIONS[turn(aim, line.get("dir", "forward"))]
    space = at_offset(pos, aim, line["from"])
    checked: list[Pos] = []
    while on_grid(state, space):
        if available(state, space) and space_type(state, space) == "wall":
            break
        checked.append(space)
        hit = occupant(state, space)
        if hit is not None and not _ducks(state, hit):
            return checked, hit
        space = add(space, delta)
    return checked, None


def _ducks(state: State, thing_id: str) -> bool:
    seat = seat_of(thing_id)
    return seat is not None and has_quirk(state, seat, "ducker")


def targeted(state: State, grid: dict[str, Any], pos: Pos | list[int], aim: str) -> list[Pos]:
    """Every space the grid targets (melee spaces and the spaces of each ranged line)."""
    spaces = list(melee_spaces(state, grid, pos, aim))
    for line in grid.get("ranged", []):
        checked, _ = ranged_line(state, line, pos, aim)
        spaces.extend(checked)
    unique: list[Pos] = []
    for space in spaces:
        if space not in unique:
            unique.append(space)
    return unique


def victims(state: State, grid: dict[str, Any], pos: Pos | list[int], aim: str) -> list[str]:
    """The thingamajigs the targeting symbols hit, melee first, then each ranged line."""
    found: list[str] = []
    for space in melee_spaces(state, grid, pos, aim):
        hit = occupant(state, space)
        if hit is None or hit in found:
            continue
        seat = seat_of(hit)
        if seat is not None and has_quirk(state, seat, "thick_skin"):
            continue
        found.append(hit)
    for line in grid.get("ranged", []):
        _, hit = ranged_line(state, line, pos, aim)
        if hit is not None and hit not in found:
            found.append(hit)
    return found


def preview(state: State, grid: dict[str, Any], pos: Pos | list[int]) -> dict[str, Any]:
    """For each aim: the targeted spaces and the move path, for the aim chooser."""
    shown = {}
    for aim in DIRECTIONS:
        shown[aim] = {
            "targets": [list(space) for space in targeted(state, grid, pos, aim)],
            "move": [list(at_offset(pos, aim, offset)) for offset in grid.get("move", [])],
        }
    return shown
