"""UNSCREWED's secrets: views with a number that depends on face-down cards, or with the
schemes' face-down slots shown, are found (tests/games/test_secrets.py checks every game's)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.core import Game, Seat, State
from app.games.unscrewed.secrets import face_down
from tests.games.secrets import LeakyView, expect_planted_leak, with_state


def norths_counted(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    view = type(game).view(game, state, seat)
    norths = sum(
        1
        for player in state["seats"]
        for slot in player["slots"]
        if face_down(slot) and slot["card"] == "north"
    )
    return with_state(view, norths=norths)


def schemes_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    shown = game.table(state, None, everything=True)
    view = type(game).view(game, state, seat)
    players = [
        {**player, "slots": everything["slots"]}
        for player, everything in zip(view["state"]["players"], shown["players"], strict=True)
    ]
    return with_state(view, players=players)


PLANTED = [
    (norths_counted, "changes with the secrets"),
    (schemes_shown, "face-down slot"),
]


@pytest.mark.parametrize(("leaky", "found"), PLANTED, ids=[leaky.__name__ for leaky, _ in PLANTED])
def test_the_checks_find_a_planted_leak(leaky: LeakyView, found: str) -> None:
    expect_planted_leak("unscrewed", leaky, found)
