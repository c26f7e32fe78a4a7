"""How Unvention's good bot weighs every legal action (`GoodBot.consider`, bot.py).

A value is a gain in points by the bot's own appraisal (appraisal.py: a guess at the points
the sheet will end the game with), of the best plan of the rest of the turn that starts with
the action, against the sheet as it is now: "done" with nothing left to gain is worth 0. The
plans are the bot's own (bot.py's docstring lists them):

- an Idea: what it adds to the invention; a Quantum Leap: the parts it circles; an X: what it
  costs; presenting: every invention offered presented (keeping one back forgoes its points);
- journaling: the write, the best writes after it in the same journal, and the best parts the
  best other group could circle beside them; a Ball Bearing: the best turn it makes, less the
  half point the bot asks of it before it spends it;
- workshopping: more writes (while the journal group lasts), the best circles, then the best
  mechanism its wrenches can build now (started, or being built: each part added and each
  place drawn is worth the best mechanism that holds it there);
- a wrench spent: the best plan without it plus what its circled part adds, less the wrench.

The bot's own choice comes first. Where the quick estimate of another action comes out above
it (the choice is the bot's deeper look), that action is given the choice's value, after it.
Reasons name the sheet's journals, cells, workshops, parts and inventions, all public.
"""

from __future__ import annotations

from typing import Any

from app.games.bots import Weighed
from app.games.core import Action, State, canonical
from app.games.unvention import journal, workshop
from app.games.unvention.appraisal import (
    ABILITY,
    WRENCH,
    Outlook,
    free_cells,
    idea_value,
    invention_outcomes,
    invention_value,
    near,
    outcome,
    tool_points,
    workshop_value,
)
from app.games.unvention.bot import (
    JOURNAL_BEAM,
    SNUG,
    Plan,
    best_build,
    best_circles,
    best_workshop,
    invention_gain,
    journal_score,
    journal_turn,
    rebuild,
    workshop_groups,
)
from app.games.unvention.dice import EUREKA, groups, kind, with_ball_bearing
from app.games.unvention.shapes import mask, normalise, orientations, tool_of
from app.games.unvention.sheet import DAYS, IDEA_CIRCLES, INVENTIONS, TOOLS, WILD, WORKSHOPS
from app.games.unvention.turn import build_cost, has

BEARING_MARGIN = 0.5  # what the bot asks a Ball Bearing to add before it spends it (bot.py)


def weigh(view: dict[str, Any], legal: list[Action], chosen: Action) -> list[Weighed]:
    """Every legal action, the bot's `chosen` first (see the module docstring)."""
    state, outlook = rebuild(view)
    found = Weigher(state, outlook, view).values(legal)
    mine = found.get(canonical(chosen))
    top = mine[0] if mine is not None else 0.0
    first = Weighed(chosen, round(top, 3), mine[1] if mine else words_done())
    rest = [
        (min(value, top), action, reason)
        for action in legal
        if canonical(action) != canonical(chosen)
        for value, reason in [found.get(canonical(action), (top, "A step the bot did not weigh"))]
    ]
    rest.sort(key=lambda entry: -entry[0])  # stable: the legal order on ties
    return [first, *(Weighed(action, round(value, 3), reason) for value, action, reason in rest)]


def words_done() -> str:
    return "End the turn"


class Weigher:
    """The values and reasons of one decision's legal actions, by canonical action."""

    def __init__(self, state: State, outlook: Outlook, view: dict[str, Any]) -> None:
        self.state = state
        self.outlook = outlook
        self.view = view
        self.sheet: dict[str, Any] = state["sheets"][0]
        self.asking: dict[str, Any] = self.sheet["asking"]

    def values(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        types = {action["type"] for action in legal}
        found: dict[str, tuple[float, str]] = {}
        if types <= {"present", "keep"}:
            weighers = [self.presenting]
        elif "idea" in types:
            weighers = [self.ideas]
        elif self.asking["building"] is not None:
            weighers = [self.building]
        else:
            weighers = [self.leaps, self.crosses, self.journal_first, self.journaling]
        for weigher in weighers:
            found.update(weigher(legal))
        base = max((value for value, _ in found.values()), default=0.0)
        for action in legal:
            if action["type"] == "spend_wrench":
                found[canonical(action)] = self.wrench(action, base)
            elif action["type"] == "done" and canonical(action) not in found:
                found[canonical(action)] = (0.0, "End the turn: nothing more adds to the sheet")
        return found

    # -- end of a day, Ideas, leaps, crosses --

    def presenting(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        me = self.view["state"]["players"][self.view["you"]]
        worth = {
            a["invention"]: float(me["inventions"][a["invention"]]["worth"]["total"]) for a in legal
        }
        every = sum(worth.values())
        last = self.outlook.day >= len(DAYS) - 1
        found = {}
        for a in legal:
            slug, title = a["invention"], INVENTIONS[a["invention"]].title
            if a["type"] == "present":
                found[canonical(a)] = (every, f"Present {title} for {points(worth[slug])}")
            else:
                later = "it scores nothing after Sunday" if last else "its bonus falls by waiting"
                found[canonical(a)] = (every - worth[slug], f"Keep {title} back: {later}")
        return found

    def ideas(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        found = {}
        for a in legal:
            if a["type"] == "idea":
                slug = a["invention"]
                gain = invention_gain(self.sheet, slug, self.outlook, extra_ideas=1)
                times = min(IDEA_CIRCLES, self.sheet["inventions"][slug]["ideas"] + 1)
                reason = f"Put the journal's Idea on {INVENTIONS[slug].title}: x{times}"
                found[canonical(a)] = (gain, reason)
        return found

    def leaps(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        found = {}
        crossed = self.outlook.crossed
        for a in legal:
            if a["type"] != "leap":
                continue
            w, numbers = a["workshop"], a["numbers"]
            parts = list(self.sheet["workshops"][w])
            before = workshop_value(w, parts, crossed)
            count = 0
            for i, status in enumerate(parts):
                printed = workshop.number(w, i)
                if (
                    status == workshop.FREE
                    and workshop.in_play(w, i, crossed)
                    and (printed == WILD or printed in numbers)
                ):
                    parts[i] = workshop.CIRCLED
                    count += 1
            gain = workshop_value(w, parts, crossed) - before
            reason = (
                f"Leap in the {WORKSHOPS[w].title} workshop with {numbers[0]} and "
                f"{numbers[1]}: {count} parts circled"
            )
            found[canonical(a)] = (gain, reason)
        return found

    def crosses(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        found = {}
        idea = idea_value(self.sheet, self.outlook)
        for a in legal:
            if a["type"] != "cross":
                continue
            j, (r, c) = a["journal"], a["cell"]
            cells = list(self.sheet["journals"][j])
            before = journal_score(cells, self.outlook, idea)
            cells[journal.index(r, c)] = journal.X
            loss = journal_score(cells, self.outlook, idea) - before
            reason = f"Mark the X in journal {j + 1}, row {r + 1}, column {c + 1}: it costs least"
            found[canonical(a)] = (loss, reason)
        return found

    # -- journaling and workshopping --

    def journal_first(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        """The turn's first write (each with its group's best workshop beside it), and the
        Ball Bearing."""
        if self.asking["stage"] != "journal":
            return {}
        found = {}
        idea = idea_value(self.sheet, self.outlook)
        dice = with_ball_bearing(self.state["dice"], self.asking["ball_bearing"])
        eureka = kind(self.state["dice"]) == EUREKA
        options = [[n] for n in range(1, 7)] if eureka else groups(dice)
        if eureka:
            beside = [best_workshop(self.state, self.sheet, self.outlook)[0]] * len(options)
        else:
            shops = list(WORKSHOPS)
            gains = [best_circles(self.sheet, g, shops, self.outlook)[0] for g in options]
            beside = [
                max((x for k, x in enumerate(gains) if k != g), default=0.0)
                for g in range(len(options))
            ]
        by_group = [
            writes_by_step(self.sheet, group, [0, 1, 2], self.outlook, idea) for group in options
        ]
        for a in legal:
            if a["type"] == "journal":
                g = next(k for k, group in enumerate(options) if a["number"] in group)
                gain, plan = by_group[g].get(step_of(a), (0.0, []))
                found[canonical(a)] = (gain + beside[g], self.write_words(a, plan))
            elif a["type"] == "ball_bearing":
                self.asking["ball_bearing"] = {"die": a["die"], "delta": a["delta"]}
                gain, step = journal_turn(self.state, self.sheet, self.outlook, idea)
                self.asking["ball_bearing"] = None
                before = self.state["dice"][a["die"]]
                reason = f"Use the Ball Bearing: the {before} counts as {before + a['delta']}"
                value = gain - BEARING_MARGIN if step is not None else -BEARING_MARGIN
                found[canonical(a)] = (value, reason)
        return found

    def journaling(self, legal: list[Action]) -> dict[str, tuple[float, str]]:
        """Later writes, circles, starting a build, and done."""
        stage = self.asking["stage"]
        if stage not in ("journaling", "workshop", "built"):
            return {}
        found: dict[str, tuple[float, str]] = {}
        types = {a["type"] for a in legal}
        build = 0.0
        if "build_start" in types:
            gain, mechanism = best_build(self.state, self.outlook, [], None)
            build = max(0.0, gain) if mechanism is not None else 0.0
            found[canonical({"type": "build_start"})] = (
                (gain, self.start_words(mechanism))
                if mechanism is not None
                else (-WRENCH, "Start a mechanism: none is worth its wrenches now")
            )
        circling = (
            best_workshop(self.state, self.sheet, self.outlook)[0] if "circle" in types else 0.0
        )
        idea = idea_value(self.sheet, self.outlook)
        shelves = [0, 1, 2] if has(self.sheet, "reamer") else self.asking["journals"]
        left = self.asking["journal_left"] if stage == "journaling" else []
        writes = writes_by_step(self.sheet, left, shelves, self.outlook, idea) if left else {}
        for a in legal:
            if a["type"] == "journal":
                gain, plan = writes.get(step_of(a), (0.0, []))
                found[canonical(a)] = (gain + circling + build, self.write_words(a, plan))
            elif a["type"] == "circle":
                gain, reason = self.circle(a)
                found[canonical(a)] = (gain + build, reason)
        if "done" in types:
            found[canonical({"type": "done"})] = (0.0, "End the turn")
        return found

    def write_words(self, a: Action, plan: Plan) -> str:
        """The write `a` and the rest of the best plan holding it, in words."""
        j, (r, c), n = a["journal"], a["cell"], a["number"]
        reason = f"Write a {n} in journal {j + 1}, row {r + 1}, column {c + 1}"
        then = [str(number) for step in plan if step != step_of(a) for _, _, number in [step]]
        if then:
            reason += ", then " + " and ".join(then)
        cells = self.sheet["journals"][j]
        written = list(cells)
        for _, i, number in plan:
            written[i] = number
        earned = journal.wrenches_earned(written) - journal.wrenches_earned(cells)
        if earned:
            reason += f": {earned} wrench{'es' if earned > 1 else ''} earned"
        elif journal.complete(written):
            reason += ": the journal is complete"
        return reason

    def circle(self, a: Action) -> tuple[float, str]:
        """Circling `a`, then the best circles the rest of its group makes in its workshop."""
        w, (r, c), n = a["workshop"], a["part"], a["number"]
        crossed = self.outlook.crossed
        parts = self.sheet["workshops"][w]
        before = workshop_value(w, parts, crossed)
        after = list(parts)
        after[workshop.index(r, c)] = workshop.CIRCLED
        first = self.outlook.late * (workshop_value(w, after, crossed) - before)
        rest = self.group_rest(n)
        shops = list(WORKSHOPS) if has(self.sheet, "reamer") else [w]
        self.sheet["workshops"][w] = after
        try:
            more, plan = best_circles(self.sheet, rest, shops, self.outlook) if rest else (0.0, [])
        finally:
            self.sheet["workshops"][w] = parts
        title = WORKSHOPS[w].title
        reason = f"Circle the part at row {r + 1}, column {c + 1} of {title} with a {n}"
        if plan:
            reason += f", then {len(plan)} more"
        return first + more, reason

    def group_rest(self, n: int) -> list[int]:
        """The numbers left to circle with after circling with `n`."""
        left = self.asking["workshop_left"]
        if left is not None:
            rest = list(left)
        elif kind(self.state["dice"]) == EUREKA:
            return []
        else:
            rest = next((list(g) for g in workshop_groups(self.state, self.sheet) if n in g), [])
        if n in rest:
            rest.remove(n)
        return rest

    def start_words(self, plan: dict[str, Any]) -> str:
        cost = build_cost(self.state, self.sheet)
        size = len(plan["parts"])
        return (
            f"Start a mechanism ({cost} wrench{'' if cost == 1 else 'es'}): the best is "
            f"{size} {WORKSHOPS[plan['workshop']].title} parts into "
            f"{INVENTIONS[plan['invention']].title}"
        )

    # -- a mechanism being built --

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
        """Drawing the mechanism of `cells` where `a` says, as bot.best_build counts it."""
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

    # -- wrenches --

    def wrench(self, a: Action, base: float) -> tuple[float, str]:
        w, (r, c) = a["workshop"], a["part"]
        parts = self.sheet["workshops"][w]
        after = list(parts)
        after[workshop.index(r, c)] = workshop.CIRCLED
        crossed = self.outlook.crossed
        gain = self.outlook.late * (
            workshop_value(w, after, crossed) - workshop_value(w, parts, crossed) - WRENCH
        )
        title = WORKSHOPS[w].title
        return (
            base + gain,
            f"Spend a wrench to circle the part at row {r + 1}, column {c + 1} of {title}",
        )


def step_of(a: Action) -> tuple[int, int, int]:
    """A write action as bot.py's plans hold it: (journal, cell index, number)."""
    r, c = a["cell"]
    return (a["journal"], journal.index(r, c), a["number"])


def writes_by_step(
    sheet: dict[str, Any], numbers: list[int], journals: list[int], outlook: Outlook, idea: float
) -> dict[tuple[int, int, int], tuple[float, Plan]]:
    """bot.best_writes's beam search, keeping for every write it tries the best plan holding
    it and that plan's gain: a plan's writes are legal in any order, so that plan is the best
    it saw starting with the write. Its best overall is best_writes's own."""
    best: dict[tuple[int, int, int], tuple[float, Plan]] = {}
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
                    for write in step:
                        if write not in best or gain > best[write][0]:
                            best[write] = (gain, step)
                    if rest:
                        grown.append((gain, written, rest, step))
            grown.sort(key=lambda entry: -entry[0])
            beam = grown[:JOURNAL_BEAM]
    return best


def points(count: float) -> str:
    whole = int(count)
    return f"{whole} point{'' if whole == 1 else 's'}"
