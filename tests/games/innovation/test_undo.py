"""Innovation's take-backs: a meld or an achievement that drew nothing; never a draw, a dogma
or an answer in the middle of one, nor the opening's secret pick."""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.innovation import Innovation
from app.games.log import visible_log
from tests.games.undo_cases import moment, of_type, taken_back, undoable

game = Innovation()


def test_a_meld_may_be_taken_back() -> None:
    state, seat, action = moment(game, 2, of_type("meld"))
    assert undoable(game, state, seat, action)
    back = taken_back(game, state, seat, action)
    assert visible_log(back, 1 - seat)[-1] == f"{{seat{seat}}} took back melding {action['card']}"
    assert action["card"] in back["seats"][seat]["hand"]


def test_an_achievement_may_be_taken_back() -> None:
    def game_goes_on(state: State, seat: Seat, action: Action) -> bool:
        return action["type"] == "achieve" and game.result(game.apply(state, seat, action)) is None

    state, seat, action = moment(game, 2, game_goes_on, seed=3)
    assert undoable(game, state, seat, action)
    back = taken_back(game, state, seat, action)
    assert back["available"] == state["available"]


def test_draws_dogmas_and_picks_may_not() -> None:
    for kind in ("draw", "dogma", "pick"):
        state, seat, action = moment(game, 2, of_type(kind))
        assert not undoable(game, state, seat, action), kind


def test_a_meld_that_drew_may_not() -> None:
    """A meld whose pile of the supply moved (a draw on the way) is not taken back, whatever
    else it did."""
    state, seat, action = moment(game, 2, of_type("meld"))
    after = game.apply(state, seat, action)
    drawn = {**after, "supply": {**after["supply"], "1": after["supply"]["1"][1:]}}
    assert not game.undoable(state, drawn, seat, action)
    assert game.undoable(state, after, seat, action)


def test_an_answer_in_the_middle_of_a_dogma_may_not() -> None:
    def answering(state: State, _seat: Seat, action: Action) -> bool:
        return state["asking"] is not None and action["type"] in ("card", "color", "yes", "done")

    state, seat, action = moment(game, 2, answering)
    assert not undoable(game, state, seat, action)
