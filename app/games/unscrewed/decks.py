"""The Improv and the Quirk decks: drawing, and shuffling the discards when a deck runs out."""

from __future__ import annotations

from app.games.core import State
from app.games.randomness import randomness
from app.games.unscrewed.events import event

DECKS = {"improv": "improv_deck", "quirks": "quirk_deck"}


def draw_from(state: State, deck: str) -> str | None:
    """The top card of the Improv or the Quirk deck ("improv" / "quirks"); an empty deck is
    first refilled by shuffling its discards. None when both are empty."""
    pile = state[DECKS[deck]]
    if not pile["draw"]:
        pile["draw"], pile["discard"] = pile["discard"], []
        with randomness(state) as rng:
            rng.shuffle(pile["draw"])
        if pile["draw"]:
            event(state, "reshuffle", deck=deck)
    return pile["draw"].pop(0) if pile["draw"] else None
