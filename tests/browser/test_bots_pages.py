"""Bots in real browsers: the host's bot controls in a lobby that another player watches live.
(Solo games against bots from the home page, one per game, are in each game's test_pages_solo.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.registered import a_game

from .pages import NewContext, join, new_table

pytestmark = pytest.mark.browser


def test_the_host_adds_and_removes_bots_and_a_guest_sees_it_live(
    new_context: NewContext, artifacts: Path
) -> None:
    ann = new_context().new_page()
    new_table(ann, a_game(players=4), "Ann")  # Ann, Bob and two bots
    link = ann.locator("#invite-link").input_value()
    bob = new_context().new_page()
    join(bob, link, "Bob")

    add = ann.get_by_role("button", name="Add bot")
    level = ann.get_by_label("Bot level")
    expect(level).to_have_value("good")  # the strongest, as on the home page
    level.select_option("easy")
    add.click()
    expect(ann.locator("#seats li")).to_have_count(3)
    add.click()
    expect(ann.locator("#seats li")).to_have_count(4)
    for page in (ann, bob):
        expect(page.locator("#seats li").nth(2)).to_contain_text("Easy bot")
        expect(page.locator("#seats li").nth(3)).to_contain_text("Easy bot 2")
        expect(page.locator("#seats")).not_to_contain_text("(bot")  # its name says it once
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
