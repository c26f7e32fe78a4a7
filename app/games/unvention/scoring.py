"""Scoring: presenting inventions at the end of a day, tools, the final score and tiebreakers.

An invention presented on a day scores
    variety (1/2/3/4 workshop types: 0/3/7/12)
  + completion (its bonus for that day, only if its pattern is full)
  + its unique criterion x its Ideas (the multiplier, 1 to 6):
      Intricacy (Integron): the number of mechanisms;
      Synchrony (Unison): uses of the most repeated shape (rotations and mirrors are the same);
      Modularity (Lateral Arc): the number of different mechanism sizes.
A tool scores its first value for every player who unlocked it on the earliest turn anyone did
(ties are friendly), its later value for the others who unlocked it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.games.unvention.contract import InventionScore
from app.games.unvention.shapes import canonical, normalise
from app.games.unvention.sheet import INVENTIONS, TOOLS, VARIETY

Mechanism = dict[str, Any]
Sheet = dict[str, Any]


def filled(mechanisms: list[Mechanism]) -> int:
    return sum(len(mechanism["cells"]) for mechanism in mechanisms)


def is_complete(invention: str, mechanisms: list[Mechanism]) -> bool:
    return filled(mechanisms) == len(INVENTIONS[invention].cells)


def criterion_count(invention: str, mechanisms: list[Mechanism]) -> int:
    """What the invention's unique criterion counts, before the multiplier."""
    criterion = INVENTIONS[invention].criterion
    if criterion == "intricacy":
        return len(mechanisms)
    if criterion == "synchrony":
        shapes = Counter(canonical(normalise(m["parts"])) for m in mechanisms)
        return max(shapes.values(), default=0)
    return len({len(m["parts"]) for m in mechanisms})  # modularity


def invention_score(
    invention: str, mechanisms: list[Mechanism], ideas: int, day: int
) -> InventionScore:
    """The points of `invention` presented on `day` (0 Friday, 1 Saturday, 2 Sunday)."""
    types = {m["workshop"] for m in mechanisms}
    variety = VARIETY[len(types)]
    complete = is_complete(invention, mechanisms)
    completion = INVENTIONS[invention].completion[day] if complete else 0
    count = criterion_count(invention, mechanisms)
    unique = count * ideas
    return {
        "variety": variety,
        "completion": completion,
        "count": count,
        "multiplier": ideas,
        "unique": unique,
        "total": variety + completion + unique,
    }


def mechanisms_in(sheet: Sheet, invention: str) -> list[Mechanism]:
    return [m for m in sheet["mechanisms"] if m["invention"] == invention]


def tool_points(sheets: list[Sheet], seat: int, tool: str) -> int:
    """What `tool` is worth to `seat`: first value if nobody unlocked it on an earlier turn."""
    mine = sheets[seat]["tools"][tool]
    if mine is None:
        return 0
    earliest = min(s["tools"][tool] for s in sheets if s["tools"][tool] is not None)
    return TOOLS[tool].first if mine == earliest else TOOLS[tool].later


def tools_score(sheets: list[Sheet], seat: int) -> int:
    return sum(tool_points(sheets, seat, tool) for tool in TOOLS)


def inventions_score(sheet: Sheet) -> int:
    return sum(
        entry["presented"]["total"]
        for entry in sheet["inventions"].values()
        if entry["presented"] is not None
    )


def best_invention(sheet: Sheet) -> int:
    return max(
        (
            entry["presented"]["total"]
            for entry in sheet["inventions"].values()
            if entry["presented"] is not None
        ),
        default=0,
    )


def total(sheets: list[Sheet], seat: int) -> int:
    return inventions_score(sheets[seat]) + tools_score(sheets, seat)
