"""Take-backs on the table page: the Undo button beside the prompt while the view says the
player may take back (`view.undo`), and Ctrl+Z, but not while typing in the chat; a 44 px
target that fits a 375 px wide phone. Screenshots at 1280x800 and 375x740 go to
test-artifacts/screenshots.

The game is a two-seat one whose host may go first; the host plays the board's controls until
an action of hers may be taken back (the actions before it, as a roll of the dice, may not)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.registered import ENTRIES

from .pages import CLICKABLE, HOST_FIRST, NewContext, seq, wait_seq

pytestmark = pytest.mark.browser


def open_table(context: Any, code: str) -> Page:
    page = context.new_page()
    page.goto(f"/l/{code}")
    page.wait_for_function("() => window.tinkertable && window.tinkertable.client.live")
    page.wait_for_function("() => window.tinkertable.client.view")
    return page


def click_until_undoable(page: Page) -> dict[str, Any]:
    """Click the board's first clickable action, each time waiting for its patch, until the
    view says the last may be taken back (the Undo button hidden until then); that action."""
    button = page.locator("#undo")
    for _ in range(20):
        before = seq(page) or 0
        action = page.locator(CLICKABLE).first.get_attribute("data-action")
        assert action is not None
        page.locator(CLICKABLE).first.click()
        wait_seq(page, before + 1)
        if page.evaluate("() => window.tinkertable.client.view.undo"):
            taken: dict[str, Any] = json.loads(action)
            return taken
        expect(button).to_be_hidden()  # this one is never taken back
    raise AssertionError("20 actions and none may be taken back")


def log_tail(page: Page) -> str:
    return page.evaluate("() => window.tinkertable.client.view.log.at(-1)")


@pytest.mark.parametrize("size", [(1280, 800), (375, 740)], ids=["wide", "phone"])
def test_the_undo_button_and_ctrl_z(
    new_context: NewContext, artifacts: Path, size: tuple[int, int]
) -> None:
    width, height = size
    ann_context = new_context(viewport={"width": width, "height": height})
    bob_context = new_context()
    created = ann_context.request.post(
        "/api/lobbies",
        data={"game": HOST_FIRST, "name": "Ann", "options": {"first_player": "host"}},
    )
    assert created.status == 201, created.text()
    code = created.json()["code"]
    joined = bob_context.request.post(f"/api/lobbies/{code}/players", data={"name": "Bob"})
    assert joined.status == 201, joined.text()
    assert ann_context.request.post(f"/api/lobbies/{code}/start", data={}).status == 200
    ann, bob = open_table(ann_context, code), open_table(bob_context, code)
    button = ann.locator("#undo")

    action = click_until_undoable(ann)
    done = seq(ann)
    assert done is not None
    wait_seq(bob, done)
    expect(button).to_be_visible()
    expect(bob.locator("#undo")).to_be_hidden()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert ann.evaluate("() => document.documentElement.scrollWidth") <= width
    ann.screenshot(path=str(artifacts / f"undo-{width}.png"))

    button.click()
    wait_seq(ann, done + 1)
    wait_seq(bob, done + 1)
    expect(button).to_be_hidden()
    # The game's words for what was taken back ("their score in ..."), after the name.
    words = ENTRIES[HOST_FIRST].game.took_back(action)
    assert log_tail(ann).startswith(f"Ann took back {words.split('{')[0]}")
    assert log_tail(bob) == log_tail(ann)
    expect(ann.locator("#log")).to_contain_text("Ann took back")

    # Ctrl+Z: not while typing in the chat, then from the page.
    assert click_until_undoable(ann)["type"] == action["type"]
    again = seq(ann)
    assert again is not None
    expect(button).to_be_visible()
    chat = ann.locator("#chat-text")
    chat.fill("oops")
    chat.press("Control+z")  # the field's own undo, not the game's
    chat.fill("still here")
    chat.press("Enter")  # the server answers in order: an undo sent first would come first
    expect(ann.locator("#chat")).to_contain_text("still here")
    assert seq(ann) == again
    ann.evaluate("() => document.activeElement.blur()")  # focus leaves the chat
    ann.keyboard.press("Control+z")
    wait_seq(ann, again + 1)
    expect(button).to_be_hidden()
    assert "took back" in log_tail(ann)
    assert ann.evaluate("() => window.tinkertable.client.pending.size") == 0
