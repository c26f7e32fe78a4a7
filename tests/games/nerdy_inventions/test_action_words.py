"""Nerdy Inventions: the steps that write no log line are said in words for the review.

`Game.action_words` (words.py) says a use that asks something, a die or a row card chosen for
it, a research or a build begun, a payment before the last, and a cancel; the review
(app.play.review.words) shows it when applying the action writes no line. Seeded random games
check every legal action at every step; a few positions check the exact sentences.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.core import clone
from app.games.nerdy_inventions import NerdyInventions
from app.play import logbook
from app.play.review import words
from tests.games.nerdy_inventions.test_rules import (
    CANCEL,
    HOST,
    SECOND,
    act,
    build,
    die,
    give,
    lay_row,
    pay,
    research,
    row,
    set_dice,
    start,
    use,
    value,
)

game = NerdyInventions()
NAMES = ["Ann", "Bob", "Cy", "Di"]
STEPS = 260  # actions per random game


def said(state: dict[str, Any], action: dict[str, Any]) -> str:
    return words(game, state, state["current"], action, NAMES[: state["players"]])


@pytest.mark.parametrize("seed", range(6))
def test_every_action_of_random_games_is_said_in_words(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    state = game.start(players, {}, seed)
    names = NAMES[:players]
    silent: set[str] = set()
    for _ in range(STEPS):
        if not game.active(state):
            break
        seat = game.active(state)[0]
        legal = game.legal(state, seat)
        before = clone(state)
        for action in legal:
            text = words(game, state, seat, action, names)
            raw = logbook.action_words(game.action_for_log(action))
            assert text != raw, (action, text)
            assert names[seat] in text, (action, text)
            assert "{seat" not in text, (action, text)
            if not game.apply(state, seat, action)["log"][len(state["log"]) :]:
                silent.add(action["type"])
                assert len(text) <= 90, text
        assert state == before  # words change nothing
        builds = [action for action in legal if action["type"] in ("build", "pay")]
        action = rng.choice(builds if builds and rng.random() < 0.7 else legal)
        state = game.apply(state, seat, action)
    assert {"use", "research", "build", "cancel"} <= silent


# --- exact sentences ------------------------------------------------------------------------


def test_using_an_invention_that_asks_something() -> None:
    state = start()
    assert said(state, use("starter-cuckoo-clock-1")) == (
        "Ann uses the Starter Cuckoo Clock to reroll a die"
    )


def test_researching_with_a_die() -> None:
    state = start()
    lay_row(state, "zeppelin-1", "dragonfly-1", "camera-1", "clamp-1", "top-hat-1", "flintlock-1")
    set_dice(state, 3, 5, 1)
    assert said(state, research(0)) == "Ann researches with a 3, to move the Clamp from tile 3"


def test_choosing_a_card_to_build_and_paying_for_it() -> None:
    state = start()
    lay_row(state, "zeppelin-1", "dragonfly-1", "camera-1", "clamp-1", "top-hat-1", "flintlock-1")
    set_dice(state, 6, 4, 1)
    assert said(state, build(3)) == (
        "Ann chooses to build the Clamp from tile 3, needing a 4 and a 3"
    )
    state = act(state, build(3))
    assert said(state, pay(0)) == "Ann pays a 6 as the 4 toward the Clamp (requirement 1 of 2)"
    assert said(state, pay(1)) == "Ann pays a 4 toward the Clamp (requirement 1 of 2)"
    assert said(state, CANCEL) == "Ann cancels building the Clamp (no die is spent)"


def test_cancelling_a_research_or_a_use() -> None:
    state = start()
    lay_row(state, "zeppelin-1", "dragonfly-1", "camera-1", "clamp-1", "top-hat-1", "flintlock-1")
    set_dice(state, 3, 5, 1)
    assert said(act(state, research(0)), CANCEL) == (
        "Ann cancels researching with the 3 (the die is not spent)"
    )
    used = act(state, use("starter-cuckoo-clock-1"))
    assert said(used, CANCEL) == "Ann cancels using the Starter Cuckoo Clock (it is untapped again)"


def test_choosing_dice_for_the_locomotive_and_the_hot_air_balloon() -> None:
    state = start()
    give(state, HOST, "locomotive-1")
    give(state, HOST, "hot-air-balloon-1")
    set_dice(state, 2, 5, 4)
    using = act(state, use("locomotive-1"))
    assert said(using, die(0)) == (
        "Ann chooses the 2 as the first die to redistribute with the Locomotive"
    )
    assert said(act(using, die(0)), die(2)) == (
        "Ann chooses the 4 as the second die to redistribute with the Locomotive"
    )
    splitting = act(state, use("hot-air-balloon-1"))
    assert said(splitting, die(1)) == "Ann chooses the 5 to split with the Hot Air Balloon"
    # the last choice writes the log's own line
    assert said(act(splitting, die(1)), value(2)) == (
        "Ann used the Hot Air Balloon: split a 5 into 3 and 2"
    )


def test_choosing_a_row_card_for_the_dragonfly() -> None:
    state = start()
    give(state, HOST, "dragonfly-2")
    lay_row(state, "zeppelin-1", "dragonfly-1", "camera-1", "clamp-1", "top-hat-1", "flintlock-1")
    assert said(act(state, use("dragonfly-2")), row(4)) == (
        "Ann chooses the Camera under tile 4 to swap with a neighbour"
    )


def test_choosing_a_tool_for_the_flintlock() -> None:
    state = start(players=3)
    give(state, HOST, "flintlock-1")
    using = act(state, use("flintlock-1"))
    holder = state["tools"]["tool-1"]["holder"]
    assert holder == SECOND
    assert said(using, {"type": "choose_tool", "card": "tool-1"}) == (
        "Ann chooses Bob's Tool to pass to a player without one"
    )
