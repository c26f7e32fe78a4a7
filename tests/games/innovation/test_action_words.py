"""Innovation's steps in words for the review (`Game.action_words`, words.py): an answer to a
dogma's question is said in that question's words, about the seat that answers; no step of a
game is left in its raw form ("card", "yes (yes: False)")."""

from __future__ import annotations

import random
import re
from typing import Any

from app.games.core import Action
from app.play.logbook import action_words as raw_words
from app.play.review import words
from tests.games.innovation.helpers import choose, dogma, game, position

NAMES = ["Ann", "Bob", "Cid", "Dee"]
ANSWERS = {"card", "color", "player", "age", "icon", "yes", "done"}
TURN = re.compile(r"^Turn \d+\b")


def said(state: dict[str, Any], action: Action) -> str | None:
    seat = state["asking"]["ask"]["seat"]
    return game.action_words(state, seat, action)


def test_a_card_picked_is_said_with_what_it_is_for() -> None:
    state = position(boards={0: {"red": ["Archery"]}}, hands={1: ["Oars", "Sailing"]})
    state = dogma(state, "Archery")  # seat 1 draws a 1: three cards tie for the highest
    assert said(state, {"type": "card", "card": "Oars"}) == (
        "{seat1} picks Oars to give {seat0} their highest card (Archery)"
    )


def test_cards_picked_one_by_one_and_the_stop_are_said_in_the_reviews_words() -> None:
    state = position(boards={0: {"blue": ["Pottery"]}}, hands={0: ["Oars", "Sailing", "Writing"]})
    state = dogma(state, "Pottery")
    assert words(game, state, 0, {"type": "card", "card": "Oars"}, NAMES) == (
        "Ann picks Oars to return up to three cards from their hand (Pottery)"
    )
    state = choose(state, "card", "Oars")
    assert said(state, {"type": "done"}) == (
        "{seat0} stops picking cards to return up to three cards from their hand (Pottery)"
    )


def test_a_yes_or_no_says_what_is_chosen_or_declined() -> None:
    state = position(boards={0: {"blue": ["Tools"]}}, hands={0: ["Oars", "Sailing", "Writing"]})
    state = dogma(state, "Tools")
    assert said(state, {"type": "yes", "yes": True}) == (
        "{seat0} chooses to return three cards from their hand to draw and meld a 3 (Tools)"
    )
    assert words(game, state, 0, {"type": "yes", "yes": False}, NAMES) == (
        "Ann declines to return three cards from their hand to draw and meld a 3 (Tools)"
    )


def test_an_optional_question_declined() -> None:
    state = position(boards={0: {"blue": ["Tools"]}}, hands={0: ["Compass", "Oars"]})
    state = dogma(state, "Tools")  # fewer than three cards: only "you may return an age-3"
    assert said(state, {"type": "done"}) == (
        "{seat0} declines to return an age-3 card to take three 1s (Tools)"
    )


def test_a_color_named() -> None:
    state = position(boards={0: {"purple": ["Empiricism"]}})
    state = dogma(state, "Empiricism")
    assert said(state, {"type": "color", "color": "purple"}) == (
        "{seat0} names purple as a first color (Empiricism)"
    )
    state = choose(state, "color", "purple")
    assert said(state, {"type": "color", "color": "green"}) == (
        "{seat0} names green as a second color (Empiricism)"
    )


def test_a_splay_a_pile_order_and_an_icon() -> None:
    state = position(boards={0: {"purple": ["Empiricism"]}})
    state = dogma(state, "Empiricism")
    ask = state["asking"]["ask"]
    ask["prompt"], ask["options"] = "You may splay your red or purple pile right", []
    assert said(state, {"type": "color", "color": "red"}) == (
        "{seat0} splays their red pile right (Empiricism)"
    )
    ask["prompt"] = "Order your red pile from top to bottom"
    assert said(state, {"type": "card", "card": "Archery"}) == (
        "{seat0} puts Archery next in their new red pile, from the top (Empiricism)"
    )
    ask["prompt"] = "Which card goes back first?"
    assert said(state, {"type": "card", "card": "Archery"}) == (
        "{seat0} returns Archery next (Empiricism)"
    )
    ask["prompt"], ask["info"]["kind"] = "Name an icon", "icon"
    assert said(state, {"type": "icon", "icon": "crown"}) == (
        "{seat0} names crown as an icon (Empiricism)"
    )


def first_asked(prompt: str, seeds: range = range(40)) -> dict[str, Any]:
    """The first state of a seeded random game (3 players) that asks `prompt`."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.start(3, {}, seed)
        while state["result"] is None and state["turn"] < 150:
            if state["asking"] is not None and state["asking"]["ask"]["prompt"] == prompt:
                return state
            seat = rng.choice(game.active(state))
            state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    raise AssertionError(f"no game asked {prompt!r}")


def test_a_player_and_a_value_picked() -> None:
    state = first_asked("Which opponent receives the card?")
    ask = state["asking"]["ask"]
    other = ask["options"][0]["player"]
    assert said(state, ask["options"][0]) == (
        f"{{seat{ask['seat']}}} gives the card to {{seat{other}}} ({ask['info']['card']})"
    )
    state = first_asked("Pick the value of the score card that goes back")
    ask = state["asking"]["ask"]
    age = ask["options"][0]["age"]
    assert said(state, ask["options"][0]) == (
        f"{{seat{ask['seat']}}} picks {age} as the value of the score card that goes back "
        f"(Rocketry)"
    )


def test_the_turns_actions_are_left_to_their_log_lines() -> None:
    state = position(boards={0: {"red": ["Archery"]}}, hands={0: ["Oars"]})
    for action in ({"type": "draw"}, {"type": "meld", "card": "Oars"}):
        assert game.action_words(state, 0, action) is None
        assert words(game, state, 0, action, NAMES) != raw_words(action)


def test_every_step_of_random_games_is_said_in_words() -> None:
    kinds: set[str] = set()
    answered = 0
    for seed, players in enumerate([2, 3, 4, 2, 3, 4]):
        rng = random.Random(seed)
        names = NAMES[:players]
        state = game.start(players, {"edition": "first" if seed % 2 else "third"}, seed)
        steps = 0
        while state["result"] is None and steps < 400:
            steps += 1
            seat = rng.choice(game.active(state))
            legal = game.legal(state, seat)
            claims = [action for action in legal if action["type"] == "achieve"]
            action = claims[0] if claims else rng.choice(legal)
            text = words(game, state, seat, action, names)
            # Never the next turn's heading nor only what others did after the answer.
            assert not TURN.match(text), (action, text)
            if action["type"] in ANSWERS and game.action_words(state, seat, action):
                answered += 1
            assert text != raw_words(game.action_for_log(action)), (action, text)
            assert names[seat] in text, (action, text)
            assert "{seat" not in text, (action, text)
            if game.action_words(state, seat, action) is not None:
                kinds.add(action["type"])
            state = game.apply(state, seat, action)
    assert {"card", "done", "yes"} <= kinds
    assert answered > 0
