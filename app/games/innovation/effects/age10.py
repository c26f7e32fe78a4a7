"""The effects of Innovation's age-10 cards (the Information age), one function per effect.

The steps that several cards share (optional splays, several cards moved at once, ties) are in
steps.py, with their decisions. Every decision is also written for the players in rules.md,
"How we read the cards".

Decision (Bioengineering): "take ... and put it into your score pile" is a transfer, not a score
(it does not count for Monument); "any opponent" excludes a teammate. The win compares every
player's visible leaves; teammates tied for the most win together.
Decision (Software): "draw two age-10 cards and meld them one after the other" is draw-and-meld
twice; the second card drawn is the second melded, and its effects are carried out even if the
first card has left the board by then.
Decision (Miniaturization): the distinct values of the score pile are counted once, after the
return and before the draws.
Decision (Robotics): the draw and meld happens even without a top green card to score ("then",
not "if you do").
Decision (Databases): half of the score pile rounds up (3 of 5); the cards are returned in the
order the player picks them.
Decision (Self Service): "another of your top cards" means any top card but Self Service itself,
also when Self Service is carried out through another card. "Every other player" is every
opponent (a teammate does not stop the win); counts are as the machinery gives them.
Decision (Globalization): the leaves-vs-factories test looks at every player's visible icons after
the score; "points" are each player's own score, even in the team game (teammates tied for the
most win together).
Decision (A.I.): Robotics and Software may be on the same or different boards; the lowest own
score is compared over all players, even in the team game (teammates tied for the lowest win
together).
Decision (The Internet): the clocks are counted once, before the first draw.
"""

from __future__ import annotations

from app.games.innovation.effects import Ctx, Effect, effect
from app.games.innovation.effects.steps import may_splay_up, single_best


@effect("Bioengineering", 1)
def bioengineering_take(ctx: Ctx) -> Effect:
    leafy = [
        top for seat in ctx.opponents() for top in ctx.top_cards(seat) if ctx.has_icon(top, "leaf")
    ]
    card = yield from ctx.choose_card(leafy, "Put an opponent's top card with a leaf in your score")
    if card:
        ctx.transfer(card, to="score", player=ctx.player)


@effect("Bioengineering", 2)
def bioengineering_win(ctx: Ctx) -> Effect:
    leaves = {seat: ctx.count("leaf", seat) for seat in ctx.players()}
    if min(leaves.values()) < 3:
        winner = single_best(ctx, leaves)
        if winner is not None:
            yield from ctx.win(winner)


@effect("Software", 1)
def software_score(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_score(10)


@effect("Software", 2)
def software_meld_and_execute(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_meld(10)
    second = yield from ctx.draw_and_meld(10)
    if second:
        yield from ctx.execute(second)


@effect("Miniaturization", 1)
def miniaturization(ctx: Ctx) -> Effect:
    card = yield from ctx.choose_card(
        ctx.hand(), "You may return a card from your hand", optional=True
    )
    if not card:
        return
    ctx.return_card(card)
    if ctx.age(card) == 10:
        values = {ctx.age(scored) for scored in ctx.score_pile()}
        for _ in values:
            yield from ctx.draw(10)


@effect("Robotics", 1)
def robotics(ctx: Ctx) -> Effect:
    green = ctx.top("green")
    if green:
        ctx.score(green)
    card = yield from ctx.draw_and_meld(10)
    if card:
        yield from ctx.execute(card)


@effect("Databases", 1)
def databases(ctx: Ctx) -> Effect:
    pile = list(ctx.score_pile())
    half = (len(pile) + 1) // 2
    chosen = yield from ctx.choose_cards(
        pile, f"Return {half} cards from your score pile", min=half, max=half
    )
    for card in chosen:
        ctx.return_card(card)


@effect("Self Service", 1)
def self_service_execute(ctx: Ctx) -> Effect:
    others = [top for top in ctx.top_cards() if top != "Self Service"]
    card = yield from ctx.choose_card(others, "Pick a top card; you carry out its effects")
    if card:
        yield from ctx.execute(card)


@effect("Self Service", 2)
def self_service_win(ctx: Ctx) -> Effect:
    mine = ctx.achievement_count()
    if all(mine > ctx.achievement_count(seat) for seat in ctx.opponents()):
        yield from ctx.win(ctx.player)


@effect("Globalization", 1)
def globalization_demand(ctx: Ctx) -> Effect:
    leafy = [top for top in ctx.top_cards() if ctx.has_icon(top, "leaf")]
    card = yield from ctx.choose_card(leafy, "Return one of your top cards with a leaf")
    if card:
        ctx.return_card(card)


@effect("Globalization", 2)
def globalization_score_and_win(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_score(6)
    seats = ctx.players()
    if all(ctx.count("leaf", seat) <= ctx.count("factory", seat) for seat in seats):
        winner = single_best(ctx, {seat: ctx.score_value(seat) for seat in seats})
        if winner is not None:
            yield from ctx.win(winner)


@effect("Stem Cells", 1)
def stem_cells(ctx: Ctx) -> Effect:
    hand = list(ctx.hand())
    if hand and (yield from ctx.yes_no("Score your entire hand?")):
        for card in hand:
            ctx.score(card)


@effect("A.I.", 1)
def ai_score(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_score(10)


@effect("A.I.", 2)
def ai_win(ctx: Ctx) -> Effect:
    seats = ctx.players()
    tops = {top for seat in seats for top in ctx.top_cards(seat)}
    if {"Robotics", "Software"} <= tops:
        winner = single_best(ctx, {seat: ctx.score_value(seat) for seat in seats}, lowest=True)
        if winner is not None:
            yield from ctx.win(winner)


@effect("The Internet", 1)
def the_internet_splay(ctx: Ctx) -> Effect:
    yield from may_splay_up(ctx, ["green"])


@effect("The Internet", 2)
def the_internet_score(ctx: Ctx) -> Effect:
    yield from ctx.draw_and_score(10)


@effect("The Internet", 3)
def the_internet_meld(ctx: Ctx) -> Effect:
    for _ in range(ctx.count("clock") // 2):
        yield from ctx.draw_and_meld(10)
