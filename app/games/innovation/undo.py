"""Take-backs in Innovation: a meld or an achievement that drew nothing.

Melding a card from your hand shows the others a card you knew, and achieving takes an age's
achievement face down (nobody sees which card it is, its claimer neither): neither teaches the
player anything, as long as nothing was drawn on the way (no pile moved, the generator did not
move) and no dogma is under way. The player may take either back until anyone else acts (the
play layer checks that), the second action of a turn too. Never a draw or a dogma, nor an answer
in the middle of one: those may show cards.
"""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.innovation.dogma import SCRIPT
from app.games.undo import drew_nothing

UNDOABLE = frozenset({"meld", "achieve"})


def undoable(before: State, after: State, seat: Seat, action: Action) -> bool:
    quiet = SCRIPT.asking(before) is None and SCRIPT.asking(after) is None
    same_piles = before["supply"] == after["supply"]
    return action["type"] in UNDOABLE and quiet and same_piles and drew_nothing(before, after)


def words(action: Action) -> str:
    if action["type"] == "meld":
        return f"melding {action['card']}"
    if action["type"] == "achieve":
        return f"achieving age {action['age']}"
    return "their last move"
