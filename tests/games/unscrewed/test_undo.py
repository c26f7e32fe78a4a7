"""UNSCREWED's take-backs: a card put in the scheme, or taken out, before locking; never the
lock, nor the picks, spawns and answers of the round."""

from __future__ import annotations

from app.games.log import visible_log
from app.games.unscrewed import Unscrewed
from tests.games.undo_cases import moment, of_type, taken_back, undoable

game = Unscrewed()


def test_a_scheme_card_may_be_taken_back_and_the_others_learn_nothing() -> None:
    state, seat, action = moment(game, 3, of_type("scheme"))
    assert undoable(game, state, seat, action)
    back = taken_back(game, state, seat, action)
    other = (seat + 1) % 3
    line = f"{{seat{seat}}} took back a card placed in their scheme"
    assert visible_log(back, other)[-1] == line
    assert action["card"] not in line
    assert game.view(back, other)["state"] == game.view(state, other)["state"]


def test_taking_a_card_out_may_be_taken_back() -> None:
    state, seat, action = moment(game, 2, of_type("unscheme"), seed=2)
    assert undoable(game, state, seat, action)
    taken_back(game, state, seat, action)


def test_locking_may_not() -> None:
    state, seat, action = moment(game, 2, of_type("lock"))
    assert not undoable(game, state, seat, action)


def test_picks_and_spawns_may_not() -> None:
    for kind in ("character", "spawn"):
        state, seat, action = moment(game, 2, of_type(kind))
        assert not undoable(game, state, seat, action), kind
