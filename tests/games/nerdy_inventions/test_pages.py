"""Nerdy Inventions in real browsers: three players play a whole game by clicking; positions
written into a server's database show the cards, the choices and the words a newcomer reads, and
how the board reads to a screen reader and to eyes that do not tell red from green."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from app.games.core import Action, State
from tests.browser.access import accessible_name, check_help_terms, check_names
from tests.browser.fixtures import bounded_context
from tests.browser.pages import (
    CLICKABLE,
    NewContext,
    join,
    new_table,
    start,
    state,
    wait_seq,
)
from tests.browser.recorded import Recorded, RecordedServer, recorded_server_fixture
from tests.play.test_off_loop import GAMES

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture

MAX_CLICKS = 1500


def create(page: Page, name: str) -> str:
    new_table(page, "nerdy-inventions", name)
    return page.locator("#invite-link").input_value()


def pick(page: Page, rng: random.Random) -> int:
    """Which clickable element to press: mostly building and paying, so that the game ends."""
    actions = [
        json.loads(text)
        for text in page.locator(CLICKABLE).evaluate_all(
            "(elements) => elements.map((element) => element.dataset.action)"
        )
    ]
    legal = page.evaluate("() => window.tinkertable.client.view.legal")
    canonical = sorted(json.dumps(action, sort_keys=True) for action in actions)
    assert canonical == sorted(json.dumps(action, sort_keys=True) for action in legal)
    # A twin (the same choice as a button shown beside it: two dice of one value) is hidden.
    shown = page.locator(CLICKABLE).evaluate_all("(elements) => elements.map((e) => !e.hidden)")
    choices = [i for i, visible in enumerate(shown) if visible]
    building = [i for i in choices if actions[i]["type"] in ("build", "pay")]
    if building and rng.random() < 0.9:
        return rng.choice(building)
    return rng.choice(choices)


# A page's seq, whether it is that page's turn, and how many controls it offers: one call.
AT_THE_TABLE = """(clickable) => {
  const client = window.tinkertable.client;
  const view = client.view;
  return {
    seq: client.seq,
    mine: view.you !== null && view.active.includes(view.you),
    clickable: document.querySelectorAll(clickable).length,
  };
}"""


def test_three_players_play_a_whole_game(new_context: NewContext, artifacts: Path) -> None:
    ann = new_context().new_page()
    link = create(ann, "Ann")
    bob, cat = new_context().new_page(), new_context().new_page()
    join(bob, link, "Bob")
    join(cat, link, "Cat")
    start(ann, bob, cat)
    players = [ann, bob, cat]
    expect(ann.locator("#board")).to_contain_text("tand-in")  # the stand-in cards say so
    rng = random.Random(3)
    clicks = 0
    while not ann.locator("#result").is_visible():
        assert clicks < MAX_CLICKS, "the game did not end"
        seen = [page.evaluate(AT_THE_TABLE, CLICKABLE) for page in players]
        before = seen[0]["seq"]
        assert before is not None and all(got["seq"] == before for got in seen)
        movers = [page for page, got in zip(players, seen, strict=True) if got["mine"]]
        assert len(movers) == 1
        mover = movers[0]
        assert all(got["clickable"] == 0 for got in seen if not got["mine"])
        mover.locator(CLICKABLE).nth(pick(mover, rng)).click()
        for page in players:
            wait_seq(page, before + 1)
        clicks += 1
        if clicks == 40:
            ann.screenshot(path=artifacts / "nerdy-inventions-midway.png", full_page=True)
    for page in players:
        expect(page.locator("#result")).to_be_visible()
    assert state(ann) == state(bob) == state(cat)
    assert ann.evaluate("() => window.tinkertable.client.view.result.winners").__len__() >= 1
    ann.screenshot(path=artifacts / "nerdy-inventions-result.png", full_page=True)


# --- positions written into the database ------------------------------------------------------

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
Test = Callable[[State], bool]

# The contrast ratio (WCAG 2) of an element's text on its own background.
CONTRAST = """(element) => {
  const style = getComputedStyle(element);
  const channels = (colour) => colour.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const luminance = (colour) => {
    const [r, g, b] = channels(colour).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def position(test: Test) -> tuple[int, list[tuple[int, Action]]]:
    """The first 2-seat game (seed from 1, mostly building and using) that reaches a state
    where `test` holds: its seed and the moves to get there."""
    game = GAMES["nerdy-inventions"]
    for seed in range(1, 200):
        rng = random.Random(seed)
        state, moves = game.start(2, {}, seed), []
        while not test(state) and game.result(state) is None:
            seat = min(game.active(state))
            legal = game.legal(state, seat)
            keen = [a for a in legal if a["type"] in ("build", "pay", "use", "tool")]
            action = rng.choice(keen if keen and rng.random() < 0.8 else legal)
            state = game.apply(state, seat, action)
            moves.append((seat, action))
        if test(state):
            return seed, moves
    raise AssertionError("no game reaches the position")


def bob_pays(state: State) -> bool:
    asking = state["asking"]
    return bool(asking) and asking["kind"] == "build" and state["current"] == 1


def two_dice_raise_alike(state: State) -> bool:
    """Ann's turn, nothing half chosen, her tool may raise two dice of one value, and one of
    her cards is tapped."""
    if state["current"] != 0 or state["asking"]:
        return False
    values = {die["id"]: die["value"] for die in state["dice"]}
    raised = [
        (action["card"], values[action["die"]])
        for action in GAMES["nerdy-inventions"].legal(state, 0)
        if action["type"] == "tool"
    ]
    tapped = any(held["tapped"] for held in state["tableaus"][0])
    return len(raised) > len(set(raised)) and tapped


def seat_page(
    browser: Any, server: RecordedServer, recorded: Recorded, viewport: dict[str, int]
) -> tuple[Any, Page]:
    context = bounded_context(browser, base_url=server.url, viewport=viewport)
    context.add_cookies(recorded.cookies(server.url))
    page = context.new_page()
    page.goto(f"/l/{recorded.code}")
    page.wait_for_function("() => document.querySelector('#board .ni-status')")
    return context, page


def test_another_players_payment_is_told_as_theirs(
    browser: Any, recorded_server: RecordedServer
) -> None:
    seed, moves = position(bob_pays)
    ann = recorded_server.record("nerdy-inventions", moves, seed, host_token=True)
    bob = recorded_server.guest(ann)
    contexts = []
    try:
        context, page = seat_page(browser, recorded_server, ann, DESKTOP)
        contexts.append(context)
        box = page.locator("#board .ni-asking")
        expect(box).to_have_class("ni-asking ni-theirs")
        expect(box.locator(".ni-asking-text")).to_have_text(re.compile(r"^Bob is paying for the "))
        assert box.evaluate("(box) => getComputedStyle(box).borderTopWidth") == "0px"
        expect(box.locator("[data-action]")).to_have_count(0)
        # Bob's own screen asks him, in the framed box.
        context, page = seat_page(browser, recorded_server, bob, DESKTOP)
        contexts.append(context)
        box = page.locator("#board .ni-asking")
        expect(box).to_have_class("ni-asking")
        expect(box.locator(".ni-asking-text")).to_have_text(re.compile(r"^Pay for the "))
        assert box.evaluate("(box) => getComputedStyle(box).borderTopWidth") == "2px"
    finally:
        for context in contexts:
            context.close()


def test_cards_read_plainly_on_a_phone(
    browser: Any, recorded_server: RecordedServer, artifacts: Path
) -> None:
    seed, moves = position(two_dice_raise_alike)
    recorded = recorded_server.record("nerdy-inventions", moves, seed, host_token=True)
    context, page = seat_page(browser, recorded_server, recorded, PHONE)
    try:
        # "tapped" in words, at least 4.5:1 on its badge.
        badges = page.locator("#board .ni-card-state")
        expect(badges.first).to_have_text("tapped")
        for ratio in badges.evaluate_all(f"(badges) => badges.map({CONTRAST})"):
            assert ratio >= 4.5, f"the tapped badge's contrast is {ratio:.2f}:1"
        # The abilities' words at 13 px or more, every card whole within the phone's width.
        sizes = page.locator("#board .ni-card-ability").evaluate_all(
            "(spans) => spans.map((span) => parseFloat(getComputedStyle(span).fontSize))"
        )
        assert sizes and min(sizes) >= 13, sizes
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        for card in page.locator("#board .ni-card").all():
            box = card.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert card.evaluate("(card) => card.scrollWidth <= card.clientWidth")
        # One button for raising either of two equal dice, the other a hidden twin.
        for held in page.locator("#board .ni-held").all():
            shown = held.locator("button.ni-action:not([hidden])").all_inner_texts()
            assert len(shown) == len(set(shown)), shown
        twin = page.locator("#board .ni-held button[hidden]", has_text="Raise ").first
        expect(twin).to_have_text(re.compile(r"^Raise \d to \d$"))
        # ⚙ in words: the row's legend, each tile's and each cost's accessible name and tooltip.
        expect(page.locator("#board .ni-legend")).to_contain_text("⚙ is a gear")
        gear = page.locator("#board .ni-gear").first
        expect(gear.locator(".visually-hidden")).to_have_text(re.compile(r"^a gear asks for a \d$"))
        expect(gear).to_have_attribute("data-tip", re.compile("a gear"))
        cost = page.locator("#board .ni-card-cost", has_text="⚙").first
        expect(cost.locator(".visually-hidden")).to_contain_text("a gear")
        expect(cost).to_have_attribute("data-tip", re.compile("is a gear"))
        page.screenshot(path=artifacts / "nerdy-inventions-phone.png", full_page=True)
    finally:
        context.close()


def test_a_finished_game_no_longer_speaks_of_its_final_round(
    browser: Any, recorded_server: RecordedServer
) -> None:
    seed, moves = position(lambda state: state["result"] is not None and state["final_round"])
    recorded = recorded_server.record("nerdy-inventions", moves, seed, host_token=True)
    context, page = seat_page(browser, recorded_server, recorded, DESKTOP)
    try:
        expect(page.locator("#result h2")).to_be_visible()
        assert page.evaluate("() => window.tinkertable.client.view.state.final_round")
        expect(page.locator("#board .ni-final")).to_have_count(0)
        expect(page.locator("#board")).not_to_contain_text("No dice in hand")
    finally:
        context.close()


def test_the_stand_in_notice_is_the_hosts_and_folded(
    browser: Any, recorded_server: RecordedServer
) -> None:
    """Only a host can give the real cards: the host sees the notice, folded; a player and a
    spectator see none (the rules page says it)."""
    recorded = recorded_server.halfway("nerdy-inventions")
    contexts = []
    try:
        host_context, host = seat_page(browser, recorded_server, recorded, PHONE)
        contexts.append(host_context)
        notice = host.locator("#board details.folded-notice")
        expect(notice.locator("summary")).to_have_text("Stand-in cards")
        expect(notice).not_to_have_attribute("open", "")
        expect(notice.locator(".ni-stand-in")).to_be_hidden()
        notice.locator("summary").click()
        expect(notice.locator(".ni-stand-in")).to_have_text(
            "The printed card values are not known: these levels, costs, counts and points are "
            "ours (the Rules page explains them, and how a host plays with the real cards)."
        )
        guest = recorded_server.guest(recorded)
        for cookies in (guest.cookies(recorded_server.url), []):
            context = bounded_context(browser, base_url=recorded_server.url, viewport=PHONE)
            contexts.append(context)
            if cookies:
                context.add_cookies(cookies)
            page = context.new_page()
            page.goto(f"/l/{recorded.code}")
            page.wait_for_function("() => document.querySelector('#board .ni-status')")
            expect(page.locator("#board .ni-header")).not_to_contain_text("tand-in")
            expect(page.locator("#board details")).to_have_count(0)
    finally:
        for context in contexts:
            context.close()


# --- heard, not only seen (issue "Every hand and every eye") ------------------------------------
# On a real table page the board reads as text (lists under headings; each tile's number and
# gear, each card's name, level, points, cost and state, each die's value, in words) and colour
# never tells anything alone (the card being built, whose turn it is, a tapped card: each says so
# in words as well).


# What a screen reader reads of a part of the board: Chromium's accessibility tree of it (roles,
# names and text, without what is aria-hidden: the pips, ⚙ and arrows drawn for the eye).
def heard(part: Locator) -> str:
    return part.aria_snapshot()


PIPS = re.compile("[⚀⚁⚂⚃⚄⚅⚙→]")


def ann_pays_with_a_tapped_card(state: State) -> bool:
    """Ann pays for a card of the row, holding dice, one of her inventions tapped."""
    asking = state["asking"]
    return (
        bool(asking)
        and asking["kind"] == "build"
        and state["current"] == 0
        and bool(state["dice"])
        and any(held["tapped"] for held in state["tableaus"][0])
    )


def test_the_board_reads_as_text_and_colour_is_never_alone(
    browser: Any, recorded_server: RecordedServer
) -> None:
    seed, moves = position(ann_pays_with_a_tapped_card)
    recorded = recorded_server.record("nerdy-inventions", moves, seed, host_token=True)
    context, page = seat_page(browser, recorded_server, recorded, DESKTOP)
    try:
        view = page.evaluate("() => window.tinkertable.client.view.state")
        board = page.locator("#board")

        # The row: a list under its heading, a tile per place in order, each read with its
        # number, what its gear asks and its card's name, level, points and cost in words.
        row = board.get_by_role("region", name="Invention row")
        expect(row.get_by_role("heading", level=2)).to_have_text("Invention row")
        tiles = row.locator("ol > li")
        expect(tiles).to_have_count(len(view["row"]))
        for tile, slot in zip(tiles.all(), view["row"], strict=True):
            said = heard(tile)
            assert f"text: Tile {slot['slot']} a gear asks for a {slot['gear']}" in said, said
            assert not PIPS.search(said), f"a symbol read aloud: {said}"
            card = slot["card"]
            if card is None:
                assert "empty" in said
                continue
            assert f"strong: {card['name']}" in said and f"Level {card['level']} · " in said, said
            assert re.search(r"\d+ points?", said), said
            assert "Build cost: a " in said or "Cannot be built." in said, said
            # For the eye, ⚙ with its number: a shape, not a colour.
            expect(tile.locator(".ni-gear [aria-hidden='true']")).to_have_text(
                f"⚙ = {slot['gear']}"
            )

        # What is owed, one requirement after another: "Requirements: a 2, a 1".
        assert re.search(r"Requirements: a \d.*, a \d", heard(board.locator(".ni-needs")))
        # The card being paid for: an outline for the eye, and words for everyone.
        marked = row.locator("li.ni-marked")
        expect(marked).to_have_count(1)
        expect(marked.locator(".ni-mark")).to_have_text("▶ Being built")

        # The dice: a list under "Your dice", each die read as its value, the pips hidden.
        dice = board.get_by_role("region", name="Your dice").locator("ul > li")
        expect(dice).to_have_count(len(view["dice"]))
        for die, held in zip(dice.all(), view["dice"], strict=True):
            said = heard(die)
            assert str(held["value"]) in said and not PIPS.search(said), said
        # A die to pay with is named by what it does and what it shows: "Pay 5".
        pays = board.locator("button.ni-die:not([hidden])")
        assert pays.count() >= 1
        for button in pays.all():
            assert re.fullmatch(r"Pay [1-6]", accessible_name(button)), accessible_name(button)
        # "Skip to the game" lands on the first die to pay with, not on Cancel (first on the
        # page, but a second Enter there would throw the payment away): the game's firstChoice.
        page.keyboard.press("Tab")
        expect(page.locator("#skip-to-game")).to_be_focused()
        page.keyboard.press("Enter")
        expect(pays.first).to_be_focused()
        # Its help is where "?" finds it: on the control itself.
        page.keyboard.press("?")
        expect(page.locator("#tip")).to_contain_text("Pay with the ")

        # The players: a heading each, whose turn in words (not only the frame's colour); each
        # held card read with its state, a tapped one marked "tapped" on the card itself.
        players = board.get_by_role("region", name="Players' inventions")
        expect(players.locator(".ni-current h3")).to_have_text(
            re.compile(r"^Ann \(you\).* · to play$")
        )
        expect(players.locator("h3")).to_have_count(len(view["tableaus"]))
        held_cards = players.locator(".ni-cards [data-card]")
        expect(held_cards).to_have_count(sum(len(entry["cards"]) for entry in view["tableaus"]))
        tapped = 0
        for entry in view["tableaus"]:
            for card in entry["cards"]:
                face = players.locator(f".ni-cards [data-card='{card['id']}']")
                said = heard(face)
                assert f"strong: {card['name']}" in said, said
                assert re.search(
                    r"text: \"?" + ("tapped" if card["tapped"] else "upright"), said
                ), said
                if card["tapped"]:
                    tapped += 1
                    expect(face.locator(".ni-card-state")).to_have_text("tapped")
        assert tapped >= 1

        # Nothing a screen reader cannot reach can take the focus; names in words, terms big.
        assert board.locator("[aria-hidden='true'] :is(a, button, [tabindex])").count() == 0
        check_names(page, "Ann paying, one card tapped")
        check_help_terms(page, "Ann paying, one card tapped")
    finally:
        context.close()
