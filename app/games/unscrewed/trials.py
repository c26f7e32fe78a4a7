"""The good bot's trials and playout policy: what an option does when it is tried on a guessed
state (an attack aimed, a Master Plan action, an Improv card, a direction), and how the seats
answer questions in a playout (`Playing`; `Answering` gives one chosen answer first).

The greedy sparring bot tries its options with the same trials, judged at once.
"""

from __future__ import annotations

from typing import Any

from app.games.bots import View
from app.games.core import Action, Rng, State
from app.games.decisions import Ask
from app.games.unscrewed.attacks import victims
from app.games.unscrewed.board import ALL_DIRECTIONS, character
from app.games.unscrewed.box import improv_card
from app.games.unscrewed.foresight import drive
from app.games.unscrewed.improv import resolve, run_effects
from app.games.unscrewed.movement import move
from app.games.unscrewed.rounds import perform


class Playing:
    """How the seats answer questions in a playout: the bot aims at the most characters, and
    everything else (the other seats included) is random, from the playout's own generator."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng.from_seed(seed)

    def __call__(self, state: State, ask: Ask) -> Action:
        options = ask.options
        if ask.seat == self.seat and ask.info.get("kind") == "aim":
            card = improv_card(state, ask.info["card"])
            at = state["things"][character(self.seat)]["at"]
            hits = [
                sum(
                    1
                    for thing in victims(state, card["grid"], at, option["direction"])
                    if thing.startswith("c")
                )
                for option in options
            ]
            most = max(hits)
            best = [option for option, hit in zip(options, hits, strict=True) if hit == most]
            return self.rng.choice(best)
        return self.rng.choice(options)


def aim_trial(view: View) -> Any:
    card_id = view["state"]["asking"]["info"]["card"]

    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        card = improv_card(state, card_id)
        context = {"seat": seat, "card": card, "aim": option["direction"], "depth": 0}
        drive(state, run_effects(state, context, card["effects"]), policy)

    return trial


def plan_trial(view: View) -> Any:
    execution = view["state"].get("execution") or {"step": 0}

    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        drive(state, perform(state, seat, execution["step"], option["action"]), policy)

    return trial


def improv_trial(view: View) -> Any:
    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        drive(state, resolve(state, seat, option["card"]), policy)

    return trial


def direction_trial(view: View) -> Any:
    """A chosen direction: the rest of the Improv card being resolved (the last one the view's
    events show the bot drawing) with that answer; without such a card (a steady stumble, a
    shift as a Reward), a step of the bot's own character that way."""
    seat = view["state"]["you"]["seat"]
    drawn = [
        event["card"]
        for event in view["state"].get("events", [])
        if event.get("kind") == "improv" and event.get("seat") == seat
    ]
    card_id = drawn[-1] if drawn else None

    def trial(state: State, seat: int, option: Action, policy: Playing) -> None:
        card = improv_card(state, card_id) if card_id else None
        effects = card["effects"] if card else []
        choosing = [
            index
            for index, effect in enumerate(effects)
            if effect.get("dir") in ("choose", "shift")
        ]
        if card is not None and choosing:
            context = {"seat": seat, "card": card, "aim": None, "depth": 0}
            rest = effects[choosing[0] :]
            drive(state, run_effects(state, context, rest), Answering(policy, seat, option))
            return
        direction = option["direction"]
        if direction in ALL_DIRECTIONS and state["things"][character(seat)]["at"] is not None:
            move(state, character(seat), ALL_DIRECTIONS[direction], 1)

    return trial


class Answering:
    """A playout policy that gives `option` to the bot's first question of its kind."""

    def __init__(self, policy: Playing, seat: int, option: Action) -> None:
        self.policy = policy
        self.seat = seat
        self.option = option
        self.given = False

    def __call__(self, state: State, ask: Ask) -> Action:
        if not self.given and ask.seat == self.seat and self.option in ask.options:
            self.given = True
            return self.option
        return self.policy(state, ask)
