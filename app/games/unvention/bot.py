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

This module decides (`decide`) and holds the short plans (an Idea, a Quantum Leap, presenting);
the bot's sheet is rebuilt from its view in rebuild.py, and the longer plans are in
journal_plans.py, workshop_plans.py and mechanism_plans.py.

What a sheet is worth comes from appraisal.py; how the bot weighs every legal action for hints
and reviews (`consider`: points by that appraisal, of the best plan starting with each action)
is weighing.py. The bot draws nothing at random: a plan is a function of the view, so the
same view gives the same answer. Should a view not hold what the bot expects, it falls back on
a plain legal action ("done" if it can) rather than fail.
"""

from __future__ import annotations

from typing import Any

from app.games.bots import View
from app.games.core import Action, Rng, State, canonical
from app.games.unvention import workshop
from app.games.unvention.appraisal import (
    Outlook,
    free_cells,
    idea_value,
    invention_value,
    workshop_value,
)
from app.games.unvention.journal_plans import best_cross, best_writes, first_journal, write_action
from app.games.unvention.mechanism_plans import keep_building, start_building
from app.games.unvention.rebuild import rebuild
from app.games.unvention.sheet import IDEA_CIRCLES, WILD
from app.games.unvention.turn import has
from app.games.unvention.workshop_plans import best_workshop, circle_action


def fallback(legal: list[Action], rng: Rng) -> Action:
    """A plain legal action: end the turn or present if possible, else any."""
    for kind_wanted in ("done", "present"):
        for action in legal:
            if action.get("type") == kind_wanted:
                return action
    return rng.choice(sorted(legal, key=canonical))


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
