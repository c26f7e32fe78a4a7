"""The dogma effects of the age-4 cards, one generator per effect in the card's order.

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
from app.games.innovation.effects.steps import may_splay

# --- Experimentation (blue, lightbulb) ---------------------------------------------------------


@effect("Experimentation", 1)
def experimentation(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_meld(5)


# --- Printing Press (blue, lightbulb) ----------------------------------------------------------
# Decision: the top purple card is looked at after the return (a score card is never on the board,
# so the return cannot change it).


@effect("Printing Press", 1)
def printing_press_return_and_draw(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.score_pile(), "You may return a card from your score pile", optional=True
    )
    if card is None or not ctx.return_card(card):
        return
    purple = ctx.top("purple")
    yield from ctx.draw((ctx.age(purple) if purple else 0) + 2)


@effect("Printing Press", 2)
def printing_press_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("blue",), "right")


# --- Colonialism (red, factory) ----------------------------------------------------------------


@effect("Colonialism", 1)
def colonialism(ctx: Ctx) -> Effect:
    while True:
        card = yield from ctx.draw_and_tuck(3)
        if card is None or not ctx.has_icon(card, "crown"):
            return


# --- Gunpowder (red, factory) ------------------------------------------------------------------
# Decision: "the demand moved any card" is remembered for the whole action in ctx.memory, so every
# player carrying out the second effect (sharers too) draws and scores when any affected player
# gave a card.


@effect("Gunpowder", 1)
def gunpowder_demand(ctx: Ctx) -> Effect:
    castles = [card for card in ctx.top_cards() if ctx.has_icon(card, "castle")]
    card = yield from ctx.choose_card(
        castles, "Put one of your top cards with a castle into the demander's score pile"
    )
    if card is not None and ctx.transfer(card, to="score", player=ctx.demander):
        ctx.memory["gunpowder_moved"] = True


@effect("Gunpowder", 2)
def gunpowder_score(ctx: Ctx) -> Effect:
    if ctx.memory.get("gunpowder_moved"):
        yield from ctx.draw_and_score(2)


# --- Invention (green, lightbulb) --------------------------------------------------------------
# Decision: the second effect's own condition counts a splay in any direction, left included
# (unlike the Wonder condition checked all the time, which wants right or up).


@effect("Invention", 1)
def invention_splay_and_score(ctx: Ctx) -> Effect:
    left = [color for color in COLORS if ctx.splay(color) == "left"]
    color = yield from ctx.choose_color(
        left, "You may splay one of your piles splayed left to the right instead", optional=True
    )
    if color is not None and ctx.splay_pile(color, "right"):
        yield from ctx.draw_and_score(4)


@effect("Invention", 2)
def invention_wonder(ctx: Ctx) -> Effect:
    if all(ctx.top(color) is not None and ctx.splay(color) is not None for color in COLORS):
        ctx.claim_special("Wonder")
    yield from ()  # a generator like every effect, with nothing to ask


# --- Navigation (green, crown) -----------------------------------------------------------------


@effect("Navigation", 1)
def navigation_demand(ctx: Ctx) -> Effect:
    cards = [card for card in ctx.score_pile() if ctx.age(card) in (2, 3)]
    card = yield from ctx.choose_card(
        cards, "Give the demander an age-2 or age-3 card from your score pile"
    )
    if card is not None:
        ctx.transfer(card, to="score", player=ctx.demander)


# --- Anatomy (yellow, leaf) --------------------------------------------------------------------


@effect("Anatomy", 1)
def anatomy_demand(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(ctx.score_pile(), "Return a card from your score pile")
    if card is None or not ctx.return_card(card):
        return
    same = [top for top in ctx.top_cards() if ctx.age(top) == ctx.age(card)]
    top = yield from ctx.choose_card(same, f"Return one of your age-{ctx.age(card)} top cards")
    if top is not None:
        ctx.return_card(top)


# --- Perspective (yellow, lightbulb) -----------------------------------------------------------
# Decision: the lightbulbs are counted after the return (a card from the hand never changes the
# board); the player picks which cards to score, as many as the count allows and the hand holds.


@effect("Perspective", 1)
def perspective(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.hand(), "You may return a card from your hand", optional=True
    )
    if card is None or not ctx.return_card(card):
        return
    count = min(ctx.count("lightbulb") // 2, len(ctx.hand()))
    for _ in range(count):
        scored = yield from ctx.choose_card(ctx.hand(), "Score a card from your hand")
        if scored is not None:
            ctx.score(scored)


# --- Enterprise (purple, crown) ----------------------------------------------------------------


@effect("Enterprise", 1)
def enterprise_demand(ctx: Ctx) -> Effect:
    crowns = [
        card
        for card in ctx.top_cards()
        if ctx.color(card) != "purple" and ctx.has_icon(card, "crown")
    ]
    card = yield from ctx.choose_card(
        crowns, "Give the demander one of your top non-purple cards with a crown"
    )
    if card is not None and ctx.transfer(card, to="board", player=ctx.demander):
        yield from ctx.draw_and_meld(4)


@effect("Enterprise", 2)
def enterprise_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("green",), "right")


# --- Reformation (purple, leaf) ----------------------------------------------------------------
# Decision: the limit (one card per full two leaves) is fixed when the effect starts; tucks that
# reveal more leaves do not raise it. Cards are tucked one at a time as the player picks them.


@effect("Reformation", 1)
def reformation_tuck(ctx: Ctx) -> Effect:
    limit = ctx.count("leaf") // 2
    for done in range(limit):
        card = yield from ctx.choose_card(
            ctx.hand(),
            f"You may tuck a card from your hand ({limit - done} more at most)",
            optional=True,
        )
        if card is None:
            return
        ctx.tuck(card)


@effect("Reformation", 2)
def reformation_splay(ctx: Ctx) -> Effect:
    yield from may_splay(ctx, ("yellow", "purple"), "right", name_all=True)
