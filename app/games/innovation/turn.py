"""The opening and the turns: the four actions (draw, meld, dogma, achieve), one or two a turn.

Opening: everyone draws two age-1 cards and picks one in secret (decisions.Simultaneous under
state["opening"]); when all have picked, all are melded at once and the first title
alphabetically starts. The first player takes one action on the first turn (in a 4-player game
the second player too); every other turn has two.

`pick`, the four actions and `answer` (to a dogma's open question) are the game's moves
(rules.py's table): each carries out its type of action, (state, seat, action) -> None.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from app.games.core import Action, State
from app.games.decisions import Simultaneous
from app.games.innovation import achievements, board, supply
from app.games.innovation.board import Phase
from app.games.innovation.cards import COLORS, title_key
from app.games.innovation.dogma import SCRIPT
from app.games.innovation.ending import GameOver, clockwise
from app.games.log import log, seat_token

OPENING = "opening"


# --- the opening ----------------------------------------------------------------------------


def open_game(state: State) -> None:
    for seat in range(state["players"]):
        supply.draw(state, seat, 1)
        supply.draw(state, seat, 1)
    Simultaneous.open(state, OPENING, list(range(state["players"])))


def opening_options(state: State, seat: int) -> list[Action]:
    if seat not in Simultaneous.waiting(state, OPENING):
        return []
    return [{"type": "pick", "card": card} for card in sorted(state["seats"][seat]["hand"])]


def pick(state: State, seat: int, action: Action) -> None:
    """The opening pick of one of the two cards drawn (secret until all have picked)."""
    card = action["card"]
    log(state, f"{seat_token(seat)} has picked a card")
    if not Simultaneous.answer(state, OPENING, seat, card):
        return
    picks = Simultaneous.close(state, OPENING)
    for chosen_seat in sorted(picks):
        state["revealed"].append(picks[chosen_seat])
    for chosen_seat in sorted(picks):
        supply.move(
            state, picks[chosen_seat], "board", chosen_seat, verb="melds", actor=chosen_seat
        )
    first = min(picks, key=lambda chosen_seat: title_key(picks[chosen_seat]))
    log(state, f"{seat_token(first)} melded the first title alphabetically and starts")
    state["phase"] = Phase.TURN
    state["current"] = first
    state["turn"] = 1
    start_turn(state)


# --- turns ----------------------------------------------------------------------------------


def start_turn(state: State) -> None:
    one = state["turn"] == 1 or (state["players"] == 4 and state["turn"] == 2)
    state["actions_left"] = 1 if one else 2
    actions = "1 action" if one else "2 actions"
    log(state, f"Turn {state['turn']}: {seat_token(state['current'])} ({actions})")


def end_turn(state: State) -> None:
    for mine in state["seats"]:
        mine["tucked"] = 0
        mine["scored"] = 0
    state["current"] = clockwise(state, state["current"])[1]
    state["turn"] += 1
    start_turn(state)


def turn_options(state: State, seat: int) -> list[Action]:
    """The four actions open to the current player."""
    mine = state["seats"][seat]
    options: list[Action] = [{"type": "draw"}]
    options += [{"type": "meld", "card": card} for card in sorted(mine["hand"])]
    options += [
        {"type": "dogma", "card": mine["board"][color][0]}
        for color in COLORS
        if mine["board"][color]
    ]
    options += [{"type": "achieve", "age": age} for age in achievements.eligible_ages(state, seat)]
    return options


@contextmanager
def one_action(state: State) -> Iterator[None]:
    """Around one of the current player's four actions: what was revealed and shown is put
    away first; the action is counted once it is over (unless it ended the game)."""
    state["revealed"] = []
    supply.cover(state)
    try:
        yield
    except GameOver:
        return
    action_done(state)


def draw(state: State, seat: int, action: Action) -> None:
    """Draw a card of the age of your highest top card."""
    with one_action(state):
        supply.draw(state, seat, board.highest_top_age(state, seat))


def meld(state: State, seat: int, action: Action) -> None:
    """Meld a card from your hand."""
    with one_action(state):
        supply.move(state, action["card"], "board", seat, verb="melds", actor=seat)


def dogma(state: State, seat: int, action: Action) -> None:
    """The dogma action on one of your top cards (it may ask questions: `answer`)."""
    with one_action(state):
        SCRIPT.start(state, "dogma", seat=seat, card=action["card"])


def achieve(state: State, seat: int, action: Action) -> None:
    """Claim the available achievement of an age."""
    with one_action(state):
        achievements.claim_standard(state, seat, action["age"])


def answer(state: State, seat: int, action: Action) -> None:
    """The answer to the open question of a dogma action (by the seat it asks)."""
    SCRIPT.answer(state, action)
    action_done(state)


def action_done(state: State) -> None:
    """Count the action once it is over (a dogma that still asks is not over)."""
    if state["result"] is not None or state[SCRIPT.key] is not None:
        return
    state["actions_left"] -= 1
    if state["actions_left"] <= 0:
        end_turn(state)
