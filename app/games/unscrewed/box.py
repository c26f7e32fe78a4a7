"""The box a game is played with: its maps and decks, found from the state by their digest.

The printed components (the map's spaces, every card's text, an attack's grid and effects, a
Quirk's effect) are served once by `Unscrewed.components()` and never copied into a state or a
view: a state names its components by `state["box"]`, the digest of the whole box
(`Components.digest`), its map by `state["map"]`, and its cards by id ("<id>.<copy>"). Every
`Unscrewed` registers its box here when it is built, so that the rules find what is printed
from the state alone, and the good bot from a view (which names the box too).

Why a digest and not the ids alone: a host may replace the stand-in components with their own
(the setting UNSCREWED_COMPONENTS), and a game must go on, and replay, with the components it
started with. The same ids in another file may carry other grids or effects; the digest says
exactly which box the game was set up with, and a server that no longer has that box refuses
the game (`UnknownBox`) rather than play it on with other cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.core import GameError, State

if TYPE_CHECKING:
    from app.games.unscrewed.components import Components

_BOXES: dict[str, Components] = {}


class UnknownBox(GameError):
    """The game was set up with components this server does not have (any more)."""


def register(components: Components) -> str:
    """Make a box known to the rules; its digest, which a state names it by."""
    _BOXES.setdefault(components.digest, components)
    return components.digest


def box(state: State) -> Components:
    """The box named by a state (or a view's table): its `"box"`."""
    try:
        return _BOXES[state["box"]]
    except KeyError:
        raise UnknownBox(
            f"this UNSCREWED game was set up with components (box {state['box']}) that this "
            "server does not have: the stand-ins of another version, or another file named by "
            "UNSCREWED_COMPONENTS"
        ) from None


def layout(state: State) -> dict[str, Any]:
    """The game's printed map: {"id", "name", "size", "grid" (rows North first), "rows"}."""
    return box(state).layouts[state["map"]]


def improv_card(state: State, card_id: str) -> dict[str, Any]:
    """An Improv card as printed, by its id or the id of one copy ("big_hammer.2")."""
    return box(state).improv_cards[card_id.split(".")[0]]


def quirk_card(state: State, quirk_id: str) -> dict[str, Any]:
    """A Quirk as printed, by its id or the id of one copy ("anchored.1")."""
    return box(state).quirk_cards[quirk_id.split(".")[0]]
