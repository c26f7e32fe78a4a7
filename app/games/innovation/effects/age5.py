"""The dogma effects of the age-5 cards, one generator per effect in cards.json order.

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".

Decision (Physics): "every card in your hand" includes the three drawn cards, which are in
the hand by then; all of them go back together (see return_together in steps.py).
Decision (Coal): "the card directly under it" is the card that is on top of that pile once
the first card is scored; nothing more if the pile is now empty.
Decision (The Pirate Code): with two or fewer cards of value 4 or lower in the score pile
all of them move without a question; with more the affected player picks two.
Decision (The Pirate Code, Vaccination): "the demand moved / returned any card during this
action" looks at every affected player of this dogma action (kept in ctx.memory).
Decision (Measurement): the pile is counted after the splay; an empty pile means age 0,
which the draw rule turns into age 1. First edition: the card is returned without a reveal (its
text has none); "any color" is any of the five colors, even one not on the board (the splay
then does nothing and the draw is age 1).
Decision (Statistics, first edition): the affected player picks among tied highest cards;
"exactly one card in hand" is counted after the move, and the repeat stops when the score
pile is empty.
Decision (Astronomy): "each of your non-purple top cards" with no non-purple top card at
all holds (nothing fails the test), so Universe is claimed if available.
Decision (Societies): "higher than the demander's top card of the same color" compares
values; the first-edition branch drops the comparison and only excludes purple.
"""

from __future__ import annotations

from app.games.innovation.cards import COLORS
from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import may_splay, return_together

# --- Chemistry ------------------------------------------------------------------------------


@effect("Chemistry", 1)
def chemistry_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["blue"], "right")


@effect("Chemistry", 2)
def chemistry_score_and_return(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_score(ctx.highest_top_age() + 1)
    card = yield from ctx.choose_card(ctx.score_pile(), "Return a card from your score pile")
    if card is not None:
        ctx.return_card(card)


# --- Physics --------------------------------------------------------------------------------


@effect("Physics", 1)
def physics(ctx: Ctx) -> Effect:
    drawn = []
    for _ in range(3):
        card = yield from ctx.draw_and_reveal(6)
        drawn.append(card)
    colors = [ctx.color(card) for card in drawn]
    if len(set(colors)) < len(colors):
        ctx.log("Two of the drawn cards share a color: the whole hand goes back.")
        yield from return_together(ctx, ctx.hand(), "Order the cards to return (first goes first)")


# --- Coal -----------------------------------------------------------------------------------


@effect("Coal", 1)
def coal_tuck(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_tuck(5)


@effect("Coal", 2)
def coal_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["red"], "right")


@effect("Coal", 3)
def coal_score(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.top_cards(), "You may score a top card (and the card under it)", optional=True
    )
    if card is None:
        return
    color = ctx.color(card)
    if ctx.score(card) is None:
        return
    under = ctx.top(color)
    if under is not None:
        ctx.score(under)


# --- The Pirate Code ------------------------------------------------------------------------


@effect("The Pirate Code", 1)
def the_pirate_code_demand(ctx: Ctx) -> Effect:
    low = [card for card in ctx.score_pile() if ctx.age(card) <= 4]
    if len(low) > 2:
        low = yield from ctx.choose_cards(
            low, "Give two score cards of value 4 or lower to the demander", min=2, max=2
        )
    for card in low:
        if ctx.transfer(card, to="score", player=ctx.demander) is not None:
            ctx.memory["the_pirate_code_moved"] = True


@effect("The Pirate Code", 2)
def the_pirate_code_score(ctx: Ctx) -> Effect:
    if not ctx.memory.get("the_pirate_code_moved"):
        return
    crowned = [card for card in ctx.top_cards() if ctx.has_icon(card, "crown")]
    card = yield from ctx.choose_card(
        ctx.lowest(crowned), "Score your lowest top card with a crown"
    )
    if card is not None:
        ctx.score(card)


# --- Banking --------------------------------------------------------------------------------


@effect("Banking", 1)
def banking_demand(ctx: Ctx) -> Effect:
    factories = [
        card
        for card in ctx.top_cards()
        if ctx.color(card) != "green" and ctx.has_icon(card, "factory")
    ]
    card = yield from ctx.choose_card(
        factories, "Move a top non-green card with a factory to the demander's board"
    )
    if card is None:
        return
    if ctx.transfer(card, to="board", player=ctx.demander) is not None:
        yield from ctx.draw_and_score(5)


@effect("Banking", 2)
def banking_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["green"], "right")


# --- Measurement ----------------------------------------------------------------------------


@effect("Measurement", 1)
def measurement(ctx: Ctx) -> Effect:
    reveals = not ctx.first_edition  # the first edition's text returns the card unseen
    prompt = (
        "You may reveal and return a card from your hand"
        if reveals
        else "You may return a card from your hand"
    )
    card = yield from ctx.choose_card(ctx.hand(), prompt, optional=True)
    if card is None:
        return
    if reveals:
        ctx.reveal(card)
    if ctx.return_card(card) is None:
        return
    if ctx.first_edition:
        color = yield from ctx.choose_color(list(COLORS), "Pick a color to splay right")
    else:
        color = ctx.color(card)
    ctx.splay_pile(color, "right")
    # A pile of 0 cards asks for age 0, which the draw rule turns into age 1.
    yield from ctx.draw(max(1, len(ctx.pile(color))))


# --- Statistics -----------------------------------------------------------------------------


@effect("Statistics", 1)
def statistics_demand(ctx: Ctx) -> Effect:
    if not ctx.first_edition:
        for card in list(ctx.highest(ctx.score_pile())):
            ctx.transfer(card, to="hand")
        return
    while True:
        card = yield from ctx.choose_card(
            ctx.highest(ctx.score_pile()), "Move your highest score card into your hand"
        )
        if card is None or ctx.transfer(card, to="hand") is None:
            return
        if len(ctx.hand()) != 1:
            return


@effect("Statistics", 2)
def statistics_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ["yellow"], "right")


# --- Steam Engine ---------------------------------------------------------------------------


@effect("Steam Engine", 1)
def steam_engine(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_tuck(4)
    yield from ctx.draw_and_tuck(4)
    yellow = ctx.pile("yellow")
    if yellow:
        ctx.score(yellow[-1])


# --- Astronomy ------------------------------------------------------------------------------


@effect("Astronomy", 1)
def astronomy_draw(ctx: Ctx) -> Effect:
    while True:
        card = yield from ctx.draw_and_reveal(6)
        if ctx.color(card) not in ("green", "blue"):
            return
        ctx.meld(card)


@effect("Astronomy", 2)
def astronomy_universe(ctx: Ctx) -> Effect:
    others = [card for card in ctx.top_cards() if ctx.color(card) != "purple"]
    if all(ctx.age(card) >= 6 for card in others):
        ctx.claim_special("Universe")
    yield from ()  # a generator like every effect, though it never asks


# --- Societies ------------------------------------------------------------------------------


@effect("Societies", 1)
def societies_demand(ctx: Ctx) -> Effect:
    candidates = []
    for card in ctx.top_cards():
        if not ctx.has_icon(card, "lightbulb"):
            continue
        color = ctx.color(card)
        if ctx.first_edition:
            if color != "purple":
                candidates.append(card)
            continue
        theirs = ctx.top(color, ctx.demander)
        if theirs is None or ctx.age(card) > ctx.age(theirs):
            candidates.append(card)
    card = yield from ctx.choose_card(
        candidates, "Move a top card with a lightbulb to the demander's board"
    )
    if card is None:
        return
    if ctx.transfer(card, to="board", player=ctx.demander) is not None:
        yield from ctx.draw(5)
