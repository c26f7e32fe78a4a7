"""Bots in real browsers: a whole game of Convolution against a bot from the home page's
"Play against bots", and the host's bot controls in a lobby that another player watches live.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .pages import CLICKABLE, NewContext, join, my_turn, seq, wait_live

pytestmark = pytest.mark.browser

MOVES = 27  # Convolution: 9 rolls and 18 scores


def play_against_bots(page: Page, game: str, name: str) -> None:
    page.goto("/")
    form = page.locator(f'form.new-game[data-game="{game}"]')
    form.get_by_label("Your name").fill(name)
    form.get_by_role("button", name="Play against bots").click()
    page.wait_for_url(re.compile(r"/l/[^/]+$"))
    wait_live(page)


def test_one_person_plays_convolution_against_a_bot_from_the_home_page(
    new_context: NewContext, artifacts: Path
) -> None:
    ann = new_context().new_page()
    play_against_bots(ann, "convolution", "Ann")
    # Started at once: the game, not the lobby.
    expect(ann.locator("#game")).to_be_visible()
    expect(ann.locator("#lobby")).to_be_hidden()
    ann.wait_for_function("() => window.tinkertable.client.view !== null")
    players = ann.locator("#players li")
    expect(players).to_have_count(2)
    expect(players.nth(0)).to_contain_text("Ann (you)")
    # The home page offers the strongest level the game has, "Good" for Convolution.
    expect(players.nth(1)).to_contain_text("Good bot (bot)")
    mine = 0
    while True:
        # Wait until it is Ann's turn or the game is over; the bot moves meanwhile.
        ann.wait_for_function(
            """() => { const view = window.tinkertable.client.view;
                return view.result !== null || view.active.includes(view.you); }""",
            timeout=30_000,
        )
        if ann.evaluate("() => window.tinkertable.client.view.result !== null"):
            break
        assert my_turn(ann)
        before = seq(ann)
        assert before is not None
        buttons = ann.locator(CLICKABLE)
        expect(buttons.first).to_be_visible()
        buttons.nth(mine % buttons.count()).click()
        ann.wait_for_function("n => window.tinkertable.client.seq > n", arg=before)
        mine += 1
        if mine == 4:
            ann.screenshot(path=artifacts / "against-a-bot.png", full_page=True)
    assert seq(ann) == MOVES
    assert 0 < mine < MOVES  # the bot made the other moves
    expect(ann.locator("#result")).to_be_visible()
    expect(ann.locator("#result h2")).to_have_text(re.compile(r"won!$|^Nobody won\.$"))
    ann.screenshot(path=artifacts / "against-a-bot-over.png", full_page=True)


def test_the_host_adds_and_removes_bots_and_a_guest_sees_it_live(
    new_context: NewContext, artifacts: Path
) -> None:
    ann = new_context().new_page()
    ann.goto("/")
    form = ann.locator('form.new-game[data-game="unvention"]')
    form.get_by_label("Your name").fill("Ann")
    form.get_by_role("button", name="New game").click()
    ann.wait_for_url(re.compile(r"/l/[^/]+$"))
    wait_live(ann)
    link = ann.locator("#invite-link").input_value()
    bob = new_context().new_page()
    join(bob, link, "Bob")

    add = ann.get_by_role("button", name="Add bot")
    expect(ann.get_by_label("Bot level")).to_have_value("easy")
    add.click()
    expect(ann.locator("#seats li")).to_have_count(3)
    add.click()
    expect(ann.locator("#seats li")).to_have_count(4)
    for page in (ann, bob):
        expect(page.locator("#seats li").nth(2)).to_contain_text("Easy bot (bot, easy)")
        expect(page.locator("#seats li").nth(3)).to_contain_text("Easy bot 2 (bot, easy)")
    ann.screenshot(path=artifacts / "lobby-bots.png", full_page=True)
    # The guest has no bot controls.
    expect(bob.locator("#add-bot")).to_have_count(0)
    expect(bob.locator("button.remove-bot")).to_have_count(0)

    ann.get_by_role("button", name="Remove Easy bot", exact=True).click()
    for page in (ann, bob):
        expect(page.locator("#seats li")).to_have_count(3)
        expect(page.locator("#seats li").nth(2)).to_contain_text("Easy bot 2")

    ann.locator("#start").click()
    for page in (ann, bob):
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("#players li")).to_have_count(3)
