"""Unvention's page on games written straight into a server's database (tests/browser/
recorded.py): the Torque's turns of a mechanism as the view says them, a first turn explained on
a phone, and the result table at the table and in the replay."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import bounded_context
from tests.browser.pages import seq, wait_seq
from tests.browser.recorded import RecordedServer, recorded_server_fixture
from tests.play.test_off_loop import random_game

from .test_pages import PHONE, button, fits_phone, read

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture


# The stored game of tests/games/unvention/stored: after these actions seat 0 (Ann here) has the
# Torque and has chosen two parts of a mechanism, so every turn of it may be drawn.
STORED = Path(__file__).parent / "stored" / "game.json"
TORQUE_BUILD = 76

OWN_BUILDING = (
    "() => { const v = window.tinkertable.client.view;"
    " return v.state.players[v.you].asking.building; }"
)


@contextmanager
def ann_at_the_torque(browser: Any, recorded_server: RecordedServer) -> Iterator[Page]:
    """Ann's page of the stored game after TORQUE_BUILD actions, live and asking her."""
    record = json.loads(STORED.read_text())
    moves = [(step["seat"], step["action"]) for step in record["actions"][:TORQUE_BUILD]]
    recorded = recorded_server.record("unvention", moves, record["seed"], host_token=True)
    context = bounded_context(browser, base_url=recorded_server.url)
    try:
        context.add_cookies(recorded.cookies(recorded_server.url))
        page = context.new_page()
        page.goto(f"/l/{recorded.code}")
        page.wait_for_function("() => window.tinkertable?.client?.view?.legal?.length > 0")
        yield page
    finally:
        context.close()


def drawn_shape(shape: Any) -> set[tuple[int, int]]:
    """The filled squares of a shape drawn by the page (.uv-shape), as (row, column)."""
    width = int(re.search(r"uv-cols-(\d+)", shape.get_attribute("class") or "").group(1))
    squares = shape.locator(".uv-sq").evaluate_all(
        "(squares) => squares.map((square) => square.classList.contains('uv-sq-on'))"
    )
    return {divmod(i, width) for i, on in enumerate(squares) if on}


def test_with_the_torque_the_page_turns_the_mechanism_as_the_view_says(
    browser: Any, recorded_server: RecordedServer
) -> None:
    """The turns of the mechanism come from the view (asking.building.orientations), not from
    shape rules of the page's own: each turn's button draws the view's shape; choosing it
    shows only that turn's placements; pointing at one lights the cells it covers; clicking it
    draws the mechanism there."""
    with ann_at_the_torque(browser, recorded_server) as page:
        building = page.evaluate(OWN_BUILDING)
        shapes = [{tuple(cell) for cell in shape} for shape in building["orientations"]]
        assert len(building["parts"]) >= 2 and len(shapes) > 1
        picker = page.locator('#board .uv-picker-place[role="group"]')
        expect(picker).to_be_visible()
        choices = picker.locator("button.uv-pick-choice")
        turns = [
            int((choice.get_attribute("data-pick") or "").split(":")[1]) for choice in choices.all()
        ]
        assert len(turns) >= 2
        for choice, o in zip(choices.all(), turns, strict=True):
            assert drawn_shape(choice.locator(".uv-shape")) == shapes[o]

        o = turns[-1]
        picker.locator(f'[data-pick="place:{o}"]').click()
        expect(picker.locator('[aria-pressed="true"]')).to_have_attribute("data-pick", f"place:{o}")
        places = [(text, action) for text, action in read(page) if action["type"] == "build_place"]
        assert places and {action["orientation"] for _, action in places} <= set(turns)
        text, action = next((text, a) for text, a in places if a["orientation"] == o)
        button(page, text).hover()
        expect(page.locator("#board .uv-icell.uv-preview")).to_have_count(len(shapes[o]))
        before = seq(page)
        button(page, text).click()
        wait_seq(page, before + 1)
        mechanism = page.evaluate(
            "() => { const v = window.tinkertable.client.view;"
            " return v.state.players[v.you].mechanisms.at(-1); }"
        )
        r0, c0 = action["at"]
        assert mechanism["orientation"] == o
        assert {tuple(cell) for cell in mechanism["cells"]} == {
            (r0 + r, c0 + c) for r, c in shapes[o]
        }


def test_a_first_turn_on_a_phone_is_explained_where_it_shows(
    browser: Any, recorded_server: RecordedServer
) -> None:
    """The help follows the step (the bar says write a number: so does the box), every symbol
    has words, the groups say what is still to do, and each workshop's heading sits above its
    own grid."""
    seed, _ = random_game("unvention", 1)
    recorded = recorded_server.record("unvention", [], seed, host_token=True)
    context = bounded_context(browser, base_url=recorded_server.url, viewport=PHONE)
    try:
        context.add_cookies(recorded.cookies(recorded_server.url))
        page = context.new_page()
        page.goto(f"/l/{recorded.code}")
        expect(page.locator("#prompt")).to_have_text("Write a number in a journal")
        step = page.locator("#board .uv-turn .uv-step")
        expect(step).to_have_text(re.compile(r"^1\. Journal: write the numbers of one group"))
        expect(step).not_to_contain_text("Build")
        # The symbols in words: the legends, each workshop bulb's accessible name.
        legends = page.locator("#board .uv-legend")
        expect(legends.filter(has_text="a wild part: it matches any die")).to_have_count(1)
        expect(legends.filter(has_text="the bulb: complete the journal")).to_have_count(1)
        expect(legends.filter(has_text="a wrench: complete the row or column")).to_have_count(1)
        bulbs = page.locator("#board .uv-widea svg[role='img']")
        expect(bulbs.first).to_have_attribute("aria-label", re.compile(r"^Idea at rows \d-\d"))
        assert bulbs.count() == page.locator("#board .uv-widea").count()
        # On a phone each heading is just above its own grid.
        for shop in ("hydraulic", "magnetic", "electrical", "mechanical"):
            head = page.locator(f"#board .uv-workshop-head.uv-ws-{shop}").bounding_box()
            grid = page.locator(f"#board .uv-wgrid.uv-ws-{shop}").bounding_box()
            assert head is not None and grid is not None
            gap = grid["y"] - (head["y"] + head["height"])
            assert 0 <= gap <= 10, f"the {shop} heading is {gap}px above its grid"
        fits_phone(page)
        # One number written: the group says what is left of it, the help what comes next.
        before = seq(page)
        page.locator("#board .uv-jcell button.uv-jbutton").first.click()
        wait_seq(page, before + 1)
        tag = page.locator("#board .uv-turn .uv-group-tag")
        expect(tag.first).to_have_text(re.compile(r"^journal(: [\d ]+ still to write)?$"))
        expect(step).to_contain_text("2. circle parts of another group in one workshop")
        expect(page.locator("#board .uv-turn")).not_to_contain_text("left")
    finally:
        context.close()


def test_the_result_table_fits_a_phone_at_the_table_and_in_the_replay(
    browser: Any, recorded_server: RecordedServer
) -> None:
    recorded = recorded_server.finished("unvention")
    context = bounded_context(browser, base_url=recorded_server.url, viewport=PHONE)
    try:
        page = context.new_page()
        for address in (f"/l/{recorded.code}", f"/l/{recorded.code}/replay"):
            page.goto(address)
            heads = page.locator("#result .result-scores thead th")
            expect(heads).to_have_text(["Player", "Points", "Complete journals", "Unused wrenches"])
            expect(page.locator("#result svg.chart")).to_be_visible()
            fits_phone(page)
            box = page.locator("#result .result-scores-box")
            assert box.evaluate("(box) => box.scrollWidth <= box.clientWidth"), address
            # Whole words: no header wider than its cell.
            cut = heads.evaluate_all(
                "(heads) => heads.filter((th) => th.scrollWidth > th.clientWidth)"
                ".map((th) => th.textContent)"
            )
            assert cut == [], f"{address}: {cut} cut"
    finally:
        context.close()
