"""Noughts in the Dark in a real browser: from the home page, a person plays a whole game
against the good bot by clicking the board its own page module draws (served from its package),
as every game is played (tests/browser/solo.py); then the replay page of the finished game,
and the rules page."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import NewContext
from tests.browser.solo import Action, play_solo
from tests.outside_game.plays import GAME

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(quick_server: str) -> str:
    """This module's pages open on the server whose bots act at once."""
    return quick_server


def pick(actions: list[Action], rng: random.Random) -> Action:
    """The hidden mark first, when it is offered; then any cell."""
    hides = [action for action in actions if action["type"] == "hide"]
    return rng.choice(hides or actions)


def test_one_person_plays_it_against_the_good_bot(new_context: NewContext, artifacts: Path) -> None:
    page = new_context().new_page()
    played = play_solo(page, GAME, pick, artifacts, seed=7, midway=1, max_clicks=9)
    assert "hide" in played.kinds
    board = page.locator("#board")
    expect(board.locator(".dark-grid td")).to_have_count(9)
    expect(board.locator(".dark-grid .face-down")).to_have_count(0)  # the end shows every mark
    marks = board.locator(".dark-grid .dark-mark")
    assert marks.count() >= 5  # a line of three and the other's marks between them

    page.locator("#watch-replay").click()
    page.wait_for_url("**/replay")
    expect(page.locator("#board .dark-grid")).to_be_visible()

    page.goto(f"/rules/{GAME}")
    expect(page.get_by_role("heading", name="Bumping into a hidden mark")).to_be_visible()
