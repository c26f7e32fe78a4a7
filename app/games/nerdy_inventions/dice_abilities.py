"""The abilities that change the player's dice: minus one and minus two (the pocket watch and
the clamp), redistribute (the locomotive), reroll (the cuckoo clock) and split (the hot air
balloon)."""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.ability import Resolve, Steps, choose_die
from app.games.randomness import randomness

# --- minus_one, minus_two: the pocket watch and the clamp ------------------------------------


def lower_steps(by: int) -> Steps:
    def steps(state: State, seat: Seat, card_id: str, picks: list[Action]) -> list[Action] | None:
        if picks:
            return None
        return [choose_die(held["id"]) for held in state["dice"] if held["value"] - by >= 1]

    return steps


def lower(by: int) -> Resolve:
    def resolve(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
        held = board.die(state, picks[0]["die"])
        before = held["value"]
        held["value"] -= by
        log(
            state,
            f"{seat_token(seat)} used the {board.name(state, card_id)}: a {before} became "
            f"a {held['value']}",
        )

    return resolve


# --- redistribute: the locomotive -----------------------------------------------------------


def new_values(first: int, second: int) -> list[int]:
    """The values the first of two dice may take, keeping the total, both 1..6, a change."""
    total = first + second
    return [value for value in range(max(1, total - 6), min(6, total - 1) + 1) if value != first]


def redistribute_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    dice = state["dice"]
    if not picks:
        return [
            choose_die(a["id"])
            for a in dice
            if any(b["id"] != a["id"] and new_values(a["value"], b["value"]) for b in dice)
        ]
    first = board.die(state, picks[0]["die"])
    if len(picks) == 1:
        return [
            choose_die(b["id"])
            for b in dice
            if b["id"] != first["id"] and new_values(first["value"], b["value"])
        ]
    if len(picks) == 2:
        second = board.die(state, picks[1]["die"])
        return [
            {"type": "choose_value", "value": value}
            for value in new_values(first["value"], second["value"])
        ]
    return None


def redistribute(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    first, second = (board.die(state, pick["die"]) for pick in picks[:2])
    before = (first["value"], second["value"])
    total = first["value"] + second["value"]
    first["value"] = picks[2]["value"]
    second["value"] = total - first["value"]
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: {before[0]} and {before[1]} "
        f"became {first['value']} and {second['value']}",
    )


# --- reroll: the cuckoo clock ---------------------------------------------------------------


def reroll_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    if picks:
        return None
    return [choose_die(held["id"]) for held in state["dice"]]


def reroll(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    held = board.die(state, picks[0]["die"])
    before = held["value"]
    with randomness(state) as rng:
        held["value"] = rng.die()
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: rerolled a {before} "
        f"and got a {held['value']}",
    )


# --- split: the hot air balloon -------------------------------------------------------------


def split_steps(state: State, seat: Seat, card_id: str, picks: list[Action]) -> list[Action] | None:
    if not picks:
        return [choose_die(held["id"]) for held in state["dice"] if held["value"] >= 2]
    if len(picks) == 1:
        value = board.die(state, picks[0]["die"])["value"]
        return [{"type": "choose_value", "value": part} for part in range(1, value // 2 + 1)]
    return None


def split(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    """The chosen die keeps the larger part; a new die right after it shows the smaller."""
    held = board.die(state, picks[0]["die"])
    before, part = held["value"], picks[1]["value"]
    held["value"] = before - part
    board.add_die(state, part, after=held["id"])
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: split a {before} into "
        f"{held['value']} and {part}",
    )
