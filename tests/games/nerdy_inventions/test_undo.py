"""Nerdy Inventions' take-backs: choosing a card to build and each payment for it; never the
end of a turn (the next roll), an ability (it may draw) or a research."""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.log import visible_log
from app.games.nerdy_inventions import NerdyInventions
from tests.games.undo_cases import moment, of_type, taken_back, undoable

game = NerdyInventions()


def test_choosing_a_card_to_build_may_be_taken_back() -> None:
    state, seat, action = moment(game, 3, of_type("build"))
    assert undoable(game, state, seat, action)
    back = taken_back(game, state, seat, action)
    assert visible_log(back, None)[-1] == (
        f"{{seat{seat}}} took back choosing the card under tile {action['slot']} to build"
    )


def test_a_payment_may_be_taken_back_the_last_one_too() -> None:
    state, seat, action = moment(game, 2, of_type("pay"))
    assert undoable(game, state, seat, action)
    assert (
        visible_log(taken_back(game, state, seat, action), 1)[-1]
        == f"{{seat{seat}}} took back a payment"
    )
    last, last_seat, paid = moment(game, 2, builds)
    after = game.apply(last, last_seat, paid)
    assert len(after["tableaus"][last_seat]) == len(last["tableaus"][last_seat]) + 1  # built
    assert undoable(game, last, last_seat, paid)
    assert taken_back(game, last, last_seat, paid)["tableaus"] == last["tableaus"]


def builds(state: State, seat: Seat, action: Action) -> bool:
    """The payment that completes a build (the card goes to the tableau)."""
    if action["type"] != "pay":
        return False
    after = game.apply(state, seat, action)
    return len(after["tableaus"][seat]) > len(state["tableaus"][seat])


def test_ending_the_turn_rolls_and_may_not() -> None:
    state, seat, action = moment(game, 2, of_type("end_turn"))
    after = game.apply(state, seat, action)
    assert after["rng"] != state["rng"]
    assert not undoable(game, state, seat, action)


def test_abilities_tools_and_research_may_not() -> None:
    for kind in ("use", "tool", "research", "charge", "cancel"):
        state, seat, action = moment(game, 2, of_type(kind), seed=4)
        assert not undoable(game, state, seat, action), kind
