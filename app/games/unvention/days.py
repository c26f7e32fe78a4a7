"""The competition's turns and days: each turn's roll, the turn's end once every seat is done,
the end of a day when enough journals are complete, and the presentations that close it."""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.decisions import Simultaneous
from app.games.log import log, seat_token
from app.games.randomness import randomness
from app.games.unvention import scoring
from app.games.unvention.contract import Phase
from app.games.unvention.dice import EUREKA, QUANTUM_LEAP, groups, kind
from app.games.unvention.ending import end_competition
from app.games.unvention.sheet import DAY_TITLES, DAYS, INVENTIONS
from app.games.unvention.turn import (
    WAITING,
    Sheet,
    complete_journals,
    fresh_turn,
    open_inventions,
)


def start_turn(state: State) -> None:
    state["turn"] += 1
    with randomness(state) as rng:
        state["dice"] = [rng.die() for _ in range(5)]
    roll_kind = kind(state["dice"])
    for sheet in state["sheets"]:
        sheet["asking"] = fresh_turn(roll_kind)
        sheet["present"] = []
    Simultaneous.open(state, WAITING, list(range(state["players"])))
    shown = " ".join(str(d) for d in state["dice"])
    if roll_kind == EUREKA:
        what = "Eureka! Everyone names a journal number and a workshop number"
    elif roll_kind == QUANTUM_LEAP:
        what = "Quantum Leap! Everyone picks a workshop and two numbers"
    else:
        what = "groups " + " | ".join(" ".join(map(str, g)) for g in groups(state["dice"]))
    log(state, f"{DAY_TITLES[DAYS[state['day']]]}, turn {state['turn']}: {shown}: {what}")


def end_turn(state: State) -> None:
    """Every seat is done: check the end of the day, then present or roll again."""
    counts = [complete_journals(sheet) for sheet in state["sheets"]]
    today = state["day"]
    triggered = [d for d in range(today, len(DAYS)) if d + 1 in counts]
    if not triggered:
        start_turn(state)
        return
    after = max(triggered) + 1
    log(state, f"{DAY_TITLES[DAYS[today]]} ends")
    for skipped in range(today + 1, min(after, len(DAYS))):
        log(state, f"{DAY_TITLES[DAYS[skipped]]} is skipped")
    state["phase"] = Phase.PRESENT
    state["presenting"] = {"day": today, "next": after}
    seats = []
    for seat, sheet in enumerate(state["sheets"]):
        sheet["asking"]["stage"] = "done"
        sheet["present"] = presentable(sheet, today)
        if sheet["present"]:
            seats.append(seat)
    if seats:
        Simultaneous.open(state, WAITING, seats)
    else:
        end_day(state)


def end_day(state: State) -> None:
    presenting = state.pop("presenting")
    state.pop(WAITING, None)
    if presenting["next"] >= len(DAYS):
        end_competition(state)
        return
    state["day"] = presenting["next"]
    state["phase"] = Phase.TURN
    log(state, f"{DAY_TITLES[DAYS[state['day']]]} begins")
    start_turn(state)


def presentable(sheet: Sheet, day: int) -> list[str]:
    """Inventions `sheet` may present at the end of `day`: complete ones; on Sunday also
    incomplete ones holding at least one mechanism."""
    found = []
    for slug in open_inventions(sheet):
        mechanisms = scoring.mechanisms_in(sheet, slug)
        if scoring.is_complete(slug, mechanisms) or (day == len(DAYS) - 1 and mechanisms):
            found.append(slug)
    return found


def do_done(state: State, seat: Seat, action: Action) -> None:
    state["sheets"][seat]["asking"]["stage"] = "done"
    if Simultaneous.answer(state, WAITING, seat, True):
        Simultaneous.close(state, WAITING)
        end_turn(state)


def do_present(state: State, seat: Seat, action: Action) -> None:
    sheet = state["sheets"][seat]
    slug = action["invention"]
    day = state["presenting"]["day"]
    entry = sheet["inventions"][slug]
    score = scoring.invention_score(slug, scoring.mechanisms_in(sheet, slug), entry["ideas"], day)
    entry["presented"] = {"day": day, **score}
    log(
        state,
        f"{seat_token(seat)} presented {INVENTIONS[slug].title} for {score['total']} points "
        f"(variety {score['variety']}, completion {score['completion']}, "
        f"{INVENTIONS[slug].criterion_title.lower()} {score['count']} x {score['multiplier']})",
    )
    decided(state, seat, slug)


def do_keep(state: State, seat: Seat, action: Action) -> None:
    log(state, f"{seat_token(seat)} keeps {INVENTIONS[action['invention']].title} back")
    decided(state, seat, action["invention"])


def decided(state: State, seat: Seat, slug: str) -> None:
    sheet = state["sheets"][seat]
    sheet["present"].remove(slug)
    if not sheet["present"] and Simultaneous.answer(state, WAITING, seat, True):
        Simultaneous.close(state, WAITING)
        end_day(state)
