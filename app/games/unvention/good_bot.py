"""Unvention's good bot: the plan's next step (bot.py plans), and every legal action weighed
against it (weighing.py), for hints and reviews. A module of its own so that the planner and
the weighing, which builds on the planner, import nothing back."""

from __future__ import annotations

from app.games.bots import Bot, View, Weighed
from app.games.core import Action, Game, Rng, canonical
from app.games.unvention.bot import decide, fallback
from app.games.unvention.weighing import weigh


class GoodBot(Bot):
    level = "good"
    label = "Good"

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        """Every legal action weighed as weighing.py says, the plan's next step first."""
        chosen = self.planned(view, legal, rng)
        try:
            return weigh(view, legal, chosen)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, StopIteration):
            return [Weighed(chosen, 0.0, "A plain choice: the sheet could not be read")]

    def choose(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
        """The first of `consider` without weighing the rest: a bot's own move (and a whole
        game of them) costs what it did before hints and reviews needed the rest."""
        return self.planned(view, legal, rng)

    def planned(self, view: View, legal: list[Action], rng: Rng) -> Action:
        """The plan's next step, or a plain legal action if the view cannot be read."""
        try:
            wanted = decide(view, legal)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            wanted = None  # a view unlike any the game gives: fall back below
        if wanted is not None:
            text = canonical(wanted)
            for action in legal:
                if canonical(action) == text:
                    return action
        return fallback(legal, rng)
