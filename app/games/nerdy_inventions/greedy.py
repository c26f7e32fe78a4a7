"""Nerdy Inventions' greedy sparring bot: the step that gains the most points at once.

Only the benchmarks play it (scripts/bench_bots.py; `Game.sparring_bots`), to measure the good
bot against a plain opponent. Each step it takes the action that raises its own score the
most right away, by the game's own count (inventions, tools, set bonus): a build is counted
from its first step, so "build" and each "pay" of it gain the card's points; a step that
gains nothing, or leaves a build unpaid, gains 0. Equal gains are drawn with the bot's `rng`
among the actions in their canonical order, so a game is reproducible. Like every bot it
reads its view only (the workbench samples the deck's order it cannot see).
"""

from __future__ import annotations

from app.games.bots import Bot, View, best_gain
from app.games.core import Action, Game, Rng, State, canonical
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.bot import copy, workbench


def immediate(state: State, seat: int) -> int:
    """The seat's score, a build half paid counted as made."""
    total = board.score(state, seat)["total"]
    asking = state["asking"]
    if asking is not None and asking["kind"] == "build":
        total += int(board.card(state, asking["card"])["points"])
    return total


class GreedyBot(Bot):
    level = "greedy"
    label = "Greedy"

    def choose(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
        ordered = sorted(legal, key=canonical)
        if len(ordered) == 1:
            return ordered[0]
        try:
            seat = int(view["you"])
            state = workbench(game, view, rng)
            before = immediate(state, seat)
            gains = []
            for action in ordered:
                child = copy(state)
                game.play(child, seat, action)
                gains.append(immediate(child, seat) - before)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return rng.choice(ordered)
        return best_gain(ordered, gains, rng)
