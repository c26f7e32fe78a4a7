"""Take-backs in UNSCREWED: a scheme card placed (or taken back) before locking.

While everyone schemes, a card put into a slot is seen by its own player only (the others see
that a slot is filled) and nothing is drawn or flipped until the last seat locks; so a seat may
take back its `scheme` and `unscheme` steps until it locks or anyone else acts (the play layer
checks that). Never `lock`, which may set the round going, nor anything later in the round:
aims, calls and shifts come after draws and flips.
"""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.decisions import Simultaneous
from app.games.undo import drew_nothing
from app.games.unscrewed.rounds import SCHEMING

UNDOABLE = frozenset({"scheme", "unscheme"})


def undoable(before: State, after: State, seat: Seat, action: Action) -> bool:
    still_scheming = seat in Simultaneous.waiting(after, SCHEMING)
    return action["type"] in UNDOABLE and still_scheming and drew_nothing(before, after)


def words(action: Action) -> str:
    if action["type"] == "scheme":
        return "a card placed in their scheme"
    return "taking a card out of their scheme"
