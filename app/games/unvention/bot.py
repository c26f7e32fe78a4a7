"""The planner of Unvention's good bot (good_bot.py): the rest of its turn, planned.

Everything on an Unvention table is public except the dice still to come, so the bot rebuilds
its own sheet from its view (`rebuild`) and looks only at that sheet, the setup, how full the
other seats' journals are (how near the end is) and the tools they have unlocked; it never
needs the other seats' answers of the turn. The dice to come are not sampled: what they may
bring is priced into the worth of parts, wrenches and journal progress (appraisal.py). Each call
plans what is left of the turn, in the rulebook's order, and answers the plan's first step:

1. a journal Idea waiting for an invention goes where it adds the most;
2. journaling: for each group the dice may journal with, the best cells for some or all of
   its numbers in one journal (a small beam search), together with the best parts the best
   remaining group could circle; the pair whose sheet is worth the most wins (a Ball Bearing
   is tried on every die first). Unable to journal, the X goes where it costs least;
3. workshopping: the best parts for the remaining dice of the workshop group;
4. building: every connected set of circled parts of a workshop, drawn in every place it fits
   in every open invention; the best, if it is worth its wrenches, is built part by part;
5. done.

What a sheet is worth comes from appraisal.py; how the bot weighs every legal action for hints
and reviews (`consider`: points by that appraisal, of the best plan starting with each action)
is weighing.py. The bot draws nothing at random: a plan is a function of the view, so the
same view gives the same answer. Should a view not hold what the bot expects, it falls back on
a plain legal action ("done" if it can) rather than fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.games.bots import View
from app.games.core import Action, Rng, State, canonical
from app.games.decisions import Simultaneous
from app.games.unvention import journal, workshop
from app.games.unvention.appraisal import (
    ABILITY,
    WRENCH,
    Outlook,
    free_cells,
    idea_value,
    invention_outcomes,
    invention_value,
    journal_value,
    near,
    outcome,
    tool_points,
    workshop_value,
)
from app.games.unvention.dice import EUREKA, groups, kind, with_ball_bearing
from app.games.unvention.shapes import (
    mask,
    normalise,
    orientations,
    placements,
    tool_of,
)
from app.games.unvention.sheet import IDEA_CIRCLES, INVENTIONS, TOOLS, WILD, WORKSHOPS
from app.games.unvention.turn import WAITING, build_cost, has, open_inventions

TURN_EXTRAS = ("dice", "groups", "cost", "pending_ideas")
PART_STATUS = {"free": workshop.FREE, "circled": workshop.CIRCLED, "used": workshop.USED}
JOURNAL_CELLS = 48
FILLED_PER_TURN = 1.5  # journal cells a seat fills in a turn, roughly: how near the end is
LATE_TURNS = 12  # stored resources keep their full worth until this many turns from the end
BIGGEST_MECHANISM = 9
MECHANISMS_TRIED = 600
SNUG = 0.01  # per free cell left next to a drawn mechanism: fill corners first
JOURNAL_BEAM = 8  # journal plans kept at each length

Plan = list[tuple[int, int, int]]  # journal plans: (journal, cell index, number)
Circles = list[tuple[str, int, int]]  # workshop plans: (workshop, part index, die number)


def fallback(legal: list[Action], rng: Rng) -> Action:
    """A plain legal action: end the turn or present if possible, else any."""
    for kind_wanted in ("done", "present"):
        for action in legal:
            if action.get("type") == kind_wanted:
                return action
    return rng.choice(sorted(legal, key=canonical))


# --- the sheet, rebuilt from the view -------------------------------------------------------


def rebuild(view: View) -> tuple[State, Outlook]:
    """A one-seat engine state holding the bot's own sheet as its view shows it, and what the
    bot knows of the rest of the table."""
    table = view["state"]
    you = view["you"]
    me = table["players"][you]
    sheet = {
        "journals": [
            [
                journal.EMPTY if v is None else journal.X if v == "X" else int(v)
                for row in entry["cells"]
                for v in row
            ]
            for entry in me["journals"]
        ],
        "spent": me["wrenches"]["spent"],
        "workshops": {
            slug: [PART_STATUS.get(s, workshop.FREE) for row in me["workshops"][slug] for s in row]
            for slug in WORKSHOPS
        },
        "mechanisms": [dict(m) for m in me["mechanisms"]],
        "inventions": {
            slug: {"ideas": entry["ideas"], "presented": entry["presented"]}
            for slug, entry in me["inventions"].items()
        },
        "journal_ideas": [dict(e) for e in me["journal_ideas"]],
        "tools": {
            slug: None if entry is None else entry["turn"] for slug, entry in me["tools"].items()
        },
        "asking": turn_record(me["asking"]),
        "present": list(me["present"]),
    }
    state: State = {
        "players": 1,
        "setup": table["setup"],
        "day": table["day_number"],
        "turn": table["turn"],
        "phase": table["phase"],
        "dice": list(table["roll"]["dice"]),
        "sheets": [sheet],
        "log": [],
        "result": None,
    }
    Simultaneous.open(state, WAITING, [0])
    outlook = Outlook(
        crossed=table["setup"]["crossed"],
        day=table["day_number"],
        turn=table["turn"],
        late=lateness(table, sheet),
        others_tools=others_tools(table, you),
    )
    return state, outlook


def turn_record(shown: dict[str, Any]) -> dict[str, Any]:
    """The seat's `asking` as the state holds it: without what the view adds."""
    asking = {k: v for k, v in shown.items() if k not in TURN_EXTRAS}
    if asking["building"] is not None:
        asking["building"] = {k: v for k, v in asking["building"].items() if k != "orientations"}
    return asking


def lateness(table: dict[str, Any], sheet: dict[str, Any]) -> float:
    """1 while the end is far, falling to 0 as the fullest journals near completion (the game
    ends when someone completes all three). Seats whose view looks wrong are skipped."""
    filled = [sum(v != journal.EMPTY for cells in sheet["journals"] for v in cells)]
    for player in table.get("players", []):
        try:
            rows = [row for entry in player["journals"] for row in entry["cells"]]
            filled.append(sum(v is not None for row in rows for v in row))
        except (KeyError, TypeError, IndexError):
            continue
    turns_left = (JOURNAL_CELLS - max(filled)) / FILLED_PER_TURN
    late: float = max(0.0, min(1.0, turns_left / LATE_TURNS))
    return late


def others_tools(table: dict[str, Any], you: int) -> dict[str, int | None]:
    """For each tool, the earliest turn another seat unlocked it (None: nobody has)."""
    found: dict[str, int | None] = {}
    for slug in TOOLS:
        turns = []
        try:
            for seat, turn in table["tools"][slug]["unlocked"]:
                if seat != you and isinstance(turn, int):
                    turns.append(turn)
        except (KeyError, TypeError, ValueError):
            pass
        found[slug] = min(turns, default=None)
    return found


# --- deciding -------------------------------------------------------------------------------


def decide(view: View, legal: list[Action]) -> Action | None:
    types = {action["type"] for action in legal}
    if types <= {"present", "keep"}:
        return presentation(legal)
    state, outlook = rebuild(view)
    sheet = state["sheets"][0]
    asking = sheet["asking"]
    if "idea" in types:
        return best_idea(sheet, outlook, legal)
    if asking["building"] is not None:
        return keep_building(state, outlook, legal)
    if "leap" in types:
        return best_leap(sheet, outlook, legal)
    if "cross" in types:
        return best_cross(sheet, outlook, legal)
    stage = asking["stage"]
    if stage == "journal":
        return first_journal(state, outlook, legal)
    if stage in ("journaling", "workshop"):
        step = next_step(state, outlook)
        if step is not None:
            return step
        return start_building(state, outlook, legal)
    return {"type": "done"}


def presentation(legal: list[Action]) -> Action:
    """Present every invention offered: its bonus only falls by waiting, and on Sunday what
    is not presented scores nothing."""
    for action in legal:
        if action["type"] == "present":
            return action
    return legal[0]


def best_idea(sheet: dict[str, Any], outlook: Outlook, legal: list[Action]) -> Action | None:
    best, chosen = None, None
    for action in legal:
        if action["type"] != "idea":
            continue
        slug = action["invention"]
        gain = invention_gain(sheet, slug, outlook, extra_ideas=1)
        if best is None or gain > best:
            best, chosen = gain, action
    return chosen


def invention_gain(sheet: dict[str, Any], slug: str, outlook: Outlook, extra_ideas: int) -> float:
    mechanisms = [m for m in sheet["mechanisms"] if m["invention"] == slug]
    ideas = sheet["inventions"][slug]["ideas"]
    free = free_cells(slug, mechanisms)
    before = invention_value(slug, mechanisms, ideas, free, outlook)
    after = invention_value(slug, mechanisms, min(IDEA_CIRCLES, ideas + extra_ideas), free, outlook)
    return after - before


def best_leap(sheet: dict[str, Any], outlook: Outlook, legal: list[Action]) -> Action | None:
    best, chosen = None, None
    for action in legal:
        if action["type"] != "leap":
            continue
        w, numbers = action["workshop"], action["numbers"]
        parts = list(sheet["workshops"][w])
        for i, status in enumerate(parts):
            printed = workshop.number(w, i)
            if (
                status == workshop.FREE
                and workshop.in_play(w, i, outlook.crossed)
                and (printed == WILD or printed in numbers)
            ):
                parts[i] = workshop.CIRCLED
        value = workshop_value(w, parts, outlook.crossed) - workshop_value(
            w, sheet["workshops"][w], outlook.crossed
        )
        if best is None or value > best:
            best, chosen = value, action
    return chosen


# --- journals -------------------------------------------------------------------------------


def journal_score(cells: list[int], outlook: Outlook, idea: float) -> float:
    """One journal's part of the sheet's worth: progress, wrenches earned, its Idea."""
    score = outlook.late * (journal_value(cells) + WRENCH * journal.wrenches_earned(cells))
    if journal.complete(cells) and not journal.crossed(cells):
        score += idea
    return score


def best_cross(sheet: dict[str, Any], outlook: Outlook, legal: list[Action]) -> Action | None:
    idea = idea_value(sheet, outlook)
    best, chosen = None, None
    for action in legal:
        if action["type"] != "cross":
            continue
        j, (r, c) = action["journal"], action["cell"]
        cells = list(sheet["journals"][j])
        before = journal_score(cells, outlook, idea)
        cells[journal.index(r, c)] = journal.X
        loss = journal_score(cells, outlook, idea) - before
        if best is None or loss > best:
            best, chosen = loss, action
    return chosen


def best_writes(
    sheet: dict[str, Any], numbers: list[int], journals: list[int], outlook: Outlook, idea: float
) -> tuple[float, Plan]:
    """The best writes of `numbers` into one of `journals`: the gain in worth and the plan
    (an empty plan, gaining nothing, when no number fits).

    A beam search: plans grow one write at a time, the JOURNAL_BEAM best kept at each length;
    a plan's writes are legal in any order, so each set of writes is weighed once."""
    best: float = 0.0
    chosen: Plan = []
    for j in journals:
        cells = sheet["journals"][j]
        before = journal_score(cells, outlook, idea)
        beam: list[tuple[float, list[int], list[int], Plan]] = [(0.0, cells, list(numbers), [])]
        seen: set[frozenset[tuple[int, int, int]]] = set()
        while beam:
            grown = []
            for _, current, left, plan in beam:
                for i, n in journal.writable(current, left):
                    key = frozenset([*plan, (j, i, n)])
                    if key in seen:
                        continue
                    seen.add(key)
                    written = list(current)
                    written[i] = n
                    rest = list(left)
                    rest.remove(n)
                    gain = journal_score(written, outlook, idea) - before
                    step = [*plan, (j, i, n)]
                    if not chosen or gain > best:
                        best, chosen = gain, step
                    if rest:
                        grown.append((gain, written, rest, step))
            grown.sort(key=lambda entry: -entry[0])
            beam = grown[:JOURNAL_BEAM]
    return best, chosen


def circle_plans(
    w: str, parts: list[int], dice: list[int], matching: dict[int, tuple[int, ...]]
) -> Iterator[tuple[list[int], Circles]]:
    """Every way to circle parts of workshop `w` with some of `dice` (sorted; at least one):
    each plan's parts and its circles."""

    def extend(
        k: int, current: list[int], plan: Circles, last: tuple[int, int]
    ) -> Iterator[tuple[list[int], Circles]]:
        if plan:
            yield current, plan
        if k == len(dice):
            return
        n = dice[k]
        yield from extend(k + 1, current, plan, last)  # this die unused
        for i in matching[n]:
            if current[i] != workshop.FREE or (last[0] == n and i <= last[1]):
                continue
            after = list(current)
            after[i] = workshop.CIRCLED
            yield from extend(k + 1, after, [*plan, (w, i, n)], (n, i))

    yield from extend(0, list(parts), [], (0, -1))


def best_circles(
    sheet: dict[str, Any], numbers: list[int], shops: list[str], outlook: Outlook
) -> tuple[float, Circles]:
    """The best parts to circle with `numbers` (each die at most once) in one of `shops`."""
    matching = workshop.matching(outlook.crossed)
    best, chosen = 0.0, []
    for w in shops:
        parts = sheet["workshops"][w]
        before = workshop_value(w, parts, outlook.crossed)
        for after, plan in circle_plans(w, parts, sorted(numbers), matching[w]):
            gain = outlook.late * (workshop_value(w, after, outlook.crossed) - before)
            if gain > best:
                best, chosen = gain, plan
    return best, chosen


def workshop_groups(state: State, sheet: dict[str, Any]) -> list[list[int]]:
    """The dice groups this seat may still circle parts with (their first circle not made)."""
    asking = sheet["asking"]
    if kind(state["dice"]) == EUREKA:
        return [[n] for n in range(1, 7)]
    grouped = groups(with_ball_bearing(state["dice"], asking["ball_bearing"]))
    return [g for k, g in enumerate(grouped) if k != asking["journal_group"]]


def best_workshop(
    state: State, sheet: dict[str, Any], outlook: Outlook, exclude: int | None = None
) -> tuple[float, Circles]:
    """The best circling of the groups left for the workshop (before its first circle)."""
    asking = sheet["asking"]
    if asking["workshop_left"] is not None:
        shops = list(WORKSHOPS) if has(sheet, "reamer") else asking["workshops"]
        return best_circles(sheet, asking["workshop_left"], shops, outlook)
    best, chosen = 0.0, []
    for k, group in enumerate(workshop_groups(state, sheet)):
        if k == exclude:
            continue
        gain, plan = best_circles(sheet, group, list(WORKSHOPS), outlook)
        if gain > best:
            best, chosen = gain, plan
    return best, chosen


def first_journal(state: State, outlook: Outlook, legal: list[Action]) -> Action | None:
    """The first write of the turn, or a Ball Bearing first if it makes a better turn."""
    sheet = state["sheets"][0]
    asking = sheet["asking"]
    idea = idea_value(sheet, outlook)
    base_gain, base_step = journal_turn(state, sheet, outlook, idea)
    best, chosen = base_gain, base_step
    for action in legal:
        if action["type"] != "ball_bearing":
            continue
        asking["ball_bearing"] = {"die": action["die"], "delta": action["delta"]}
        gain, step = journal_turn(state, sheet, outlook, idea)
        asking["ball_bearing"] = None
        if step is not None and gain > best + 0.5:
            best, chosen = gain, action
    return chosen


def journal_turn(
    state: State, sheet: dict[str, Any], outlook: Outlook, idea: float
) -> tuple[float, Action | None]:
    """The best journal group and writes with the best workshop group beside them: the gain
    and the first write."""
    dice = with_ball_bearing(state["dice"], sheet["asking"]["ball_bearing"])
    eureka = kind(state["dice"]) == EUREKA
    options = [[n] for n in range(1, 7)] if eureka else groups(dice)
    if eureka:
        circling = best_workshop(state, sheet, outlook)[0]
        beside = [circling] * len(options)
    else:
        shops = list(WORKSHOPS)
        gains = [best_circles(sheet, group, shops, outlook)[0] for group in options]
        beside = [
            max((x for k, x in enumerate(gains) if k != g), default=0.0)
            for g in range(len(options))
        ]
    best, first = None, None
    for g, numbers in enumerate(options):
        gain, plan = best_writes(sheet, numbers, [0, 1, 2], outlook, idea)
        if not plan:
            continue
        total = gain + beside[g]
        if best is None or total > best:
            best, first = total, write_action(plan[0])
    return (best or 0.0), first


def write_action(step: tuple[int, int, int]) -> Action:
    j, i, n = step
    r, c = divmod(i, 4)
    return {"type": "journal", "journal": j, "cell": [r, c], "number": n}


def circle_action(step: tuple[str, int, int]) -> Action:
    w, i, n = step
    return {"type": "circle", "workshop": w, "part": workshop.cell(i), "number": n}


def next_step(state: State, outlook: Outlook) -> Action | None:
    """More writes, or circles, while they add worth; None when it is time to build."""
    sheet = state["sheets"][0]
    asking = sheet["asking"]
    if asking["stage"] == "journaling" and asking["journal_left"]:
        shelves = [0, 1, 2] if has(sheet, "reamer") else asking["journals"]
        gain, plan = best_writes(
            sheet, asking["journal_left"], shelves, outlook, idea_value(sheet, outlook)
        )
        if plan and gain > 0:
            return write_action(plan[0])
    _, circles = best_workshop(state, sheet, outlook)
    if circles:
        return circle_action(circles[0])
    return None


# --- building -------------------------------------------------------------------------------


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
