"""An effect at work, and what it reads of the position: the base of `Ctx` (context.py).

`Position` knows the dogma the effect belongs to (the card, the effect's index, "you" and the
demander, the memory of the whole action) and answers questions about the game without
changing it. `Effect` is the type of every effect and of every Ctx call that may ask.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeAlias

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.innovation import board, supply
from app.games.innovation.cards import CARDS
from app.games.innovation.ending import (
    achievement_count as team_achievements,
)
from app.games.innovation.ending import clockwise, opponents, own_score, teammate

Effect: TypeAlias = Generator[Ask, Action, Any]


class Position:
    """The dogma an effect belongs to, and the position as the effect reads it."""

    def __init__(
        self,
        state: State,
        player: int,
        demander: int,
        card: str,
        effect: int,
        memory: dict[str, Any],
    ) -> None:
        self.state = state
        self.player = player
        self.demander = demander
        self.card = card
        self.featured = CARDS[card].dogma_icon
        self.effect = effect
        self.memory = memory
        self.first_edition = state["edition"] == "first"

    def _who(self, player: int | None) -> int:
        return self.player if player is None else player

    # --- who -------------------------------------------------------------------------------

    def players(self) -> list[int]:
        return clockwise(self.state, self.player)

    def opponents(self, player: int | None = None) -> list[int]:
        return opponents(self.state, self._who(player))

    def teammate(self, player: int | None = None) -> int | None:
        return teammate(self.state, self._who(player))

    # --- reading the position --------------------------------------------------------------

    def hand(self, player: int | None = None) -> list[str]:
        return list(self.state["seats"][self._who(player)]["hand"])

    def score_pile(self, player: int | None = None) -> list[str]:
        return list(self.state["seats"][self._who(player)]["score"])

    def pile(self, color: str, player: int | None = None) -> list[str]:
        return list(board.pile(self.state, self._who(player), color))

    def top(self, color: str, player: int | None = None) -> str | None:
        return board.top(self.state, self._who(player), color)

    def top_cards(self, player: int | None = None) -> list[str]:
        return board.top_cards(self.state, self._who(player))

    def colors_on_board(self, player: int | None = None) -> list[str]:
        return board.colors_on_board(self.state, self._who(player))

    def splay(self, color: str, player: int | None = None) -> str | None:
        splayed: str | None = self.state["seats"][self._who(player)]["splays"][color]
        return splayed

    def icons(self, player: int | None = None) -> dict[str, int]:
        return board.icons(self.state, self._who(player))

    def count(self, icon: str, player: int | None = None) -> int:
        return board.icons(self.state, self._who(player))[icon]

    def score_value(self, player: int | None = None) -> int:
        """The player's own score, even in the team game (cards compare players' own scores;
        only the end by score adds teammates' together)."""
        return own_score(self.state, self._who(player))

    def achievement_count(self, player: int | None = None) -> int:
        return team_achievements(self.state, self._who(player))

    def available_achievements(self) -> list[int]:
        return sorted(int(age) for age in self.state["available"])

    def available_specials(self) -> list[str]:
        return list(self.state["specials"])

    def age(self, card: str) -> int:
        return CARDS[card].age

    def color(self, card: str) -> str:
        return CARDS[card].color

    def has_icon(self, card: str, icon: str) -> bool:
        return CARDS[card].has(icon)

    def icon_slots(self, card: str) -> tuple[str, ...]:
        return CARDS[card].icons

    def highest(self, cards: list[str]) -> list[str]:
        if not cards:
            return []
        best = max(CARDS[card].age for card in cards)
        return [card for card in cards if CARDS[card].age == best]

    def lowest(self, cards: list[str]) -> list[str]:
        if not cards:
            return []
        least = min(CARDS[card].age for card in cards)
        return [card for card in cards if CARDS[card].age == least]

    def highest_top_age(self, player: int | None = None) -> int:
        return board.highest_top_age(self.state, self._who(player))

    def supply_size(self, age: int) -> int:
        return len(self.state["supply"].get(str(age), []))

    def where(self, card: str) -> tuple[str, int]:
        """(place, seat) or ("supply" / "available", age): see supply.py."""
        return supply.locate(self.state, card)
