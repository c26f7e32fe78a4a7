"""The dogma effects of the age-3 cards, one generator per effect in the card's order.

Each function carries out one effect for `ctx.player` (in a demand: the affected opponent, with
`ctx.demander` the player who took the dogma). Texts are in cards.json; where a text leaves a
question open, the answer is written below as a "Decision:" line next to the card.

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".
"""

from __future__ import annotations

from app.games.innovation.cards import COLORS
from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import may_splay, return_together

# --- Alchemy (blue, castle) --------------------------------------------------------------------
# Decision: the number of cards is fixed by the castles visible when the effect starts; all are
# drawn and revealed first, then checked for red (a red one sends back the whole hand).


@effect("Alchemy", 1)
def alchemy_draw(ctx: Ctx) -> Effect:
    drawn = []
    for _ in range(ctx.count("castle") // 3):
        card = yield from ctx.draw_and_reveal(4)
        if card is not None:
            drawn.append(card)
    if any(ctx.color(card) == "red" for card in drawn):
        ctx.log("A red card was revealed: the drawn cards and the whole hand are returned")
        yield from return_together(ctx, list(ctx.hand()), "Which card goes back first?")


@effect("Alchemy", 2)
def alchemy_meld_and_score(ctx: Ctx) -> Effect:
    melded = yield from ctx.choose_card(ctx.hand(), "Meld a card from your hand")
    if melded is not None:
        ctx.meld(melded)
    scored = yield from ctx.choose_card(ctx.hand(), "Score a card from your hand")
    if scored is not None:
        ctx.score(scored)


# --- Translation (blue, crown) -----------------------------------------------------------------
# Decision: the melding order is asked over the whole score pile (every card, any color), since
# the text gives the player that order; the first card in the order is melded first.
# Decision: an empty board does not count as "every top card shows a crown".


@effect("Translation", 1)
def translation_meld_score_pile(ctx: Ctx) -> Effect:
    cards = ctx.score_pile()
    if not cards:
        return
    if not (yield from ctx.yes_no(f"Meld all {len(cards)} cards of your score pile?")):
        return
    ordered = yield from ctx.order(list(cards), "Which card do you meld next?")
    for card in ordered:
        ctx.meld(card)


@effect("Translation", 2)
def translation_world(ctx: Ctx) -> Effect:
    tops = ctx.top_cards()
    if tops and all(ctx.has_icon(card, "crown") for card in tops):
        ctx.claim_special("World")
    yield from ()  # a generator like every effect, with nothing to ask


# --- Engineering (red, castle) -----------------------------------------------------------------
# Decision: the castle top cards go to the demander's score pile in the fixed color order (a score
# pile has no order, so nobody is asked).


@effect("Engineering", 1)
def engineering_demand(ctx: Ctx) -> Effect:
    for card in [card for card in ctx.top_cards() if ctx.has_icon(card, "castle")]:
        ctx.transfer(card, to="score", player=ctx.demander)
    yield from ()  # a generator like every effect, with nothing to ask


@effect("Engineering", 2)
def engineering_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("red",), "left")


# --- Optics (red, crown) -----------------------------------------------------------------------
# Decision: "fewer points" is compared after the meld, with ctx.score_value (own scores, even in
# the team game); the player first picks the score card, then the opponent when more than one
# qualifies.


@effect("Optics", 1)
def optics(ctx: Ctx) -> Effect:
    card = yield from ctx.draw_and_meld(3)
    if card is None:
        return
    if ctx.has_icon(card, "crown"):
        yield from ctx.draw_and_score(4)
        return
    mine = ctx.score_value()
    poorer = [seat for seat in ctx.opponents() if ctx.score_value(seat) < mine]
    if not poorer or not ctx.score_pile():
        return
    given = yield from ctx.choose_card(
        ctx.score_pile(), "Give a card from your score pile to an opponent with fewer points"
    )
    receiver = yield from ctx.choose_player(poorer, "Which opponent receives the card?")
    if given is not None and receiver is not None:
        ctx.transfer(given, to="score", player=receiver)


# --- Compass (green, crown) --------------------------------------------------------------------
# Decision: the affected player chooses in both halves, including which of the demander's leafless
# top cards they take; that card is looked for after the first half is done.


@effect("Compass", 1)
def compass_demand(ctx: Ctx) -> Effect:
    given = [
        card
        for card in ctx.top_cards()
        if ctx.color(card) != "green" and ctx.has_icon(card, "leaf")
    ]
    card = yield from ctx.choose_card(
        given, "Give the demander one of your top non-green cards with a leaf"
    )
    if card is not None:
        ctx.transfer(card, to="board", player=ctx.demander)
    taken = [card for card in ctx.top_cards(ctx.demander) if not ctx.has_icon(card, "leaf")]
    card = yield from ctx.choose_card(
        taken, "Take one of the demander's top cards without a leaf onto your board"
    )
    if card is not None:
        ctx.transfer(card, to="board", player=ctx.player)


# --- Paper (green, lightbulb) ------------------------------------------------------------------
# Decision: the colors splayed left are counted once, when the second effect starts.


@effect("Paper", 1)
def paper_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("green", "blue"), "left", name_all=True)


@effect("Paper", 2)
def paper_draw(ctx: Ctx) -> Effect:
    splayed_left = [color for color in COLORS if ctx.splay(color) == "left"]
    for _ in splayed_left:
        yield from ctx.draw(4)


# --- Machinery (yellow, leaf) ------------------------------------------------------------------
# Decision: the demander's highest cards are set aside before anything moves, so the cards the
# affected player hands over can never come back in the same swap; the demander's ties all move
# (nobody chooses).


@effect("Machinery", 1)
def machinery_demand(ctx: Ctx) -> Effect:
    theirs = ctx.highest(ctx.hand(ctx.demander))
    for card in list(ctx.hand()):
        ctx.transfer(card, to="hand", player=ctx.demander)
    for card in theirs:
        ctx.transfer(card, to="hand", player=ctx.player)
    yield from ()  # a generator like every effect, with nothing to ask


@effect("Machinery", 2)
def machinery_score_and_splay(ctx: Ctx) -> Effect:
    castles = [card for card in ctx.hand() if ctx.has_icon(card, "castle")]
    card = yield from ctx.choose_card(castles, "Score a card with a castle from your hand")
    if card is not None:
        ctx.score(card)
    yield from may_splay(ctx, ("red",), "left")


# --- Medicine (yellow, leaf) -------------------------------------------------------------------
# Decision: both cards are chosen before either moves (the affected player first, then the
# demander), so the card just received can never be the one sent back.


@effect("Medicine", 1)
def medicine_demand(ctx: Ctx) -> Effect:
    mine = yield from ctx.choose_card(
        ctx.highest(ctx.score_pile()), "Give the demander the highest card of your score pile"
    )
    theirs = yield from ctx.choose_card(
        ctx.lowest(ctx.score_pile(ctx.demander)),
        "Give the affected player the lowest card of your score pile",
        player=ctx.demander,
    )
    if mine is not None:
        ctx.transfer(mine, to="score", player=ctx.demander)
    if theirs is not None:
        ctx.transfer(theirs, to="score", player=ctx.player)


# --- Education (purple, lightbulb) -------------------------------------------------------------
# Decision: with ties for the highest score card the player picks which one (or none) to return.


@effect("Education", 1)
def education(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.highest(ctx.score_pile()),
        "You may return the highest card of your score pile",
        optional=True,
    )
    if card is None or not ctx.return_card(card):
        return
    left = [ctx.age(other) for other in ctx.score_pile()]
    yield from ctx.draw(max(left, default=0) + 2)


# --- Feudalism (purple, castle) ----------------------------------------------------------------


@effect("Feudalism", 1)
def feudalism_demand(ctx: Ctx) -> Effect:
    castles = [card for card in ctx.hand() if ctx.has_icon(card, "castle")]
    card = yield from ctx.choose_card(
        castles, "Give the demander a card with a castle from your hand"
    )
    if card is None:
        return
    moved = ctx.transfer(card, to="hand", player=ctx.demander)
    if moved and not ctx.first_edition:
        ctx.unsplay(ctx.color(moved))


@effect("Feudalism", 2)
def feudalism_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("yellow", "purple"), "left", name_all=True)
