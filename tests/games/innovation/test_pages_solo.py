"""Innovation played solo in a real browser: from the home page, one person against the Good
bot, to the end, with the keyboard alone (tests/browser/solo.py), choosing as below."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.browser.pages import NewContext
from tests.browser.solo import SOLO_SERVER, Action, by_type, play_solo

pytestmark = pytest.mark.browser
server = SOLO_SERVER


def pick_innovation(actions: list[Action], rng: random.Random) -> Action:
    """Achieve whenever possible; on a turn's action mostly dogmas and melds; any answer to a
    dogma's question."""
    by = by_type(actions)
    if by["achieve"]:
        return rng.choice(by["achieve"])
    if by["draw"]:
        roll = rng.random()
        if by["dogma"] and roll < 0.45:
            return rng.choice(by["dogma"])
        if by["meld"] and roll < 0.75:
            return rng.choice(by["meld"])
        return by["draw"][0]
    return rng.choice(actions)


def test_one_person_plays_innovation_against_a_bot(
    new_context: NewContext, artifacts: Path
) -> None:
    """Innovation: 35 to 90 clicks (the opening pick, actions on cards, answers to the
    dogmas' questions) against 40 to 60 bot moves, until someone reaches six achievements or
    the deck runs out; 8 to 20 s."""
    page = new_context().new_page()
    played = play_solo(
        page, "innovation", pick_innovation, artifacts, seed=4, midway=10, max_clicks=600
    )
    assert {"pick", "dogma"} <= played.kinds
