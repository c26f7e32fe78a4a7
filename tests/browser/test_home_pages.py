"""The home and lobby pages in a real browser, at a desktop's 1280 x 800 and a phone's 375 x 740:
the first step (Join for the invited friend, Start for the host) on the first screen, the
options folded under "Table options", Watch at a full table, the home page's new-game dialog and
its bots, "Your games" with whose turn it is, option names in words, controls of 44 px at least
on a phone and nothing wider than the screen. Screenshots of each page at both sizes go to
test-artifacts/screenshots/."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from app.site.option_words import choice_text, label
from tests.registered import ENTRIES, GAME_IDS, a_game

from .pages import (
    FIRST_PLAYER,
    HOST_FIRST,
    HOST_FIRST_NAME,
    NewContext,
    join,
    new_table,
    open_new_game,
    start,
    wait_live,
)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
SMALLEST = 44  # CSS px: the least width and height of a control on a phone

# The games of the tests, from the registry by what each needs: the one with the most options,
# one for two players only, one for four, one to play alone, and another than HOST_FIRST.
MOST_OPTIONS = max(GAME_IDS, key=lambda game: len(ENTRIES[game].game.options))
FIRST_OPTION = label(
    ENTRIES[MOST_OPTIONS].game.options[0].name, ENTRIES[MOST_OPTIONS].game.options[0].label
)
FOR_TWO = a_game(players=2, where=lambda entry: entry.game.max_players == 2)
FOR_FOUR = a_game(players=4)
ALONE = a_game(players=1)
ANOTHER = next(game for game in GAME_IDS if game != HOST_FIRST)

# Every control a person can see and use on the page, with its box and accessible text.
CONTROLS = """() => [...document.querySelectorAll(
    'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter((element) => element.checkVisibility() && !element.closest('[hidden]'))
  .map((element) => {
    const box = element.getBoundingClientRect();
    return { what: element.outerHTML.slice(0, 80), width: box.width, height: box.height };
  })"""

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def lobby_of(server: str, url: str) -> dict[str, Any]:
    code = url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{server}/api/lobbies/{code}") as answer:
        return json.load(answer)


def on_first_screen(page: Page, element: Locator, *, page_at_top: bool = True) -> None:
    """`element` is visible without scrolling: its whole box inside the viewport, the page at
    its top (`page_at_top`; a dialog stands above the page wherever it is scrolled to)."""
    expect(element).to_be_visible()
    if page_at_top:
        assert page.evaluate("() => window.scrollY") == 0
    box = element.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"], (box, size)
    assert box["y"] + box["height"] <= size["height"], (box, size)


def fits_the_hand(page: Page) -> None:
    """No horizontal scrolling; on a phone, every visible control at least 44 x 44 px."""
    assert page.evaluate(OVERFLOW) <= 0, "the page scrolls sideways"
    if page.viewport_size == PHONE:
        small = [
            control
            for control in page.evaluate(CONTROLS)
            if control["width"] < SMALLEST or control["height"] < SMALLEST
        ]
        assert not small, small


@pytest.mark.parametrize("size", SIZES)
def test_the_first_screen_holds_start_for_the_host_and_join_for_the_guest(
    new_context: NewContext, artifacts: Path, size: str
) -> None:
    viewport = SIZES[size]
    ann = new_context(viewport=viewport).new_page()
    link = new_table(ann, MOST_OPTIONS, "Ann")
    on_first_screen(ann, ann.get_by_role("button", name="Start the game"))
    # The options are folded away, under "Table options".
    folded = ann.locator("#table-options-box")
    expect(folded.locator("summary")).to_have_text("Table options")
    expect(folded).not_to_have_attribute("open", re.compile(".*"))
    expect(ann.get_by_label(FIRST_OPTION)).to_be_hidden()
    ann.screenshot(path=artifacts / f"lobby-host-{size}.png")
    fits_the_hand(ann)

    bob = new_context(viewport=viewport).new_page()
    bob.goto(link)
    wait_live(bob)
    on_first_screen(bob, bob.locator("#join").get_by_label("Your name"))
    on_first_screen(bob, bob.get_by_role("button", name="Join"))
    bob.screenshot(path=artifacts / f"lobby-guest-{size}.png")
    fits_the_hand(bob)

    folded.locator("summary").click()
    expect(ann.get_by_label(FIRST_OPTION)).to_be_visible()
    ann.screenshot(path=artifacts / f"lobby-options-{size}.png", full_page=True)
    fits_the_hand(ann)


def test_a_full_table_offers_watch_instead_of_join(
    new_context: NewContext, artifacts: Path
) -> None:
    ann = new_context().new_page()
    link = new_table(ann, FOR_TWO, "Ann")
    cat = new_context(viewport=PHONE).new_page()
    cat.goto(link)
    wait_live(cat)
    expect(cat.get_by_role("button", name="Join")).to_be_visible()
    expect(cat.get_by_role("button", name="Watch")).to_be_hidden()

    bob = new_context().new_page()
    join(bob, link, "Bob")
    # Cat's page sees the table fill up, live.
    on_first_screen(cat, cat.get_by_role("button", name="Watch"))
    expect(cat.locator("#join")).to_be_hidden()
    expect(cat.locator("#watch-box")).to_contain_text("This table is full")
    fits_the_hand(cat)
    cat.screenshot(path=artifacts / "lobby-full-phone.png")
    cat.get_by_role("button", name="Watch").click()
    expect(cat.locator("#watching")).to_be_visible()
    expect(cat.get_by_role("button", name="Watch")).to_be_hidden()

    start(ann, bob)
    expect(cat.locator("#game")).to_be_visible()  # a spectator of the game
    cat.wait_for_function("() => window.tinkertable.client.view !== null")
    assert cat.evaluate("() => window.tinkertable.client.view.you") is None

    # A newcomer to a table already full sees Watch at once: the server's page says so.
    eve = new_context().new_page()
    full_link = new_table(eve, FOR_TWO, "Eve")
    eve.get_by_role("button", name="Add bot").click()
    expect(eve.locator("#seats li")).to_have_count(2)
    dan = new_context(java_script_enabled=False).new_page()
    dan.goto(full_link)
    expect(dan.locator("#watch-box")).to_be_visible()
    expect(dan.locator("#join")).to_be_hidden()


def test_the_home_dialog_starts_a_game_with_the_bots_chosen(
    new_context: NewContext, server: str, artifacts: Path
) -> None:
    seats = ENTRIES[FOR_FOUR].game
    fewest = 0 if seats.min_players == 1 else 1
    counts = [
        {0: "None: play alone", 1: "1 bot"}.get(count, f"{count} bots")
        for count in range(fewest, seats.max_players)
    ]
    for size, viewport in SIZES.items():
        page = new_context(viewport=viewport).new_page()
        page.goto("/")
        page.screenshot(path=artifacts / f"home-{size}.png", full_page=True)
        fits_the_hand(page)
        form = open_new_game(page, FOR_FOUR)
        dialog = page.locator(f"#new-{FOR_FOUR}")
        expect(dialog).to_have_js_property("open", True)
        assert dialog.evaluate("(box) => box.scrollTop") == 0
        on_first_screen(
            page, dialog.get_by_role("button", name="Invite friends"), page_at_top=False
        )
        page.screenshot(path=artifacts / f"home-dialog-{size}.png")
        fits_the_hand(page)
        # The bots: how many (the game's seats less yours), and the strongest level by default.
        bots = form.get_by_label(re.compile(r"^Bots"))
        expect(bots.locator("option")).to_have_text(counts)
        expect(bots).to_have_value(str(max(seats.min_players - 1, 1)))
        expect(form.get_by_label("Bot level")).to_have_value("good")
        form.get_by_role("button", name="Cancel").click()
        expect(dialog).to_have_js_property("open", False)

    page = new_context().new_page()
    most = seats.max_players - 1
    url = new_table(page, FOR_FOUR, "Ann", against_bots=True, bots=most)
    lobby = lobby_of(server, url)
    assert lobby["status"] == "playing"
    assert [(p["name"], p["bot"], p["level"]) for p in lobby["players"]] == [
        ("Ann", False, None),
        *[("Good bot" + (f" {n}" if n > 1 else ""), True, "good") for n in range(1, most + 1)],
    ]
    expect(page.locator("#game")).to_be_visible()

    # A game that can be played alone: no bots at all.
    solo = new_context().new_page()
    url = new_table(solo, ALONE, "Ann", against_bots=True, bots=0)
    lobby = lobby_of(server, url)
    assert (lobby["status"], len(lobby["players"])) == ("playing", 1)


def test_your_games_lists_this_browser_s_seats_and_whose_turn(
    new_context: NewContext, artifacts: Path
) -> None:
    ann_context, bob_context = new_context(), new_context(viewport=PHONE)
    ann, bob = ann_context.new_page(), bob_context.new_page()
    link = new_table(ann, HOST_FIRST, "Ann", options={FIRST_PLAYER.label: "host"})
    join(bob, link, "Bob")
    start(ann, bob)

    ann.goto("/")
    mine = ann.locator("#your-games .your-game")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text(f"{HOST_FIRST_NAME} with Bob")
    expect(mine).to_contain_text("Your turn")
    expect(mine.get_by_role("link")).to_have_attribute("href", re.compile(r"^/l/[^/]+$"))

    bob.goto("/")
    theirs = bob.locator("#your-games .your-game")
    expect(theirs).to_contain_text(f"{HOST_FIRST_NAME} with Ann")
    expect(theirs).to_contain_text("Ann's turn")
    bob.screenshot(path=artifacts / "home-your-games-phone.png", full_page=True)
    fits_the_hand(bob)

    # An open table of Ann's too, and a seat whose token proves nothing: it is forgotten.
    new_table(ann, ANOTHER, "Ann")
    ann.evaluate(
        """() => localStorage.setItem("tinkertable.seat.zzzzzzzzzzzzz",
             JSON.stringify({ id: 1, token: "a guess", at: Date.now() }))"""
    )
    ann.goto("/")
    expect(mine).to_have_count(2)
    expect(mine.nth(0)).to_contain_text("Your turn")  # the games waiting for you come first
    expect(mine.nth(1)).to_contain_text(ENTRIES[ANOTHER].game.name)
    expect(mine.nth(1)).to_contain_text("Waiting for you to start")
    ann.wait_for_function(
        """() => localStorage.getItem("tinkertable.seat.zzzzzzzzzzzzz") === null"""
    )
    ann.screenshot(path=artifacts / "home-your-games-desktop.png", full_page=True)

    stranger = new_context().new_page()
    stranger.goto("/")
    expect(stranger.locator(f"#game-{HOST_FIRST}")).to_be_visible()
    expect(stranger.locator("#your-games")).to_be_hidden()


def named(words: str) -> re.Pattern[str]:
    """An option's select by its label (its accessible name may go on with the choice)."""
    return re.compile("^" + re.escape(words))


def test_options_read_in_words(new_context: NewContext) -> None:
    page = new_context().new_page()
    # Every game's options, each choice in words (app/site/option_words.py).
    for game in GAME_IDS:
        form = open_new_game(page, game)
        for option in ENTRIES[game].game.options:
            expect(
                form.get_by_label(named(label(option.name, option.label))).locator("option")
            ).to_have_text([choice_text(option.name, choice) for choice in option.choices])
    form = open_new_game(page, MOST_OPTIONS)
    form.locator("summary", has_text="Table options").click()
    clock = form.get_by_label("Clock: minutes per player")
    expect(clock.locator("option").first).to_have_text("no clock")
    expect(clock.locator("option").nth(1)).to_have_text("1 minute")
    # The seconds added per turn only with a clock: hidden while "no clock" is chosen.
    increment = form.get_by_label("Clock: seconds added per turn")
    expect(increment).to_be_hidden()
    clock.select_option("1")
    expect(increment).to_be_visible()
    clock.select_option("0")
    expect(increment).to_be_hidden()

    # The lobby shows them in the same words, and what the host chose (not the default).
    chosen = {
        label(option.name, option.label): (option.name, option.choices[-1])
        for option in ENTRIES[MOST_OPTIONS].game.options
    }
    new_table(page, MOST_OPTIONS, "Ann", options={key: value for key, (_, value) in chosen.items()})
    page.locator("#table-options-box summary").click()
    for words, (name, value) in chosen.items():
        expect(page.get_by_label(named(words)).locator("option:checked")).to_have_text(
            choice_text(name, value)
        )


def test_a_bot_is_named_once(new_context: NewContext, artifacts: Path) -> None:
    ann = new_context(viewport=PHONE).new_page()
    new_table(ann, FOR_FOUR, "Ann")
    ann.get_by_role("button", name="Add bot").click()
    seat = ann.locator("#seats li").nth(1)
    expect(seat).to_have_text(re.compile(r"^\s*Good bot\s*Remove$"))
    ann.get_by_role("button", name="Add bot").click()
    expect(ann.locator("#seats li").nth(2)).to_contain_text("Good bot 2")
    ann.screenshot(path=artifacts / "lobby-host-bots-phone.png", full_page=True)
    fits_the_hand(ann)
    start(ann)
    expect(ann.locator("#players li").nth(1)).to_contain_text("Good bot")
    expect(ann.locator("#players")).not_to_contain_text("(bot")  # the game's bar too
