"""The table around every game, in real browsers (issue #9): each person's clock in the players
bar, ticking for the player the game waits on and still for the other, without drawing the board
again; and the button that asks for a bot to play for a player who has gone, which shows the
server's refusal when asked too early. (The hand-over itself, after the real away time, is
tested through the websocket in tests/table.)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .pages import HOST_FIRST, NewContext

pytestmark = pytest.mark.browser

# A two-seat lobby where Ann (the host) goes first; a one-minute clock with 10 s per turn.
OPTIONS = {"first_player": "host", "clock_minutes": 1, "clock_increment": 10, "away_minutes": 1}


def open_table(context: Any, code: str) -> Page:
    """The lobby page of a started game, once it shows the game's view."""
    page = context.new_page()
    page.goto(f"/l/{code}")
    page.wait_for_function("() => window.tinkertable && window.tinkertable.client.view")
    expect(page.locator("#game")).to_be_visible()
    return page


def clock(page: Page, seat: int) -> Any:
    return page.locator(f'#players li[data-seat="{seat}"] .clock')


def seconds(text: str) -> int:
    """'1:05' -> 65."""
    match = re.fullmatch(r"(\d+):([0-5]\d)", text.strip())
    assert match, f"not a clock: {text!r}"
    return int(match[1]) * 60 + int(match[2])


def mark_drawn_nodes(page: Page) -> None:
    """Remember the board's and the players bar's nodes, to see later whether they were drawn
    again."""
    page.evaluate(
        """() => { window.__drawn = [document.querySelector("#board").firstElementChild,
                                     ...document.querySelectorAll("#players li")]; }"""
    )


def same_drawn_nodes(page: Page) -> bool:
    return page.evaluate(
        """() => { const now = [document.querySelector("#board").firstElementChild,
                               ...document.querySelectorAll("#players li")];
                   return now.length === window.__drawn.length
                     && now.every((node, i) => node === window.__drawn[i] && node.isConnected); }"""
    )


def test_clocks_tick_for_the_player_on_turn_and_a_bot_can_be_asked_for_one_who_left(
    new_context: NewContext, artifacts: Path
) -> None:
    ann_context, bob_context = new_context(), new_context()
    created = ann_context.request.post(
        "/api/lobbies", data={"game": HOST_FIRST, "name": "Ann", "options": OPTIONS}
    )
    assert created.status == 201, created.text()
    code = created.json()["code"]
    joined = bob_context.request.post(f"/api/lobbies/{code}/players", data={"name": "Bob"})
    assert joined.status == 201, joined.text()
    started = ann_context.request.post(f"/api/lobbies/{code}/start", data={})
    assert started.status == 200, started.text()
    ann, bob = open_table(ann_context, code), open_table(bob_context, code)

    # Both pages show both clocks. Ann's runs: a minute plus the first turn's 10 s, counting
    # down; Bob's waits at his full minute.
    for page in (ann, bob):
        # Who is connected comes in its own message (at most once a second): once both pages
        # know both seats are here, nothing but the clocks' ticking may change the bar.
        page.wait_for_function(
            "() => window.tinkertable.client.view.players.every((player) => player.connected)"
        )
        expect(page.locator("#players .clock")).to_have_count(2)
        expect(clock(page, 1)).to_have_text("1:00")
        expect(clock(page, 1)).to_have_attribute("aria-label", "Bob: 1 minute left")
        expect(clock(page, 0)).to_have_class(re.compile(r"\brunning\b"))
        expect(clock(page, 1)).not_to_have_class(re.compile(r"\brunning\b"))
        expect(clock(page, 0)).to_have_attribute(
            "aria-label", re.compile(r"^Ann: 1 minute( \d+ seconds?)? left$")
        )
        mark_drawn_nodes(page)
    before = [seconds(clock(page, 0).inner_text()) for page in (ann, bob)]
    ann.wait_for_timeout(1500)
    after = [seconds(clock(page, 0).inner_text()) for page in (ann, bob)]
    for first, then in zip(before, after, strict=True):
        assert 60 <= then < first <= 70, (before, after)
    assert abs(after[0] - after[1]) <= 1, after  # both pages run on the server's time
    for page in (ann, bob):
        assert clock(page, 1).inner_text() == "1:00"
        assert same_drawn_nodes(page), "the clock's ticking drew the board or the players again"
        expect(page.locator("#timeouts-box")).to_be_hidden()  # no one has run out of time
    # No live region around the clocks: a screen reader is not told every second.
    assert ann.locator("#players [aria-live], #players[aria-live]").count() == 0

    # Bob leaves. Ann, the host, may let a bot play for him once he has been away for the
    # table's minute: not before (the page's clock is moved on, as if it had passed). If the
    # page is ahead of the server, the server refuses, and says why.
    bob.close()
    bob_entry = ann.locator('#players li[data-seat="1"]')
    expect(bob_entry).to_have_class(re.compile(r"\baway\b"))
    ask = ann.get_by_role("button", name="Let a bot play for Bob", exact=True)
    ann.wait_for_timeout(600)  # a few of the page's checks (every 250 ms)
    expect(ask).to_have_count(0)
    ann.evaluate("() => { window.tinkertable.client.offset += 61; }")
    expect(ask).to_be_visible()
    expect(ann.locator("#players button.away-bot")).to_have_count(1)  # none for Ann herself
    ask.click()
    refused = ann.locator("#refused")
    expect(refused).to_be_visible()
    expect(refused).to_have_attribute("role", "alert")
    expect(refused).to_contain_text(
        re.compile(r"^Bob has been away \d+ s; a bot can take their seat after 1 min$")
    )
    expect(bob_entry).not_to_contain_text("a bot plays while away")
    ann.screenshot(path=artifacts / "table-clocks-away.png", full_page=True)

    # Bob comes back: the button goes. Ann leaves: Bob, not the host, may vote for a bot.
    bob = open_table(bob_context, code)
    expect(ann.locator("#players button.away-bot")).to_have_count(0)
    ann.close()
    vote = bob.get_by_role("button", name="Vote: let a bot play for Ann", exact=True)
    bob.evaluate("() => { window.tinkertable.client.offset += 61; }")
    expect(vote).to_have_text("Vote: let a bot play")
    vote.click()
    expect(bob.locator("#refused")).to_contain_text("Ann has been away")
