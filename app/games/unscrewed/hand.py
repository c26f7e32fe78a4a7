"""A player's action cards: the hand (the six cards, less those in the scheme), and confusion,
which swaps a face-down card of the scheme for one from the hand.
"""

from __future__ import annotations

from app.games.core import State
from app.games.log import log
from app.games.randomness import randomness
from app.games.unscrewed.contract import SlotShown, Table
from app.games.unscrewed.events import event, who

ACTION_CARDS = ("north", "east", "south", "west", "improvise", "again")


def hand_of(state: State, seat: int) -> list[str]:
    in_scheme = [slot["card"] for slot in state["seats"][seat]["slots"] if slot is not None]
    return [card for card in ACTION_CARDS if card not in in_scheme]


def own_slots(table: Table) -> list[SlotShown | None]:
    """The viewer's scheme in a view (`table`: view.py): their own slots, which the view shows
    face up among the players' (it sends them once, not again beside the hand)."""
    you = table["you"]
    if you is None:
        raise ValueError("a spectator has no scheme")
    return table["players"][you["seat"]]["slots"]


def hand_shown(table: Table) -> list[str]:
    """The viewer's hand in a view, as hand_of gives it from the state: the six cards less
    those in their scheme (the view leaves it out: it follows from the slots)."""
    in_scheme = [slot["card"] for slot in own_slots(table) if slot is not None]
    return [card for card in ACTION_CARDS if card not in in_scheme]


def confuse(state: State, seat: int) -> None:
    """The next face-down action card of the scheme goes back to the hand; one at random
    (from the hand with it) replaces it."""
    player = state["seats"][seat]
    for index, slot in enumerate(player["slots"]):
        if slot is None or slot["flipped"] or slot["card"] == "plan":
            continue
        hand = [card for card in hand_of(state, seat)] + [slot["card"]]
        hand.sort(key=ACTION_CARDS.index)
        with randomness(state) as rng:
            slot["card"] = rng.choice(hand)
        event(state, "confuse", seat=seat, slot=index)
        log(state, f"{who(state, seat)} is confused")
        return
