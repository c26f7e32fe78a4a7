"""Convolution's take-backs: a scored category until the opponent acts; never a roll, nor the
score that ends the game."""

from __future__ import annotations

import pytest

from app.games.convolution import Convolution
from app.games.log import visible_log
from app.play import fold
from tests.games.undo_cases import moment, of_type, taken_back, undoable

game = Convolution()


def test_a_score_may_be_taken_back_and_says_so() -> None:
    state, seat, action = moment(game, 2, of_type("score"))
    assert game.undoable(state, game.apply(state, seat, action), seat, action)
    assert undoable(game, state, seat, action)
    back = taken_back(game, state, seat, action)
    title = action["category"].capitalize() if action["category"] != "bluggard" else "Bluggard"
    assert visible_log(back, 1 - seat)[-1] == f"{{seat{seat}}} took back their score in {title}"
    assert game.legal(back, seat) == game.legal(state, seat)


def test_a_roll_may_not() -> None:
    state, seat, action = moment(game, 2, of_type("roll"))
    assert not game.undoable(state, game.apply(state, seat, action), seat, action)
    assert not undoable(game, state, seat, action)


def test_the_last_score_ends_the_game_and_may_not() -> None:
    state, seat, action = moment(
        game, 2, lambda s, _seat, a: a["type"] == "score" and s["turn"] == 18
    )
    after = game.apply(state, seat, action)
    assert game.result(after) is not None
    assert not undoable(game, state, seat, action)


def test_once_the_opponent_acts_nothing_may_be_taken_back() -> None:
    state, seat, action = moment(
        game, 2, lambda s, _seat, a: a["type"] == "score" and s["turn"] % 2 == 1
    )
    folded = fold.step(game, fold.Fold(state), seat, action)
    other = 1 - seat
    reply = game.legal(folded.state, other)[0]
    replied = fold.step(game, folded, other, reply)
    assert not replied.may_undo(seat)
    with pytest.raises(fold.CannotUndo):
        fold.undo(game, replied, seat)
