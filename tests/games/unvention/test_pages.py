"""Unvention in real browsers: three players fill in their sheets at once, by clicking, until
the competition is over. One of them plays on a phone-sized screen; on a phone the number is
chosen once, then cells are tapped. (Games written into the database: test_pages_recorded.py.)"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import NewContext, join, new_table, seq, start, state, wait_seq

pytestmark = pytest.mark.browser

MAX_ROUNDS = 700  # a round: every page with something to do clicks once
PHONE = {"width": 375, "height": 740}
MIDWAY = 40

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


def create(page: Page, name: str) -> str:
    new_table(page, "unvention", name)
    return page.locator("#invite-link").input_value()


def canonical(actions: list[Any]) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in actions)


def read(page: Page, at: int | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The page's clickable actions, after checking that the data-action values on the board are
    exactly the view's legal actions (as multisets), and that the page is at seq `at` (if
    given)."""
    seen = page.evaluate(READ)
    assert at is None or seen["seq"] == at, f"the page is at {seen['seq']}, not {at}"
    shown = [json.loads(text) for text in seen["actions"]]
    assert canonical(shown) == canonical(seen["legal"])
    return [
        (text, action)
        for text, action, ok in zip(seen["actions"], shown, seen["clickable"], strict=True)
        if ok
    ]


EVERY_KIND = frozenset({"journal", "circle", "build_start", "build_add", "build_place", "done"})


def pick(actions: list[dict[str, Any]], rng: random.Random, seen: Counter[str]) -> dict[str, Any]:
    """Mostly moves that make progress, as the engine's random games do, and journal whenever
    possible so that journals fill and the days end."""
    # Once a build has been placed (Ideas circled lead to one), neither is often begun again:
    # the game ends sooner (journals fill the days), with the same kinds of move seen.
    builds = circles = 0.1 if "build_place" in seen else 1.0
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for action in actions:
        by[action["type"]].append(action)
    for forced in ("idea", "leap"):
        if by[forced]:
            return rng.choice(by[forced])
    if by["present"] or by["keep"]:
        if by["present"] and (rng.random() < 0.8 or not by["keep"]):
            return rng.choice(by["present"])
        return rng.choice(by["keep"])
    if by["build_place"] and rng.random() < 0.9:
        return rng.choice(by["build_place"])
    if by["build_add"] and rng.random() < 0.9:
        return rng.choice(by["build_add"])
    if by["build_cancel"] and not (by["build_add"] or by["build_place"]):
        return by["build_cancel"][0]
    if by["ball_bearing"] and rng.random() < 0.3:
        return rng.choice(by["ball_bearing"])
    if by["journal"]:
        return rng.choice(by["journal"])
    if by["cross"]:
        return rng.choice(by["cross"])
    if by["spend_wrench"] and rng.random() < 0.03:
        return rng.choice(by["spend_wrench"])
    if by["build_start"] and rng.random() < 0.6 * builds:
        return by["build_start"][0]
    if by["circle"] and rng.random() < 0.7 * circles:
        return rng.choice(by["circle"])
    if by["done"]:
        return by["done"][0]
    return rng.choice(actions)


def button(page: Page, text: str) -> Any:
    return page.locator(f"#board [data-action='{text}']")


# The first journal cell on the board that shows a button: its size and its action.
FIRST_VISIBLE_CELL = """() => {
  for (const cell of document.querySelectorAll("#board .uv-jbutton")) {
    const box = cell.getBoundingClientRect();
    if (box.width && box.height && getComputedStyle(cell).visibility !== "hidden")
      return { width: box.width, height: box.height, action: cell.dataset.action };
  }
  return null;
}"""


def check_preview(page: Page, text: str) -> None:
    """Pointing at a placement lights up as many invention cells as the mechanism has parts."""
    parts = page.evaluate(
        "() => { const view = window.tinkertable.client.view;"
        " return view.state.players[view.you].asking.building.parts.length; }"
    )
    button(page, text).hover()
    expect(page.locator("#board .uv-icell.uv-preview")).to_have_count(parts)


def check_tabs(page: Page, other: str) -> None:
    """Another player's sheet is one click away; the tab adds no action and leads back."""
    tabs = page.locator("#board .uv-tabs")
    tabs.get_by_role("button", name=re.compile(f"^{other}")).click()
    expect(
        page.locator(f'#board .uv-sheet[aria-label="{other}\'s competition sheet"]')
    ).to_be_visible()
    expect(page.locator("#board .uv-sheet.uv-own")).to_be_hidden()
    read(page)
    tabs.get_by_role("button", name=re.compile(r"\(you\)")).click()
    expect(page.locator("#board .uv-sheet.uv-own")).to_be_visible()


WIDER_THAN_PAGE = """(width) => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > width + 0.5)
  .slice(0, 8)
  .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} `
    + `${Math.round(el.getBoundingClientRect().right)}px: ${el.textContent.slice(0, 40)}`)"""


# A copy of the widest invention with every cell a button (44 px each on a phone: the most its
# grid can be asked to hold), beside the real ones while the page is measured, then taken away.
EVERY_CELL_TAPPABLE = """() => {
  const widest = [...document.querySelectorAll("#board .uv-invention")]
    .sort((a, b) => b.querySelectorAll("tr:last-child td").length
      - a.querySelectorAll("tr:last-child td").length)[0];
  const copy = widest.cloneNode(true);
  copy.id = "every-cell-tappable";
  for (const cell of copy.querySelectorAll("td.uv-icell")) {
    const tap = document.createElement("button");
    tap.className = "uv-action uv-ibutton";
    tap.textContent = "+";
    cell.replaceChildren(tap);
  }
  widest.after(copy);
}"""


def fits_phone_however_full(page: Page) -> None:
    page.evaluate(EVERY_CELL_TAPPABLE)
    try:
        fits_phone(page)
    finally:
        page.evaluate('() => document.getElementById("every-cell-tappable").remove()')


def fits_phone(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        wide = page.evaluate(WIDER_THAN_PAGE, PHONE["width"])
        page.screenshot(path=f"test-artifacts/unvention-too-wide-{width}.png", full_page=True)
        raise AssertionError(f"the phone page is {width}px wide: {wide}")


def test_three_players_play_a_whole_game(new_context: NewContext, artifacts: Path) -> None:
    began = time.monotonic()
    ann = new_context().new_page()
    link = create(ann, "Ann")
    bob = new_context().new_page()
    cat = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    join(bob, link, "Bob")
    join(cat, link, "Cat")
    start(ann, bob, cat)
    players = [ann, bob, cat]
    for page in players:
        expect(page.locator("#board .uv-days")).to_contain_text("Friday")
        expect(page.locator("#board .uv-journal")).to_have_count(3)
        expect(page.locator("#board .uv-wgrid")).to_have_count(4)
        expect(page.locator("#board .uv-invention")).to_have_count(3)
    fits_phone(cat)
    fits_phone_however_full(cat)

    rng = random.Random(7)
    rounds = 0
    previewed = False
    kinds: Counter[str] = Counter()
    while not ann.locator("#result").is_visible():
        rounds += 1
        assert rounds <= MAX_ROUNDS, "the game did not end"
        before = seq(ann)
        assert before is not None
        if rounds == 25:
            check_tabs(ann, "Bob")
            check_tabs(cat, "Ann")
        # Every page is read while all are in step; then each page with something to do
        # clicks once, without waiting for the others (its own moves do not depend on theirs
        # until the last of them ends the turn or the day).
        choices = []
        for page in players:
            shown = read(page, before)  # every page in step
            if shown:
                action = pick([action for _, action in shown], rng, kinds)
                choices.append((page, next(text for text, seen in shown if seen == action)))
                kinds[action["type"]] += 1
        for page, text in choices:
            if not previewed and json.loads(text)["type"] == "build_place":
                check_preview(page, text)
                previewed = True
        for page, text in choices:
            button(page, text).click()
        clicked = len(choices)
        assert clicked, "nobody has anything to do, yet the game is not over"
        for page in players:
            wait_seq(page, before + clicked)
        if rounds % 20 == 0:
            fits_phone(cat)
        if rounds == MIDWAY:
            ann.screenshot(path=artifacts / "unvention-midway.png", full_page=True)
            cat.screenshot(path=artifacts / "unvention-phone.png", full_page=True)
            fits_phone(cat)

    for page in players:
        expect(page.locator("#result")).to_be_visible()
        assert read(page) == []
    assert state(ann) == state(bob) == state(cat)
    for page in players:  # the end is the view's result: the game has no phase for it
        expect(page.locator("#board .uv-status")).to_have_text("The competition is over")
        expect(page.locator("#board .uv-roll")).to_have_count(0)
    assert len(ann.evaluate("() => window.tinkertable.client.view.result.winners")) >= 1
    missing = EVERY_KIND - kinds.keys()
    assert not missing, f"no move of these kinds was made: {sorted(missing)}"
    assert previewed
    ann.screenshot(path=artifacts / "unvention-result.png", full_page=True)
    fits_phone(cat)
    print(f"\n{rounds} rounds, {time.monotonic() - began:.1f}s: {dict(kinds)}")


def journal_picker(page: Page) -> Any:
    return page.locator('#board .uv-picker-journal[role="group"]')


def test_on_a_phone_the_number_is_chosen_once_then_cells_are_tapped(
    new_context: NewContext,
) -> None:
    """Writing in a journal: "Number to write" offers the numbers the dice allow, one pressed;
    every journal cell with a visible button shows that number (the others' actions are hidden
    twins); pressing another number redraws the cells for it and keeps the focus on the number;
    a tap on a cell (44 px on a phone) writes the chosen number there."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    new_table(page, "unvention", "Pat", against_bots=True)
    page.wait_for_function("() => window.tinkertable.client.view !== null")
    for _ in range(40):  # until a turn offers two numbers or more to write
        page.wait_for_function("() => window.tinkertable.client.view.legal.length > 0")
        if journal_picker(page).count():
            break
        text = next(text for text, a in read(page) if a["type"] in ("journal", "cross", "done"))
        before = seq(page)
        button(page, text).click()
        page.wait_for_function("n => window.tinkertable.client.seq > n", arg=before)
    picker = journal_picker(page)
    expect(picker).to_be_visible()
    legal = page.evaluate("() => window.tinkertable.client.view.legal")
    offered = sorted({action["number"] for action in legal if action["type"] == "journal"})
    assert len(offered) >= 2
    choices = picker.locator("button.uv-pick-choice")
    expect(choices).to_have_count(len(offered))
    expect(picker.locator('[aria-pressed="true"]')).to_have_text(str(offered[0]))

    def shown_numbers() -> set[int]:
        return {action["number"] for _, action in read(page) if action["type"] == "journal"}

    assert shown_numbers() == {offered[0]}
    choices.nth(1).click()
    expect(picker.locator('[aria-pressed="true"]')).to_have_text(str(offered[1]))
    expect(journal_picker(page).locator("button.uv-pick-choice").nth(1)).to_be_focused()
    assert shown_numbers() == {offered[1]}
    # The bots' moves draw the board again at any time, so the first visible cell is measured
    # and read in one evaluation (a locator's box can come from an element just replaced).
    cell = page.evaluate(FIRST_VISIBLE_CELL)
    assert cell is not None and cell["width"] >= 44 and cell["height"] >= 44
    chosen = json.loads(cell["action"])
    assert chosen["number"] == offered[1]
    before = seq(page)
    button(page, cell["action"]).click()
    page.wait_for_function("n => window.tinkertable.client.seq > n", arg=before)
    j, (r, c) = chosen["journal"], chosen["cell"]
    written = page.evaluate(
        "([j, r, c]) => { const v = window.tinkertable.client.view;"
        " return v.state.players[v.you].journals[j].cells[r][c]; }",
        [j, r, c],
    )
    assert written == offered[1]
