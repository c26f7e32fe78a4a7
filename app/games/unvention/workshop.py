"""Workshops: four 5x5 grids of parts that players circle and join into mechanisms.

Each workshop of a sheet is stored as a flat list of 25 ints, part (r, c) at index 5 * r + c:
FREE (0), CIRCLED (1, gained and not yet in a mechanism) or USED (2, in a mechanism). Whether a
part exists (the empty corner does not) and whether the setup crossed it off come from the
printed sheet and the setup, the same for every player, so they are not stored per sheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.games.unvention.sheet import WILD, WORKSHOP_SIZE, WORKSHOPS

FREE = 0
CIRCLED = 1
USED = 2
PARTS = WORKSHOP_SIZE * WORKSHOP_SIZE

Crossed = dict[str, list[int]]  # workshop -> numbers crossed off at setup


def index(row: int, col: int) -> int:
    return row * WORKSHOP_SIZE + col


def cell(i: int) -> list[int]:
    return list(divmod(i, WORKSHOP_SIZE))


def blank() -> dict[str, list[int]]:
    return {slug: [FREE] * PARTS for slug in WORKSHOPS}


def number(workshop: str, i: int) -> int | None:
    """The printed number of part `i` (WILD for "?"), None where there is no part."""
    r, c = divmod(i, WORKSHOP_SIZE)
    return WORKSHOPS[workshop].parts[r][c]


def in_play(workshop: str, i: int, crossed: Crossed) -> bool:
    """The part exists and was not crossed off at setup (wild parts never are)."""
    printed = number(workshop, i)
    if printed is None:
        return False
    return printed == WILD or printed not in crossed.get(workshop, [])


_PLAYABLE: dict[tuple[Any, ...], dict[str, tuple[int, ...]]] = {}


def playable(crossed: Crossed) -> dict[str, tuple[int, ...]]:
    """The parts in play in each workshop (existing, not crossed off), computed once per setup."""
    key = tuple((slug, tuple(crossed.get(slug, []))) for slug in WORKSHOPS)
    found = _PLAYABLE.get(key)
    if found is None:
        found = {
            slug: tuple(i for i in range(PARTS) if in_play(slug, i, crossed)) for slug in WORKSHOPS
        }
        _PLAYABLE[key] = found
    return found


_MATCHING: dict[tuple[Any, ...], dict[str, dict[int, tuple[int, ...]]]] = {}


def matching(crossed: Crossed) -> dict[str, dict[int, tuple[int, ...]]]:
    """For each workshop and number 1-6, the parts in play a die of that number may circle
    (that number's parts, then the wild ones), computed once per setup."""
    key = tuple((slug, tuple(crossed.get(slug, []))) for slug in WORKSHOPS)
    found = _MATCHING.get(key)
    if found is None:
        parts = playable(crossed)
        found = {
            slug: {
                n: tuple(i for i in parts[slug] if number(slug, i) == n)
                + tuple(i for i in parts[slug] if number(slug, i) == WILD)
                for n in range(1, 7)
            }
            for slug in WORKSHOPS
        }
        _MATCHING[key] = found
    return found


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, WORKSHOP_SIZE)
    found = []
    for nr, nc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
        if 0 <= nr < WORKSHOP_SIZE and 0 <= nc < WORKSHOP_SIZE:
            found.append(index(nr, nc))
    return tuple(found)


NEIGHBOURS = tuple(_neighbours(i) for i in range(PARTS))


def ideas_encompassed(workshop: str, parts: Iterable[Iterable[int]]) -> int:
    """How many of the workshop's Ideas have all four of their parts in `parts`."""
    chosen = {(int(r), int(c)) for r, c in parts}
    return sum(
        {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} <= chosen
        for r, c in WORKSHOPS[workshop].ideas
    )


STATUS = {FREE: "free", CIRCLED: "circled", USED: "used"}


def grid(workshop: str, parts: list[int], crossed: Crossed) -> list[list[str | None]]:
    """The workshop as 5 rows for a page: None (no part), "crossed", "free", "circled", "used"."""
    shown: list[str | None] = []
    for i, state in enumerate(parts):
        if number(workshop, i) is None:
            shown.append(None)
        elif not in_play(workshop, i, crossed):
            shown.append("crossed")
        else:
            shown.append(STATUS[state])
    return [shown[r * WORKSHOP_SIZE : (r + 1) * WORKSHOP_SIZE] for r in range(WORKSHOP_SIZE)]
