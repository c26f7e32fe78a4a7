"""The guide that follows a first game (static/js/guide.js), in every game: at the person's first
decision "How to play" offers the tour for that kind of decision; each of its steps rings an
element that is on the page and in sight, in a dialog that stays on the screen; finished, the
tour is not offered again after a reload, and "How to play" opens the tour for the decision now
(Escape closes it and gives the focus back). Spectators and replays get the basics only.

The games are the ones the server offers and the kinds of decision are those the pages' own guides
offer: the tests hold no list of either. Each plays against a bot that does not wait (as
solo.py does), on a desktop's screen and then a phone's. Screenshots of a tour's step
at 1280 x 800 and 375 x 740 go to test-artifacts/screenshots/guide-<game>-<width>.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.config import Settings
from app.play.registry import games_for

from .fixtures import QUICK_BOT_DELAY as BOT_DELAY
from .fixtures import bounded_context, serving
from .pages import NewContext, new_table, wait_live
from .recorded import RecordedServer
from .solo import wait_for_decision

pytestmark = pytest.mark.browser

GAMES = sorted(games_for(Settings()))
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}

# The step on screen now: its element (ringed, marked data-guide-now) and the dialog, measured.
ON_THE_PAGE = """() => {
  const target = document.querySelector('[data-guide-now]');
  return Boolean(target && target.checkVisibility());
}"""
STEP = """() => {
  const dialog = document.querySelector('.guide-pop');
  const target = document.querySelector('[data-guide-now]');
  const ring = document.querySelector('.guide-ring');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {
    count: dialog.querySelector('.guide-count').textContent,
    focused: dialog.contains(document.activeElement),
    target: target && target.checkVisibility() ? box(target) : null,
    ring: ring && ring.checkVisibility() ? box(ring) : null,
    dialog: box(dialog),
    width: window.innerWidth,
    height: window.innerHeight,
  };
}"""


@pytest.fixture(scope="module", name="recorded_server")
def guide_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RecordedServer]:
    """A real server process for this module, whose bots do not wait before their moves, and
    whose database the finished game of a replay is written into."""
    directory = tmp_path_factory.mktemp("guide-server")
    with serving(directory, BOT_DELAY=str(BOT_DELAY)) as url:
        yield RecordedServer(url, f"sqlite+aiosqlite:///{directory / 'browser.db'}")


@pytest.fixture(scope="module")
def server(recorded_server: RecordedServer) -> str:
    return recorded_server.url


def first_decision(new_context: NewContext, game: str, viewport: dict[str, int]) -> Page:
    """A page of a browser that has never met the guide, at its first decision of `game`."""
    phone = viewport["width"] < 500
    page = new_context(guide=True, viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
    new_table(page, game, "Pat", against_bots=True)
    page.wait_for_function("() => window.tinkertable.client.view !== null")
    wait_for_decision(page)
    return page


def offered(page: Page) -> str:
    """The kind of decision whose tour is offered now."""
    offer = page.locator(".guide-offer[data-kind]")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("New here?")
    kind = offer.get_attribute("data-kind")
    assert kind
    return kind


def walk(page: Page, name: str, shot: Path | None = None) -> int:
    """Through every step of the open tour with "Next", checking each; then "Got it". The number
    of steps."""
    dialog = page.get_by_role("dialog", name=name)
    expect(dialog).to_be_visible()
    steps = 0
    while True:
        steps += 1
        expect(dialog.locator(".guide-count")).to_have_text(re.compile(rf"^{steps} of \d+$"))
        # A board drawn anew (the bot's move) takes the step's mark with it until the tour finds
        # its element again, on the next frame: wait for it rather than read between the two.
        page.wait_for_function(ON_THE_PAGE)
        step = page.evaluate(STEP)
        where = f"{name}, step {step['count']}"
        assert step["focused"], f"{where}: the focus is not in the dialog"
        target, ring, box = step["target"], step["ring"], step["dialog"]
        assert target is not None, f"{where}: its element is not on the page"
        assert target["bottom"] > 0 and target["top"] < step["height"], f"{where}: not in sight"
        assert (
            ring is not None and ring["left"] <= target["left"] and ring["right"] >= target["right"]
        )
        assert box["left"] >= 0 and box["right"] <= step["width"], f"{where}: the dialog is cut"
        assert box["top"] >= 0 and box["bottom"] <= step["height"], f"{where}: the dialog is cut"
        if steps == 2 and shot is not None:
            page.screenshot(path=shot)
        following = dialog.get_by_role("button", name="Next")
        if not following.is_visible():
            break
        following.press("Enter")  # the keyboard moves through the steps
    if shot is not None and steps < 2:
        page.screenshot(path=shot)
    dialog.get_by_role("button", name="Got it").click()
    expect(dialog).to_have_count(0)
    return steps


@pytest.mark.parametrize("game", GAMES)
def test_the_first_decision_offers_its_tour_once(
    game: str, new_context: NewContext, artifacts: Path
) -> None:
    page = first_decision(new_context, game, DESKTOP)
    kind = offered(page)
    name = page.evaluate(
        "() => `How to play: ${document.querySelector('.guide-offer').dataset.name}`"
    )
    page.get_by_role("button", name="Show me how").click()
    assert walk(page, name, artifacts / f"guide-{game}-1280.png") >= 1
    how = page.get_by_role("button", name="How to play")
    expect(how).to_be_focused()  # the offer is gone: the focus comes back to "How to play"
    assert page.evaluate(f"() => localStorage.getItem('tinkertable.guide.{game}.{kind}')") == "seen"

    page.reload()
    wait_live(page)
    wait_for_decision(page)
    page.wait_for_function("() => document.querySelector('.how-to-play')")
    offer = page.locator(".guide-offer")
    assert offer.get_attribute("data-kind") != kind  # not offered again (another kind may be)

    # "How to play" opens the tour for the decision now, again; Escape closes it.
    how = page.get_by_role("button", name="How to play")
    how.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate(STEP)["target"] is not None
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(how).to_be_focused()

    # On a phone: the bar's buttons fit a finger, nothing scrolls sideways, the tour fits.
    page.set_viewport_size(PHONE)
    for button in page.locator(".how-to-play button").filter(visible=True).all():
        size = button.bounding_box()
        assert size and size["height"] >= 44 - 0.5, button.inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    how.click()
    name = dialog.get_attribute("aria-label")
    assert name and name.startswith("How to play: ")
    walk(page, name, artifacts / f"guide-{game}-375.png")


def test_a_spectator_reads_the_basics(new_context: NewContext) -> None:
    player = first_decision(new_context, GAMES[0], DESKTOP)
    watcher = new_context(guide=True, viewport=DESKTOP).new_page()
    watcher.goto(player.url)
    watcher.wait_for_function("() => window.tinkertable && window.tinkertable.client.view !== null")
    how = watcher.get_by_role("button", name="How to play")
    expect(how).to_be_visible()
    expect(watcher.locator(".guide-offer[data-kind]")).to_have_count(0)
    how.click()
    expect(how).to_have_attribute("aria-expanded", "true")
    expect(watcher.locator(".how-to-play-basics h3").first).to_have_text("The aim")
    expect(watcher.get_by_role("dialog")).to_have_count(0)


def test_a_replay_shows_the_basics_only(browser: Any, recorded_server: RecordedServer) -> None:
    game = GAMES[0]
    recorded = recorded_server.finished(game)
    context = bounded_context(browser, guide=True, base_url=recorded_server.url, viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"/l/{recorded.code}/replay")
        how = page.get_by_role("button", name="How to play")
        expect(how).to_be_visible()
        how.click()
        expect(page.locator(".how-to-play-basics h3").first).to_have_text("The aim")
        expect(page.locator(".guide-offer[data-kind]")).to_have_count(0)
        expect(page.get_by_role("dialog")).to_have_count(0)
    finally:
        context.close()
