"""UNSCREWED played solo in a real browser: from the home page, one person against the Good
bot, to the end, with the keyboard alone (tests/browser/solo.py), choosing as below."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.browser.pages import NewContext
from tests.browser.solo import SOLO_SERVER, Action, by_type, play_solo

pytestmark = pytest.mark.browser
server = SOLO_SERVER


def pick_unscrewed(actions: list[Action], rng: random.Random) -> Action:
    """Lock the schemes in as soon as they are full; scheme Improvise often, so that attacks
    get aimed; any other choice (character, spawn, aim, quirks) at random."""
    by = by_type(actions)
    if by["lock"]:
        return by["lock"][0]
    if by["scheme"]:
        improvise = [action for action in by["scheme"] if action["card"] == "improvise"]
        if improvise and rng.random() < 0.5:
            return improvise[0]
        return rng.choice(by["scheme"])
    return rng.choice(actions)


def test_one_person_plays_unscrewed_against_a_bot(new_context: NewContext, artifacts: Path) -> None:
    """UNSCREWED: a character, a spawn point, then three schemes locked in, round after round
    (with aims and quirks when they come), until one is the last standing: 6 to 20 clicks;
    6 to 10 s."""
    page = new_context().new_page()
    played = play_solo(
        page, "unscrewed", pick_unscrewed, artifacts, seed=5, midway=4, max_clicks=300
    )
    assert {"character", "spawn", "scheme", "lock"} <= played.kinds
