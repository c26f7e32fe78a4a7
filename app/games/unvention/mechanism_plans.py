"""The good bot's building plans: every connected set of circled parts of a workshop, drawn
in every place it fits in every open invention; the best, if it is worth its wrenches, is
started and built part by part."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, State
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
from app.games.unvention.shapes import (
    mask,
    normalise,
    orientations,
    placements,
    tool_of,
)
from app.games.unvention.sheet import IDEA_CIRCLES, INVENTIONS, WORKSHOPS
from app.games.unvention.turn import build_cost, has, open_inventions

BIGGEST_MECHANISM = 9


MECHANISMS_TRIED = 600


SNUG = 0.01  # per free cell left next to a drawn mechanism: fill corners first


def connected_sets(parts: list[int], required: list[int]) -> list[frozenset[int]]:
    """Connected sets of circled parts of one workshop (two to BIGGEST_MECHANISM), each holding
    `required`; at most MECHANISMS_TRIED of them, smallest first."""
    circled = {i for i, s in enumerate(parts) if s == workshop.CIRCLED}
    return grown_sets(circled, set(), tuple(required), 0, MECHANISMS_TRIED)


def grown_sets(
    allowed: set[int], free: set[int], required: tuple[int, ...], most_free: int, limit: int
) -> list[frozenset[int]]:
    """Connected sets of `allowed` parts (two to BIGGEST_MECHANISM, at most `most_free` of them
    `free`) holding `required`: at most `limit`, smallest first, grown a part at a time."""
    seeds = [frozenset(required)] if required else [frozenset([i]) for i in sorted(allowed)]
    seen = set(seeds)
    frontier = [seed for seed in seeds if len(seed & free) <= most_free]
    found: list[frozenset[int]] = []
    while frontier and len(found) < limit:
        grown = []
        for group in frontier:
            if len(group) >= 2:
                found.append(group)
            if len(group) >= BIGGEST_MECHANISM:
                continue
            spare = most_free - len(group & free)
            for i in sorted(group):
                for j in workshop.NEIGHBOURS[i]:
                    if j not in allowed or j in group or (j in free and spare <= 0):
                        continue
                    bigger = group | {j}
                    if bigger not in seen:
                        seen.add(bigger)
                        grown.append(bigger)
        frontier = grown
    return found[:limit]


def best_build(
    state: State, outlook: Outlook, required: list[list[int]], shop: str | None
) -> tuple[float, dict[str, Any] | None]:
    """The best mechanism to build now: its gain in worth (its cost counted) and the build as
    {"workshop", "parts": [indices], "invention", "at", "orientation"}; None if none gains."""
    sheet = state["sheets"][0]
    cost = build_cost(state, sheet)
    torque = has(sheet, "torque")
    needed = [workshop.index(r, c) for r, c in required]
    befores = {}
    frees = {}
    for slug in open_inventions(sheet):
        mechanisms = [m for m in sheet["mechanisms"] if m["invention"] == slug]
        frees[slug] = free_cells(slug, mechanisms)
        befores[slug] = (
            mechanisms,
            invention_value(
                slug, mechanisms, sheet["inventions"][slug]["ideas"], frees[slug], outlook
            ),
        )
    best, chosen = 0.0, None
    for w in [shop] if shop else list(WORKSHOPS):
        parts = sheet["workshops"][w]
        shop_before = workshop_value(w, parts, outlook.crossed)
        for group in connected_sets(parts, needed):
            cells = [workshop.cell(i) for i in sorted(group)]
            shape = normalise(cells)
            after_parts = list(parts)
            for i in group:
                after_parts[i] = workshop.USED
            gain = outlook.late * (
                workshop_value(w, after_parts, outlook.crossed) - shop_before - WRENCH * cost
            )
            tool = tool_of(shape)
            if tool is not None and not has(sheet, tool):
                gain += tool_points(tool, outlook.turn, outlook) + ABILITY[tool] * outlook.late
            ideas = workshop.ideas_encompassed(w, cells)
            turnings = orientations(shape) if torque else (shape,)
            for slug, (mechanisms, before) in befores.items():
                design = INVENTIONS[slug]
                ideas_after = min(IDEA_CIRCLES, sheet["inventions"][slug]["ideas"] + ideas)
                mechanism = {"workshop": w, "parts": cells, "cells": cells}
                outcomes = invention_outcomes(slug, [*mechanisms, mechanism], ideas_after, outlook)
                if gain + max(outcomes) - before <= best:
                    continue
                for o, turned in enumerate(turnings):
                    bits = mask(turned, design.width)
                    for at in placements(turned, frees[slug], design.height, design.width):
                        placed = bits << (at[0] * design.width + at[1])
                        free = frees[slug] & ~placed
                        total = gain + outcome(slug, free, outcomes) - before
                        if chosen is not None and total <= best:
                            continue
                        total -= SNUG * bin(near(slug, placed) & free).count("1")
                        if chosen is None or total > best:
                            best = total
                            chosen = {
                                "workshop": w,
                                "parts": sorted(group),
                                "invention": slug,
                                "at": list(at),
                                "orientation": o,
                                "torque": torque,
                            }
    return best, chosen


def start_building(state: State, outlook: Outlook, legal: list[Action]) -> Action:
    if any(action["type"] == "build_start" for action in legal):
        gain, build = best_build(state, outlook, [], None)
        if build is not None and gain > 0:
            return {"type": "build_start"}
    return {"type": "done"}


def keep_building(state: State, outlook: Outlook, legal: list[Action]) -> Action:
    """Go on with the best mechanism holding the parts chosen so far, or give up."""
    sheet = state["sheets"][0]
    building = sheet["asking"]["building"]
    paid = building["paid"]
    sheet["spent"] -= paid  # weigh the build as if not yet paid for
    gain, build = best_build(state, outlook, building["parts"], building["workshop"])
    sheet["spent"] += paid
    if build is None or gain <= 0:
        return {"type": "build_cancel"}
    chosen = {workshop.index(r, c) for r, c in building["parts"]}
    for action in legal:
        if action["type"] == "build_add" and action["workshop"] == build["workshop"]:
            i = workshop.index(*action["part"])
            if i in build["parts"] and i not in chosen:
                return action
    if set(build["parts"]) == chosen:
        place_action = {"type": "build_place", "invention": build["invention"], "at": build["at"]}
        if build["torque"]:
            place_action["orientation"] = build["orientation"]
        return place_action
    return {"type": "build_cancel"}
