"""What an invention ability is: its steps, asked one choice at a time, and what it does once
every choice is made (abilities.py lists the ten); and the choices of a die or a row card that
most of them offer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.games.core import Action, Seat, State

Steps = Callable[[State, Seat, str, list[Action]], "list[Action] | None"]
Resolve = Callable[[State, Seat, str, list[Action]], None]


@dataclass(frozen=True)
class Ability:
    slug: str
    icon: str  # the rulebook's icon, which names the ability in the rulebook
    title: str
    text: str  # the effect, in our words, for the page
    asks: tuple[str, ...]  # what the player is asked at each step
    steps: Steps
    resolve: Resolve


def choose_die(die_id: int) -> Action:
    return {"type": "choose_die", "die": die_id}


def choose_row(slot: int) -> Action:
    return {"type": "choose_row", "slot": slot}
