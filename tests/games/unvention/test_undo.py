"""Unvention's take-backs: a journal entry or a circled part while the seat is still on its
turn; never `done` (the next roll), nor anything else."""

from __future__ import annotations

from app.games.decisions import Simultaneous
from app.games.log import visible_log
from app.games.unvention import Unvention
from app.games.unvention.turn import WAITING
from tests.games.undo_cases import moment, of_type, taken_back, undoable

game = Unvention()


def test_a_journal_entry_may_be_taken_back() -> None:
    state, seat, action = moment(game, 2, of_type("journal"))
    assert undoable(game, state, seat, action)
    back = taken_back(game, state, seat, action)
    assert visible_log(back, None)[-1] == f"{{seat{seat}}} took back a journal entry"
    assert game.legal(back, seat) == game.legal(state, seat)


def test_a_circled_part_may_be_taken_back() -> None:
    state, seat, action = moment(game, 3, of_type("circle"), seed=2)
    assert undoable(game, state, seat, action)
    back = taken_back(game, state, seat, action)
    assert visible_log(back, 0)[-1] == f"{{seat{seat}}} took back a circled part"


def test_done_may_not_be_taken_back() -> None:
    state, seat, action = moment(game, 2, of_type("done"))
    assert not undoable(game, state, seat, action)
    # the last seat done rolls the next dice: the generator moves
    last, last_seat, done = moment(
        game,
        2,
        lambda s, seat, a: a["type"] == "done" and Simultaneous.waiting(s, WAITING) == [seat],
    )
    after = game.apply(last, last_seat, done)
    assert after["rng"] != last["rng"]
    assert not game.undoable(last, after, last_seat, done)


def test_other_steps_may_not() -> None:
    for kind in ("build_start", "idea", "present"):
        state, seat, action = moment(game, 2, of_type(kind), seed=3)
        assert not undoable(game, state, seat, action), kind
