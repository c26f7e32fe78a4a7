"""UNSCREWED in real browsers: four players scheme at once and play a whole game by clicking, in
first-game mode and in full mode (the host picks the mode in the lobby). One of them plays on a
phone-sized screen; one watches the playback of each update, the others prefer reduced motion."""

from __future__ import annotations

import json
import random
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.access import check_focus_order
from tests.browser.pages import NewContext, join, new_table, seq, start, state, wait_seq

pytestmark = pytest.mark.browser

MAX_ROUNDS = 400  # a round: every page with something to do clicks once
PHONE = {"width": 375, "height": 740}
CARD_TITLES = ("North", "East", "South", "West", "Improvise", "Again")

# Every data-action on the board, whether it can be clicked now, and the view's legal list.
READ = """() => {
  const elements = [...document.querySelectorAll('#board [data-action]')];
  return {
    actions: elements.map((element) => element.dataset.action),
    clickable: elements.map((element) => !element.disabled && element.checkVisibility()),
    legal: window.tinkertable.client.view.legal,
    seq: window.tinkertable.client.seq,
  };
}"""

# For one seat on another seat's page: what each of its scheme slots shows.
SLOTS = """(seat) => [...document.querySelectorAll(
  `#board .us-player[data-seat="${seat}"] .us-slot`)].map((slot) => ({
    down: slot.classList.contains('us-face-down'), text: slot.textContent }))"""


def create(page: Page, name: str) -> str:
    new_table(page, "unscrewed", name)
    return page.locator("#invite-link").input_value()


def choose_mode(host: Page, others: list[Page], mode: str) -> None:
    """The host picks the mode in the lobby's options (folded under "Table options"); every page
    sees it."""
    host.locator("#table-options-box summary").click()
    host.locator('select[data-option="mode"]').select_option(json.dumps(mode))
    for page in (host, *others):
        page.wait_for_function("m => window.tinkertable.client.lobby.options.mode === m", arg=mode)


def canonical(actions: list[Any]) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in actions)


def read(page: Page, at: int | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The page's clickable actions, after checking that the data-action values on the board are
    exactly the view's legal actions (as multisets: each drawn once) and all clickable, and that
    the page is at seq `at` (if given)."""
    seen = page.evaluate(READ)
    assert at is None or seen["seq"] == at, f"the page is at {seen['seq']}, not {at}"
    shown = [json.loads(text) for text in seen["actions"]]
    assert canonical(shown) == canonical(seen["legal"])
    assert all(seen["clickable"]), "a legal action is drawn but cannot be clicked"
    return list(zip(seen["actions"], shown, strict=True))


def pick(actions: list[dict[str, Any]], rng: random.Random, kinds: set[str]) -> dict[str, Any]:
    """Random, but lock schemes in, and scheme Improvise often so that attacks get aimed; take a
    card back at the first chance and now and then."""
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for action in actions:
        by[action["type"]].append(action)
    if by["unscheme"] and "unscheme" not in kinds:
        return by["unscheme"][0]
    if by["lock"]:
        if by["unscheme"] and rng.random() < 0.08:
            return by["unscheme"][0]
        return by["lock"][0]
    if by["scheme"]:
        if by["unscheme"] and rng.random() < 0.08:
            return by["unscheme"][0]
        improvise = [a for a in by["scheme"] if a["card"] == "improvise"]
        if improvise and rng.random() < 0.5:
            return improvise[0]
        return rng.choice(by["scheme"])
    return rng.choice(actions)


def button(page: Page, text: str) -> Any:
    return page.locator(f"#board [data-action='{text}']")


def check_hidden_schemes(players: list[Page]) -> None:
    """No page shows another seat's face-down scheme cards, in its drawing or in its view."""
    views = [state(page) for page in players]
    own = [view["players"][view["you"]["seat"]]["slots"] for view in views]  # face up to them
    for viewer, page in enumerate(players):
        view_players = state(page)["players"]
        for seat, slots in enumerate(own):
            if seat == viewer:
                continue
            drawn = page.evaluate(SLOTS, seat)
            assert len(drawn) == 3
            for index, slot in enumerate(slots):
                if slot is None or slot["flipped"] or slot["card"] == "plan":
                    continue
                assert view_players[seat]["slots"][index]["card"] is None
                assert drawn[index]["down"], f"seat {seat}'s slot {index + 1} is not face down"
                assert not any(title in drawn[index]["text"] for title in CARD_TITLES)


# How many spaces of the map an aim direction targets (its preview's, on the map).
TARGETED = """d => {
  if (!d) return 0;
  const s = window.tinkertable.client.view.state;
  const n = document.querySelectorAll('#board .us-map .us-row').length;  // the map's size
  const cells = s.asking.info.preview[d].targets.filter(([x, y]) =>
    x >= 0 && y >= 0 && x < n && y < n);
  return new Set(cells.map(([x, y]) => `${x},${y}`)).size;
}"""

# The aim direction whose button has the keyboard's focus (null: none).
FOCUSED_AIM = """() => {
  const text = document.activeElement && document.activeElement.dataset.action;
  const action = text ? JSON.parse(text) : null;
  return action && action.type === 'aim' ? action.direction : null;
}"""


def check_aim_preview(page: Page, text: str) -> None:
    """Pointing at an aim direction lights up the spaces the view's preview lists; leaving it
    shows those of the direction the keyboard's focus is on (the table puts it on the first
    choice), or none."""
    direction = json.loads(text)["direction"]
    button(page, text).hover()
    expect(page.locator("#board .us-cell.us-target")).to_have_count(
        page.evaluate(TARGETED, direction)
    )
    page.mouse.move(0, 0)
    focused = page.evaluate(FOCUSED_AIM)
    expect(page.locator("#board .us-cell.us-target")).to_have_count(
        page.evaluate(TARGETED, focused)
    )
    page.evaluate("() => document.activeElement.blur()")
    expect(page.locator("#board .us-cell.us-target")).to_have_count(0)


# On a phone: where the scheme, its "Lock in" and the map are on the page, and the empty room
# above the map (a narration row with nothing to say, or space between blocks).
PHONE_LAYOUT = """() => {
  const top = (selector) => {
    const element = document.querySelector(selector);
    return element ? element.getBoundingClientRect().top + window.scrollY : null;
  };
  const frame = document.querySelector('#board .us-map-frame').getBoundingClientRect();
  const row = document.querySelector('#board .us-now-row');
  const rowShown = row.checkVisibility();
  const above = [...document.querySelectorAll(
    '#board .us-head, #board .us-side > *, #board .us-board-map > *')]
    .filter((element) => element.checkVisibility())
    .map((element) => element.getBoundingClientRect().bottom)
    .filter((bottom) => bottom <= frame.top + 1);
  return {
    scheme: top('#board .us-mine'), lock: top('#board .us-lock-button'),
    map: frame.top + window.scrollY, gap: frame.top - Math.max(...above),
    emptyRow: rowShown && row.textContent.trim() === '',
    keyOpen: document.querySelector('#board details.us-legend').open,
  };
}"""

# On the page that watches the playback: whether the result banner was shown while the board was
# still playing the last moves back (null: not shown yet).
BANNER_WATCH = """document.addEventListener('DOMContentLoaded', () => {
  const box = document.getElementById('result');
  if (!box) return;
  window.__bannerWhilePlaying = null;
  new MutationObserver(() => {
    if (!box.hidden && window.__bannerWhilePlaying === null)
      window.__bannerWhilePlaying = Boolean(document.querySelector('#board .us.us-playing'));
  }).observe(box, { attributes: true, attributeFilter: ['hidden'] });
});"""


# Each of the action cards in the hand: reachable by the keyboard, raised or ringed, pointer.
HAND = """() => [...document.querySelectorAll('#board .us-hand .us-card')].map((card) => ({
  focusable: card.closest('button, [tabindex]:not([tabindex="-1"])') !== null,
  shadow: getComputedStyle(card).boxShadow, border: getComputedStyle(card).borderStyle,
  cursor: getComputedStyle(card).cursor }))"""


def check_inert_cards(page: Page) -> None:
    """Once the game is over, and in its replay, the action cards are not drawn as playable."""
    cards = page.evaluate(HAND)
    assert len(cards) == len(CARD_TITLES)
    for card in cards:
        assert not card["focusable"] and card["shadow"] == "none", card
        assert card["border"] == "dashed" and card["cursor"] != "pointer", card


def check_phone_layout(page: Page) -> None:
    """The decision comes first on a phone: the scheme and its "Lock in" on the first screen,
    above the map; the map key folded; no empty room above the map; Tab goes down the page, as
    the blocks are seen."""
    layout = page.evaluate(PHONE_LAYOUT)
    check_focus_order(page, "the phone")
    assert layout["scheme"] < layout["map"], layout
    assert layout["lock"] is None or layout["lock"] < layout["map"], layout
    assert layout["scheme"] < PHONE["height"] * 0.8, layout
    assert not layout["emptyRow"] and layout["gap"] <= 16, layout
    assert not layout["keyOpen"], layout


def fits_phone(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the phone page is {width}px wide"


@pytest.mark.parametrize("mode", ["first", "full"])
def test_four_players_play_a_whole_game(
    mode: str, new_context: NewContext, artifacts: Path
) -> None:
    began = time.monotonic()
    errors: list[str] = []
    ann = new_context().new_page()  # watches the playback
    ann.add_init_script(BANNER_WATCH)
    link = create(ann, "Ann")
    bob = new_context(reduced_motion="reduce").new_page()
    cat = new_context(reduced_motion="reduce").new_page()
    dan = new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce"
    ).new_page()
    join(bob, link, "Bob")
    join(cat, link, "Cat")
    join(dan, link, "Dan")
    choose_mode(ann, [bob, cat, dan], mode)
    start(ann, bob, cat, dan)
    players = [ann, bob, cat, dan]
    for page in players:
        page.on("pageerror", lambda error: errors.append(str(error) + str(error.stack)))
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    for page in players:
        expect(page.locator("#board .us-map .us-cell")).to_have_count(81)
        expect(page.locator("#board .us-standin a[href^='/rules/unscrewed']")).to_be_visible()
    fits_phone(dan)
    assert ann.request.get("/rules/unscrewed").ok  # where the stand-in note leads

    rng = random.Random(11 if mode == "first" else 12)
    rounds = 0
    kinds: set[str] = set()
    played_back = False
    previewed = False
    phone_checked = False
    # (The banner waits for the playback of the last moves: the game's end is in the view first.)
    while state(ann)["result"] is None:
        rounds += 1
        assert rounds <= MAX_ROUNDS, "the game did not end"
        before = seq(ann)
        assert before is not None
        assert errors == []
        choices = []
        for page in players:
            shown = read(page, before)  # every page in step
            if shown:
                action = pick([action for _, action in shown], rng, kinds)
                choices.append((page, next(text for text, seen in shown if seen == action)))
                kinds.add(action["type"])
        assert choices, "nobody has anything to do, yet the game is not over"
        if not phone_checked and any(a["type"] == "scheme" for _, a in read(dan)):
            check_phone_layout(dan)
            phone_checked = True
        if state(ann)["phase"] in ("scheming", "execution"):
            check_hidden_schemes(players)
        for page, text in choices:
            if not previewed and json.loads(text)["type"] == "aim":
                check_aim_preview(page, text)
                previewed = True
        for page, text in choices:
            button(page, text).click()
        wait_seq(ann, before + len(choices))
        moving = any(event["kind"] == "step" for event in state(ann)["events"])
        if not played_back and moving and ann.locator("#board .us.us-playing").count():
            # The playback of this update is on screen: a frame of it, mid-game.
            ann.screenshot(path=artifacts / f"unscrewed-{mode}-playback.png", full_page=True)
            played_back = True
        for page in players:
            wait_seq(page, before + len(choices))
        if rounds % 10 == 0:
            fits_phone(dan)
        if rounds == 12:
            dan.screenshot(path=artifacts / f"unscrewed-{mode}-phone.png", full_page=True)

    for page in players:
        expect(page.locator("#result")).to_be_visible()
        assert read(page) == []
    shared = ("map", "things", "tokens", "result")
    public = [{k: state(page)[k] for k in shared} for page in players]
    assert public[0] == public[1] == public[2] == public[3]
    assert state(ann)["result"] is not None
    assert {"character", "spawn", "scheme", "unscheme", "lock"} <= kinds
    assert played_back, "no playback was seen on the page that watches them"
    assert phone_checked, "the phone never had a scheme to make"
    # The last moves were played back on Ann's page before the banner named the winner.
    assert any(event["kind"] == "death" for event in state(ann)["events"])
    assert ann.evaluate("() => window.__bannerWhilePlaying") is False
    assert not bob.locator("#board .us.us-playing").count()  # reduced motion: no playback
    expect(ann.locator("#board .us.us-playing")).to_have_count(0, timeout=60_000)
    ann.screenshot(path=artifacts / f"unscrewed-{mode}-result.png", full_page=True)
    fits_phone(dan)
    check_inert_cards(ann)
    ann.locator("#watch-replay").click()
    ann.wait_for_function("() => window.tinkertable?.replay?.steps > 0")
    ann.wait_for_function("() => !window.tinkertable.busy()")
    check_inert_cards(ann)  # the end
    ann.locator("#replay-back").click()  # the move before: no result yet, a replay all the same
    ann.wait_for_function(
        "() => window.tinkertable.replay.step === window.tinkertable.replay.steps - 1"
        " && !window.tinkertable.busy()"
    )
    check_inert_cards(ann)
    print(f"\n{mode}: {rounds} rounds, aim previewed: {previewed}, {time.monotonic() - began:.1f}s")
