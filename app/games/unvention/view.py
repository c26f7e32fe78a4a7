"""The view: everything a page needs to draw every player's sheet (nothing is secret).

Its shape is contract.Table. The same for every seat, but for one thing only the builder needs:
the shapes its mechanism may be drawn as (`asking.building.orientations`), so that the page
places mechanisms without knowing the shape rules (shapes.py).
"""

from __future__ import annotations

from typing import Any

from app.games.core import Seat, State, clone
from app.games.decisions import Simultaneous
from app.games.unvention import journal, scoring, workshop
from app.games.unvention.contract import (
    Asking,
    AskingShown,
    Building,
    InventionShown,
    Player,
    Table,
    ToolShown,
    ToolTaken,
)
from app.games.unvention.dice import groups, kind
from app.games.unvention.shapes import normalise
from app.games.unvention.sheet import DAYS, IDEA_CIRCLES, INVENTIONS, TOOLS, WILD, WORKSHOPS
from app.games.unvention.turn import (
    WAITING,
    Sheet,
    build_cost,
    complete_journals,
    pending_ideas,
    seat_dice,
    turnings,
    wrenches_earned,
)


def _printed() -> dict[str, Any]:
    return {
        "workshops": {
            slug: {
                "title": w.title,
                "position": w.position,
                "parts": [["?" if n == WILD else n for n in row] for row in w.parts],
                "ideas": [list(anchor) for anchor in w.ideas],
            }
            for slug, w in WORKSHOPS.items()
        },
        "inventions": {
            slug: {
                "title": i.title,
                "criterion": i.criterion,
                "criterion_title": i.criterion_title,
                "pattern": [[int(ch) for ch in row] for row in i.pattern],
                "cells": len(i.cells),
                "completion": dict(zip(DAYS, i.completion, strict=True)),
                "idea_circles": IDEA_CIRCLES,
            }
            for slug, i in INVENTIONS.items()
        },
        "tools": {
            slug: {
                "title": t.title,
                "first": t.first,
                "later": t.later,
                "shape": [[int(ch) for ch in row] for row in t.shape],
                "ability": t.ability,
            }
            for slug, t in TOOLS.items()
        },
    }


PRINTED = _printed()


def invention_view(sheet: Sheet, slug: str, day: int) -> InventionShown:
    design = INVENTIONS[slug]
    grid: list[list[int | None]] = [
        [-1 if mark == "1" else None for mark in row] for row in design.pattern
    ]
    for k, m in enumerate(sheet["mechanisms"]):
        if m["invention"] == slug:
            for r, c in m["cells"]:
                grid[r][c] = k
    mechanisms = scoring.mechanisms_in(sheet, slug)
    entry = sheet["inventions"][slug]
    return {
        "ideas": entry["ideas"],
        "grid": grid,
        "filled": scoring.filled(mechanisms),
        "complete": scoring.is_complete(slug, mechanisms),
        "types": sorted({m["workshop"] for m in mechanisms}, key=list(WORKSHOPS).index),
        "open": entry["presented"] is None,
        "worth": scoring.invention_score(slug, mechanisms, entry["ideas"], day),
        "presented": entry["presented"],
    }


def building_view(sheet: Sheet) -> Building:
    """The mechanism being built as its builder sees it: with the shapes it may be drawn as."""
    building: Building = clone(sheet["asking"]["building"])
    parts = building["parts"]
    shapes = turnings(sheet, normalise(parts)) if len(parts) >= 2 else ()
    building["orientations"] = [[list(cell) for cell in shape] for shape in shapes]
    return building


def player_view(state: State, seat: Seat, viewer: Seat | None) -> Player:
    sheets = state["sheets"]
    sheet = sheets[seat]
    crossed = state["setup"]["crossed"]
    dice = seat_dice(state, sheet)
    so_far: Asking = sheet["asking"]
    asking: AskingShown = {
        **so_far,
        "dice": dice,
        "groups": groups(dice),
        "cost": build_cost(state, sheet),
        "pending_ideas": len(pending_ideas(sheet)),
    }
    if viewer == seat and so_far["building"] is not None:
        asking["building"] = building_view(sheet)
    earned = wrenches_earned(sheet)
    tools: dict[str, ToolShown | None] = {}
    for slug in TOOLS:
        turn = sheet["tools"][slug]
        points = scoring.tool_points(sheets, seat, slug)
        tools[slug] = (
            None
            if turn is None
            else {"turn": turn, "first": points == TOOLS[slug].first, "points": points}
        )
    inventions = scoring.inventions_score(sheet)
    tool_points = scoring.tools_score(sheets, seat)
    return {
        "seat": seat,
        "score": {
            "inventions": inventions,
            "tools": tool_points,
            "total": inventions + tool_points,
        },
        "complete_journals": complete_journals(sheet),
        "wrenches": {
            "earned": earned,
            "spent": sheet["spent"],
            "available": earned - sheet["spent"],
        },
        "journals": [
            {
                "cells": journal.rows(cells),
                "rows": journal.row_wrenches(cells),
                "columns": journal.column_wrenches(cells),
                "idea": journal.idea_status(cells),
                "complete": journal.complete(cells),
            }
            for cells in sheet["journals"]
        ],
        "workshops": {
            slug: workshop.grid(slug, sheet["workshops"][slug], crossed) for slug in WORKSHOPS
        },
        "mechanisms": sheet["mechanisms"],
        "inventions": {slug: invention_view(sheet, slug, state["day"]) for slug in INVENTIONS},
        "journal_ideas": sheet["journal_ideas"],
        "tools": tools,
        "asking": asking,
        "present": sheet["present"],
    }


def table(state: State, viewer: Seat | None) -> Table:
    """What a page needs to draw every sheet (contract.Table), as `viewer` (None: a spectator)
    sees it."""
    presenting = state.get("presenting")
    tools: dict[str, ToolTaken] = {}
    for slug in TOOLS:
        unlocked = [
            [seat, sheet["tools"][slug]]
            for seat, sheet in enumerate(state["sheets"])
            if sheet["tools"][slug] is not None
        ]
        tools[slug] = {"unlocked": unlocked, "first_taken": bool(unlocked)}
    view: Table = {
        "day": DAYS[state["day"]],
        "day_number": state["day"],
        "turn": state["turn"],
        "phase": state["phase"],
        "roll": {
            "dice": state["dice"],
            "kind": kind(state["dice"]),
            "groups": groups(state["dice"]),
        },
        "waiting": Simultaneous.waiting(state, WAITING),
        "presenting": None
        if presenting is None
        else {
            "day": DAYS[presenting["day"]],
            "skipped": [DAYS[d] for d in range(presenting["day"] + 1, min(presenting["next"], 3))],
            "final": presenting["next"] >= len(DAYS),
        },
        "setup": state["setup"],
        "tools": tools,
        "players": [player_view(state, seat, viewer) for seat in range(state["players"])],
    }
    return clone(view)
