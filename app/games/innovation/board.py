"""Each player's board: five color piles (top card first), their splays, and the icons they show.

A seat's part of the state is `state["seats"][seat]`:

    {"hand": [names], "score": [names], "board": {color: [top, ..., bottom]},
     "splays": {color: None | "left" | "right" | "up"}, "achievements": [card names],
     "specials": [special names], "tucked": n, "scored": n}

`tucked` and `scored` are the Monument tallies of the current turn.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from app.games.core import State
from app.games.innovation.cards import CARDS, COLORS, ICONS


class Phase(StrEnum):
    """The game's step: each seat picks its first meld, then turns (the phase stays "turn" once
    the game is over: `state["result"]` says it is)."""

    OPENING = "opening"
    TURN = "turn"


# The slots of a non-top card that a splay reveals (0 top-left, 1 bottom-left, 2 bottom-middle,
# 3 bottom-right); the top card shows all four.
REVEALED_SLOTS: dict[str | None, tuple[int, ...]] = {
    None: (),
    "left": (3,),
    "right": (0, 1),
    "up": (1, 2, 3),
}


def new_seat() -> dict[str, Any]:
    return {
        "hand": [],
        "score": [],
        "board": {color: [] for color in COLORS},
        "splays": {color: None for color in COLORS},
        "achievements": [],
        "specials": [],
        "tucked": 0,
        "scored": 0,
    }


def pile(state: State, seat: int, color: str) -> list[str]:
    cards: list[str] = state["seats"][seat]["board"][color]
    return cards


def top(state: State, seat: int, color: str) -> str | None:
    cards = state["seats"][seat]["board"][color]
    return cards[0] if cards else None


def top_cards(state: State, seat: int) -> list[str]:
    board = state["seats"][seat]["board"]
    return [board[color][0] for color in COLORS if board[color]]


def colors_on_board(state: State, seat: int) -> list[str]:
    board = state["seats"][seat]["board"]
    return [color for color in COLORS if board[color]]


def highest_top_age(state: State, seat: int) -> int:
    return max((CARDS[card].age for card in top_cards(state, seat)), default=0)


def pile_icons(cards: list[str], splay: str | None) -> dict[str, int]:
    """The icons one pile shows: all four slots of the top card, the splay's slots of the rest."""
    counts = dict.fromkeys(ICONS, 0)
    if not cards:
        return counts
    for icon in CARDS[cards[0]].icons:
        if icon in counts:
            counts[icon] += 1
    slots = REVEALED_SLOTS[splay]
    if slots:
        for card in cards[1:]:
            icons = CARDS[card].icons
            for slot in slots:
                icon = icons[slot]
                if icon in counts:
                    counts[icon] += 1
    return counts


def icons(state: State, seat: int) -> dict[str, int]:
    """The visible icon counts of a board, with its splays (the hexagon counts nothing)."""
    mine = state["seats"][seat]
    counts = dict.fromkeys(ICONS, 0)
    for color in COLORS:
        for icon, count in pile_icons(mine["board"][color], mine["splays"][color]).items():
            counts[icon] += count
    return counts


def settle_splay(state: State, seat: int, color: str) -> None:
    """A pile of fewer than two cards loses its splay."""
    mine = state["seats"][seat]
    if len(mine["board"][color]) < 2:
        mine["splays"][color] = None
