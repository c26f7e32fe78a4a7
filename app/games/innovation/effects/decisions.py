"""Decisions: what an effect asks a player (a card, a color, a player, an age, an icon, yes or
no, several cards, an order).

A mandatory choice with one possible answer is made without asking; an optional one always asks
(its "no" is the answer {"type": "done"}); nothing to choose from returns None / [].
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action
from app.games.decisions import Ask
from app.games.innovation.cards import COLORS
from app.games.innovation.effects.position import Effect, Position


class Decisions(Position):
    """The decisions of the contract (docs/innovation-cards.md, "decisions"); all generators."""

    def ask(
        self,
        kind: str,
        values: list[Any],
        prompt: str,
        player: int | None,
        *,
        optional: bool = False,
        done: bool = False,
    ) -> Effect:
        """Ask `player` to pick one of `values` (as {"type": kind, kind: value}); a "done"
        answer is offered when `optional` or `done`, and returns None."""
        seat = self._who(player)
        options: list[Action] = [{"type": kind, kind: value} for value in values]
        if optional or done:
            options.append({"type": "done"})
        info = {
            "kind": kind,
            "card": self.card,
            "effect": self.effect,
            "player": self.player,
            "demander": self.demander,
            "optional": optional,
        }
        answer = yield Ask(seat, prompt, options, info)
        if answer["type"] == "done":
            return None
        return answer[kind]

    def _choose_one(
        self, kind: str, values: list[Any], prompt: str, player: int | None, optional: bool
    ) -> Effect:
        values = list(dict.fromkeys(values))
        if not values:
            return None
        if len(values) == 1 and not optional:
            return values[0]
        return (yield from self.ask(kind, values, prompt, player, optional=optional))

    def choose_card(
        self, cards: list[str], prompt: str, player: int | None = None, optional: bool = False
    ) -> Effect:
        return (yield from self._choose_one("card", cards, prompt, player, optional))

    def choose_color(
        self, colors: list[str], prompt: str, player: int | None = None, optional: bool = False
    ) -> Effect:
        colors = [color for color in COLORS if color in colors]
        return (yield from self._choose_one("color", colors, prompt, player, optional))

    def choose_player(
        self, players: list[int], prompt: str, player: int | None = None, optional: bool = False
    ) -> Effect:
        return (yield from self._choose_one("player", players, prompt, player, optional))

    def choose_age(
        self, ages: list[int], prompt: str, player: int | None = None, optional: bool = False
    ) -> Effect:
        return (yield from self._choose_one("age", ages, prompt, player, optional))

    def choose_icon(self, icons: list[str], prompt: str, player: int | None = None) -> Effect:
        return (yield from self._choose_one("icon", icons, prompt, player, False))

    def yes_no(self, prompt: str, player: int | None = None) -> Effect:
        seat = self._who(player)
        info = {
            "kind": "yes",
            "card": self.card,
            "effect": self.effect,
            "player": self.player,
            "demander": self.demander,
            "optional": False,
        }
        options: list[Action] = [{"type": "yes", "yes": True}, {"type": "yes", "yes": False}]
        answer = yield Ask(seat, prompt, options, info)
        return bool(answer["yes"])

    def choose_cards(
        self,
        cards: list[str],
        prompt: str,
        min: int = 0,  # the contract's names shadow the builtins here
        max: int | None = None,
        player: int | None = None,
    ) -> Effect:
        remaining = list(dict.fromkeys(cards))
        limit = len(remaining) if max is None else builtins_min(max, len(remaining))
        need = builtins_min(min, limit)
        if need >= len(remaining) and limit >= len(remaining):
            return remaining  # every card must be chosen: nothing to decide
        chosen: list[str] = []
        while remaining and len(chosen) < limit:
            if len(chosen) < need and len(remaining) == 1:
                chosen.append(remaining.pop())
                continue
            picked = yield from self.ask(
                "card", remaining, prompt, player, done=len(chosen) >= need
            )
            if picked is None:
                break
            chosen.append(picked)
            remaining.remove(picked)
        return chosen

    def order(self, cards: list[str], prompt: str, player: int | None = None) -> Effect:
        remaining = list(dict.fromkeys(cards))
        ordered: list[str] = []
        while len(remaining) > 1:
            picked = yield from self.ask("card", remaining, prompt, player)
            ordered.append(picked)
            remaining.remove(picked)
        return ordered + remaining


builtins_min = min
