"""Innovation's secrets: views with a hand shown whole, a number that tells hidden cards apart,
or log lines kept for other seats are found; and so is a card named, where it went, by the log
lines of the action that revealed it (tests/games/test_secrets.py checks every game's)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.core import Game, Seat, State
from app.games.innovation import supply
from app.games.innovation.view import table as innovation_table
from tests.games.secrets import KEEPERS, Leak, LeakyView, expect_planted_leak, playouts, with_state


def hands_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    return {**view, "state": innovation_table(state, seat, everything=True)}


def long_names_counted(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    """How many cards of another seat's hand have a name of more than 8 letters: no name is
    shown, but the number tells the cards apart where their ages do not."""
    view = type(game).view(game, state, seat)
    others = [other for other in range(state["players"]) if other != seat]
    long_names = sum(len(card) > 8 for card in state["seats"][others[0]]["hand"])
    return with_state(view, long_names=long_names)


def whole_log(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    return {**view, "log": [entry["text"] for entry in state["log"]][-40:]}


PLANTED = [
    (hands_shown, "hand is shown"),
    (long_names_counted, "changes with the secrets"),
    (whole_log, "kept for other seats"),
]


@pytest.mark.parametrize(("leaky", "found"), PLANTED, ids=[leaky.__name__ for leaky, _ in PLANTED])
def test_the_checks_find_a_planted_leak(leaky: LeakyView, found: str) -> None:
    expect_planted_leak("innovation", leaky, found)


def test_the_step_check_finds_a_revealed_card_named_where_it_went(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Innovation named a card revealed at any time in the action wherever it went next (the
    card Alchemy kept in hand was named when scored later): the log lines of a step give it
    away, though the card is known to everyone."""

    def revealed_in_this_action(state: State, card: str, source: Any, target: Any) -> bool:
        return "board" in (source[0], target[0]) or card in state["revealed"]

    monkeypatch.setattr(supply, "seen_by_everyone", revealed_in_this_action)
    with pytest.raises(Leak, match="which only its owner sees there"):
        for playout in playouts(KEEPERS["innovation"], 40):
            playout.run(look=False)
