"""Innovation in real browsers: four players, one on a phone, play a whole game by clicking
while a spectator watches; then the replay.

At every step each page's clickable elements are exactly its view's legal actions; each page
shows its own hand by name and none of the opponents' hidden cards (hands and score piles) by
name, unless its own view already names the card (a public log line, a reveal).
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import NewContext, join, new_table, start, state, wait_seq

pytestmark = pytest.mark.browser

MAX_CLICKS = 1200  # random games take about 150 actions; the cap only stops a runaway game
MIDWAY = 30
PHONE = {"width": 375, "height": 740}

# Every data-action on the board, whether it can be clicked now, the view's legal actions, and
# what the page and its view hold (to look for card names).
READ = """() => {
  const board = document.getElementById('board');
  const elements = [...board.querySelectorAll('[data-action]')];
  const view = window.tinkertable.client.view;
  // What the board says: its text (each text node apart; the effect texts left out, as one
  // card's text may name another card) and the attributes that could name a card.
  const said = [];
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    if (!text.parentElement.closest('.in-effects')) said.push(text.data);
  }
  for (const element of board.querySelectorAll('[data-card], [data-action], [aria-label]')) {
    const { card, action } = element.dataset;
    said.push(card || '', action || '', element.getAttribute('aria-label') || '');
  }
  return {
    actions: elements.map((element) => element.dataset.action),
    clickable: elements.map((element) => !element.disabled && element.checkVisibility()),
    legal: view.legal,
    board: said.join('\\n'),
    log: document.getElementById('log').innerText,
    hand: [...board.querySelectorAll('.in-hand .in-card-title')].map((e) => e.innerText),
    strips: board.querySelectorAll('.in-strip').length,
    view: view,
    seq: window.tinkertable.client.seq,
  };
}"""


def create(page: Page, name: str) -> str:
    new_table(page, "innovation", name)
    return page.locator("#invite-link").input_value()


def canonical(actions: list[Any]) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in actions)


def read(page: Page) -> dict[str, Any]:
    """The page as read in one go, after checking that its data-action values are exactly the
    view's legal actions (as multisets) and that all of them can be clicked."""
    seen = page.evaluate(READ)
    shown = [json.loads(text) for text in seen["actions"]]
    assert canonical(shown) == canonical(seen["legal"])
    assert all(seen["clickable"]), "a legal action is drawn but cannot be clicked"
    # A splayed pile shows the edge of every card under its top card.
    under = [
        len(pile["cards"]) - 1
        for player in seen["view"]["state"]["players"]
        for pile in player["board"].values()
        if pile["splay"] and len(pile["cards"]) > 1
    ]
    assert seen["strips"] == sum(under)
    seen["shown"] = shown
    return seen


def mentions(text: str, name: str, all_names: list[str]) -> bool:
    """Whether `name` appears in `text` as a card name of its own (not inside a longer one,
    as Tools inside Machine Tools)."""
    if name not in text:
        return False  # the common case, at once (the page's whole log is long)
    for longer in all_names:
        if longer != name and name in longer:
            text = text.replace(longer, "")
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def unprinted(text: str, texts: list[str]) -> str:
    """`text` without the cards' printed texts (`texts`, the longest first)."""
    for printed in texts:
        if printed in text:
            text = text.replace(printed, "")
    return text


def check_secrets(
    seen: list[dict[str, Any]],
    watcher: dict[str, Any] | None,
    names: list[str],
    texts: list[str],
) -> None:
    """Each player's page shows its own hand's cards, and no page (a spectator's neither) shows
    another seat's hidden card (hand, score pile) that its own view does not name, outside the
    printed texts of the cards it shows (`texts`)."""
    for mine in seen:
        you = mine["view"]["you"]
        for name in mine["view"]["state"]["players"][you]["hand"]:
            assert name in mine["hand"], f"seat {you} misses {name} in hand"
    for mine in seen + ([watcher] if watcher else []):
        you = mine["view"]["you"]
        board = unprinted(mine["board"], texts)
        # What this seat was told: its view, and the whole log its page holds (a view carries
        # only the log's latest lines).
        known = json.dumps(mine["view"]) + mine["log"]
        for other in seen:
            them = other["view"]["you"]
            if them == you:
                continue
            theirs = other["view"]["state"]["players"][them]
            for name in theirs["hand"] + theirs["score_pile"]:
                if mentions(known, name, names):
                    continue  # public knowledge for this seat (a log line, a reveal)
                at = board.find(name)
                assert not mentions(board, name, names), (
                    f"the page of seat {you} names {name}, hidden with seat {them}:"
                    f" {board[max(0, at - 300) : at + 100]!r}"
                )


def pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Achieve whenever possible, then mostly dogmas and draws, so that the game ends."""
    by: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        by.setdefault(action["type"], []).append(action)
    if "achieve" in by:
        return rng.choice(by["achieve"])
    if "draw" in by:
        roll = rng.random()
        if "dogma" in by and roll < 0.45:
            return rng.choice(by["dogma"])
        if "meld" in by and roll < 0.75:
            return rng.choice(by["meld"])
        return by["draw"][0]
    return rng.choice(actions)


def fits_phone(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the phone page is {width}px wide"


errors: dict[Page, list[str]] = {}


def play(
    players: list[Page],
    artifacts: Path,
    prefix: str,
    seed: int,
    *,
    phone: Page | None = None,
    watcher: Page | None = None,
) -> int:
    """Click random legal elements until the game ends; the number of clicks. A spectator's
    page (`watcher`) is checked alongside. The pages go on recording script errors in
    `errors[page]`."""
    pages = players + ([watcher] if watcher else [])
    for page in pages:
        errors[page] = []
        page.on("pageerror", lambda error, page=page: errors[page].append(str(error)))
    cards: list[dict[str, Any]] = players[0].evaluate(
        "async () => (await (await fetch('/api/games/innovation/components')).json()).cards"
    )
    all_names = [card["name"] for card in cards]
    assert len(all_names) == 105
    # The printed texts name cards too (A.I.'s names Robotics and Software): a card on show is
    # no secret told of another.
    texts = sorted((effect["text"] for card in cards for effect in card["effects"]), key=len)[::-1]
    assert any("Robotics" in text for text in texts)
    for page in players:
        expect(page.locator("#board .in-hand .in-card")).to_have_count(2)
        expect(page.locator("#board .in-hand .in-slot")).to_have_count(8)
    rng = random.Random(seed)
    clicks = 0
    splayed = False
    kinds: set[str] = set()
    while not players[0].locator("#result").is_visible():
        assert clicks < MAX_CLICKS, "the game did not end"
        seen = [read(page) for page in players]
        watched = read(watcher) if watcher else None
        before = seen[0]["seq"]
        assert before is not None
        assert all(got["seq"] == before for got in seen + ([watched] if watched else []))
        assert watched is None or watched["shown"] == []
        check_secrets(seen, watched, all_names, texts)
        splayed = splayed or any(got["strips"] for got in seen)
        movers = [(page, got) for page, got in zip(players, seen, strict=True) if got["shown"]]
        assert movers, "nobody has anything to do, yet the game is not over"
        # In the opening everyone picks at once; afterwards exactly one seat acts.
        if len(movers) > 1:
            assert all(action["type"] == "pick" for _, got in movers for action in got["shown"])
        for page, got in movers:
            action = pick(got["shown"], rng)
            kinds.add(action["type"])
            text = got["actions"][got["shown"].index(action)]
            assert "'" not in text
            page.locator(f"#board [data-action='{text}']").click()
        for page in pages:
            wait_seq(page, before + len(movers))
        clicks += len(movers)
        if phone is not None and clicks % 25 == 0:
            fits_phone(phone)
        if MIDWAY <= clicks < MIDWAY + len(movers):
            players[0].screenshot(path=artifacts / f"{prefix}-midway.png", full_page=True)
            if phone is not None:
                phone.screenshot(path=artifacts / f"{prefix}-phone.png", full_page=True)
    for page in players:
        expect(page.locator("#result")).to_be_visible()
        assert read(page)["shown"] == []
    first = state(players[0])
    assert all(state(page)["result"] is not None for page in players)
    assert all(state(page)["result"] == first["result"] for page in players)
    assert len(players[0].evaluate("() => window.tinkertable.client.view.result.winners")) >= 1
    assert {"pick", "draw", "dogma"} <= kinds
    assert all(not errors[page] for page in pages), errors
    players[0].screenshot(path=artifacts / f"{prefix}-result.png", full_page=True)
    reason = first["result"]["reason"]
    print(f"\n{prefix}: {clicks} clicks; {sorted(kinds)}; splayed piles seen: {splayed}; {reason}")
    return clicks


def test_four_players_one_on_a_phone_play_a_whole_game_and_a_spectator_watches(
    new_context: NewContext, artifacts: Path
) -> None:
    began = time.monotonic()
    ann = new_context().new_page()
    link = create(ann, "Ann")
    bob, cat = new_context().new_page(), new_context().new_page()
    dan = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    for page, name in ((bob, "Bob"), (cat, "Cat"), (dan, "Dan")):
        join(page, link, name)
    start(ann, bob, cat, dan)
    eve = new_context().new_page()  # a spectator
    eve.goto(link)
    eve.wait_for_function("() => window.tinkertable?.client.view")
    for page in (ann, bob, cat, dan, eve):
        expect(page.locator("#board .in-supply li")).to_have_count(10)
        expect(page.locator("#board .in-specials li")).to_have_count(5)
        expect(page.locator("#board .in-player")).to_have_count(4)
    fits_phone(dan)
    clicks = play([ann, bob, cat, dan], artifacts, "innovation", 5, phone=dan, watcher=eve)
    fits_phone(dan)

    # The replay opens at the end, where every hidden card is shown by name; a step back draws
    # the board as Ann saw it then.
    ann.locator("#watch-replay").click()
    ann.wait_for_function(
        "() => { const replay = window.tinkertable?.replay;"
        " return replay && replay.steps !== null && replay.step === replay.steps; }"
    )
    expect(ann.locator("#board .in-player")).to_have_count(4)
    assert ann.locator("#board [data-action]").count() == 0
    last = ann.evaluate("() => window.tinkertable.replay.view.state")
    for player in last["players"][1:]:
        for name in player["hand"] + player["score_pile"]:
            expect(ann.locator(f'#board .in-named [data-card="{name}"]')).to_have_count(1)
    ann.locator("#replay-back").click()
    ann.wait_for_function(
        "() => window.tinkertable.replay.step === window.tinkertable.replay.steps - 1"
    )
    expect(ann.locator("#board .in-player")).to_have_count(4)
    ann.screenshot(path=artifacts / "innovation-replay.png", full_page=True)
    assert errors[ann] == []
    print(f"\n4 players: {clicks} clicks, {time.monotonic() - began:.1f}s")
