"""Unvention's greedy sparring bot (app/games/unvention/greedy.py): greedy over the turn, it
builds and scores where a step-by-step greedy bot played as the easy one does."""

from __future__ import annotations

from app.games.bots import EASY, bot_rng
from app.games.unvention import workshop
from app.games.unvention.reach import points_now, reach
from app.games.unvention.rebuild import rebuild
from tests.games.unvention.test_good_bot import GAME, circle, give_wrenches, play, position

GREEDY = GAME.sparring_bots()["greedy"]


def test_the_greedy_bot_builds_and_scores_against_the_easy_bot() -> None:
    for seed, seats in ((3, [GREEDY, EASY]), (4, [EASY, GREEDY])):
        state = play(seats, seed)
        result = GAME.result(state)
        assert result is not None
        me = seats.index(GREEDY)
        assert state["sheets"][me]["mechanisms"], "the greedy bot should build"
        assert result.scores[str(me)] > 0, result.scores
        assert result.winners == [me], result


def test_the_turn_reaches_the_build_its_circled_parts_allow() -> None:
    """Two circled parts side by side and the wrenches to pay: the turn reaches the points of
    that domino drawn in an invention; without the wrenches it reaches nothing more."""
    state = position([1, 1, 2, 2, 3])
    circle(state, "hydraulic", (0, 0), (0, 1))
    view = {**GAME.view(state, 0), "you": 0}
    seat_state, outlook = rebuild(view)
    sheet = seat_state["sheets"][0]
    assert reach(seat_state, outlook, {}) == points_now(sheet, outlook)
    give_wrenches(state)
    view = {**GAME.view(state, 0), "you": 0}
    seat_state, outlook = rebuild(view)
    assert reach(seat_state, outlook, {}) > points_now(seat_state["sheets"][0], outlook)


def test_the_greedy_bot_starts_the_build_the_turn_allows() -> None:
    """Past journaling, a domino circled and wrenches to pay: the build is the only step that
    gains, so the bot starts it rather than end its turn or spend a wrench."""
    state = position([1, 1, 2, 2, 3])
    give_wrenches(state)
    circle(state, "hydraulic", (0, 0), (0, 1))
    state["sheets"][0]["asking"]["stage"] = "workshop"
    state["sheets"][0]["asking"]["workshop_left"] = []
    legal = GAME.legal(state, 0)
    assert {"type": "build_start"} in legal
    view = {**GAME.view(state, 0), "you": 0}
    for seed in range(5):
        assert GREEDY.choose(GAME, view, legal, bot_rng(seed, 0, 0)) == {"type": "build_start"}
    hydraulic = state["sheets"][0]["workshops"]["hydraulic"]
    assert hydraulic[workshop.index(0, 0)] == workshop.CIRCLED
