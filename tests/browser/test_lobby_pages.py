"""The lobby page in real browsers: the host removes a person before the start, the seats
close up behind them on every page, and the removed person's page becomes a visitor's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .pages import NewContext, join, new_table, start

pytestmark = pytest.mark.browser


def test_the_host_removes_a_stranger_and_the_seats_close_up(new_context: NewContext) -> None:
    ann = new_context().new_page()
    new_table(ann, "unvention", "Ann")
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
