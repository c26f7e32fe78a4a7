"""The dogma effects of the age-6 cards, one generator per effect in cards.json order.

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".

Decision (Industrialization): the number of draws is counted once, before the first draw;
the cards tucked by the effect do not change it. A color "has a visible factory" when any
factory of that pile shows: every slot of the top card, plus the slots the splay reveals on
the cards below (left: slot 4; right: slots 1-2; up: slots 2-4). First edition: the player's
visible factories on the whole board, halved and rounded down.
Decision (Encyclopedia): an all-or-nothing yes/no, asked only with a non-empty score pile;
the player orders cards of the same color (the last melded ends on top).
Decision (Classification): the card is revealed from the hand and stays there, so it is
melded with the rest; "all opponents" are ctx.opponents() (the teammate is not one).
Cards of the same color are melded in the order the player picks.
Decision (Canning): "every one of your top cards" is the set of top cards right after the
tuck (the tucked card counts if it went to an empty pile); the cards uncovered by scoring
are not scored. They are scored in color order blue, red, green, yellow, purple.
Decision (Democracy): the cards are returned in the order picked; "every other player's
total" covers every other seat, a seat that returned nothing counting 0, so a total of 0
never draws.
Decision (Metric System): "one of your colors" is any color pile that the splay would change
(two or more cards, not already splayed right); green, splayed right by the condition, is
never offered, and effect 2 then asks nothing for the same reason.
"""

from __future__ import annotations

from app.games.innovation.cards import COLORS
from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import (
    colors_showing,
    may_splay,
    meld_together,
    return_together,
)

# --- Atomic Theory --------------------------------------------------------------------------


@effect("Atomic Theory", 1)
def atomic_theory_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["blue"], "right")


@effect("Atomic Theory", 2)
def atomic_theory_meld(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_meld(7)


# --- Encyclopedia ---------------------------------------------------------------------------


@effect("Encyclopedia", 1)
def encyclopedia(ctx: Ctx) -> Effect:
    highest = ctx.highest(ctx.score_pile())
    if not highest:
        return
    if (yield from ctx.yes_no("Meld every highest card of your score pile?")):
        yield from meld_together(ctx, highest)


# --- Industrialization ----------------------------------------------------------------------


@effect("Industrialization", 1)
def industrialization_tuck(ctx: Ctx) -> Effect:
    times = ctx.count("factory") // 2 if ctx.first_edition else len(colors_showing(ctx, "factory"))
    for _ in range(times):
        yield from ctx.draw_and_tuck(6)


@effect("Industrialization", 2)
def industrialization_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["red", "purple"], "right")


# --- Machine Tools --------------------------------------------------------------------------


@effect("Machine Tools", 1)
def machine_tools(ctx: Ctx) -> Effect:
    ages = [ctx.age(card) for card in ctx.score_pile()]
    yield from ctx.draw_and_score(max(ages, default=1))


# --- Classification -------------------------------------------------------------------------


@effect("Classification", 1)
def classification(ctx: Ctx) -> Effect:
    shown = yield from ctx.choose_card(ctx.hand(), "Reveal a card to name its color")
    if shown is None:
        return
    ctx.reveal(shown)
    color = ctx.color(shown)
    ctx.log(f"The named color is {color}.")
    for opponent in ctx.opponents():
        for card in list(ctx.hand(opponent)):
            if ctx.color(card) == color:
                ctx.transfer(card, to="hand")
    yield from meld_together(ctx, [card for card in ctx.hand() if ctx.color(card) == color])


# --- Metric System --------------------------------------------------------------------------


@effect("Metric System", 1)
def metric_system_any_color(ctx: Ctx) -> Effect:
    if ctx.splay("green") == "right":
        yield from may_splay(ctx, COLORS, "right")


@effect("Metric System", 2)
def metric_system_green(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["green"], "right")


# --- Canning --------------------------------------------------------------------------------


@effect("Canning", 1)
def canning_tuck_and_score(ctx: Ctx) -> Effect:
    if not (yield from ctx.yes_no("Draw an age-6 card and tuck it?")):
        return
    tucked = yield from ctx.draw_and_tuck(6)
    if tucked is None:
        return
    for card in list(ctx.top_cards()):
        if not ctx.has_icon(card, "factory"):
            ctx.score(card)


@effect("Canning", 2)
def canning_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["yellow"], "right")


# --- Vaccination ----------------------------------------------------------------------------


@effect("Vaccination", 1)
def vaccination_demand(ctx: Ctx) -> Effect:
    returned = yield from return_together(
        ctx, ctx.lowest(ctx.score_pile()), "Order the cards to return (first goes first)"
    )
    if returned:
        ctx.memory["vaccination_returned"] = True
        yield from ctx.draw_and_meld(6)


@effect("Vaccination", 2)
def vaccination_meld(ctx: Ctx) -> Effect:
    if ctx.memory.get("vaccination_returned"):
        yield from ctx.draw_and_meld(7)


# --- Democracy ------------------------------------------------------------------------------


@effect("Democracy", 1)
def democracy(ctx: Ctx) -> Effect:
    chosen = yield from ctx.choose_cards(
        ctx.hand(), "Return as many cards from your hand as you like", min=0
    )
    totals = ctx.memory.setdefault("democracy_returned", {})
    for card in chosen:
        if ctx.return_card(card) is not None:
            totals[str(ctx.player)] = totals.get(str(ctx.player), 0) + 1
    mine = totals.get(str(ctx.player), 0)
    others = [totals.get(str(seat), 0) for seat in ctx.players() if seat != ctx.player]
    if all(mine > theirs for theirs in others):
        yield from ctx.draw_and_score(8)


# --- Emancipation ---------------------------------------------------------------------------


@effect("Emancipation", 1)
def emancipation_demand(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(ctx.hand(), "Give a card from your hand to the demander")
    if card is None:
        return
    if ctx.transfer(card, to="score", player=ctx.demander) is not None:
        yield from ctx.draw(6)


@effect("Emancipation", 2)
def emancipation_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["red", "purple"], "right")
