"""A typical action changes Innovation's view little: after each action every seat is sent a JSON
Patch from its last view to the new one (app/play/patches.py), and the game's part of it (the
view's `state`) holds nothing the page counts for itself, so a meld touches its pile, the hand it
came from and the actions left, and nothing else: no icon count, score or hand size."""

from __future__ import annotations

from typing import Any

from app.games.core import State
from app.games.innovation.dogma import SCRIPT
from app.play.patches import diff
from app.play.views import rules_view
from tests.games.innovation.helpers import draw, game, meld, position

NAMES = ["Ann", "Bob"]


def state_ops(before: State, after: State, seat: int | None) -> list[tuple[str, str]]:
    """The operations of `seat`'s patch on the game's part of the view: (op, path)."""
    ops = diff(rules_view(game, before, seat, NAMES), rules_view(game, after, seat, NAMES))
    return [(op["op"], op["path"]) for op in ops if op["path"].startswith("/state/")]


def log_ops(before: State, after: State, seat: int | None) -> list[dict[str, Any]]:
    ops = diff(rules_view(game, before, seat, NAMES), rules_view(game, after, seat, NAMES))
    return [op for op in ops if op["path"].startswith("/log")]


def test_a_meld_touches_its_pile_the_hand_and_the_actions_left():
    before = position(
        hands={0: ["Sailing", "Oars"]},
        boards={0: {"red": ["Archery"]}, 1: {"blue": ["Writing"]}},
    )
    after = meld(before, "Sailing")
    mine = [
        ("replace", "/state/actions_left"),
        ("add", "/state/players/0/board/green/cards/-"),
        ("remove", "/state/players/0/hand/0"),  # Sailing, by name
    ]
    theirs = [*mine[:2], ("remove", "/state/players/0/hand/1")]  # an age-1 card: [1, 1]
    assert state_ops(before, after, 0) == mine
    assert state_ops(before, after, 1) == theirs
    assert state_ops(before, after, None) == theirs
    for seat in (0, 1, None):  # the new log line only
        assert log_ops(before, after, seat) == [
            {"op": "add", "path": "/log/-", "value": "Ann melds Sailing"}
        ]


def test_a_draw_that_ends_the_turn_touches_the_hand_the_supply_and_the_turn():
    before = position(hands={0: ["Oars"]}, boards={0: {"red": ["Archery"]}}, actions_left=1)
    after = draw(before)
    turn = [
        ("replace", "/state/turn"),
        ("replace", "/state/current"),
        ("replace", "/state/actions_left"),
    ]
    drawn = [("add", "/state/players/0/hand/-"), ("replace", "/state/supply/1")]
    for seat in (0, 1, None):
        assert state_ops(before, after, seat) == turn + drawn


def test_a_dogma_with_a_question_shows_the_same_question_to_every_seat():
    """Archery asks the demanded seat for its highest card: the dogma and its question appear,
    the same for everyone (the asked seat reads the question's words in its prompt)."""
    before = position(
        boards={0: {"red": ["Archery"]}, 1: {"blue": ["Writing"]}},
        hands={1: ["Oars", "Sailing"]},
        supply_top={1: ["Pottery"]},
    )
    after = game.apply(before, 0, {"type": "dogma", "card": "Archery"})
    assert after["asking"] is not None
    questions = [rules_view(game, after, seat, NAMES)["state"]["asking"] for seat in (0, 1, None)]
    assert questions[0] == questions[1] == questions[2]
    assert set(questions[0]) == {"seat", "kind", "card", "effect", "player", "demander", "optional"}
    assert game.view(after, 1)["prompt"] == SCRIPT.asking(after).prompt
