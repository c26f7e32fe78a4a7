"""The good bot's workshop plans: the best parts to circle with the dice a seat may still
circle with, each die at most once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.games.core import Action, State
from app.games.unvention import workshop
from app.games.unvention.appraisal import (
    Outlook,
    workshop_value,
)
from app.games.unvention.dice import EUREKA, groups, kind, with_ball_bearing
from app.games.unvention.sheet import WORKSHOPS
from app.games.unvention.turn import has

Circles = list[tuple[str, int, int]]  # workshop plans: (workshop, part index, die number)


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


def circle_action(step: tuple[str, int, int]) -> Action:
    w, i, n = step
    return {"type": "circle", "workshop": w, "part": workshop.cell(i), "number": n}
