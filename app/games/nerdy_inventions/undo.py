"""Take-backs in Nerdy Inventions: the steps of paying for an invention.

Building is choosing a card of the open row (`build`) and then paying its requirements one die
at a time (`pay`). The row and the dice are in plain sight and neither step touches the deck, so
a player may take back each step, the last payment that completes the build too, until anyone
else acts (the play layer checks that). Never a roll, a draw or an ability: those may show
what the deck holds.
"""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.undo import drew_nothing

UNDOABLE = frozenset({"build", "pay"})


def undoable(before: State, after: State, seat: Seat, action: Action) -> bool:
    same_deck = len(before["deck"]) == len(after["deck"])
    return action["type"] in UNDOABLE and same_deck and drew_nothing(before, after)


def words(action: Action) -> str:
    if action["type"] == "build":
        return f"choosing the card under tile {action['slot']} to build"
    if action["type"] == "pay":
        return "a payment"
    return "their last move"
