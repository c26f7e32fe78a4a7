"""The dogma effects of the age-8 cards, one generator per effect in cards.json order.

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".

Decision (Quantum Theory): the player picks the cards one at a time (at most two, may stop at
any point); the rewards need exactly two cards actually returned.
Decision (Rocketry): the clocks are counted once, when the effect starts. Score piles are
secret, so the player picks an opponent and then a value in that opponent's score pile; the
card of that value that has been in the pile longest goes back. The returns are mandatory.
Decision (Flight): the first effect offers every color of two or more cards that is not
already splayed up.
Decision (Mobility): both cards are picked from the top cards as they stand when the demand
starts (a card uncovered by the first move is not a candidate); the affected player picks
among cards tied at the cut.
Decision (Mass Media): any value from 1 to 10 may be named; the cards of that value go back
player by player from the one carrying out the effect clockwise, each score pile in its own
order, with no question (nobody may see all of those cards).
Decision (Antibiotics): the cards are picked one at a time (up to three) and go back in the
order picked; two age-8 cards per distinct value among the cards actually returned.
Decision (Skyscrapers): after the move, the new top card of that pile is scored and the rest
of the pile is returned (same-age cards ordered by their owner); nothing more if the pile is
empty.
Decision (Empiricism): the two colors are named one after the other (any two different colors
of the five); the card is revealed even when it is kept. The splay is optional and only offered
when it changes something.
Decision (Socialism): the whole hand is tucked, the owner ordering cards of the same color;
"every other player" includes a teammate; players whose hand is empty give nothing.
"""

from __future__ import annotations

from app.games.innovation.cards import COLORS
from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import (
    may_splay,
    pick_highest,
    return_in_order,
    return_together,
    tuck_together,
)
from app.games.log import seat_token


@effect("Quantum Theory", 1)
def quantum_theory(ctx: Ctx) -> Effect:
    cards = yield from ctx.choose_cards(
        ctx.hand(), "You may return one or two cards from your hand", min=0, max=2
    )
    if len(return_in_order(ctx, cards)) == 2:
        yield from ctx.draw(10)
        yield from ctx.draw_and_score(10)


@effect("Rocketry", 1)
def rocketry(ctx: Ctx) -> Effect:
    for _ in range(ctx.count("clock") // 2):
        victims = [seat for seat in ctx.opponents() if ctx.score_pile(seat)]
        if not victims:
            return
        victim = yield from ctx.choose_player(
            victims, "Pick an opponent: a card of their score pile goes back"
        )
        ages = sorted({ctx.age(card) for card in ctx.score_pile(victim)})
        age = yield from ctx.choose_age(ages, "Pick the value of the score card that goes back")
        card = next(card for card in ctx.score_pile(victim) if ctx.age(card) == age)
        ctx.return_card(card)


@effect("Flight", 1)
def flight_any(ctx: Ctx) -> Effect:
    if ctx.splay("red") != "up":
        return
    yield from may_splay(ctx, COLORS, "up")


@effect("Flight", 2)
def flight_red(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("red",), "up")


@effect("Mobility", 1)
def mobility(ctx: Ctx) -> Effect:
    candidates = [
        card
        for card in ctx.top_cards()
        if ctx.color(card) != "red" and not ctx.has_icon(card, "factory")
    ]
    cards = yield from pick_highest(
        ctx, candidates, 2, "Pick the top cards tied for your highest to give away"
    )
    moved = [card for card in cards if ctx.transfer(card, to="score", player=ctx.demander)]
    if moved:
        yield from ctx.draw(8)


@effect("Corporations", 1)
def corporations_demand(ctx: Ctx) -> Effect:
    candidates = [
        card
        for card in ctx.top_cards()
        if ctx.color(card) != "green" and ctx.has_icon(card, "factory")
    ]
    card = yield from ctx.choose_card(
        candidates, "Pick a top card with a factory to give to the demander's score pile"
    )
    if card and ctx.transfer(card, to="score", player=ctx.demander):
        yield from ctx.draw_and_meld(8)


@effect("Corporations", 2)
def corporations_meld(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_meld(8)


@effect("Mass Media", 1)
def mass_media_return(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.hand(), "You may return a card from your hand", optional=True
    )
    if not card or not ctx.return_card(card):
        return
    age = yield from ctx.choose_age(
        list(range(1, 11)), "Name a value: every score card of that value goes back"
    )
    ctx.log(f"{seat_token(ctx.player)} names the value {age}")
    for seat in ctx.players():
        for scored in ctx.score_pile(seat):
            if ctx.age(scored) == age:
                ctx.return_card(scored)


@effect("Mass Media", 2)
def mass_media_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("purple",), "up")


@effect("Antibiotics", 1)
def antibiotics(ctx: Ctx) -> Effect:
    cards = yield from ctx.choose_cards(
        ctx.hand(), "You may return up to three cards from your hand", min=0, max=3
    )
    for _ in {ctx.age(card) for card in return_in_order(ctx, cards)}:
        yield from ctx.draw(8)
        yield from ctx.draw(8)


@effect("Skyscrapers", 1)
def skyscrapers(ctx: Ctx) -> Effect:
    candidates = [
        card
        for card in ctx.top_cards()
        if ctx.color(card) != "yellow" and ctx.has_icon(card, "clock")
    ]
    card = yield from ctx.choose_card(
        candidates, "Pick a top card with a clock to move onto the demander's board"
    )
    if not card:
        return
    color = ctx.color(card)
    if not ctx.transfer(card, to="board", player=ctx.demander):
        return
    pile = ctx.pile(color)
    if pile:
        ctx.score(pile[0])
    yield from return_together(ctx, ctx.pile(color))


@effect("Empiricism", 1)
def empiricism_draw(ctx: Ctx) -> Effect:
    first = yield from ctx.choose_color(list(COLORS), "Name a first color")
    second = yield from ctx.choose_color(
        [color for color in COLORS if color != first], "Name a second color"
    )
    ctx.log(f"{seat_token(ctx.player)} names {first} and {second}")
    card = yield from ctx.draw_and_reveal(9)
    if card is None or ctx.color(card) not in (first, second):
        return
    ctx.meld(card)
    yield from may_splay(ctx, (ctx.color(card),), "up")


@effect("Empiricism", 2)
def empiricism_win(ctx: Ctx) -> Effect:
    if ctx.count("lightbulb") >= 20:
        yield from ctx.win(ctx.player)


@effect("Socialism", 1)
def socialism(ctx: Ctx) -> Effect:
    if not ctx.hand():
        return
    if not (yield from ctx.yes_no("Tuck your whole hand?")):
        return
    tucked = yield from tuck_together(ctx, ctx.hand())
    if not any(ctx.color(card) == "purple" for card in tucked):
        return
    for seat in ctx.players()[1:]:
        for card in ctx.lowest(ctx.hand(seat)):
            ctx.transfer(card, to="hand")
