"""Take-backs on the table page: the Undo button beside the prompt while the view says the
player may take back (`view.undo`), and Ctrl+Z, but not while typing in the chat; a 44 px
target that fits a 375 px wide phone. Screenshots at 1280x800 and 375x740 go to
test-artifacts/screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .pages import NewContext, seq, wait_seq

pytestmark = pytest.mark.browser


def open_table(context: Any, code: str) -> Page:
    page = context.new_page()
    page.goto(f"/l/{code}")
    page.wait_for_function("() => window.tinkertable && window.tinkertable.client.live")
    page.wait_for_function("() => window.tinkertable.client.view")
    return page


def click_action(page: Page, kind: str) -> None:
    """Click the board's first clickable action of type `kind` and wait for its patch."""
    before = seq(page) or 0
    page.locator(f"#board [data-action*='\"{kind}\"']:enabled").first.click()
    wait_seq(page, before + 1)


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
        data={"game": "convolution", "name": "Ann", "options": {"first_player": "host"}},
    )
    assert created.status == 201, created.text()
    code = created.json()["code"]
    joined = bob_context.request.post(f"/api/lobbies/{code}/players", data={"name": "Bob"})
    assert joined.status == 201, joined.text()
    assert ann_context.request.post(f"/api/lobbies/{code}/start", data={}).status == 200
    ann, bob = open_table(ann_context, code), open_table(bob_context, code)
    button = ann.locator("#undo")

    click_action(ann, "roll")
    expect(button).to_be_hidden()  # a roll is never taken back
    click_action(ann, "score")
    wait_seq(bob, 2)
    expect(button).to_be_visible()
    expect(bob.locator("#undo")).to_be_hidden()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert ann.evaluate("() => document.documentElement.scrollWidth") <= width
    ann.screenshot(path=str(artifacts / f"undo-{width}.png"))

    button.click()
    wait_seq(ann, 3)
    wait_seq(bob, 3)
    expect(button).to_be_hidden()
    assert log_tail(ann).startswith("Ann took back their score in ")
    assert log_tail(bob) == log_tail(ann)
    expect(ann.locator("#log")).to_contain_text("Ann took back")

    # Ctrl+Z: not while typing in the chat, then from the page.
    click_action(ann, "score")
    expect(button).to_be_visible()
    chat = ann.locator("#chat-text")
    chat.fill("oops")
    chat.press("Control+z")  # the field's own undo, not the game's
    chat.fill("still here")
    chat.press("Enter")  # the server answers in order: an undo sent first would come first
    expect(ann.locator("#chat")).to_contain_text("still here")
    assert seq(ann) == 4
    ann.evaluate("() => document.activeElement.blur()")  # focus leaves the chat
    ann.keyboard.press("Control+z")
    wait_seq(ann, 5)
    expect(button).to_be_hidden()
    assert "took back" in log_tail(ann)
    assert ann.evaluate("() => window.tinkertable.client.pending.size") == 0
