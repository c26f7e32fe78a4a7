"""Turn-based tables in real browsers (issue #19): the pace among the table options, with the
options of the other pace hidden on the home and lobby pages, and a turn-based clock shown in
hours and days ("1 day left", "23 h 59 min left"), with the vote for a bot at a table that
waits once a player's time has run out. (The clock's running out on the server, the bot and the
vote themselves are tested through the websocket in tests/table/test_turn_based.py.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .pages import HOST_FIRST, NewContext, open_new_game
from .test_table_pages import clock, open_table

pytestmark = pytest.mark.browser


def shown(form: Locator, label: str) -> Locator:
    """The option's select by its label (whose name ends with the choice shown)."""
    return form.get_by_label(re.compile("^" + re.escape(label)))


def test_the_pace_shows_the_options_that_apply_to_it_and_the_lobby_keeps_it(
    new_context: NewContext, artifacts: Path
) -> None:
    page = new_context().new_page()
    form = open_new_game(page, HOST_FIRST)
    form.locator("details.table-options summary").click()
    pace = shown(form, "Pace")
    expect(pace).to_have_value(json.dumps("live"))
    expect(shown(form, "Clock: minutes per player")).to_be_visible()
    expect(shown(form, "Time per move")).to_be_hidden()
    pace.select_option(json.dumps("turn-based"))
    expect(shown(form, "Time per move")).to_be_visible()
    expect(shown(form, "When a player's time to move runs out")).to_be_visible()
    expect(shown(form, "Clock: minutes per player")).to_be_hidden()
    expect(shown(form, "A bot may play for a missing player after")).to_be_hidden()
    expect(shown(form, "Time per move").locator("option")).to_have_text(
        ["1 hour", "12 hours", "1 day", "3 days", "1 week"]
    )
    shown(form, "Time per move").select_option("72")
    page.screenshot(path=artifacts / "home-turn-based.png")
    form.get_by_label("Your name").fill("Ann")
    form.get_by_role("button", name="Invite friends").click()
    page.wait_for_url(re.compile(r"/l/[^/]+$"))
    code = page.url.rsplit("/", 1)[1]
    options = page.request.get(f"/api/lobbies/{code}").json()["options"]
    assert (options["pace"], options["move_hours"]) == ("turn-based", 72)

    # The lobby page, as the host: the turn-based options show; going live hides them again.
    box = page.locator("#table-options")
    page.locator("#table-options-box summary").click()
    expect(shown(box, "Time per move")).to_have_value("72")
    expect(shown(box, "Clock: minutes per player")).to_be_hidden()
    shown(box, "Pace").select_option(json.dumps("live"))
    expect(shown(box, "Clock: minutes per player")).to_be_visible()
    expect(shown(box, "Time per move")).to_be_hidden()
    # The server took it: the lobby message that tells everyone says so.
    page.wait_for_function("() => window.tinkertable.client.lobby.options.pace === 'live'")


def test_a_turn_based_clock_reads_in_days_and_hours_and_a_vote_shows_once_it_has_run_out(
    new_context: NewContext, artifacts: Path
) -> None:
    ann_context, bob_context = new_context(), new_context()
    options = {
        "first_player": "host",
        "pace": "turn-based",
        "move_hours": 24,
        "time_runs_out": "wait",
    }
    created = ann_context.request.post(
        "/api/lobbies", data={"game": HOST_FIRST, "name": "Ann", "options": options}
    )
    assert created.status == 201, created.text()
    code = created.json()["code"]
    joined = bob_context.request.post(f"/api/lobbies/{code}/players", data={"name": "Bob"})
    assert joined.status == 201, joined.text()
    started = ann_context.request.post(f"/api/lobbies/{code}/start", data={})
    assert started.status == 200, started.text()
    ann, bob = open_table(ann_context, code), open_table(bob_context, code)

    for page in (ann, bob):
        expect(clock(page, 1)).to_have_text("1 day left")
        expect(clock(page, 1)).to_have_attribute("aria-label", "Bob: 1 day left")
        expect(clock(page, 0)).to_have_text(re.compile(r"^23 h 59 min left$"))
        expect(clock(page, 0)).to_have_attribute("aria-label", "Ann: 23 hours 59 minutes left")
    expect(ann.locator("#my-clock")).to_have_text(re.compile(r"^23 h 59 min left$"))
    ann.screenshot(path=artifacts / "table-turn-based.png", full_page=True)

    # Ann leaves; being away is normal here: no vote is offered while she has time to move.
    ann.close()
    expect(bob.locator('#players li[data-seat="0"]')).to_have_class(re.compile(r"\baway\b"))
    vote = bob.get_by_role("button", name="Vote: let a bot play for Ann", exact=True)
    bob.evaluate("() => { window.tinkertable.client.offset += 3600; }")  # an hour later
    expect(clock(bob, 0)).to_have_text(re.compile(r"^22 h 59 min left$"))
    bob.wait_for_timeout(600)  # a few of the page's checks (every 250 ms)
    expect(vote).to_have_count(0)
    # A day later her time has run out: the vote shows (the server, on its own time, refuses).
    bob.evaluate("() => { window.tinkertable.client.offset += 24 * 3600; }")
    expect(clock(bob, 0)).to_have_text("out of time")
    expect(vote).to_be_visible()
    vote.click()
    expect(bob.locator("#refused")).to_contain_text("Ann still has time to move")


CASES = [
    (97200, True, "1 day 3 h left", "Ann: 1 day 3 hours left"),
    (3 * 86400, True, "3 days left", "Ann: 3 days left"),
    (5 * 3600 + 20 * 60 + 9, True, "5 h 20 min left", "Ann: 5 hours 20 minutes left"),
    (3600, True, "1 h left", "Ann: 1 hour left"),
    (2400, True, "40 min left", "Ann: 40 minutes left"),
    (45, True, "45 s left", "Ann: 45 seconds left"),
    (0, True, "out of time", "Ann: out of time"),
    (65, False, "1:05", "Ann: 1 minute 5 seconds left"),
    (0, False, "0:00", "Ann: out of time"),
]


def test_the_clock_words_of_both_paces(new_context: NewContext) -> None:
    page: Page = new_context().new_page()
    page.goto("/")
    got = page.evaluate(
        """async (cases) => {
             const { clockText, clockWords } = await import("/static/js/clock-text.js");
             return cases.map(([whole, perMove]) =>
               [clockText(whole, perMove), clockWords("Ann", whole, perMove)]);
           }""",
        [[whole, per_move] for whole, per_move, _, _ in CASES],
    )
    assert got == [[text, words] for _, _, text, words in CASES]
