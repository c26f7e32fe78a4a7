"""Nerdy Inventions played solo in a real browser: from the home page, one person against the Good
bot, to the end, with the keyboard alone (tests/browser/solo.py), choosing as below."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.browser.pages import NewContext
from tests.browser.solo import SOLO_SERVER, Action, play_solo

pytestmark = pytest.mark.browser
server = SOLO_SERVER


def pick_nerdy_inventions(actions: list[Action], rng: random.Random) -> Action:
    """Mostly building and paying, so that the inventions run out and the game ends."""
    building = [action for action in actions if action["type"] in ("build", "pay")]
    if building and rng.random() < 0.9:
        return rng.choice(building)
    return rng.choice(actions)


def test_one_person_plays_nerdy_inventions_against_a_bot(
    new_context: NewContext, artifacts: Path
) -> None:
    """Nerdy Inventions: 30 to 90 clicks (research, build and pay with dice, abilities, the
    tool) against 35 to 75 bot moves, until the Zeppelin ends the game; 9 to 24 s."""
    page = new_context().new_page()
    played = play_solo(
        page,
        "nerdy-inventions",
        pick_nerdy_inventions,
        artifacts,
        seed=2,
        midway=8,
        max_clicks=600,
    )
    assert {"build", "pay"} <= played.kinds
