"""The maps of a component file: rows of space letters, checked and read into a grid.

The letters are listed in component_file.py; a map is square (8 or 9 spaces a side), uses every
space type, pairs its portals and lets five players spawn apart.
"""

from __future__ import annotations

import re
from typing import Any

from app.games.unscrewed.board import SPACE_TYPES, adjacent
from app.games.unscrewed.component_entry import Entry, named, shown

LETTERS = {".": "blank", "S": "slick", "C": "cracks", "H": "hole", "X": "crush", "#": "wall"}
FACING = {"n": "north", "e": "east", "s": "south", "w": "west"}
MIN_SIZE = 8
MAX_SIZE = 9
PLAYERS = 5


def _space(entry: Entry, x: int, y: int, text: str) -> dict[str, Any]:
    if text in LETTERS:
        return {"type": LETTERS[text]}
    if len(text) == 2 and text[0] in "FB" and text[1] in FACING:
        kind = "fan" if text[0] == "F" else "bomb_spitter"
        return {"type": kind, "facing": FACING[text[1]]}
    if len(text) == 2 and text[0] == "P" and text[1].isalpha() and text[1].islower():
        return {"type": "portal", "pair": text[1]}
    raise entry.fail(f'row {y + 1}, space {x + 1}: unknown space "{text}"')


def parse_rows(rows: list[str], where: str = "map") -> list[list[dict[str, Any]]]:
    """A grid of space dicts from rows of space letters (no checks beyond the letters)."""
    entry = Entry(where, {}, ())
    return [
        [_space(entry, x, y, text) for x, text in enumerate(row.split())]
        for y, row in enumerate(rows)
    ]


def check_map(index: int, data: Any) -> dict[str, Any]:
    entry = Entry(named("maps", index, data), data, ("id", "name", "rows"))
    map_id = data["id"]
    if not isinstance(map_id, str) or not re.match(r"^[A-Za-z0-9]{1,8}$", map_id):
        raise entry.fail(f'"id" must be up to 8 letters and digits, not {shown(map_id)}')
    entry.text("name")
    rows = data["rows"]
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise entry.fail('"rows" must be a list of texts')
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise entry.fail(f"the map has {size} rows; it must have {MIN_SIZE} to {MAX_SIZE}")
    grid = []
    for y, row in enumerate(rows):
        texts = row.split()
        if len(texts) != size:
            raise entry.fail(f"row {y + 1} has {len(texts)} spaces, not {size} (the map is square)")
        grid.append([_space(entry, x, y, text) for x, text in enumerate(texts)])
    pairs: dict[str, int] = {}
    for row in grid:
        for space in row:
            if space["type"] == "portal":
                pairs[space["pair"]] = pairs.get(space["pair"], 0) + 1
    for pair, count in sorted(pairs.items()):
        if count != 2:
            raise entry.fail(f'portal "P{pair}" appears {count} times; each pair needs exactly 2')
    used = {space["type"] for row in grid for space in row}
    missing = [kind for kind in SPACE_TYPES if kind not in used]
    if missing:
        raise entry.fail(f"the map has no {missing[0]} space; it must use every space type")
    blanks = [
        (x, y)
        for y, row in enumerate(grid)
        for x, space in enumerate(row)
        if space["type"] == "blank"
    ]
    apart: list[tuple[int, int]] = []
    for pos in blanks:
        if all(not adjacent(pos, other) for other in apart):
            apart.append(pos)
    if len(apart) < PLAYERS:
        raise entry.fail(f"only {len(apart)} blank spaces lie apart; five players must spawn")
    return {
        "id": map_id,
        "name": data["name"],
        "size": size,
        "grid": grid,
        "rows": list(rows),
        "stand_in": data.get("stand_in", False),
    }
