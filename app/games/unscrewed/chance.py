"""Chance: die rolls, stumbles and coin flips (and the Quirks that bend them: steady, lucky)."""

from __future__ import annotations

from collections.abc import Generator

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.log import log
from app.games.randomness import randomness
from app.games.unscrewed.board import DIRECTIONS
from app.games.unscrewed.choices import choose_direction
from app.games.unscrewed.events import event, who
from app.games.unscrewed.movement import move
from app.games.unscrewed.quirks import has_quirk

Effect = Generator[Ask, Action, None]
STUMBLE_FACES = {1: "north", 2: "east", 3: "south", 4: "west"}


def roll(state: State, why: str) -> int:
    with randomness(state) as rng:
        value = rng.die()
    event(state, "roll", value=value, why=why)
    return value


def stumble_direction(state: State, thing_id: str) -> Generator[Ask, Action, str]:
    """Roll for a direction: 1 North, 2 East, 3 South, 4 West; 5 and 6 are rolled again."""
    seat = state["things"][thing_id].get("seat")
    if seat is not None and has_quirk(state, seat, "steady"):
        return (yield from choose_direction(state, seat, "a steady stumble", shift=False))
    while True:
        value = roll(state, "stumble")
        if value in STUMBLE_FACES:
            return STUMBLE_FACES[value]


def stumble(state: State, thing_id: str, steps: int = 1) -> Effect:
    direction = yield from stumble_direction(state, thing_id)
    event(state, "stumble", thing=thing_id, direction=direction)
    if state["things"][thing_id]["at"] is not None:
        move(state, thing_id, DIRECTIONS[direction], steps)


def coin(state: State, seat: int) -> Generator[Ask, Action, bool]:
    answer = yield Ask(
        seat,
        "Call the coin",
        [{"type": "call", "side": "heads"}, {"type": "call", "side": "tails"}],
        {"kind": "call"},
    )
    call = answer["side"]
    won = _flip(state, seat, call)
    if not won and has_quirk(state, seat, "lucky"):
        won = _flip(state, seat, call)
    return won


def _flip(state: State, seat: int, call: str) -> bool:
    with randomness(state) as rng:
        side = ("heads", "tails")[rng.below(2)]
    won = side == call
    event(state, "coin", seat=seat, call=call, side=side, won=won)
    log(state, f"{who(state, seat)} calls {call}: {side}, {'won' if won else 'lost'}")
    return won
