"""The small steps that many cards' effects share, written once for every age file.

An age file (age1.py ... age10.py) imports what it needs from here and never from another age
file. Each step keeps the exact behaviour the cards had when each age wrote its own copy: where
two cards asked in different ways, both ways are here under their own names or as a parameter,
so that no card changes. How we read the cards (these steps' decisions included) is written for
the players in rules.md, "How we read the cards".

- Optional splays: `splay_choices`, `may_splay` (one color choice with a "no"), `may_splay_up`
  (a yes/no when a single pile qualifies). Only piles the splay would change are offered.
- Several cards moved at once: `return_together`, `meld_together`, `tuck_together` (the owner
  orders only the cards whose order matters); `return_in_order` for cards picked one by one.
- Ties and comparisons: `pick_highest` (the N highest, ties at the cut picked by the owner),
  `single_best` ("the single player with the most / the lowest ...").
- `colors_showing`: the colors whose pile shows an icon, with its splay.

Decision: "you may splay ..." offers only the piles the splay would change (two or more cards,
not already splayed that way); with none, nothing is asked.
Decision: cards moved at once are ordered by their owner only where the order matters: the same
age when returning (one supply pile), the same color when melding or tucking; the groups go in
ascending age or in the fixed color order. Cards picked one at a time move in the order picked.
Decision: "the N highest cards": every card above a tie goes; the owner picks at the cut.
Decision: "the single player with the most ...": a tie means nobody, except two teammates
(their team wins together).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from app.games.innovation.board import pile_icons
from app.games.innovation.cards import COLORS
from app.games.innovation.effects import Ctx, Effect

# --- optional splays ------------------------------------------------------------------------


def splay_choices(ctx: Ctx, colors: Iterable[str], direction: str) -> list[str]:
    """The piles among `colors` that splaying `direction` would change (two or more cards, not
    already splayed that way), in the order given."""
    return [
        color for color in colors if len(ctx.pile(color)) >= 2 and ctx.splay(color) != direction
    ]


def may_splay(ctx: Ctx, colors: Iterable[str], direction: str, *, name_all: bool = False) -> Effect:
    """ "You may splay your <color> (or <color>) pile <direction>": one optional color choice
    among the piles the splay would change; nothing is asked when there is none. Returns the
    color splayed, or None.

    The question names the piles offered, or with `name_all` every color the card names (the
    wording the age-3 and age-4 cards use)."""
    colors = list(colors)
    choices = splay_choices(ctx, colors, direction)
    if not choices:
        return None
    names = " or ".join(colors if name_all else choices)
    color = yield from ctx.choose_color(
        choices, f"You may splay your {names} pile {direction}", optional=True
    )
    if color is None:
        return None
    ctx.splay_pile(color, direction)
    return color


def may_splay_up(ctx: Ctx, colors: Iterable[str]) -> Effect:
    """ "You may splay your <color> (or <color>) pile up", as the age-9 and age-10 cards ask it:
    a yes/no when a single pile qualifies, else one optional color choice; nothing is asked when
    no pile would change."""
    options = splay_choices(ctx, colors, "up")
    if len(options) == 1:
        if (yield from ctx.yes_no(f"Splay your {options[0]} pile up?")):
            ctx.splay_pile(options[0], "up")
    elif options:
        color = yield from ctx.choose_color(options, "You may splay one pile up", optional=True)
        if color:
            ctx.splay_pile(color, "up")


# --- several cards moved at once ------------------------------------------------------------


def _in_groups(
    ctx: Ctx,
    cards: Iterable[str],
    key: Callable[[str], Any],
    move: Callable[[str], str | None],
    prompt: Callable[[Any], str],
) -> Effect:
    """Move `cards` one at a time with `move`, group by group (ascending age, or colors in the
    fixed order); the owner orders each group of two or more (the first picked moves first).
    Returns the cards actually moved."""
    cards = list(cards)  # a copy: the moves may change the list the caller passed
    moved: list[str] = []
    keys = sorted({key(card) for card in cards}, key=_group_order)
    for group_key in keys:
        group = [card for card in cards if key(card) == group_key]
        if len(group) > 1:
            group = yield from ctx.order(group, prompt(group_key))
        for card in group:
            if move(card) is not None:
                moved.append(card)
    return moved


def _group_order(key: Any) -> Any:
    return COLORS.index(key) if key in COLORS else key


def return_together(
    ctx: Ctx,
    cards: Iterable[str],
    prompt: str = "Order the age-{age} cards going back (the first goes back first)",
) -> Effect:
    """Return cards that go back at once (a whole hand, all top cards...): the owner orders
    only the cards bound for the same supply pile (same age). `prompt` may name the `{age}`.
    Returns the cards actually returned."""
    return (yield from _in_groups(ctx, cards, ctx.age, ctx.return_card, _formatter(prompt, "age")))


def meld_together(
    ctx: Ctx, cards: Iterable[str], prompt: str = "Order the cards to meld (the last ends on top)"
) -> Effect:
    """Meld cards that go at once: the owner orders only the cards of the same color (the last
    ends on top). Returns the cards actually melded."""
    return (yield from _in_groups(ctx, cards, ctx.color, ctx.meld, _formatter(prompt, "color")))


def tuck_together(
    ctx: Ctx,
    cards: Iterable[str],
    prompt: str = "Order the {color} cards to tuck (the first is tucked first)",
) -> Effect:
    """Tuck cards that go at once: the owner orders only the cards of the same color. `prompt`
    may name the `{color}`. Returns the cards actually tucked."""
    return (yield from _in_groups(ctx, cards, ctx.color, ctx.tuck, _formatter(prompt, "color")))


def _formatter(prompt: str, name: str) -> Callable[[Any], str]:
    return lambda value: prompt.format(**{name: value})


def return_in_order(ctx: Ctx, cards: Iterable[str]) -> list[str]:
    """Return cards picked one at a time, in the order picked; the cards actually returned."""
    return [card for card in cards if ctx.return_card(card)]


# --- ties and comparisons -------------------------------------------------------------------


def pick_highest(
    ctx: Ctx, cards: Iterable[str], n: int, prompt: str, player: int | None = None
) -> Effect:
    """The `n` highest-value cards among `cards` (fewer if there are fewer); `player`
    (default ctx.player) picks among the cards tied at the cut."""
    rest = list(cards)
    picked: list[str] = []
    while rest and len(picked) < n:
        top = ctx.highest(rest)
        need = n - len(picked)
        if len(top) <= need:
            picked += top
            rest = [card for card in rest if card not in top]
        else:
            chosen = yield from ctx.choose_cards(top, prompt, min=need, max=need, player=player)
            picked += chosen
            break
    return picked


def single_best(ctx: Ctx, values: dict[int, int], lowest: bool = False) -> int | None:
    """The one seat with strictly the most (or the lowest) value, None on a tie; two teammates
    tied together count as one (the first of them is returned: their team wins)."""
    best = min(values.values()) if lowest else max(values.values())
    leaders = [seat for seat, value in values.items() if value == best]
    if len(leaders) == 1:
        return leaders[0]
    if len(leaders) == 2 and ctx.teammate(leaders[0]) == leaders[1]:
        return leaders[0]
    return None


# --- the board ------------------------------------------------------------------------------


def colors_showing(ctx: Ctx, icon: str) -> list[str]:
    """The colors of ctx.player's board whose pile shows at least one `icon`: on the top card, or
    on a card under it that the splay reveals (Fermenting, Industrialization)."""
    return [
        color
        for color in ctx.colors_on_board()
        if pile_icons(ctx.pile(color), ctx.splay(color))[icon]
    ]
