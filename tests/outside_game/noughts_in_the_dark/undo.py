"""Take-backs in Noughts in the Dark: a mark placed, face up or face down, until the other acts,
while the other has no mark face down.

Placing draws nothing, and while the other has no mark face down every cell that looks free is
free: a mark placed taught its player nothing they could not see before. Once the other's mark
lies face down, a mark placed also tells its player that the cell did not hold it; and bumping
into it shows where it lay: neither may be taken back. Nor the mark that ends the game (the
play layer's rule).
"""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.undo import drew_nothing


def undoable(before: State, after: State, seat: Seat, action: Action) -> bool:
    # Without the other's mark face down there is nothing to bump into.
    return before["hidden"][1 - seat] is None and drew_nothing(before, after)


def words(action: Action) -> str:
    """The same words for a mark face up or face down: the log said which already."""
    return "their last mark"
