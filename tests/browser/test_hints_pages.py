"""Hints at the table in real browsers (static/js/hint.js): for every game of the registry, a
person playing a good bot asks for a hint at their decisions (the Hint button, then the key H);
the control the hint points at is on the board, outlined, in sight, with the reason beside it,
and clicking it plays exactly the hinted action (the game's record holds it). Then the
refusals, said politely by the prompt: nothing to decide, hints off; the log line everyone
reads; Escape; H typed in the chat (hint.js on a board of its own: test_hint_board_pages.py).
Screenshots of a hint in each game at 1280x800 and 375x740 go to
test-artifacts/screenshots/hint-<game>-<width>.png.

This module's server (fixtures.py's `quick_server`) has bots that do not wait before acting.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.config import Settings
from app.play.registry import games_for

from .fixtures import EXPECT_TIMEOUT
from .pages import (
    DECIDING,
    HOST_FIRST,
    NewContext,
    play_until_the_turn_passes,
    record,
    seq,
    wait_live,
)

pytestmark = pytest.mark.browser

GAMES = sorted(games_for(Settings(_env_file=None)))
WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}
HINTS = 3  # decisions hinted and played in each game
TABLES = 3  # dealt at most, for a game that lasts two hints
POLL = 0.02  # seconds between two looks at the record or the frames received
# A bound for liveness: the first hint after the server starts waits for its worker processes
# to start (over 20 s on a busy two-core machine); later ones take a fraction of a second.
ANSWER_TIMEOUT = 120

# The person's legal actions pointed at as a hint would be (of each type, at most EACH spread
# over the list: one game's roll offers some 150 writes on a sheet): those for which the board
# then has no single visible control carrying exactly that action (a hidden twin, a pick not
# chosen, a sheet not shown).
EACH = 16
POINT_AT_EACH = """(each) => {
  const table = window.tinkertable;
  const canonical = (value) => JSON.stringify(value, (_, item) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.keys(item).sort().map((name) => [name, item[name]]))
      : item);
  const byType = Map.groupBy(table.client.view.legal, (action) => action.type);
  const some = [...byType.values()].flatMap((list) => list.length <= each ? list
    : Array.from({ length: each }, (_, i) => list[Math.floor(i * list.length / each)]));
  const missed = [];
  for (const action of some) {
    table.showHint(action, "Because.");
    const hinted = [...document.querySelectorAll("#board .hinted")];
    const ok = hinted.length === 1 && hinted[0].checkVisibility()
      && canonical(JSON.parse(hinted[0].dataset.action)) === canonical(action)
      && document.getElementById("hint-callout") !== null;
    if (!ok) missed.push(action);
  }
  return missed;
}"""


@pytest.fixture(scope="module")
def server(quick_server: str) -> str:
    """This module's pages open on the server whose bots act at once (as solo.py's)."""
    return quick_server


def canonical(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


class Frames:
    """The hints a page asks for and receives, and the actions it sends, over its websocket."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.sent: list[dict[str, Any]] = []
        self.answers: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []  # the server's refusals, a hint's among them
        self.actions: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        socket.on("framesent", self._sent)
        socket.on("framereceived", self._received)

    def _sent(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "hint":
            self.sent.append(message)
        elif message.get("type") == "action":
            self.actions.append(message["action"])

    def _received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "hint":
            self.answers.append(message)
        elif message.get("type") == "error":
            self.errors.append(message)

    def answer(self, count: int) -> dict[str, Any]:
        """The `count`-th hint received (from 1), once it has come."""
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while len(self.answers) < count:
            asked = {message["id"] for message in self.sent}
            refused = [error for error in self.errors if error.get("ref") in asked]
            assert not refused, f"a hint was refused: {refused}"
            assert time.monotonic() < deadline, f"no hint came ({len(self.sent)} asked)"
            self.page.wait_for_timeout(POLL * 1000)  # lets Playwright hand over the frames
        return self.answers[count - 1]


def table_against_a_bot(context: Any, game: str, options: dict[str, Any] | None = None) -> str:
    """Ann and a good bot at a started table of `game`; its code."""
    created = context.request.post(
        "/api/lobbies", data={"game": game, "name": "Ann", "options": options or {}}
    )
    assert created.status == 201, created.text()
    code = created.json()["code"]
    added = context.request.post(f"/api/lobbies/{code}/bots", data={"level": "good"})
    assert added.status == 201, added.text()
    started = context.request.post(f"/api/lobbies/{code}/start", data={})
    assert started.status == 200, started.text()
    return code


def open_table(page: Page, code: str) -> None:
    page.goto(f"/l/{code}")
    wait_live(page)
    page.wait_for_function("() => window.tinkertable.client.view")


def my_actions(page: Page, code: str) -> list[dict[str, Any]]:
    """Ann's actions in the game's record (the entries of her hints left out)."""
    return [
        entry["action"]
        for entry in record(page, code)["actions"]
        if entry["seat"] == 0 and entry["action"].get("type") != "hint"
    ]


def wait_played(page: Page, code: str, count: int) -> None:
    """Until the record holds Ann's `count`-th action (a refusal shown fails at once); the
    record may hide what it was (a secret pick)."""
    deadline = time.monotonic() + EXPECT_TIMEOUT / 1000
    while len(mine := my_actions(page, code)) < count:
        refused = page.locator("#refused")
        assert not refused.is_visible(), f"the click was refused: {refused.inner_text()}"
        assert time.monotonic() < deadline, "the click did not reach the game's record"
        time.sleep(POLL)
    assert len(mine) == count


def luminance(rgb: str) -> float:
    """The relative luminance (WCAG 2) of a computed colour, "rgb(r, g, b)"."""
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", rgb)[:3])
    linear = [
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


RING = """() => {
  const ring = document.querySelector("#board .hint-ring");
  const style = getComputedStyle(ring);
  return {
    color: style.outlineColor, width: parseFloat(style.outlineWidth), line: style.outlineStyle,
    gap: style.boxShadow, motion: style.animationName,
    paper: getComputedStyle(document.documentElement).backgroundColor,
  };
}"""


def check_ring(page: Page, *, moving: bool) -> None:
    """The ring: a solid outline at least 3 px wide, at least 3:1 against the white gap around
    the control and the page; pulsing unless the person asked for reduced motion."""
    ring = page.evaluate(RING)
    assert ring["line"] == "solid" and ring["width"] >= 3, ring
    assert "rgb(255, 255, 255)" in ring["gap"], ring
    assert contrast(ring["color"], "rgb(255, 255, 255)") >= 3, ring
    assert contrast(ring["color"], ring["paper"]) >= 3, ring
    assert (ring["motion"] != "none") == moving, ring


def check_shown(page: Page, answer: dict[str, Any], width: int) -> None:
    """The hint on the page: one control outlined, in sight, carrying the hinted action, the
    reason beside it within the window, and said to screen readers."""
    hinted = page.locator("#board .hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_be_visible()
    expect(hinted).to_be_in_viewport()
    assert canonical(json.loads(hinted.get_attribute("data-action") or "")) == canonical(
        answer["action"]
    )
    callout = page.locator("#hint-callout")
    expect(callout).to_be_visible()
    expect(callout.locator("strong")).to_have_text("Hint")
    if answer["reason"]:
        expect(callout).to_contain_text(answer["reason"])
    # described by the callout's words (and by a tooltip while the pointer rests on it)
    expect(hinted).to_have_attribute("aria-describedby", re.compile(r"(^| )hint-text( |$)"))
    said = f"Hint: {answer['reason']}" if answer["reason"] else re.compile(r"^Hint: \S")
    expect(page.locator("#hint-said")).to_have_text(said)
    box = callout.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_points_at_the_control_that_plays_it(
    new_context: NewContext, artifacts: Path, game: str
) -> None:
    # A deal may end the game before a second hint (a bot going first builds the Zeppelin with
    # three sixes): then another table is dealt.
    ended: list[str] = []
    for _table in range(TABLES):
        context = new_context(viewport=WIDE, reduced_motion="reduce")  # screenshots after scrolls
        asked, end = hints_at_a_table(context, artifacts, game)
        if asked >= 2:
            return
        ended.append(end)
    pytest.fail(f"{TABLES} games ended before a second hint: {ended}")


def hints_at_a_table(context: Any, artifacts: Path, game: str) -> tuple[int, str]:
    """Up to HINTS decisions of a new table against a bot, each hinted and played as hinted; the
    hints asked, and how the game ended (if it did)."""
    code = table_against_a_bot(context, game)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    frames = Frames(page)
    open_table(page, code)
    button = page.locator("#hint")
    expect(button).to_have_attribute("aria-keyshortcuts", "H")

    asked = 0
    for decision in range(HINTS):
        page.wait_for_function(DECIDING)
        if page.evaluate("() => window.tinkertable.client.view.result !== null"):
            break
        if decision == 0:
            assert page.evaluate(POINT_AT_EACH, EACH) == []
            page.keyboard.press("Escape")
            expect(page.locator("#board .hinted")).to_have_count(0)
            expect(button).to_be_enabled()
            button.click()
        else:
            page.keyboard.press("h")
        asked += 1
        answer = frames.answer(asked)
        size = page.viewport_size
        assert size is not None
        check_shown(page, answer, size["width"])
        check_ring(page, moving=False)  # this context asks for reduced motion
        if decision == 0:
            page.screenshot(path=artifacts / f"hint-{game}-{WIDE['width']}.png")
            # On a phone: the same decision hinted again, the first hint put away.
            page.set_viewport_size(PHONE)
            page.keyboard.press("h")
            asked += 1
            again = frames.answer(asked)
            check_shown(page, again, PHONE["width"])
            page.screenshot(path=artifacts / f"hint-{game}-{PHONE['width']}.png")
            answer = again
        else:
            page.screenshot(path=artifacts / f"hint-{game}-{PHONE['width']}-{decision + 1}.png")
        played = len(my_actions(page, code))
        sent = len(frames.actions)
        page.locator("#board .hinted").click()  # found again if the board is drawn anew
        wait_played(page, code, played + 1)
        assert [canonical(action) for action in frames.actions[sent:]] == [
            canonical(answer["action"])
        ]
        expect(page.locator("#hint-callout")).to_have_count(0)
    assert [message["id"] for message in frames.sent] == list(
        dict.fromkeys(message["id"] for message in frames.sent)
    )
    assert errors == []
    view = page.evaluate("() => window.tinkertable.client.view")
    end = f"{view['result']}, {view['log'][-5:]}" if view["result"] is not None else ""
    return asked, end


def test_refusals_the_log_line_escape_and_the_chat(new_context: NewContext) -> None:
    """Bob has nothing to decide while Ann plays (a game whose host goes first); Ann's hint is
    in both logs; Escape puts it away; an H typed in the chat asks nothing; at a table without
    hints the button is gone and H says why."""
    ann_context, bob_context = new_context(), new_context()
    created = ann_context.request.post(
        "/api/lobbies",
        data={"game": HOST_FIRST, "name": "Ann", "options": {"first_player": "host"}},
    )
    assert created.status == 201, created.text()
    code = created.json()["code"]
    joined = bob_context.request.post(f"/api/lobbies/{code}/players", data={"name": "Bob"})
    assert joined.status == 201, joined.text()
    assert ann_context.request.post(f"/api/lobbies/{code}/start", data={}).status == 200
    ann, bob = ann_context.new_page(), bob_context.new_page()
    ann_frames = Frames(ann)
    open_table(ann, code)
    open_table(bob, code)

    expect(bob.locator("#hint")).to_be_visible()
    expect(bob.locator("#hint")).to_be_disabled()
    bob.keyboard.press("h")
    expect(bob.locator("#hint-note")).to_have_text("Nothing to decide now.")
    expect(bob.locator("#hint-said")).to_have_text("Nothing to decide now.")

    ann.locator("#hint").click()
    ann_frames.answer(1)
    expect(ann.locator("#board .hinted")).to_have_count(1)
    check_ring(ann, moving=True)
    for page in (ann, bob):
        expect(page.locator("#log")).to_contain_text("Ann asked for a hint")
    ann.keyboard.press("Escape")
    expect(ann.locator("#board .hinted")).to_have_count(0)
    expect(ann.locator("#hint-callout")).to_have_count(0)
    # So does a click elsewhere; the callout's own words do not.
    ann.keyboard.press("h")
    ann_frames.answer(2)
    ann.locator("#hint-text").click()
    expect(ann.locator("#board .hinted")).to_have_count(1)
    ann.locator("#players").click()
    expect(ann.locator("#board .hinted")).to_have_count(0)
    expect(ann.locator("#hint-callout")).to_have_count(0)

    chat = ann.locator("#chat-text")
    chat.press("h")
    chat.press("Enter")
    expect(ann.locator("#chat")).to_contain_text("Ann: h")  # back from the server: in order
    assert len(ann_frames.sent) == 2  # the hints asked with the button and with H

    # Twice at once: the second waits for the first, said so, and is not sent.
    said = ann.evaluate(
        """() => {
          window.tinkertable.hint();
          window.tinkertable.hint();
          return document.getElementById("hint-note").textContent;
        }"""
    )
    assert said == "Still thinking about your last hint…"
    expect(ann.locator("#board .hinted")).to_have_count(1)
    expect(ann.locator("#hint-note")).to_be_hidden()  # the hint came
    # Ann plays as hinted, and on until her turn ends: Bob has something to decide, and
    # "Nothing to decide now" is gone.
    expect(bob.locator("#hint-note")).to_be_visible()
    before = seq(ann) or 0
    ann.locator("#board .hinted").click()
    ann.wait_for_function("n => window.tinkertable.client.seq > n", arg=before)
    play_until_the_turn_passes(ann, bob)
    expect(bob.locator("#hint")).to_be_enabled()
    expect(bob.locator("#hint-note")).to_be_hidden()
    assert len(ann_frames.sent) == 3

    off = new_context()
    page = off.new_page()
    open_table(page, table_against_a_bot(off, HOST_FIRST, {"hints": False}))
    page.wait_for_function(DECIDING)
    expect(page.locator("#hint")).to_be_hidden()
    page.keyboard.press("h")
    expect(page.locator("#hint-note")).to_have_text("Hints are off at this table.")
    expect(page.locator("#board .hinted")).to_have_count(0)
