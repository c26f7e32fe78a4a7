"""Convolution's contract (tests/games/test_contract.py checks every game's): the checker tells
a missing key, an extra key and a wrong type in Convolution's state, by name."""

from __future__ import annotations

from app.games.convolution import Convolution
from tests.games.contract import problems


def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_type() -> None:
    game = Convolution()
    state = game.start(2, {}, 1)
    assert problems(state, game.contract.state) == []
    missing = {key: value for key, value in state.items() if key != "turn"}
    assert problems(missing, game.contract.state) == ["$: no turn (ConvolutionState)"]
    assert problems({**state, "extra": 1}, game.contract.state) == [
        "$: extra is not in ConvolutionState"
    ]
    assert problems({**state, "turn": True}, game.contract.state) == ["$.turn: True is not int"]
    assert problems({**state, "phase": "later"}, game.contract.state) != []
    assert problems({"type": "score"}, game.contract.action) != []
