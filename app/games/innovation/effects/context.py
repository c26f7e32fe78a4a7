"""`Ctx`, all that an effect may use, and the registry of the cards' effects.

`Ctx` brings together what an effect reads (position.py), the cards it moves (moves.py) and the
decisions it asks for (decisions.py), and carries out other cards' effects (`run_effects`).
Effects are registered with `@effect(card, index)` in `EFFECTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from app.games.core import State
from app.games.innovation import supply
from app.games.innovation.cards import CARDS
from app.games.innovation.effects.decisions import Decisions
from app.games.innovation.effects.moves import Moves
from app.games.innovation.effects.position import Effect
from app.games.innovation.ending import opponents

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


class Ctx(Moves, Decisions):
    """What an effect sees and does: the position, the moves, the decisions (the contract)."""

    # --- other cards' effects --------------------------------------------------------------

    def execute(self, card: str, player: int | None = None) -> Effect:
        yield from run_effects(self.state, card, self._who(player), "normal", self.memory)

    def execute_demands(self, card: str, player: int | None = None) -> Effect:
        yield from run_effects(self.state, card, self._who(player), "demand", self.memory)
