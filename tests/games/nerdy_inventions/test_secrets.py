"""Nerdy Inventions' secrets: a view whose log names the next card of the deck is found
(tests/games/test_secrets.py checks every game's)."""

from __future__ import annotations

from typing import Any

from app.games.core import Game, Seat, State
from tests.games.secrets import expect_planted_leak


def next_card_logged(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    top = state["deck"][0] if state["deck"] else "none"
    return {**view, "log": [*view["log"], f"the next card is {top}"]}


def test_the_checks_find_the_next_card_planted_in_a_log() -> None:
    expect_planted_leak("nerdy-inventions", next_card_logged, "names")
