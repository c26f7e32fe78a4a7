"""How Unvention's good bot weighs the steps of journaling and workshopping (weighing.py says
how values are counted): the turn's first write and the Ball Bearing, later writes, circles,
and starting a mechanism."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, State, canonical
from app.games.unvention import journal, workshop
from app.games.unvention.appraisal import (
    WRENCH,
    Outlook,
    idea_value,
    workshop_value,
)
from app.games.unvention.dice import EUREKA, groups, kind, with_ball_bearing
from app.games.unvention.journal_plans import JOURNAL_BEAM, Plan, journal_score, journal_turn
from app.games.unvention.mechanism_plans import best_build
from app.games.unvention.sheet import INVENTIONS, WORKSHOPS
from app.games.unvention.turn import build_cost, has
from app.games.unvention.workshop_plans import best_circles, best_workshop, workshop_groups

# What the bot asks a Ball Bearing to add before it spends it (journal_plans.first_journal).
BEARING_MARGIN = 0.5


class StepWeighing:
    """The weigher's part for journaling and workshopping (a mixin of weighing.Weigher)."""

    # set by Weigher (weighing.py)
    state: State
    outlook: Outlook
    sheet: dict[str, Any]
    asking: dict[str, Any]

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


def step_of(a: Action) -> tuple[int, int, int]:
    """A write action as journal_plans.py holds it: (journal, cell index, number)."""
    r, c = a["cell"]
    return (a["journal"], journal.index(r, c), a["number"])


def writes_by_step(
    sheet: dict[str, Any], numbers: list[int], journals: list[int], outlook: Outlook, idea: float
) -> dict[tuple[int, int, int], tuple[float, Plan]]:
    """journal_plans.best_writes's beam search, keeping for every write it tries the best plan
    holding it and that plan's gain: a plan's writes are legal in any order, so that plan is the
    best it saw starting with the write. Its best overall is best_writes's own."""
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
