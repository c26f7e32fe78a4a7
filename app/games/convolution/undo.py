"""Take-backs in Convolution: a category scored, until the opponent acts.

Scoring draws nothing (the dice were rolled by the `roll` before it) and everything in this game
is in plain sight, so a score taught the scorer nothing they could not see before: they may
take it back while the game waits (the play layer checks that nobody has acted since). A roll
never, nor the score that ends the game.
"""

from __future__ import annotations

from app.games.convolution.scoresheet import TITLES
from app.games.core import Action, Seat, State
from app.games.undo import drew_nothing

UNDOABLE = frozenset({"score"})


def undoable(before: State, after: State, seat: Seat, action: Action) -> bool:
    return action["type"] in UNDOABLE and drew_nothing(before, after)


def words(action: Action) -> str:
    if action["type"] == "score":
        return f"their score in {TITLES[action['category']]}"
    return "their last move"
