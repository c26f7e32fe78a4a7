"""The dogma effects of the ten age-2 cards, one generator per effect, in cards.json order.

Each effect reads the card text in `cards.json` to the letter; where that text leaves room, the
choice we made is written beside the code as a line starting "Decision:".

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".
"""

from __future__ import annotations

from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import colors_showing, return_in_order, splay_choices

# --- Calendar (blue) ------------------------------------------------------------------------


@effect("Calendar", 1)
def calendar(ctx: Ctx) -> Effect:
    if len(ctx.score_pile()) > len(ctx.hand()):
        yield from ctx.draw(3)
        yield from ctx.draw(3)


# --- Mathematics (blue) ---------------------------------------------------------------------


@effect("Mathematics", 1)
def mathematics(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.hand(), "You may return a card to draw and meld one age higher", optional=True
    )
    if card and ctx.return_card(card):
        yield from ctx.draw_and_meld(ctx.age(card) + 1)


# --- Construction (red) ---------------------------------------------------------------------


@effect("Construction", 1)
def construction_demand(ctx: Ctx) -> Effect:
    # Decision: with two cards or fewer in hand they all go without a question; with more, the
    # affected player picks two. The age-2 card is taken even when nothing was given.
    hand = ctx.hand()
    count = min(2, len(hand))
    chosen = yield from ctx.choose_cards(
        hand, "Give the demander two cards from your hand", min=count, max=count
    )
    for card in chosen:
        ctx.transfer(card, to="hand", player=ctx.demander)
    yield from ctx.draw(2)


@effect("Construction", 2)
def construction_empire(ctx: Ctx) -> Effect:
    # Decision: "the only player" compares with every other player, a teammate included.
    if len(ctx.colors_on_board()) < 5:
        return
    others = [seat for seat in ctx.players() if seat != ctx.player]
    if all(len(ctx.colors_on_board(seat)) < 5 for seat in others):
        ctx.claim_special("Empire")
    yield from ()  # a generator like every effect, though it never asks


# --- Road Building (red) --------------------------------------------------------------------


@effect("Road Building", 1)
def road_building(ctx: Ctx) -> Effect:
    # Decision: the player picks one card, then may stop or pick a second; they are melded in
    # the order picked. Any other player (a teammate too) may receive the red card; the player
    # is asked only when they have a top red card, and choosing no one is the "may not".
    hand = ctx.hand()
    chosen = yield from ctx.choose_cards(
        hand, "Meld one or two cards from your hand", min=min(1, len(hand)), max=2
    )
    melded = [card for card in chosen if ctx.meld(card)]
    if len(melded) < 2:
        return
    red = ctx.top("red")
    if red is None:
        return
    others = [seat for seat in ctx.players() if seat != ctx.player]
    target = yield from ctx.choose_player(
        others, "You may give your top red card to another player", optional=True
    )
    if target is None or not ctx.transfer(red, to="board", player=target):
        return
    green = ctx.top("green", target)
    if green is not None:
        ctx.transfer(green, to="board", player=ctx.player)


# --- Currency (green) -----------------------------------------------------------------------


@effect("Currency", 1)
def currency(ctx: Ctx) -> Effect:
    # Decision: the cards go back one by one in the order picked; the distinct ages are those of
    # the cards actually returned.
    chosen = yield from ctx.choose_cards(
        ctx.hand(), "You may return any number of cards from your hand", min=0
    )
    returned = return_in_order(ctx, chosen)
    for _ in {ctx.age(card) for card in returned}:
        yield from ctx.draw_and_score(2)


# --- Mapmaking (green) ----------------------------------------------------------------------


@effect("Mapmaking", 1)
def mapmaking_demand(ctx: Ctx) -> Effect:
    # Decision: the affected player picks which of their age-1 score cards to give (the demander
    # cannot see them). "The demand moved at least one card" counts a move by any affected
    # player, so one transfer lets every sharing player and the demander score.
    ones = [card for card in ctx.score_pile() if ctx.age(card) == 1]
    card = yield from ctx.choose_card(ones, "Give the demander an age-1 card from your score")
    if card and ctx.transfer(card, to="score", player=ctx.demander):
        ctx.memory["mapmaking_transferred"] = True


@effect("Mapmaking", 2)
def mapmaking_score(ctx: Ctx) -> Effect:
    if ctx.memory.get("mapmaking_transferred"):
        yield from ctx.draw_and_score(1)


# --- Canal Building (yellow) ----------------------------------------------------------------


@effect("Canal Building", 1)
def canal_building(ctx: Ctx) -> Effect:
    # Decision: the swap is offered whenever at least one of the two groups is non-empty (an
    # empty group simply moves nothing); it is a transfer both ways, not a score (no Monument).
    from_hand = ctx.highest(ctx.hand())
    from_score = ctx.highest(ctx.score_pile())
    if not from_hand and not from_score:
        return
    if (yield from ctx.yes_no("Swap your highest hand cards with your highest score cards?")):
        ctx.exchange(from_hand, "hand", ctx.player, from_score, "score", ctx.player)


# --- Fermenting (yellow) --------------------------------------------------------------------


@effect("Fermenting", 1)
def fermenting(ctx: Ctx) -> Effect:
    # Decision: a color counts when any visible icon of its pile is a leaf (the top card's, or a
    # card under it shown by the splay); the first edition halves the board's visible leaves,
    # rounding down.
    draws = ctx.count("leaf") // 2 if ctx.first_edition else len(colors_showing(ctx, "leaf"))
    for _ in range(draws):
        yield from ctx.draw(2)


# --- Monotheism (purple) --------------------------------------------------------------------


@effect("Monotheism", 1)
def monotheism_demand(ctx: Ctx) -> Effect:
    # Decision: the demander's colors are looked at when the demand reaches this player (a card
    # given by an earlier affected player adds no color: it goes to the score pile).
    theirs = ctx.colors_on_board(ctx.demander)
    tops = [card for card in ctx.top_cards() if ctx.color(card) not in theirs]
    card = yield from ctx.choose_card(tops, "Give the demander a top card of a color they lack")
    if card and ctx.transfer(card, to="score", player=ctx.demander):
        yield from ctx.draw_and_tuck(1)


@effect("Monotheism", 2)
def monotheism_tuck(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_tuck(1)


# --- Philosophy (purple) --------------------------------------------------------------------


@effect("Philosophy", 1)
def philosophy_splay(ctx: Ctx) -> Effect:
    # Decision: only piles of two or more cards not already splayed left are offered (the others
    # cannot change); with none, nothing is asked.
    colors = splay_choices(ctx, ctx.colors_on_board(), "left")
    color = yield from ctx.choose_color(colors, "You may splay one color left", optional=True)
    if color:
        ctx.splay_pile(color, "left")


@effect("Philosophy", 2)
def philosophy_score(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.hand(), "You may score a card from your hand", optional=True
    )
    if card:
        ctx.score(card)
