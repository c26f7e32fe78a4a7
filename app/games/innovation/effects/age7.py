"""The dogma effects of the age-7 cards, one generator per effect in cards.json order.

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".

Decision (Evolution): the three-way choice is two yes/no questions: first option (a) (draw and
score an 8, then return a score card), and if declined option (b) (take a card of value
highest score card + 1; an empty score pile gives value 1). Declining both does nothing. In
(a) the card returned may be the 8 just scored.
Decision (Publications): only piles of two or more cards can be picked for reordering; the
player then orders the whole pile top to bottom (the same order is allowed and changes
nothing). The pile keeps its splay.
Decision (Combustion): the crowns on the demander's board are counted when each affected
player carries out the demand (as the board stands then); the affected player picks which
score cards move.
Decision (Explosives): the affected player picks among cards tied at the cut; "their hand is
now empty" is checked after the move.
Decision (Bicycle): the question is asked whenever the hand or the score pile holds a card.
Decision (Electricity): the top cards are taken as they stand when the effect starts; a card
uncovered by a return is not returned in turn.
Decision (Refrigeration): half is of the hand as it is when the demand starts.
Decision (Sanitation): both sides are fixed before anything moves (an exchange): the
demander's lowest card is picked from their hand before the two cards arrive, and the exchange
happens even if one side has no cards.
Decision (Lighting): the picked cards are tucked in the order picked.
Decision (Railroad): "change one pile splayed right to splayed up" is an optional choice among
the piles splayed right.
"""

from __future__ import annotations

from app.games.innovation.cards import COLORS
from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import (
    may_splay,
    pick_highest,
    return_in_order,
    return_together,
)

# --- the cards ------------------------------------------------------------------------------


@effect("Evolution", 1)
def evolution(ctx: Ctx) -> Effect:
    if (yield from ctx.yes_no("Draw and score an 8, then return a card from your score pile?")):
        yield from ctx.draw_and_score(8)
        card = yield from ctx.choose_card(ctx.score_pile(), "Return a card from your score pile")
        if card:
            ctx.return_card(card)
        return
    highest = max((ctx.age(card) for card in ctx.score_pile()), default=0)
    if (yield from ctx.yes_no(f"Take an age-{highest + 1} card into your hand?")):
        yield from ctx.draw(highest + 1)


@effect("Publications", 1)
def publications_reorder(ctx: Ctx) -> Effect:
    piles = [color for color in COLORS if len(ctx.pile(color)) >= 2]
    if not piles:
        return
    color = yield from ctx.choose_color(piles, "You may reorder one of your piles", optional=True)
    if color is None:
        return
    order = yield from ctx.order(ctx.pile(color), f"Order your {color} pile from top to bottom")
    ctx.reorder_pile(color, order)


@effect("Publications", 2)
def publications_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("yellow", "blue"), "up")


@effect("Combustion", 1)
def combustion_demand(ctx: Ctx) -> Effect:
    # first edition: exactly two cards; third: one per full four crowns on the demander's board
    wanted = 2 if ctx.first_edition else ctx.count("crown", ctx.demander) // 4
    score = ctx.score_pile()
    wanted = min(wanted, len(score))
    if wanted == 0:
        return
    if wanted == len(score):
        cards = score
    else:
        cards = yield from ctx.choose_cards(
            score,
            f"Give {wanted} of your score cards to the demander",
            min=wanted,
            max=wanted,
        )
    for card in cards:
        ctx.transfer(card, to="score", player=ctx.demander)


@effect("Combustion", 2)
def combustion_return(ctx: Ctx) -> Effect:
    if ctx.first_edition:
        return
    pile = ctx.pile("red")
    if pile:
        ctx.return_card(pile[-1])
    yield from ()


@effect("Explosives", 1)
def explosives(ctx: Ctx) -> Effect:
    cards = yield from pick_highest(
        ctx, ctx.hand(), 3, "Pick the cards tied for your highest to give away"
    )
    moved = [card for card in cards if ctx.transfer(card, to="hand", player=ctx.demander)]
    if moved and not ctx.hand():
        yield from ctx.draw(7)


@effect("Bicycle", 1)
def bicycle(ctx: Ctx) -> Effect:
    hand, score = ctx.hand(), ctx.score_pile()
    if not hand and not score:
        return
    if (yield from ctx.yes_no("Swap your whole hand with your whole score pile?")):
        ctx.exchange(hand, "hand", ctx.player, score, "score", ctx.player)


@effect("Electricity", 1)
def electricity(ctx: Ctx) -> Effect:
    plain = [card for card in ctx.top_cards() if not ctx.has_icon(card, "factory")]
    returned = yield from return_together(ctx, plain)
    for _ in returned:
        yield from ctx.draw(8)


@effect("Refrigeration", 1)
def refrigeration_demand(ctx: Ctx) -> Effect:
    hand = ctx.hand()
    half = len(hand) // 2
    if half == 0:
        return
    if half == len(hand):
        cards = hand
    else:
        cards = yield from ctx.choose_cards(
            hand, f"Return {half} cards from your hand", min=half, max=half
        )
    return_in_order(ctx, cards)


@effect("Refrigeration", 2)
def refrigeration_score(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.hand(), "You may score a card from your hand", optional=True
    )
    if card:
        ctx.score(card)


@effect("Sanitation", 1)
def sanitation(ctx: Ctx) -> Effect:
    given = yield from pick_highest(
        ctx, ctx.hand(), 2, "Pick the cards tied for your highest to give away"
    )
    lowest = ctx.lowest(ctx.hand(ctx.demander))
    taken = yield from ctx.choose_card(
        lowest, "Pick the card of yours that the other player takes", player=ctx.demander
    )
    ctx.exchange(given, "hand", ctx.player, [taken] if taken else [], "hand", ctx.demander)


@effect("Lighting", 1)
def lighting(ctx: Ctx) -> Effect:
    cards = yield from ctx.choose_cards(
        ctx.hand(), "You may tuck up to three cards from your hand", min=0, max=3
    )
    tucked = [card for card in cards if ctx.tuck(card)]
    for _ in {ctx.age(card) for card in tucked}:
        yield from ctx.draw_and_score(7)


@effect("Railroad", 1)
def railroad_return(ctx: Ctx) -> Effect:
    yield from return_together(ctx, ctx.hand())
    for _ in range(3):
        yield from ctx.draw(6)


@effect("Railroad", 2)
def railroad_splay(ctx: Ctx) -> Effect:
    right = [color for color in COLORS if ctx.splay(color) == "right"]
    yield from may_splay(ctx, right, "up")
