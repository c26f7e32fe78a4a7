"""The cards' dogma effects: the registry, and `Ctx`, all that an effect may use (context.py).

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
from collections.abc import Callable
from typing import Any

from app.games.innovation.effects.context import EFFECTS, Ctx, carry_out, effect, run_effects
from app.games.innovation.effects.position import Effect

__all__ = ["EFFECTS", "Ctx", "Effect", "carry_out", "effect", "run_effects"]


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
