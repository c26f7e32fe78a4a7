"""What a sheet is worth to the good bot: a guess at the points it will end the game with.

The good bot (bot.py) plans its turn by comparing the sheets its choices lead to; this module
puts a number on a sheet, in points, as the sum of independent parts so that a plan can be
scored piece by piece:

- journals: the wrenches already earned, progress towards rows, columns and the journal's Idea,
  and a penalty for an empty cell no number can ever fill (it would cost an X);
- workshops: circled parts not yet built, more when they touch (mechanisms need neighbours) and
  when they close in on a printed Idea;
- inventions: what each would score if presented, plus a share of its completion bonus as its
  pattern fills (none once an isolated empty cell makes it impossible to complete);
- tools: their points and what their abilities are worth for the rest of the game.

Stored resources (wrenches, circled parts, journal progress) are worth less as the competition
nears its end (`Outlook.late`), so that the bot turns them into points in time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from app.games.unvention import journal, workshop
from app.games.unvention.shapes import canonical, grid_mask, normalise
from app.games.unvention.sheet import (
    IDEA_CIRCLES,
    INVENTIONS,
    TOOLS,
    VARIETY,
    WORKSHOPS,
)

WRENCH = 1.0  # an unspent wrench: half a build, or one part
LINE = 1.2  # a row or column's wrench, credited by (filled / 4) squared as it fills
JOURNAL_IDEA = 3.0  # a journal's Idea, credited by (filled / 16) squared as it fills
DEAD_CELL = 3.0  # an empty journal cell no number fits: an X later
PART = 0.35  # a circled part not yet built
NEIGHBOUR = 0.2  # each circled neighbour of a circled part (at most two counted)
IDEA_SQUARE = {4: 2.5, 3: 1.0, 2: 0.3}  # circled parts of a printed Idea's four (rest free)
FUTURE_IDEAS = 1.0  # Ideas an open invention may still gain (journals, workshop Ideas)
COMPLETION_SHARE = 1.2  # exponent: the completion bonus credited as (filled / cells) ** this
ABILITY = {"torque": 2.0, "flywheel": 5.0, "ball_bearing": 1.0, "reamer": 2.0}
SUNDAY = 2


@dataclass
class Outlook:
    """What the bot knows beyond its own sheet: the setup's crossed-off parts, the day, the
    turn, how near the end is, and when the other seats unlocked each tool."""

    crossed: dict[str, list[int]]
    day: int
    turn: int
    late: float = 1.0  # 1 early in the game, falling to 0 at its expected end
    others_tools: dict[str, int | None] = field(default_factory=dict)


# --- journals -------------------------------------------------------------------------------


def journal_value(cells: list[int]) -> float:
    """One journal's progress, not counting the wrenches it has earned (see `wrenches`)."""
    return _journal_value(tuple(cells))


@lru_cache(maxsize=1 << 14)
def _journal_value(cells: tuple[int, ...]) -> float:
    """`journal_value`, remembered: the bot weighs the same journals again and again."""
    value = 0.0
    for line in (*journal.ROWS, *journal.COLUMNS):
        values = [cells[i] for i in line]
        if journal.X in values:
            continue
        filled = sum(v != journal.EMPTY for v in values)
        value += LINE * (filled / 4) ** 2
    if journal.X not in cells:
        filled = sum(v != journal.EMPTY for v in cells)
        value += JOURNAL_IDEA * (filled / 16) ** 2
    for i, v in enumerate(cells):
        if v == journal.EMPTY and len({cells[p] for p in journal.PEERS[i]} - {0, -1}) >= 6:
            value -= DEAD_CELL
    return value


def journals_value(journals: list[list[int]], outlook: Outlook) -> float:
    return outlook.late * sum(journal_value(cells) for cells in journals)


def wrenches_earned(journals: list[list[int]]) -> int:
    return sum(journal.wrenches_earned(cells) for cells in journals)


def journal_ideas(journals: list[list[int]]) -> int:
    """Journals complete without an X: each gave (or gives) an Idea."""
    return sum(journal.complete(cells) and not journal.crossed(cells) for cells in journals)


# --- workshops ------------------------------------------------------------------------------


Squares = tuple[tuple[tuple[int, ...], bool], ...]
_SQUARES: dict[tuple[str, tuple[int, ...]], Squares] = {}


def idea_squares(slug: str, crossed: dict[str, list[int]]) -> Squares:
    """The workshop's printed Ideas: each one's four parts, and whether all four are in play."""
    key = (slug, tuple(crossed.get(slug, [])))
    if key not in _SQUARES:
        squares = []
        for r, c in WORKSHOPS[slug].ideas:
            square = tuple(workshop.index(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1))
            squares.append((square, all(workshop.in_play(slug, i, crossed) for i in square)))
        _SQUARES[key] = tuple(squares)
    return _SQUARES[key]


def workshop_value(slug: str, parts: list[int], crossed: dict[str, list[int]]) -> float:
    """The circled, unbuilt parts of one workshop."""
    return _workshop_value(slug, tuple(parts), tuple(crossed.get(slug, [])))


@lru_cache(maxsize=1 << 14)
def _workshop_value(slug: str, parts: tuple[int, ...], crossed_here: tuple[int, ...]) -> float:
    """`workshop_value`, remembered; a workshop's worth reads its own crossed-off numbers only."""
    crossed = {slug: list(crossed_here)}
    value = 0.0
    for i, status in enumerate(parts):
        if status != workshop.CIRCLED:
            continue
        near = sum(parts[j] == workshop.CIRCLED for j in workshop.NEIGHBOURS[i])
        value += PART + NEIGHBOUR * min(near, 2)
    for square, playable in idea_squares(slug, crossed):
        statuses = [parts[i] for i in square]
        if workshop.USED in statuses:
            continue
        circled = statuses.count(workshop.CIRCLED)
        if playable or circled == 4:
            value += IDEA_SQUARE.get(circled, 0.0)
    return value


def workshops_value(workshops: dict[str, list[int]], outlook: Outlook) -> float:
    return outlook.late * sum(
        workshop_value(slug, workshops[slug], outlook.crossed) for slug in WORKSHOPS
    )


# --- inventions -----------------------------------------------------------------------------

_EDGES: dict[str, tuple[int, int, int]] = {}


def _edges(slug: str) -> tuple[int, int, int]:
    """(pattern mask, mask of its left column cells, of its right column cells) for shifts."""
    if slug not in _EDGES:
        design = INVENTIONS[slug]
        width = design.width
        cells = grid_mask(design.cells, width)
        left = grid_mask([(r, 0) for r in range(design.height)], width)
        right = grid_mask([(r, width - 1) for r in range(design.height)], width)
        _EDGES[slug] = (cells, left, right)
    return _EDGES[slug]


def near(slug: str, bits: int) -> int:
    """The cells of the pattern's grid orthogonally next to `bits`."""
    width = INVENTIONS[slug].width
    _, left, right = _edges(slug)
    return ((bits & ~right) << 1) | ((bits & ~left) >> 1) | (bits << width) | (bits >> width)


def stranded(slug: str, free: int) -> bool:
    """Some free cell of the pattern has no free neighbour: no mechanism can ever cover it."""
    return bool(free & ~near(slug, free))


def criterion(slug: str, mechanisms: list[dict[str, Any]]) -> int:
    kind = INVENTIONS[slug].criterion
    if kind == "intricacy":
        return len(mechanisms)
    if kind == "synchrony":
        shapes = Counter(canonical(normalise(m["parts"])) for m in mechanisms)
        return max(shapes.values(), default=0)
    return len({len(m["parts"]) for m in mechanisms})


def invention_outcomes(
    slug: str, mechanisms: list[dict[str, Any]], ideas: int, outlook: Outlook
) -> tuple[float, float, float]:
    """An open invention's worth as it is (pattern not full), once stranded (it can no longer
    be completed) and once complete: its worth if presented, its Ideas still to come, and a
    share of its completion bonus (all of today's once complete)."""
    design = INVENTIONS[slug]
    types = {m["workshop"] for m in mechanisms}
    count = criterion(slug, mechanisms)
    expected_ideas = min(IDEA_CIRCLES, ideas + FUTURE_IDEAS * outlook.late)
    value = VARIETY[len(types)] + count * expected_ideas
    filled = sum(len(m["cells"]) for m in mechanisms)
    share = (filled / len(design.cells)) ** COMPLETION_SHARE
    return (
        value + design.completion[SUNDAY] * share,
        value,
        value + design.completion[outlook.day],
    )


def outcome(slug: str, free: int, outcomes: tuple[float, float, float]) -> float:
    """The one of `invention_outcomes` that the pattern's free cells make true."""
    if free == 0:
        return outcomes[2]
    return outcomes[1] if stranded(slug, free) else outcomes[0]


def invention_value(
    slug: str, mechanisms: list[dict[str, Any]], ideas: int, free: int, outlook: Outlook
) -> float:
    """An open invention's worth, its free cells being `free`."""
    return outcome(slug, free, invention_outcomes(slug, mechanisms, ideas, outlook))


def free_cells(slug: str, mechanisms: list[dict[str, Any]]) -> int:
    width = INVENTIONS[slug].width
    cells, _, _ = _edges(slug)
    taken = grid_mask([cell for m in mechanisms for cell in m["cells"]], width)
    return cells & ~taken


def inventions_value(sheet: dict[str, Any], outlook: Outlook) -> float:
    value = 0.0
    for slug in INVENTIONS:
        entry = sheet["inventions"][slug]
        if entry["presented"] is not None:
            value += entry["presented"]["total"]
            continue
        mechanisms = [m for m in sheet["mechanisms"] if m["invention"] == slug]
        value += invention_value(
            slug, mechanisms, entry["ideas"], free_cells(slug, mechanisms), outlook
        )
    return value


def idea_value(sheet: dict[str, Any], outlook: Outlook) -> float:
    """What one more Idea is worth: the most an open invention below six Ideas gains."""
    best = 0.0
    for slug in INVENTIONS:
        entry = sheet["inventions"][slug]
        if entry["presented"] is None and entry["ideas"] < IDEA_CIRCLES:
            mechanisms = [m for m in sheet["mechanisms"] if m["invention"] == slug]
            best = max(best, criterion(slug, mechanisms) + outlook.late * 2.0)
    return best


# --- tools ----------------------------------------------------------------------------------


def tool_points(slug: str, turn: int, outlook: Outlook) -> int:
    """Points of `slug` unlocked on `turn`, given when the other seats unlocked it."""
    earliest = outlook.others_tools.get(slug)
    return TOOLS[slug].later if earliest is not None and earliest < turn else TOOLS[slug].first


def tools_value(tools: dict[str, int | None], outlook: Outlook) -> float:
    value = 0.0
    for slug, turn in tools.items():
        if turn is not None:
            value += tool_points(slug, turn, outlook) + ABILITY[slug] * outlook.late
    return value


# --- the whole sheet ------------------------------------------------------------------------


def sheet_value(sheet: dict[str, Any], outlook: Outlook) -> float:
    journals: list[list[int]] = sheet["journals"]
    spent: int = sheet["spent"]
    pending = sum(1 for e in sheet["journal_ideas"] if e["invention"] is None and not e.get("lost"))
    return (
        journals_value(journals, outlook)
        + WRENCH * outlook.late * (wrenches_earned(journals) - spent)
        + workshops_value(sheet["workshops"], outlook)
        + inventions_value(sheet, outlook)
        + pending * idea_value(sheet, outlook)
        + tools_value(sheet["tools"], outlook)
    )
