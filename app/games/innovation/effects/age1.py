"""The dogma effects of the fifteen age-1 cards, one generator per effect, in cards.json order.

Each effect reads the card text in `cards.json` to the letter; where that text leaves room, the
choice we made is written beside the code as a line starting "Decision:".

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".
"""

from __future__ import annotations

from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import return_in_order

# --- Pottery (blue) -------------------------------------------------------------------------


@effect("Pottery", 1)
def pottery_return_and_score(ctx: Ctx) -> Effect:
    # Decision: the cards go back to the supply one by one in the order the player picks them
    # (that order decides which lies deeper in a supply pile holding several of them).
    chosen = yield from ctx.choose_cards(
        ctx.hand(), "You may return up to three cards from your hand", min=0, max=3
    )
    returned = return_in_order(ctx, chosen)
    if returned:
        yield from ctx.draw_and_score(len(returned))


@effect("Pottery", 2)
def pottery_draw(ctx: Ctx) -> Effect:
    yield from ctx.draw(1)


# --- Tools (blue) ---------------------------------------------------------------------------


@effect("Tools", 1)
def tools_return_three(ctx: Ctx) -> Effect:
    # Decision: "exactly three" is all or nothing: with fewer than three cards in hand nothing is
    # asked; otherwise a yes/no, then the three cards.
    if len(ctx.hand()) < 3:
        return
    if not (yield from ctx.yes_no("Return three cards from your hand to draw and meld a 3?")):
        return
    chosen = yield from ctx.choose_cards(ctx.hand(), "Return three cards", min=3, max=3)
    returned = return_in_order(ctx, chosen)
    if len(returned) == 3:
        yield from ctx.draw_and_meld(3)


@effect("Tools", 2)
def tools_return_a_three(ctx: Ctx) -> Effect:
    threes = [card for card in ctx.hand() if ctx.age(card) == 3]
    card = yield from ctx.choose_card(
        threes, "You may return an age-3 card to take three 1s", optional=True
    )
    if card and ctx.return_card(card):
        for _ in range(3):
            yield from ctx.draw(1)


# --- Writing (blue) -------------------------------------------------------------------------


@effect("Writing", 1)
def writing(ctx: Ctx) -> Effect:
    yield from ctx.draw(2)


# --- Archery (red) --------------------------------------------------------------------------


@effect("Archery", 1)
def archery(ctx: Ctx) -> Effect:
    yield from ctx.draw(1)
    highest = ctx.highest(ctx.hand())
    card = yield from ctx.choose_card(highest, "Give the demander your highest card")
    if card:
        ctx.transfer(card, to="hand", player=ctx.demander)


# --- Metalworking (red) ---------------------------------------------------------------------


@effect("Metalworking", 1)
def metalworking(ctx: Ctx) -> Effect:
    # Decision: "put it into your score pile" is a score (it counts toward Monument).
    while True:
        card = yield from ctx.draw_and_reveal(1)
        if card is None or not ctx.has_icon(card, "castle"):
            return
        ctx.score(card)


# --- Oars (red) -----------------------------------------------------------------------------


@effect("Oars", 1)
def oars_demand(ctx: Ctx) -> Effect:
    # Decision: in the first edition the single transfer is still followed by the age-1 draw
    # ("If they did ... take an age-1 card"); only the repeat is dropped.
    while True:
        crowns = [card for card in ctx.hand() if ctx.has_icon(card, "crown")]
        card = yield from ctx.choose_card(crowns, "Give the demander a card with a crown")
        if not card or not ctx.transfer(card, to="score", player=ctx.demander):
            return
        ctx.memory["oars_transferred"] = True
        yield from ctx.draw(1)
        if ctx.first_edition:
            return


@effect("Oars", 2)
def oars_draw(ctx: Ctx) -> Effect:
    # Decision: "caused no card to be transferred" looks at every affected player of this dogma
    # action: one transfer by anyone means no sharing player (nor the demander) draws.
    if not ctx.memory.get("oars_transferred"):
        yield from ctx.draw(1)


# --- Clothing (green) -----------------------------------------------------------------------


@effect("Clothing", 1)
def clothing_meld_new_color(ctx: Ctx) -> Effect:
    present = ctx.colors_on_board()
    new = [card for card in ctx.hand() if ctx.color(card) not in present]
    card = yield from ctx.choose_card(new, "Meld a card of a color not on your board")
    if card:
        ctx.meld(card)


@effect("Clothing", 2)
def clothing_score_unique_colors(ctx: Ctx) -> Effect:
    # Decision: the colors are counted once, before the first draw (drawing and scoring does not
    # change any board anyway). In the team variant the teammate is not an opponent.
    theirs = {color for other in ctx.opponents() for color in ctx.colors_on_board(other)}
    unique = [color for color in ctx.colors_on_board() if color not in theirs]
    for _ in unique:
        yield from ctx.draw_and_score(1)


# --- Sailing (green) ------------------------------------------------------------------------


@effect("Sailing", 1)
def sailing(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_meld(1)


# --- The Wheel (green) ----------------------------------------------------------------------


@effect("The Wheel", 1)
def the_wheel(ctx: Ctx) -> Effect:
    yield from ctx.draw(1)
    yield from ctx.draw(1)


# --- Agriculture (yellow) -------------------------------------------------------------------


@effect("Agriculture", 1)
def agriculture(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.hand(), "You may return a card to draw and score one age higher", optional=True
    )
    if card and ctx.return_card(card):
        yield from ctx.draw_and_score(ctx.age(card) + 1)


# --- Domestication (yellow) -----------------------------------------------------------------


@effect("Domestication", 1)
def domestication(ctx: Ctx) -> Effect:
    # Decision: the age-1 card is taken even when the hand was empty and nothing was melded.
    lowest = ctx.lowest(ctx.hand())
    card = yield from ctx.choose_card(lowest, "Meld your lowest card")
    if card:
        ctx.meld(card)
    yield from ctx.draw(1)


# --- Masonry (yellow) -----------------------------------------------------------------------


@effect("Masonry", 1)
def masonry(ctx: Ctx) -> Effect:
    # Decision: the chosen cards are melded one by one in the order picked; Monument is claimed
    # through Masonry only when four or more were actually melded by this effect.
    castles = [card for card in ctx.hand() if ctx.has_icon(card, "castle")]
    chosen = yield from ctx.choose_cards(
        castles, "You may meld any cards with a castle from your hand", min=0
    )
    melded = [card for card in chosen if ctx.meld(card)]
    if len(melded) >= 4:
        ctx.claim_special("Monument")


# --- City States (purple) -------------------------------------------------------------------


@effect("City States", 1)
def city_states(ctx: Ctx) -> Effect:
    # Decision: the four castles are counted when the demand reaches this player (not at the start
    # of the action), and the card goes on top of the demander's pile of its color as a transfer
    # (the machinery's "board" transfer), not as a meld.
    if ctx.count("castle") < 4:
        return
    castles = [card for card in ctx.top_cards() if ctx.has_icon(card, "castle")]
    card = yield from ctx.choose_card(castles, "Give the demander a top card with a castle")
    if card and ctx.transfer(card, to="board", player=ctx.demander):
        yield from ctx.draw(1)


# --- Code of Laws (purple) ------------------------------------------------------------------


@effect("Code of Laws", 1)
def code_of_laws(ctx: Ctx) -> Effect:
    # Decision: the splay is offered only when it would change something (the pile is not
    # already splayed left).
    present = ctx.colors_on_board()
    matching = [card for card in ctx.hand() if ctx.color(card) in present]
    card = yield from ctx.choose_card(
        matching, "You may tuck a card of a color already on your board", optional=True
    )
    if not card or not ctx.tuck(card):
        return
    color = ctx.color(card)
    if ctx.splay(color) == "left":
        return
    if (yield from ctx.yes_no(f"Splay your {color} cards left?")):
        ctx.splay_pile(color, "left")


# --- Mysticism (purple) ---------------------------------------------------------------------


@effect("Mysticism", 1)
def mysticism(ctx: Ctx) -> Effect:
    card = yield from ctx.draw_and_reveal(1)
    if card and ctx.color(card) in ctx.colors_on_board():
        ctx.meld(card)
        yield from ctx.draw(1)
