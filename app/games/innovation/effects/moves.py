"""Moving cards: what an effect does to the position (draws, melds, tucks, scores, returns,
transfers, achievements, splays, reveals), and winning or ending the action.

Moves are plain calls returning what moved (a name, or None when nothing could move); only a
draw, which may end the game, and win and end_action are generators.
"""

from __future__ import annotations

from app.games.innovation import achievements, supply
from app.games.innovation.cards import CARDS
from app.games.innovation.effects.position import Effect, Position
from app.games.innovation.ending import EndAction, check_target, win
from app.games.log import log


class Moves(Position):
    """The moves of the contract (docs/innovation-cards.md, "moving cards")."""

    def draw(self, age: int, player: int | None = None) -> Effect:
        return supply.draw(self.state, self._who(player), age)
        yield  # a generator: a draw may end the game

    def draw_and_meld(self, age: int, player: int | None = None) -> Effect:
        card = yield from self.draw(age, player)
        return self.meld(card, player)

    def draw_and_score(self, age: int, player: int | None = None) -> Effect:
        card = yield from self.draw(age, player)
        return self.score(card, player)

    def draw_and_tuck(self, age: int, player: int | None = None) -> Effect:
        card = yield from self.draw(age, player)
        return self.tuck(card, player)

    def draw_and_reveal(self, age: int, player: int | None = None) -> Effect:
        card = yield from self.draw(age, player)
        self.reveal(card)
        return card

    def meld(self, card: str | None, player: int | None = None) -> str | None:
        if card is None:
            return None
        who = self._who(player)
        return supply.move(self.state, card, "board", who, verb="melds", actor=who)

    def tuck(self, card: str | None, player: int | None = None) -> str | None:
        if card is None:
            return None
        who = self._who(player)
        return supply.move(self.state, card, "board", who, verb="tucks", actor=who, bottom=True)

    def score(self, card: str | None, player: int | None = None) -> str | None:
        if card is None:
            return None
        who = self._who(player)
        return supply.move(self.state, card, "score", who, verb="scores", actor=who)

    def return_card(self, card: str | None) -> str | None:
        if card is None:
            return None
        place, owner = supply.locate(self.state, card)
        actor = owner if place in supply.SEAT_PLACES else None
        age = CARDS[card].age
        return supply.move(self.state, card, "supply", age, verb="returns", actor=actor)

    def remove_from_game(self, card: str | None) -> str | None:
        """Take a card out of the game for good (Fission); an addition to the contract."""
        if card is None:
            return None
        return supply.move(self.state, card, "removed", 0, verb="removes")

    def transfer(self, card: str | None, to: str, player: int | None = None) -> str | None:
        if card is None:
            return None
        if to not in supply.SEAT_PLACES:
            raise ValueError(f"cannot transfer to {to!r}")
        return supply.move(self.state, card, to, self._who(player), verb="transfer")

    def achieve_card(self, card: str | None, player: int | None = None) -> str | None:
        if card is None:
            return None
        who = self._who(player)
        return supply.move(self.state, card, "achievements", who, verb="achieves", actor=who)

    def claim_achievement(self, age: int, player: int | None = None) -> bool:
        return achievements.claim_standard(self.state, self._who(player), age)

    def claim_special(self, name: str, player: int | None = None) -> bool:
        return achievements.claim_special(self.state, self._who(player), name)

    def reveal(self, card: str | None) -> str | None:
        if card is None:
            return None
        supply.reveal(self.state, card)
        return card

    def splay_pile(self, color: str, direction: str, player: int | None = None) -> bool:
        return supply.splay(self.state, self._who(player), color, direction)

    def reorder_pile(self, color: str, cards: list[str], player: int | None = None) -> bool:
        """Give a pile a new order (`cards` top first: the pile's own cards) in one step,
        keeping its splay; one change, one special-achievement check (Publications). An
        addition to the contract. False when the order is the same."""
        return supply.reorder(self.state, self._who(player), color, list(cards))

    def unsplay(self, color: str, player: int | None = None) -> bool:
        return supply.unsplay(self.state, self._who(player), color)

    def exchange(
        self,
        cards_a: list[str],
        place_a: str,
        player_a: int,
        cards_b: list[str],
        place_b: str,
        player_b: int,
    ) -> None:
        """Swap two sets at once: cards_a (in player_a's place_a) go to player_b's place_b and
        cards_b (in player_b's place_b) go to player_a's place_a. Specials are checked after."""
        cards_a, cards_b = list(cards_a), list(cards_b)
        for card in cards_a:
            supply.move(self.state, card, place_b, player_b, verb="transfer", check=False)
        for card in cards_b:
            supply.move(self.state, card, place_a, player_a, verb="transfer", check=False)
        if cards_a or cards_b:
            achievements.check(self.state)
            if "achievements" in (place_a, place_b):
                check_target(self.state)

    def win(self, player: int) -> Effect:
        win(self.state, player, self.card)
        yield from ()  # never reached: a generator like every effect

    def end_action(self) -> Effect:
        raise EndAction
        yield  # never reached

    def log(self, text: str) -> None:
        log(self.state, text)
