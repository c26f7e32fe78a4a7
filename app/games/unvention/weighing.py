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

This module weighs the end of a day, Ideas, leaps, crosses and wrenches; journaling and
workshopping are weighed in weighing_steps.py, a mechanism being built in
weighing_mechanism.py (both parts of `Weigher`).
"""

from __future__ import annotations

from typing import Any

from app.games.bots import Weighed
from app.games.core import Action, State, canonical
from app.games.unvention import journal, workshop
from app.games.unvention.appraisal import (
    WRENCH,
    Outlook,
    idea_value,
    workshop_value,
)
from app.games.unvention.bot import invention_gain
from app.games.unvention.journal_plans import journal_score
from app.games.unvention.rebuild import rebuild
from app.games.unvention.sheet import DAYS, IDEA_CIRCLES, INVENTIONS, WILD, WORKSHOPS
from app.games.unvention.weighing_mechanism import MechanismWeighing
from app.games.unvention.weighing_steps import StepWeighing


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


class Weigher(StepWeighing, MechanismWeighing):
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


def points(count: float) -> str:
    whole = int(count)
    return f"{whole} point{'' if whole == 1 else 's'}"
