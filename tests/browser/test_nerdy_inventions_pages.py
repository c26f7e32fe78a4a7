"""Nerdy Inventions in real browsers: three players play a whole game by clicking."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .pages import (
    CLICKABLE,
    NewContext,
    join,
    my_turn,
    new_table,
    seq,
    start,
    state,
    wait_seq,
)

pytestmark = pytest.mark.browser

MAX_CLICKS = 1500


def create(page: Page, name: str) -> str:
    new_table(page, "nerdy-inventions", name)
    return page.locator("#invite-link").input_value()


def pick(page: Page, rng: random.Random) -> int:
    """Which clickable element to press: mostly building and paying, so that the game ends."""
    actions = [
        json.loads(text)
        for text in page.locator(CLICKABLE).evaluate_all(
            "(elements) => elements.map((element) => element.dataset.action)"
        )
    ]
    legal = page.evaluate("() => window.tinkertable.client.view.legal")
    canonical = sorted(json.dumps(action, sort_keys=True) for action in actions)
    assert canonical == sorted(json.dumps(action, sort_keys=True) for action in legal)
    building = [i for i, action in enumerate(actions) if action["type"] in ("build", "pay")]
    if building and rng.random() < 0.9:
        return rng.choice(building)
    return rng.randrange(len(actions))


def test_three_players_play_a_whole_game(new_context: NewContext, artifacts: Path) -> None:
    ann = new_context().new_page()
    link = create(ann, "Ann")
    bob, cat = new_context().new_page(), new_context().new_page()
    join(bob, link, "Bob")
    join(cat, link, "Cat")
    start(ann, bob, cat)
    players = [ann, bob, cat]
    expect(ann.locator("#board")).to_contain_text("tand-in")  # the stand-in cards say so
    rng = random.Random(3)
    clicks = 0
    while not ann.locator("#result").is_visible():
        assert clicks < MAX_CLICKS, "the game did not end"
        movers = [page for page in players if my_turn(page)]
        assert len(movers) == 1
        mover = movers[0]
        for page in players:
            if page is not mover:
                assert page.locator(CLICKABLE).count() == 0
        before = seq(mover)
        assert before is not None
        mover.locator(CLICKABLE).nth(pick(mover, rng)).click()
        for page in players:
            wait_seq(page, before + 1)
        clicks += 1
        if clicks == 40:
            ann.screenshot(path=artifacts / "nerdy-inventions-midway.png", full_page=True)
    for page in players:
        expect(page.locator("#result")).to_be_visible()
    assert state(ann) == state(bob) == state(cat)
    assert ann.evaluate("() => window.tinkertable.client.view.result.winners").__len__() >= 1
    ann.screenshot(path=artifacts / "nerdy-inventions-result.png", full_page=True)
