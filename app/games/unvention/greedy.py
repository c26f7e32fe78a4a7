"""Unvention's greedy sparring bot: the step that gains the most points at once.

Only the benchmarks play it (scripts/bench_bots.py; `Game.sparring_bots`), to measure the good
bot against a plain opponent. Each step it takes the action that raises its own score the
most right away, by the game's own count: inventions presented, tools unlocked, and what each
open invention would score if it were presented today (scoring.py), so that a mechanism drawn
gains what it adds at once. At the end of a day it presents every invention offered (its
points are then sure). Equal gains
are drawn with the bot's `rng` among the actions in their canonical order, so a game is
reproducible. It reads its own sheet from its view as the good bot does (bot.rebuild).
"""

from __future__ import annotations

import json
from typing import Any

from app.games.bots import Bot, View, best_gain
from app.games.core import Action, Game, Rng, canonical
from app.games.unvention import scoring
from app.games.unvention.appraisal import Outlook, tool_points
from app.games.unvention.bot import rebuild
from app.games.unvention.sheet import DAYS

ENDS_THE_TURN = ("done", "present", "keep")  # played on the table, not on the bot's own sheet


def points_now(sheet: dict[str, Any], outlook: Outlook) -> int:
    """The sheet's points were its open inventions presented today."""
    total = 0
    for slug, entry in sheet["inventions"].items():
        if entry["presented"] is not None:
            total += int(entry["presented"]["total"])
            continue
        mechanisms = scoring.mechanisms_in(sheet, slug)
        if mechanisms:
            day = min(outlook.day, len(DAYS) - 1)
            total += scoring.invention_score(slug, mechanisms, entry["ideas"], day)["total"]
    for slug, turn in sheet["tools"].items():
        if turn is not None:
            total += tool_points(slug, turn, outlook)
    return total


class GreedyBot(Bot):
    level = "greedy"
    label = "Greedy"

    def choose(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
        ordered = sorted(legal, key=canonical)
        if len(ordered) == 1:
            return ordered[0]
        try:
            gains = self.gains(game, view, ordered)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return rng.choice(ordered)
        return best_gain(ordered, gains, rng)

    def gains(self, game: Game, view: View, legal: list[Action]) -> list[int]:
        state, outlook = rebuild(view)
        before = points_now(state["sheets"][0], outlook)
        gains = []
        for action in legal:
            if action["type"] in ENDS_THE_TURN:
                # Presenting scores what keeping leaves to chance; ending a turn gains nothing.
                gains.append(0 if action["type"] != "present" else 1)
                continue
            child = json.loads(json.dumps(state))
            game.play(child, 0, action)
            gains.append(points_now(child["sheets"][0], outlook) - before)
        return gains
