"""Workshopping: circling parts in the workshops with the turn's dice, with a wrench, or all
at once on a Quantum Leap."""

from __future__ import annotations

from app.games.core import Action, IllegalAction, Seat, State
from app.games.log import log, seat_token
from app.games.unvention import workshop
from app.games.unvention.dice import EUREKA, group_of, groups, kind
from app.games.unvention.sheet import WILD, WORKSHOPS
from app.games.unvention.turn import seat_dice


def do_circle(state: State, seat: Seat, action: Action) -> None:
    sheet = state["sheets"][seat]
    asking = sheet["asking"]
    w, (r, c), n = action["workshop"], action["part"], action["number"]
    if asking["workshop_left"] is None:
        if kind(state["dice"]) == EUREKA:
            asking["workshop_left"] = []
        else:
            grouped = groups(seat_dice(state, sheet))
            g = group_of(grouped, n)
            if g is None:
                raise IllegalAction(f"no die shows {n}")
            left = list(grouped[g])
            left.remove(n)
            asking["workshop_group"] = g
            asking["workshop_left"] = left
        asking["journal_left"] = []
        asking["stage"] = "workshop"
    else:
        asking["workshop_left"].remove(n)
    if w not in asking["workshops"]:
        asking["workshops"].append(w)
    sheet["workshops"][w][workshop.index(r, c)] = workshop.CIRCLED
    asking["circled"].append([w, r, c])


def do_spend_wrench(state: State, seat: Seat, action: Action) -> None:
    sheet = state["sheets"][seat]
    w, (r, c) = action["workshop"], action["part"]
    sheet["spent"] += 1
    sheet["workshops"][w][workshop.index(r, c)] = workshop.CIRCLED
    sheet["asking"]["circled"].append([w, r, c])
    sheet["asking"]["wrenched"] += 1


def do_leap(state: State, seat: Seat, action: Action) -> None:
    sheet = state["sheets"][seat]
    asking = sheet["asking"]
    w, numbers = action["workshop"], action["numbers"]
    crossed = state["setup"]["crossed"]
    parts = sheet["workshops"][w]
    gained = 0
    for i, status in enumerate(parts):
        printed = workshop.number(w, i)
        if (
            status == workshop.FREE
            and workshop.in_play(w, i, crossed)
            and (printed == WILD or printed in numbers)
        ):
            parts[i] = workshop.CIRCLED
            asking["circled"].append([w, *workshop.cell(i)])
            gained += 1
    asking.update(
        stage="workshop",
        leap={"workshop": w, "numbers": list(numbers)},
        workshop_left=[],
        workshops=[w],
    )
    log(
        state,
        f"{seat_token(seat)} leapt in {WORKSHOPS[w].title} with {numbers[0]} and "
        f"{numbers[1]}: {gained} parts circled",
    )
