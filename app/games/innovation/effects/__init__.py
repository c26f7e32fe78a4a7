"""The cards' dogma effects: the registry, and `Ctx`, all that an effect may use.

How to write a card
-------------------

Each effect is a generator function registered under the card's exact name and the 1-based
index of the effect (cards.json order), in the module of the card's age (age1.py ... age10.py):

    from app.games.innovation.effects import Ctx, Effect, effect

    @effect("Archery", 1)
    def archery(ctx: Ctx) -> Effect:
        yield from ctx.draw(1)
        highest = ctx.highest(ctx.hand())
        card = yield from ctx.choose_card(highest, "Give the demander your highest card")
        ctx.transfer(card, to="hand", player=ctx.demander)

- `ctx.player` is "you" (in a demand: the affected opponent); `ctx.demander` took the dogma.
  The machinery (dogma.py) runs a demand once per affected opponent and a non-demand effect
  once per sharing player then the demander, in order, and handles the sharing bonus.
- Calls that may ask a question or end the game are generators: write `yield from` before
  draw*, choose_*, yes_no, order, execute*, win and end_action. Moves (meld, tuck, score,
  return_card, transfer, achieve_card, claim_*, reveal, splay_pile, unsplay, exchange) are
  plain calls returning what moved (a name, or None when nothing could move).
- A mandatory choice with one possible answer is made without asking; an optional one always
  asks (its "no" is the answer {"type": "done"}); nothing to choose from returns None / [].
- Do as much as you can; "if you do" is `if moved:`; repeats are a `while` loop.
- `ctx.memory` is a dict kept for the whole dogma action; prefix your keys with the card's slug.
- Never name a hidden card in `ctx.log`; moves log themselves with the right secrecy.
- The whole of Ctx, with the test helpers: docs/innovation-cards.md. Steps that several cards
  share (optional splays, several cards moved at once, ties) are in steps.py; an age file never
  imports from another. Decisions on unclear texts go beside the code and in rules.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator
from typing import Any, TypeAlias

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.innovation import achievements, board, supply
from app.games.innovation.cards import CARDS, COLORS
from app.games.innovation.ending import (
    EndAction,
    check_target,
    clockwise,
    opponents,
    own_score,
    teammate,
    win,
)
from app.games.innovation.ending import (
    achievement_count as team_achievements,
)
from app.games.log import log

Effect: TypeAlias = Generator[Ask, Action, Any]
EffectFn: TypeAlias = Callable[["Ctx"], Effect]

# card name -> effect index (1-based) -> the effect's generator function
EFFECTS: dict[str, dict[int, EffectFn]] = {}


def effect(card: str, index: int) -> Callable[[EffectFn], EffectFn]:
    """Register a generator function as effect number `index` of `card`."""
    if card not in CARDS:
        raise KeyError(f"no card named {card!r}")
    if not 1 <= index <= len(CARDS[card].effects):
        raise KeyError(f"{card} has no effect {index}")

    def register(fn: EffectFn) -> EffectFn:
        entries = EFFECTS.setdefault(card, {})
        if index in entries:
            raise KeyError(f"{card} effect {index} is registered twice")
        entries[index] = fn
        return fn

    return register


def carry_out(fn: EffectFn, ctx: Ctx) -> Effect:
    """Carry out one effect for `ctx.player`. The cards it reveals stay on show until it ends
    (or they move); then they are as secret as their place."""
    shown_before = list(supply.on_show(ctx.state))
    yield from fn(ctx)
    supply.cover(ctx.state, keep=shown_before)


def run_effects(state: State, card: str, player: int, kind: str, memory: dict[str, Any]) -> Effect:
    """Carry out all of `card`'s effects of `kind` ("normal" or "demand") for one player, as if
    it were their own dogma, unshared (Computers, Robotics, Self Service...)."""
    for index, (effect_kind, _text) in enumerate(CARDS[card].effects, start=1):
        fn = EFFECTS.get(card, {}).get(index)
        if effect_kind != kind or fn is None:
            continue
        if kind == "normal":
            yield from carry_out(fn, Ctx(state, player, player, card, index, memory))
        else:
            for other in opponents(state, player):
                yield from carry_out(fn, Ctx(state, other, player, card, index, memory))


class Ctx:
    """What an effect sees and does: the position, the moves, the decisions (the contract)."""

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

    # --- moving cards ----------------------------------------------------------------------

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

    # --- decisions -------------------------------------------------------------------------

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

    # --- other cards' effects --------------------------------------------------------------

    def execute(self, card: str, player: int | None = None) -> Effect:
        yield from run_effects(self.state, card, self._who(player), "normal", self.memory)

    def execute_demands(self, card: str, player: int | None = None) -> Effect:
        yield from run_effects(self.state, card, self._who(player), "demand", self.memory)


builtins_min = min

__all__ = ["EFFECTS", "Ctx", "Effect", "carry_out", "effect"]


def _load(module: Callable[[], Any], name: str) -> None:
    """Import one age's effects; a module not written yet is fine."""
    try:
        module()
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{name}":
            raise


_load(lambda: importlib.import_module("app.games.innovation.effects.age1"), "age1")
_load(lambda: importlib.import_module("app.games.innovation.effects.age2"), "age2")
_load(lambda: importlib.import_module("app.games.innovation.effects.age3"), "age3")
_load(lambda: importlib.import_module("app.games.innovation.effects.age4"), "age4")
_load(lambda: importlib.import_module("app.games.innovation.effects.age5"), "age5")
_load(lambda: importlib.import_module("app.games.innovation.effects.age6"), "age6")
_load(lambda: importlib.import_module("app.games.innovation.effects.age7"), "age7")
_load(lambda: importlib.import_module("app.games.innovation.effects.age8"), "age8")
_load(lambda: importlib.import_module("app.games.innovation.effects.age9"), "age9")
_load(lambda: importlib.import_module("app.games.innovation.effects.age10"), "age10")
