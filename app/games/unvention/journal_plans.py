"""The good bot's journal plans: the best writes of a group's numbers in one journal (a small
beam search), the turn's first write with the best workshop group beside it (a Ball Bearing
tried first), and the X that costs least when nothing can be written."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, State
from app.games.unvention import journal
from app.games.unvention.appraisal import (
    WRENCH,
    Outlook,
    idea_value,
    journal_value,
)
from app.games.unvention.dice import EUREKA, groups, kind, with_ball_bearing
from app.games.unvention.sheet import WORKSHOPS
from app.games.unvention.workshop_plans import best_circles, best_workshop

JOURNAL_BEAM = 8  # journal plans kept at each length


Plan = list[tuple[int, int, int]]  # journal plans: (journal, cell index, number)


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
