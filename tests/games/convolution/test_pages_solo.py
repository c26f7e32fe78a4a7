"""Convolution played solo in a real browser: from the home page, one person against the Good
bot, to the end, with the keyboard alone (tests/browser/solo.py), choosing as below."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.browser.pages import NewContext
from tests.browser.solo import SOLO_SERVER, Action, play_solo

pytestmark = pytest.mark.browser
server = SOLO_SERVER


def pick_convolution(actions: list[Action], rng: random.Random) -> Action:
    """Roll when it is time to, else score in any open category."""
    return rng.choice(actions)


def test_one_person_plays_convolution_against_a_bot(
    new_context: NewContext, artifacts: Path
) -> None:
    """Convolution: 27 moves, 13 or 14 of them the person's (rolls and scores); 3 to 6 s."""
    page = new_context().new_page()
    played = play_solo(
        page, "convolution", pick_convolution, artifacts, seed=1, midway=4, max_clicks=27
    )
    assert played.seq == 27  # 9 rolls and 18 scores
    assert played.kinds == {"roll", "score"}
