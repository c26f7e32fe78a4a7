"""Take-backs in Unvention: a journal entry or a circled part, within the turn.

Every sheet is in plain sight and the dice are rolled only when everyone is done, so writing a
number in a journal or circling a part (by a die or a wrench) teaches the writer nothing: they
may take it back as long as they are still working on this turn (not once `done`, which may
roll the next dice, nor an action that finished their turn on its own). Nothing else: ideas,
builds and presentations are decisions of their own kind.
"""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.decisions import Simultaneous
from app.games.undo import drew_nothing
from app.games.unvention.turn import WAITING

UNDOABLE = frozenset({"journal", "circle", "spend_wrench"})
WORDS = {
    "journal": "a journal entry",
    "circle": "a circled part",
    "spend_wrench": "a part circled with a wrench",
}


def undoable(before: State, after: State, seat: Seat, action: Action) -> bool:
    still_working = seat in Simultaneous.waiting(after, WAITING)
    return action["type"] in UNDOABLE and still_working and drew_nothing(before, after)


def words(action: Action) -> str:
    return WORDS.get(action["type"], "their last move")
