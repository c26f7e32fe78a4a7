"""The lobby page in real browsers: the host removes a person before the start, the seats
close up behind them on every page, and the removed person's page becomes a visitor's; the
host's table options take a choice only once the page can send it."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect

from tests.registered import a_game

from .pages import NewContext, join, new_table, start

pytestmark = pytest.mark.browser


def test_the_host_removes_a_stranger_and_the_seats_close_up(new_context: NewContext) -> None:
    ann = new_context().new_page()
    new_table(ann, a_game(players=3), "Ann")
    link = ann.locator("#invite-link").input_value()
    eve, cat = new_context().new_page(), new_context().new_page()
    join(eve, link, "Eve")
    join(cat, link, "Cat")
    expect(ann.locator("#seats li")).to_have_count(3)
    expect(cat.locator("#seats li").nth(2)).to_contain_text("Cat — you")
    # Only the host has the control, and not for their own seat.
    expect(ann.locator("button.remove-player")).to_have_count(2)
    expect(ann.get_by_role("button", name="Remove Ann")).to_have_count(0)
    expect(cat.locator("button.remove-player")).to_have_count(0)

    ann.get_by_role("button", name="Remove Eve", exact=True).click()
    expect(ann.locator("#seats li")).to_have_count(2)
    expect(eve.locator("#join")).to_be_visible()  # a visitor now, who could ask to join
    expect(eve.locator("#seats li")).to_have_count(2)
    expect(cat.locator("#seats li")).to_have_count(2)
    expect(cat.locator("#seats li").nth(1)).to_contain_text("Cat — you")

    start(ann, cat)
    expect(cat.locator("#players li").nth(1)).to_contain_text("Cat (you)")
    expect(ann.locator("#players li").nth(0)).to_contain_text("Ann (you)")


def test_the_options_wait_for_the_page_to_send_what_the_host_chooses(
    new_context: NewContext,
) -> None:
    """While the page's script loads, the host's option selects are disabled: a choice made
    then was shown and never sent, and the next lobby message put the old one back (seen in a
    busy run: "Time per move" stayed shown after choosing to play live). Here the script is held
    back by one of its modules until the select has been seen disabled."""
    page = new_context().new_page()
    url = new_table(page, a_game(players=2), "Ann")
    held: list[Route] = []
    page.route("**/static/js/guide.js", lambda route: held.append(route))  # board.js imports it
    # Not "domcontentloaded": that event waits for the page's module scripts, held here.
    page.goto(url, wait_until="commit")
    pace = page.locator('select[data-option="pace"]')
    until(page, lambda: bool(held))
    expect(pace).to_be_disabled()
    held[0].continue_()
    expect(pace).to_be_enabled()
    page.locator("#table-options-box summary").click()
    pace.select_option(json.dumps("turn-based"))
    expect(page.locator('select[data-option="move_hours"]')).to_be_visible()
    lobby = url.replace("/l/", "/api/lobbies/")
    until(page, lambda: page.request.get(lobby).json()["options"]["pace"] == "turn-based")


def until(page: Page, condition: Callable[[], bool]) -> None:
    """Until `condition` holds (the browser or the server makes it so), for 30 s at most."""
    for _ in range(600):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError("it never happened")
