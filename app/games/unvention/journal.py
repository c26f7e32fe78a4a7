"""Journals: three 4x4 Sudoku grids, their wrenches and their Ideas.

A journal is stored as a flat list of 16 ints, cell (r, c) at index 4 * r + c: EMPTY (0), a
number 1-6, or X (-1, the mark of a player unable to journal). An X fills its cell; it crosses
off the wrenches of its row and column and the journal's Idea.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.games.unvention.sheet import JOURNAL_SIZE

EMPTY = 0
X = -1
CELLS = JOURNAL_SIZE * JOURNAL_SIZE


def index(row: int, col: int) -> int:
    return row * JOURNAL_SIZE + col


def _peers(i: int) -> tuple[int, ...]:
    r, c = divmod(i, JOURNAL_SIZE)
    found = set()
    for k in range(JOURNAL_SIZE):
        found.add(index(r, k))
        found.add(index(k, c))
    top, left = r - r % 2, c - c % 2
    for dr in (0, 1):
        for dc in (0, 1):
            found.add(index(top + dr, left + dc))
    found.discard(i)
    return tuple(sorted(found))


# The cells sharing a row, column or quadrant with each cell.
PEERS = tuple(_peers(i) for i in range(CELLS))
ROWS = tuple(tuple(index(r, c) for c in range(JOURNAL_SIZE)) for r in range(JOURNAL_SIZE))
COLUMNS = tuple(tuple(index(r, c) for r in range(JOURNAL_SIZE)) for c in range(JOURNAL_SIZE))


def blank() -> list[int]:
    return [EMPTY] * CELLS


def can_write(cells: list[int], i: int, number: int) -> bool:
    """`number` may go in empty cell `i`: not yet in its row, column or quadrant."""
    return cells[i] == EMPTY and all(cells[p] != number for p in PEERS[i])


def writable(cells: list[int], numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Every (cell index, number) that may be written, cells in order, then numbers."""
    wanted = sorted(set(numbers))
    found: list[tuple[int, int]] = []
    for i in range(CELLS):
        if cells[i] != EMPTY:
            continue
        used = {cells[p] for p in PEERS[i]}
        found.extend((i, n) for n in wanted if n not in used)
    return found


def complete(cells: list[int]) -> bool:
    return EMPTY not in cells


def crossed(cells: list[int]) -> bool:
    """The journal holds an X: its Idea is crossed off."""
    return X in cells


def line_status(cells: list[int], line: tuple[int, ...]) -> str:
    """A row's or column's wrench: "crossed" (an X in it), "earned" (full) or "open"."""
    values = [cells[i] for i in line]
    if X in values:
        return "crossed"
    if EMPTY in values:
        return "open"
    return "earned"


def row_wrenches(cells: list[int]) -> list[str]:
    return [line_status(cells, row) for row in ROWS]


def column_wrenches(cells: list[int]) -> list[str]:
    return [line_status(cells, column) for column in COLUMNS]


def wrenches_earned(cells: list[int]) -> int:
    return sum(line_status(cells, line) == "earned" for line in (*ROWS, *COLUMNS))


def idea_status(cells: list[int]) -> str:
    """The journal's Idea: "crossed", "gained" (complete without an X) or "open"."""
    if crossed(cells):
        return "crossed"
    return "gained" if complete(cells) else "open"


def rows(cells: list[int]) -> list[list[int | str | None]]:
    """The journal as 4 rows for a page: None empty, "X", or the number."""
    shown: list[int | str | None] = [None if v == EMPTY else "X" if v == X else v for v in cells]
    return [shown[r * JOURNAL_SIZE : (r + 1) * JOURNAL_SIZE] for r in range(JOURNAL_SIZE)]
