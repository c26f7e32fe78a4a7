"""The effects of Innovation's age-9 cards (the Modern age), one function per effect.

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".

Decision (Composites): with two or more cards in hand the player picks the one card kept; the
highest score card moved is picked by them among the tied highest ones.
Decision (Fission): the demand's revealed red card wipes all hands, boards and score piles (the
drawn card with them) and the action ends at once: no further effect and no other affected player.
The non-demand effect still draws the age-10 card when no top card could be returned ("then"
is not "if you do"); the first edition skips that draw.
The wipe lifts each pile from the bottom, so no card is exposed as a top card for a moment (a
special achievement must not be won halfway through a wipe that is one event in the rules).
Decision (Collaboration): the demander's card is transferred to their board (not melded); the
other card is melded by the affected player (the demander picks even when both are of one color).
Decision (Suburbia): the tucks happen in the order the player picks the cards.
Decision (Services): the demander's top card is picked by the affected player.
Decision (Specialization): the revealed card stays in hand; "every opponent" excludes a teammate.
"""

from __future__ import annotations

from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import may_splay_up, return_together

# --- the cards -----------------------------------------------------------------------------


@effect("Computers", 1)
def computers_splay(ctx: Ctx) -> Effect:
    yield from may_splay_up(ctx, ["red", "green"])


@effect("Computers", 2)
def computers_meld_and_execute(ctx: Ctx) -> Effect:
    card = yield from ctx.draw_and_meld(10)
    if card:
        yield from ctx.execute(card)


@effect("Genetics", 1)
def genetics(ctx: Ctx) -> Effect:
    card = yield from ctx.draw_and_meld(10)
    if card:
        for under in ctx.pile(ctx.color(card))[1:]:
            ctx.score(under)


@effect("Composites", 1)
def composites(ctx: Ctx) -> Effect:
    hand = list(ctx.hand())
    if len(hand) > 1:
        kept = yield from ctx.choose_card(hand, "Pick the one card you keep in hand")
        for card in hand:
            if card != kept:
                ctx.transfer(card, to="hand", player=ctx.demander)
    highest = ctx.highest(ctx.score_pile())
    card = yield from ctx.choose_card(highest, "Give the demander your highest score card")
    if card:
        ctx.transfer(card, to="score", player=ctx.demander)


@effect("Fission", 1)
def fission_demand(ctx: Ctx) -> Effect:
    card = yield from ctx.draw_and_reveal(10)
    if card and ctx.color(card) == "red":
        ctx.log("A red card: every hand, board and score pile is removed from the game.")
        wiped = []
        for seat in ctx.players():
            wiped += ctx.hand(seat) + ctx.score_pile(seat)
            for color in ctx.colors_on_board(seat):
                wiped += reversed(ctx.pile(color, seat))  # bottom first: no top card changes
        for gone in wiped:
            ctx.remove_from_game(gone)
        yield from ctx.end_action()


@effect("Fission", 2)
def fission_return_and_draw(ctx: Ctx) -> Effect:
    tops = [top for seat in ctx.players() for top in ctx.top_cards(seat) if top != "Fission"]
    card = yield from ctx.choose_card(tops, "Return a top card (not Fission) from any board")
    if card:
        ctx.return_card(card)
    if not ctx.first_edition:
        yield from ctx.draw(10)


@effect("Collaboration", 1)
def collaboration_demand(ctx: Ctx) -> Effect:
    drawn = []
    for _ in range(2):
        card = yield from ctx.draw_and_reveal(9)
        if card:
            drawn.append(card)
    picked = yield from ctx.choose_card(
        drawn, "Pick the card that goes onto your board", player=ctx.demander
    )
    if picked:
        ctx.transfer(picked, to="board", player=ctx.demander)
    for card in drawn:
        if card != picked:
            ctx.meld(card)


@effect("Collaboration", 2)
def collaboration_win(ctx: Ctx) -> Effect:
    if len(ctx.pile("green")) >= 10:
        yield from ctx.win(ctx.player)


@effect("Satellites", 1)
def satellites_return_and_draw(ctx: Ctx) -> Effect:
    yield from return_together(ctx, ctx.hand(), "Order the age-{age} cards you return")
    for _ in range(3):
        yield from ctx.draw(8)


@effect("Satellites", 2)
def satellites_splay(ctx: Ctx) -> Effect:
    yield from may_splay_up(ctx, ["purple"])


@effect("Satellites", 3)
def satellites_meld_and_execute(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(ctx.hand(), "Meld a card; you then carry out its effects")
    if card:
        ctx.meld(card)
        yield from ctx.execute(card)


@effect("Ecology", 1)
def ecology(ctx: Ctx) -> Effect:
    returned = yield from ctx.choose_card(
        ctx.hand(), "You may return a card from your hand", optional=True
    )
    if not returned:
        return
    ctx.return_card(returned)
    scored = yield from ctx.choose_card(ctx.hand(), "Score a card from your hand")
    if scored:
        ctx.score(scored)
    for _ in range(2):
        yield from ctx.draw(10)


@effect("Suburbia", 1)
def suburbia(ctx: Ctx) -> Effect:
    tucked = yield from ctx.choose_cards(
        ctx.hand(), "Tuck as many cards from your hand as you like, one at a time"
    )
    count = sum(1 for card in tucked if ctx.tuck(card))
    for _ in range(count):
        yield from ctx.draw_and_score(1)


@effect("Services", 1)
def services(ctx: Ctx) -> Effect:
    moved = []
    for card in ctx.highest(ctx.score_pile()):
        if ctx.transfer(card, to="hand", player=ctx.demander):
            moved.append(card)
    if not moved:
        return
    leafless = [top for top in ctx.top_cards(ctx.demander) if not ctx.has_icon(top, "leaf")]
    card = yield from ctx.choose_card(leafless, "Take one of the demander's top cards")
    if card:
        ctx.transfer(card, to="hand", player=ctx.player)


@effect("Specialization", 1)
def specialization_take(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(ctx.hand(), "Reveal a card from your hand")
    if not card:
        return
    ctx.reveal(card)
    color = ctx.color(card)
    for seat in ctx.opponents():
        top = ctx.top(color, seat)
        if top:
            ctx.transfer(top, to="hand", player=ctx.player)


@effect("Specialization", 2)
def specialization_splay(ctx: Ctx) -> Effect:
    yield from may_splay_up(ctx, ["yellow", "blue"])
