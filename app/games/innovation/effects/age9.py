"""The effects of Innovation's age-9 cards (the Modern age), one function per effect.

Also the few steps that several age-9 and age-10 cards share: an optional "splay up", returning
a set of cards (the player orders those going back to the same supply pile), and "the single
player with the most ..." (nothing happens on a tie).

Decision: "You may splay your X pile (or your Y pile) up" offers only the piles where the splay
would change something (two or more cards, not already splayed up); with none, nothing is asked.
Decision: when several cards are returned at once and the text gives no choice of which, the
player orders the cards going back to the same age pile (their order there can matter later);
cards of different ages go to different piles, so no order is asked between them.
Decision: "the single player with the most / the lowest ..." also wins when the players tied for
it are exactly one team (team variant: teammates never stop each other's win).
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

from collections.abc import Iterable

from app.games.innovation.effects import Ctx, Effect, effect

# --- steps shared by the age-9 and age-10 cards ---------------------------------------------


def splayable_up(ctx: Ctx, colors: Iterable[str]) -> list[str]:
    """The piles among `colors` that a splay up would change (two or more cards, not up yet)."""
    return [c for c in colors if len(ctx.pile(c)) >= 2 and ctx.splay(c) != "up"]


def may_splay_up(ctx: Ctx, colors: list[str]) -> Effect:
    """ "You may splay your <color> (or <color>) pile up": an optional choice, always asked."""
    options = splayable_up(ctx, colors)
    if len(options) == 1:
        if (yield from ctx.yes_no(f"Splay your {options[0]} pile up?")):
            ctx.splay_pile(options[0], "up")
    elif options:
        color = yield from ctx.choose_color(options, "You may splay one pile up", optional=True)
        if color:
            ctx.splay_pile(color, "up")


def return_cards(ctx: Ctx, cards: list[str]) -> Effect:
    """Return all `cards`; the player orders those that go back to the same age pile."""
    by_age: dict[int, list[str]] = {}
    for card in cards:
        by_age.setdefault(ctx.age(card), []).append(card)
    for age in sorted(by_age):
        group = by_age[age]
        if len(group) > 1:
            group = yield from ctx.order(group, f"Order the age-{age} cards you return")
        for card in group:
            ctx.return_card(card)


def single_best(ctx: Ctx, values: dict[int, int], lowest: bool = False) -> int | None:
    """The one seat with strictly the most (or the lowest) value, None on a tie.

    Teammates tied together count as one (the team wins, see the module's decisions)."""
    best = min(values.values()) if lowest else max(values.values())
    leaders = [seat for seat, value in values.items() if value == best]
    if len(leaders) == 1:
        return leaders[0]
    if len(leaders) == 2 and ctx.teammate(leaders[0]) == leaders[1]:
        return leaders[0]
    return None


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
    yield from return_cards(ctx, ctx.hand())
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
