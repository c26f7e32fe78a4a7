"""The most points the rest of an Unvention turn can still reach: the greedy bot's yardstick
(greedy.py), by the game's own score and nothing else.

`points_now` is the sheet's score were its open inventions presented today, plus its tools.
`reach` is the most `points_now` the rest of this turn can reach: Ideas waiting for an
invention go where they add the most, then the turn's one build, if one is still to come, is
the best mechanism that can be made of the parts the seat has circled, parts the dice still to
circle with may circle (one die each, one group, in the workshops the turn allows) and parts
wrenches may circle (one each, beside the build's cost), drawn where it fits in an open
invention; a build under way goes on with the parts it holds. Journal writes still to come are
not looked through (their wrenches count once written). Nothing past the turn is valued: a
part, a wrench or a journal cell is worth nothing here until it makes a build.

The planner's own pieces are reused: the sheet rebuilt from the view (bot.rebuild), the dice
groups left for the workshop (bot.workshop_groups), the engine's build cost and free cells.
"""

from __future__ import annotations

from typing import Any

from app.games.core import State
from app.games.unvention import scoring, workshop
from app.games.unvention.appraisal import Outlook, tool_points
from app.games.unvention.mechanism_plans import grown_sets
from app.games.unvention.shapes import fits_somewhere, normalise, orientations, tool_of
from app.games.unvention.sheet import DAYS, IDEA_CIRCLES, INVENTIONS, WORKSHOPS
from app.games.unvention.turn import (
    build_cost,
    free_mask,
    has,
    idea_targets,
    open_inventions,
    pending_ideas,
    wrenches,
)
from app.games.unvention.workshop_plans import workshop_groups

SETS_TRIED = 200  # connected sets of parts weighed per workshop, smallest first
BUILDING_STAGES = ("journal", "journaling", "workshop")  # a build may still come this turn

Cache = dict[tuple[Any, ...], Any]  # a decision's: best builds by workshop, weighers


def points_now(sheet: dict[str, Any], outlook: Outlook) -> int:
    """The sheet's points were its open inventions presented today."""
    total = 0
    day = min(outlook.day, len(DAYS) - 1)
    for slug, entry in sheet["inventions"].items():
        if entry["presented"] is not None:
            total += int(entry["presented"]["total"])
            continue
        mechanisms = scoring.mechanisms_in(sheet, slug)
        if mechanisms:
            total += scoring.invention_score(slug, mechanisms, entry["ideas"], day)["total"]
    for slug, turn in sheet["tools"].items():
        if turn is not None:
            total += tool_points(slug, turn, outlook)
    return total


def reach(state: State, outlook: Outlook, cache: Cache) -> int:
    """The most `points_now` the rest of the turn can reach from the one-seat `state`."""
    sheet = state["sheets"][0]
    pending = pending_ideas(sheet)
    if pending:
        entry = pending[0]
        best = points_now(sheet, outlook)
        for slug in idea_targets(sheet):
            entry["invention"] = slug
            sheet["inventions"][slug]["ideas"] += 1
            best = max(best, reach(state, outlook, cache))
            sheet["inventions"][slug]["ideas"] -= 1
            entry["invention"] = None
        return best
    return points_now(sheet, outlook) + build_gain(state, outlook, cache)


def build_gain(state: State, outlook: Outlook, cache: Cache) -> int:
    """What the turn's build, the best one still possible, adds to `points_now` (0: none)."""
    sheet = state["sheets"][0]
    asking = sheet["asking"]
    building = asking["building"]
    dice: list[tuple[int, ...]] = [()]
    dice_shops: list[str] = []
    if building is not None:
        required = tuple(sorted(workshop.index(r, c) for r, c in building["parts"]))
        shops = [building["workshop"]] if building["workshop"] else list(WORKSHOPS)
        budget = wrenches(sheet)  # the cost is paid; no circles while building
    elif asking["stage"] in BUILDING_STAGES:
        required = ()
        shops = list(WORKSHOPS)
        budget = wrenches(sheet) - build_cost(state, sheet)
        if asking["workshop_left"] is not None:
            dice = [tuple(sorted(asking["workshop_left"]))]
            every = has(sheet, "reamer") or not asking["workshops"]
            dice_shops = list(WORKSHOPS) if every else list(asking["workshops"])
        else:
            dice = [tuple(sorted(g)) for g in workshop_groups(state, sheet)] or [()]
            dice_shops = list(WORKSHOPS)
    else:
        return 0
    if budget < 0:
        return 0
    inventions = tuple(
        (slug, sheet["inventions"][slug]["ideas"], len(scoring.mechanisms_in(sheet, slug)))
        for slug in open_inventions(sheet)
    )
    owned = tuple(slug for slug, turn in sheet["tools"].items() if turn is not None)
    best = 0
    for w in shops:
        here = tuple(sorted(set(dice))) if w in dice_shops else ((),)
        parts = sheet["workshops"][w]
        key = (w, tuple(parts), budget, here, required, inventions, owned)
        found = cache.get(key)
        if found is None:
            weigher = cache.get((w, inventions, owned))
            if weigher is None:
                weigher = cache[(w, inventions, owned)] = Weigher(state, outlook, w)
            found = best_in_workshop(state, weigher, here, budget, required)
            cache[key] = found
        best = max(best, int(found))
    return best


def best_in_workshop(
    state: State,
    weigher: Weigher,
    dice: tuple[tuple[int, ...], ...],
    budget: int,
    required: tuple[int, ...],
) -> int:
    """The most a mechanism of workshop `w` adds, its parts circled or circlable."""
    w = weigher.w
    parts = state["sheets"][0]["workshops"][w]
    matching = workshop.matching(state["setup"]["crossed"])[w]
    numbers = {n for group in dice for n in group}
    by_dice = {i for n in numbers for i in matching[n]}
    playable = workshop.playable(state["setup"]["crossed"])[w]
    allowed = {i for i in playable if parts[i] == workshop.CIRCLED}
    free = {i for i in playable if parts[i] == workshop.FREE}
    allowed |= free if budget > 0 else free & by_dice
    most_free = budget + max(len(group) for group in dice)
    best = 0
    for group in grown_sets(allowed, free, required, most_free, SETS_TRIED):
        fresh = [i for i in group if i in free]
        if fresh and len(fresh) - most_matched(fresh, dice, matching) > budget:
            continue
        best = max(best, weigher.gain(group))
    return best


def most_matched(
    fresh: list[int], dice: tuple[tuple[int, ...], ...], matching: dict[int, tuple[int, ...]]
) -> int:
    """The most of the `fresh` parts one group of dice can circle, a die each."""

    def match(k: int, left: tuple[int, ...]) -> int:
        if k == len(fresh) or not left:
            return 0
        best = match(k + 1, left)  # this part by a wrench
        for d, n in enumerate(left):
            if fresh[k] in matching[n] and (d == 0 or left[d - 1] != n):
                best = max(best, 1 + match(k + 1, left[:d] + left[d + 1 :]))
        return best

    return max(match(0, group) for group in dice)


class Weigher:
    """What a mechanism of one workshop adds to `points_now`, drawn where it fits best; each
    set of parts weighed once (a decision weighs the same sets after many of its steps)."""

    def __init__(self, state: State, outlook: Outlook, w: str) -> None:
        sheet = state["sheets"][0]
        self.sheet = sheet
        self.outlook = outlook
        self.w = w
        self.known: dict[frozenset[int], int] = {}
        self.shapes: dict[tuple[Any, ...], int] = {}
        self.day = min(outlook.day, len(DAYS) - 1)
        self.torque = has(sheet, "torque")
        self.open = []
        for slug in open_inventions(sheet):
            mechanisms = scoring.mechanisms_in(sheet, slug)
            ideas = sheet["inventions"][slug]["ideas"]
            before = scoring.invention_score(slug, mechanisms, ideas, self.day)["total"]
            self.open.append((slug, mechanisms, ideas, before, free_mask(sheet, slug)))

    def gain(self, group: frozenset[int]) -> int:
        known = self.known.get(group)
        if known is None:
            known = self.known[group] = self.weigh(group)
        return known

    def weigh(self, group: frozenset[int]) -> int:
        cells = [workshop.cell(i) for i in sorted(group)]
        shape = normalise(cells)
        ideas_added = workshop.ideas_encompassed(self.w, cells)
        key = (shape, ideas_added)
        known = self.shapes.get(key)
        if known is None:
            known = self.shapes[key] = self.weigh_shape(shape, ideas_added)
        return known

    def weigh_shape(self, shape: tuple[tuple[int, int], ...], ideas_added: int) -> int:
        turnings = orientations(shape) if self.torque else (shape,)
        cells = [list(cell) for cell in shape]
        mechanism = {"workshop": self.w, "parts": cells, "cells": cells}
        best = None
        for slug, mechanisms, ideas, before, free in self.open:
            design = INVENTIONS[slug]
            if not any(fits_somewhere(t, free, design.height, design.width) for t in turnings):
                continue
            ideas_after = min(IDEA_CIRCLES, ideas + ideas_added)
            after = scoring.invention_score(slug, [*mechanisms, mechanism], ideas_after, self.day)
            if best is None or after["total"] - before > best:
                best = after["total"] - before
        if best is None:
            return 0  # it fits nowhere: no build
        tool = tool_of(shape)
        if tool is not None and not has(self.sheet, tool):
            best += tool_points(tool, self.outlook.turn, self.outlook)
        return best
