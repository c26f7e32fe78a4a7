"""Bots in real browsers: the host's bot controls in a lobby that another player watches live.
(Solo games against bots from the home page, one per game, are in test_solo_pages.py.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .pages import NewContext, join, wait_live

pytestmark = pytest.mark.browser


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
    expect(bob.locator("button.remove-player")).to_have_count(0)

    ann.get_by_role("button", name="Remove Easy bot", exact=True).click()
    for page in (ann, bob):
        expect(page.locator("#seats li")).to_have_count(3)
        expect(page.locator("#seats li").nth(2)).to_contain_text("Easy bot 2")

    ann.locator("#start").click()
    for page in (ann, bob):
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("#players li")).to_have_count(3)
