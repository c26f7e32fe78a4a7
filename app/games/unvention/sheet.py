"""The printed Unvention competition sheet (official v5.0), as data.

Everything here is copied from ../shared/content/unvention.md, the sheet's printed contents; the
rules code reads it from here and nowhere else. Coordinates are (row, col), 0-based from the top
left of each grid.

- WORKSHOPS: the four 5x5 part grids (a number 1-6, WILD for "?", None for the empty corner
  facing the hub), where each sits on the sheet (the setup dice land in these quadrants) and the
  anchors of its five Ideas (anchor (r, c): the Idea between parts (r, c), (r, c+1), (r+1, c),
  (r+1, c+1)).
- INVENTIONS: the three patterns, scoring criterion and completion bonus per day.
- TOOLS: the four tool shapes, first / later points.
- Journals: three 4x4 grids of four 2x2 quadrants; a wrench beside each row and under each
  column; one Idea for completing each.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

WILD = 0  # a "?" part: matches any die

DAYS = ("friday", "saturday", "sunday")
DAY_TITLES = {"friday": "Friday", "saturday": "Saturday", "sunday": "Sunday"}


# --- workshops ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Workshop:
    slug: str
    title: str
    position: str  # where it is printed on the sheet: the quadrant a setup die lands in
    parts: tuple[tuple[int | None, ...], ...]  # 5 rows of 5: 1-6, WILD, or None (no part)
    ideas: tuple[tuple[int, int], ...]  # anchors

    def number(self, row: int, col: int) -> int | None:
        return self.parts[row][col]


def _grid(text: str) -> tuple[tuple[int | None, ...], ...]:
    symbols = {".": None, "?": WILD}
    return tuple(
        tuple(symbols[s] if s in symbols else int(s) for s in line.split())
        for line in text.strip().splitlines()
    )


WORKSHOPS: dict[str, Workshop] = {
    workshop.slug: workshop
    for workshop in (
        Workshop(
            "hydraulic",
            "Hydraulic",
            "top-left",
            _grid(
                """
                5 3 5 4 2
                6 2 ? 1 6
                4 6 4 3 ?
                ? 5 1 3 1
                1 5 2 4 .
                """
            ),
            ((0, 1), (0, 3), (1, 3), (2, 0), (3, 1)),
        ),
        Workshop(
            "magnetic",
            "Magnetic",
            "top-right",
            _grid(
                """
                4 3 ? 1 5
                1 4 5 4 3
                ? 2 3 6 1
                3 6 1 ? 2
                . 5 4 2 6
                """
            ),
            ((0, 0), (0, 1), (2, 0), (2, 3), (3, 2)),
        ),
        Workshop(
            "electrical",
            "Electrical",
            "bottom-left",
            _grid(
                """
                2 6 1 4 .
                1 5 ? 3 1
                5 2 4 5 ?
                3 ? 5 2 6
                6 4 2 6 3
                """
            ),
            ((0, 1), (1, 0), (2, 2), (3, 0), (3, 3)),
        ),
        Workshop(
            "mechanical",
            "Mechanical",
            "bottom-right",
            _grid(
                """
                . 4 3 2 5
                ? 2 6 ? 3
                6 2 1 4 6
                4 3 ? 1 2
                1 6 5 5 4
                """
            ),
            ((0, 3), (1, 0), (1, 3), (3, 1), (3, 2)),
        ),
    )
}

# The quadrants in the order a setup die's quadrant is drawn (0-3).
QUADRANTS = ("top-left", "top-right", "bottom-left", "bottom-right")
WORKSHOP_AT = {workshop.position: slug for slug, workshop in WORKSHOPS.items()}
WORKSHOP_SIZE = 5


# --- inventions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Invention:
    slug: str
    title: str
    criterion: str  # "intricacy" | "synchrony" | "modularity"
    criterion_title: str
    pattern: tuple[str, ...]  # rows; "1" = a cell mechanisms must fill
    completion: tuple[int, int, int]  # bonus when presented complete on Friday, Saturday, Sunday

    @property
    def height(self) -> int:
        return len(self.pattern)

    @property
    def width(self) -> int:
        return len(self.pattern[0])

    @cached_property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return tuple(
            (r, c)
            for r, row in enumerate(self.pattern)
            for c, mark in enumerate(row)
            if mark == "1"
        )


INVENTIONS: dict[str, Invention] = {
    invention.slug: invention
    for invention in (
        Invention(
            "integron",
            "The Integron Assembly",
            "intricacy",
            "Intricacy",
            ("0001000", "0011100", "1111111", "1111111"),
            (10, 8, 5),
        ),
        Invention(
            "unison",
            "The Unison Motorworks",
            "synchrony",
            "Synchrony",
            ("00110011", "11111111", "11111111", "11001100"),
            (13, 11, 8),
        ),
        Invention(
            "lateral",
            "The Lateral Arc Engine",
            "modularity",
            "Modularity",
            ("01000010", "11100111", "11111111", "11111111", "11100111", "01000010"),
            (18, 16, 12),
        ),
    )
}

IDEA_CIRCLES = 6  # per invention; the first is printed circled
PRINTED_IDEAS = 1
VARIETY = {0: 0, 1: 0, 2: 3, 3: 7, 4: 12}  # workshop types used -> points


def setup_invention(die: int) -> str:
    """The invention the farthest setup die gives an extra Idea: 1-2, 3-4, 5-6."""
    return ("integron", "unison", "lateral")[(die - 1) // 2]


# --- tools ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tool:
    slug: str
    title: str
    first: int
    later: int
    shape: tuple[str, ...]  # rows; "1" = a part
    ability: str

    @cached_property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return tuple(
            (r, c) for r, row in enumerate(self.shape) for c, mark in enumerate(row) if mark == "1"
        )


TOOLS: dict[str, Tool] = {
    tool.slug: tool
    for tool in (
        Tool(
            "torque",
            "Torque",
            4,
            2,
            ("010", "111", "010"),
            "Shapes may be rotated or mirrored when drawn in inventions.",
        ),
        Tool(
            "flywheel",
            "Flywheel",
            3,
            1,
            ("0010", "1110", "0111", "0100"),
            "Building a mechanism costs 1 wrench instead of 2.",
        ),
        Tool(
            "ball_bearing",
            "Ball Bearing",
            3,
            1,
            ("1100", "1111", "0011"),
            "Once per turn, one die counts as 1 more or 1 less.",
        ),
        Tool(
            "reamer",
            "Reamer",
            5,
            2,
            ("101", "111", "101"),
            "Numbers may be spread over several journals or workshops in one turn.",
        ),
    )
}


# --- journals -------------------------------------------------------------------------------

JOURNALS = 3
JOURNAL_SIZE = 4  # 4x4, four 2x2 quadrants
WRENCHES_PER_JOURNAL = 8  # one per row, one per column
BUILD_COST = 2
FLYWHEEL_BUILD_COST = 1
