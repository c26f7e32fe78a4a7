"""How Unvention's good bot weighs a mechanism being built (weighing.py says how values are
counted): each part added is worth the best mechanism that holds it, each place drawn what
the drawing adds, as the planner's best_build counts it."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, State, canonical
from app.games.unvention import workshop
from app.games.unvention.appraisal import (
    ABILITY,
    WRENCH,
    Outlook,
    free_cells,
    invention_outcomes,
    invention_value,
    near,
    outcome,
    tool_points,
    workshop_value,
)
from app.games.unvention.mechanism_plans import SNUG, best_build
from app.games.unvention.shapes import mask, normalise, orientations, tool_of
from app.games.unvention.sheet import IDEA_CIRCLES, INVENTIONS, TOOLS, WORKSHOPS
from app.games.unvention.turn import build_cost, has


class MechanismWeighing:
    """The weigher's part for a mechanism being built (a mixin of weighing.Weigher)."""

    # set by Weigher (weighing.py)
    state: State
    outlook: Outlook
    sheet: dict[str, Any]
    asking: dict[str, Any]

    def building(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        building = self.asking["building"]
        paid = building["paid"]
        w = building["workshop"]
        found: dict[str, tuple[float, str]] = {}
        self.sheet["spent"] -= paid  # weigh the build as if not yet paid for, as the bot does
        try:
            for a in legal:
                if a["type"] == "build_add":
                    parts = [*building["parts"], list(a["part"])]
                    gain, plan = best_build(self.state, self.outlook, parts, a["workshop"])
                    (r, c), title = a["part"], WORKSHOPS[a["workshop"]].title
                    reason = f"Add the part at row {r + 1}, column {c + 1} of {title}"
                    if plan is not None:
                        reason += f": the best mechanism holding it has {len(plan['parts'])}"
                    found[canonical(a)] = (gain if plan is not None else 0.0, reason)
                elif a["type"] == "build_place":
                    found[canonical(a)] = self.place(a, w, building["parts"])
        finally:
            self.sheet["spent"] += paid
        found[canonical({"type": "build_cancel"})] = (
            0.0,
            f"Give up this mechanism: its {paid} wrench{'' if paid == 1 else 'es'} come back",
        )
        return found

    def place(self, a: Action, w: str, cells: list[list[int]]) -> tuple[float, str]:
        """Drawing the mechanism of `cells` where `a` says, as mechanism_plans.best_build
        counts it."""
        sheet, outlook = self.sheet, self.outlook
        slug = a["invention"]
        design = INVENTIONS[slug]
        shape = normalise(cells)
        parts = sheet["workshops"][w]
        after_parts = list(parts)
        for r, c in cells:
            after_parts[workshop.index(r, c)] = workshop.USED
        cost = build_cost(self.state, sheet)
        gain = outlook.late * (
            workshop_value(w, after_parts, outlook.crossed)
            - workshop_value(w, parts, outlook.crossed)
            - WRENCH * cost
        )
        tool = tool_of(shape)
        unlocked = tool is not None and not has(sheet, tool)
        if tool is not None and unlocked:
            gain += tool_points(tool, outlook.turn, outlook) + ABILITY[tool] * outlook.late
        mechanisms = [m for m in sheet["mechanisms"] if m["invention"] == slug]
        free = free_cells(slug, mechanisms)
        ideas = sheet["inventions"][slug]["ideas"]
        before = invention_value(slug, mechanisms, ideas, free, outlook)
        ideas_after = min(IDEA_CIRCLES, ideas + workshop.ideas_encompassed(w, cells))
        mechanism = {"workshop": w, "parts": cells, "cells": cells}
        outcomes = invention_outcomes(slug, [*mechanisms, mechanism], ideas_after, outlook)
        turned = orientations(shape)[a.get("orientation", 0)]
        r, c = a["at"]
        placed = mask(turned, design.width) << (r * design.width + c)
        left = free & ~placed
        total = gain + outcome(slug, left, outcomes) - before
        total -= SNUG * bin(near(slug, placed) & left).count("1")
        reason = (
            f"Draw the {len(cells)}-part mechanism into {design.title} at row {r + 1}, "
            f"column {c + 1}"
        )
        if left == 0:
            reason += ": the invention is complete"
        if tool is not None and unlocked:
            reason += f", unlocking the {TOOLS[tool].title}"
        return total, reason
