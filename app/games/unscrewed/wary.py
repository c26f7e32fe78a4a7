"""The good bot's model of a careful opponent: the cards it cannot see in another scheme, filled
as the greedy sparring bot would fill them (each slot with the card that leaves that player
safest one step ahead), instead of at random.

Against a careful player, playouts that expect random schemes expect the others to walk off the
map by themselves; against a random one, careful schemes only make the bot warier. The good bot
uses this model on every other guessed state (bot.py), random schemes on the rest.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from app.games.bots import View
from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.unscrewed.deaths import GameEnded
from app.games.unscrewed.foresight import drive, fork, judge
from app.games.unscrewed.hand import ACTION_CARDS
from app.games.unscrewed.rounds import act


def first_option(state: State, ask: Ask) -> Action:
    """A question in a one-step look: the first answer."""
    return ask.options[0]


def guessed_slots(view: View, seat: int) -> list[int]:
    """The slots of another seat's scheme whose card its view does not show."""
    shown = view["state"]["players"][seat]["slots"]
    return [
        index
        for index, slot in enumerate(shown)
        if slot is None or (not slot.get("flipped") and slot.get("card") != "plan")
    ]


def wary_scheme(state: State, seat: int, guessed: list[int]) -> None:
    """Fill the `guessed` slots of `seat`'s scheme in a guessed state as the greedy bot would:
    each in turn with the card of its hand that leaves it safest one step ahead, its own
    earlier cards played first, alone (the good bot's model of a careful opponent)."""
    player = state["seats"][seat]
    if not player["alive"] or not guessed:
        return
    kept = [slot["card"] for i, slot in enumerate(player["slots"]) if slot and i not in guessed]
    hand = [card for card in ACTION_CARDS if card not in kept]
    base = fork(state)
    for index in range(len(player["slots"])):
        if index in guessed and hand:
            best_card, best_value = hand[0], None
            for card in hand:
                trial = fork(base)
                trial["seats"][seat]["slots"][index] = _card(card)
                with suppress(GameEnded):
                    drive(trial, act(trial, seat=seat, step=index), first_option)
                value = judge(trial, seat)
                if best_value is None or value > best_value:
                    best_card, best_value = card, value
            hand.remove(best_card)
            player["slots"][index] = _card(best_card)
            base["seats"][seat]["slots"][index] = _card(best_card)
        if base["seats"][seat]["slots"][index] is not None:
            with suppress(GameEnded):
                drive(base, act(base, seat=seat, step=index), first_option)


def _card(card: str) -> dict[str, Any]:
    return {"card": card, "flipped": False, "did": None}
