"""Unvention played solo in a real browser: from the home page, one person against the Good
bot, to the end, with the keyboard alone (tests/browser/solo.py), choosing as below."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.browser.pages import NewContext
from tests.browser.solo import SOLO_SERVER, Action, Pick, by_type, play_solo

pytestmark = pytest.mark.browser
server = SOLO_SERVER


def unvention_chooser() -> Pick:
    """An Idea or a Quantum Leap when one is owed; present inventions; finish a mechanism once
    started; otherwise journal, circle and end the turn, building now and then (once a
    mechanism has been placed, a build or an Idea circle is rarely begun again: the game ends
    sooner, with every kind of move seen)."""
    placed = False

    def pick(actions: list[Action], rng: random.Random) -> Action:
        nonlocal placed
        by = by_type(actions)
        for owed in ("idea", "leap", "present"):
            if by[owed]:
                return rng.choice(by[owed])
        for building in ("build_place", "build_add"):
            if by[building]:
                placed = placed or building == "build_place"
                return rng.choice(by[building])
        if by["build_cancel"]:
            return by["build_cancel"][0]
        if by["journal"]:
            return rng.choice(by["journal"])
        if by["cross"]:
            return rng.choice(by["cross"])
        now_and_then = 0.1 if placed else 1.0
        if by["build_start"] and rng.random() < 0.5 * now_and_then:
            return by["build_start"][0]
        if by["circle"] and rng.random() < 0.7 * now_and_then:
            return rng.choice(by["circle"])
        if by["done"]:
            return by["done"][0]
        return rng.choice(actions)

    return pick


def test_one_person_plays_unvention_against_a_bot(new_context: NewContext, artifacts: Path) -> None:
    """Unvention: about 100 clicks, most of them on the sheet's cells (journal, circle,
    mechanisms placed on inventions), while the bot fills in its own sheet at the same time
    (about 200 moves), turn by turn through the days; about 30 s idle, the longest of the
    five."""
    page = new_context().new_page()
    played = play_solo(
        page, "unvention", unvention_chooser(), artifacts, seed=3, midway=40, max_clicks=500
    )
    assert {"journal", "circle", "build_start", "build_add", "build_place", "done"} <= played.kinds
