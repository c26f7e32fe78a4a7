"""Unvention's greedy sparring bot: the step after which the turn reaches the most points.

Only the benchmarks play it (scripts/bench_bots.py; `Game.sparring_bots`), to measure the good
bot against a plain opponent. Unvention gains points by the turn, not by the step (a number
written, a part circled, a build begun score nothing by themselves), so the bot is greedy over
the turn: each legal step is played on its own sheet, rebuilt from its view as the good bot
does (bot.rebuild), and valued by the most points the rest of this turn can then reach
(reach.py: the game's own score were its open inventions presented today, plus tools, after
the best build the turn still allows). Nothing beyond the turn is valued. It takes the step
of the highest value; ending the turn is worth the points it has, and giving up a build under
way counts no second build. A wrench is spent only when no other step reaches as much (a
wrench spent on nothing gains nothing). Equal values are drawn with the bot's `rng` among the
actions in their canonical order, so a game is reproducible. At the end of a day it presents
every invention offered (its points are then sure).
"""

from __future__ import annotations

import json

from app.games.bots import Bot, View, best_gain
from app.games.core import Action, Game, Rng, State, canonical
from app.games.unvention.appraisal import Outlook
from app.games.unvention.reach import Cache, points_now, reach
from app.games.unvention.rebuild import rebuild

__all__ = ["GreedyBot", "points_now"]

SPEND = "spend_wrench"


class GreedyBot(Bot):
    level = "greedy"
    label = "Greedy"

    def choose(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
        ordered = sorted(legal, key=canonical)
        if len(ordered) == 1:
            return ordered[0]
        for action in ordered:
            if action["type"] == "present":
                return action
        try:
            values = self.values(game, view, ordered)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return rng.choice(ordered)
        steps = [k for k, action in enumerate(ordered) if action["type"] != SPEND]
        if steps and max(values[k] for k in steps) >= max(values):
            ordered = [ordered[k] for k in steps]
            values = [values[k] for k in steps]
        return best_gain(ordered, values, rng)

    def values(self, game: Game, view: View, legal: list[Action]) -> list[int]:
        """Each action's value: the most points the turn reaches after it."""
        state, outlook = rebuild(view)
        cache: Cache = {}
        now = points_now(state["sheets"][0], outlook)
        values = [now] * len(legal)
        spends = []
        for k, action in enumerate(legal):
            if action["type"] == SPEND:
                spends.append(k)
            elif action["type"] not in ("done", "keep", "build_cancel"):
                values[k] = after(game, state, outlook, action, cache)
        if spends and max(values) < reach(state, outlook, cache):
            for k in spends:
                values[k] = after(game, state, outlook, legal[k], cache)
        return values


def after(game: Game, state: State, outlook: Outlook, action: Action, cache: Cache) -> int:
    child = json.loads(json.dumps(state))
    game.play(child, 0, action)
    return reach(child, outlook, cache)
