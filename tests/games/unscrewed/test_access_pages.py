"""UNSCREWED's map read as text, and colour never alone (issue "Every hand and every eye"), on a
real table page against a bot: the map is a table with a caption and row and column headers,
each cell says in words what stands on it and what the space is, the characters carry a letter
and an outline of their own besides their colour, nothing in the drawing hidden from screen
readers takes the focus, and with reduced motion nothing of the game moves."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import NewContext, new_table
from tests.browser.solo import SOLO_SERVER

pytestmark = pytest.mark.browser
server = SOLO_SERVER

# Clicks the board's first control whose action is of `type` (the test is about reading the
# board, not about how it is reached: tests/games/unscrewed/test_pages_solo.py plays by keyboard).
CHOOSE = """(type) => {
  const control = [...document.querySelectorAll('#board [data-action]')]
    .find((e) => JSON.parse(e.dataset.action).type === type && !e.disabled);
  control.click();
}"""

FIRST_KIND = """() => JSON.parse(
  document.querySelector('#board [data-action]:not([disabled])').dataset.action).type"""

# Everything under the game's root that moves: animations and transitions, and their names.
MOVING = """() => [...document.querySelectorAll('#board .us, #board .us *')].flatMap((e) => {
  const moving = [];
  for (const pseudo of [null, '::before', '::after']) {
    const style = getComputedStyle(e, pseudo);
    const durations = `${style.animationDuration},${style.transitionDuration}`.split(',');
    if (durations.some((d) => parseFloat(d) > 0))
      moving.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')}${pseudo || ''}`);
  }
  return moving;
})"""

# Each character on the map: its letter, its outline and what the cell under it says.
CHARACTERS = """() => {
  const view = window.tinkertable.client.view;
  const things = Object.entries(view.state.things).map(([id, thing]) => ({ id, ...thing }));
  return things.filter((t) => t.kind === 'character' && t.at).map((t) => {
    const drawn = document.querySelector(`#board .us-things [data-thing="${t.id}"]`);
    const face = drawn.querySelector('.us-token-face');
    const [x, y] = t.at;
    const cell = document.querySelector(`#board .us-map td[data-x="${x}"][data-y="${y}"]`);
    return {
      seat: t.seat, you: t.seat === view.you, at: t.at,
      character: view.state.players[t.seat].character,
      letter: face.textContent, radius: getComputedStyle(face).borderRadius,
      style: getComputedStyle(face).borderStyle, colour: getComputedStyle(face).backgroundColor,
      cell: cell.textContent,
    };
  });
}"""


def choose(page: Page, kind: str) -> None:
    before = page.evaluate("() => window.tinkertable.client.seq")
    page.evaluate(CHOOSE, kind)
    page.wait_for_function("(n) => window.tinkertable.client.seq > n", arg=before)


def check_map_reads_as_a_table(page: Page) -> None:
    """A table named by its caption; a column header per column and a row header per row; every
    cell of the grid names its row and column, then what is there."""
    size = page.locator("#board .us-map tbody tr").count()
    assert size in (8, 9)
    table = page.get_by_role("table", name=re.compile(r"^The map: .+, \d by \d spaces"))
    expect(table).to_have_count(1)
    columns = table.get_by_role("columnheader")
    rows = table.get_by_role("rowheader")
    expect(columns).to_have_count(size)
    expect(rows).to_have_count(size)
    assert columns.all_inner_texts() == [f"Column {n}" for n in range(1, size + 1)]
    assert rows.all_inner_texts() == [f"Row {n}" for n in range(1, size + 1)]
    expect(table.get_by_role("cell", name=re.compile(r"^Row \d, column \d: "))).to_have_count(
        size * size
    )
    # Row 2, column 3 is the space at x = 2, y = 1; its words are those of its own space.
    cell = table.locator('td[data-x="2"][data-y="1"]')
    expect(cell).to_contain_text(re.compile(r"^Row 2, column 3: "))
    # A covered ring says so in words, as its hatching shows.
    covered = page.locator("#board .us-map td.us-covered").first
    if covered.count():
        expect(covered).to_contain_text("covered by the")


def check_characters_not_by_colour_alone(page: Page) -> None:
    """Each character on the map: a letter (the initial of its name in the player's box too) and
    an outline unlike the others', and the cell under it names it, the letter and whether it is
    you."""
    seen = page.evaluate(CHARACTERS)
    assert len(seen) == 2, seen
    for character in seen:
        assert re.fullmatch(r"[A-Z]", character["letter"]), character
        assert f"token {character['letter']}" in character["cell"], character
        assert (", you;" in character["cell"]) == character["you"], character
        chip = page.locator(f'#board .us-player[data-seat="{character["seat"]}"] .us-chip')
        expect(chip).to_have_text(character["letter"])
    one, other = seen
    assert one["letter"] != other["letter"]
    assert (one["radius"], one["style"]) != (other["radius"], other["style"])
    # The drawing of the thingamajigs is hidden from screen readers: nothing in it is reachable.
    hidden_focusable = page.locator(
        "#board [aria-hidden='true'] :is(button, a[href], [tabindex]:not([tabindex='-1']))"
    )
    expect(hidden_focusable).to_have_count(0)


def check_first_choice(page: Page) -> None:
    """While scheming, the keyboard's next stop after an action is the hand's next card (not
    "Take back", first on the page), and "Lock in" once the scheme is full."""
    module = page.evaluate("() => document.querySelector('[data-module]').dataset.module")
    chosen = """async (module) => {
      const element = (await import(module)).firstChoice(document.getElementById('board'));
      return element ? JSON.parse(element.dataset.action).type : null;
    }"""
    assert page.evaluate(chosen, module) == "scheme"
    choose(page, "scheme")
    assert page.locator('#board [data-action=\'{"type":"unscheme"}\']').count() == 1
    assert page.evaluate(chosen, module) == "scheme"
    choose(page, "scheme")
    choose(page, "scheme")
    assert page.evaluate(chosen, module) == "lock"


def test_the_map_reads_as_text_and_colour_is_never_alone(new_context: NewContext) -> None:
    """One person against a bot, reduced motion: the map read as a table after both have
    spawned, the characters told apart without colour, the keyboard's first choice while
    scheming, and nothing moving; 5 to 10 s."""
    page = new_context(reduced_motion="reduce").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    new_table(page, "unscrewed", "Ann", against_bots=True)
    page.wait_for_function("() => window.tinkertable.client.view !== null")
    # A character, a spawn space, any Quirk: the first choice each time, until the scheming.
    kinds = []
    while not kinds or kinds[-1] != "scheme":
        page.wait_for_function(
            "() => document.querySelector('#board [data-action]:not([disabled])')"
        )
        kinds.append(page.evaluate(FIRST_KIND))
        if kinds[-1] != "scheme":
            choose(page, kinds[-1])
        assert len(kinds) < 10, kinds
    assert kinds[:2] == ["character", "spawn"], kinds
    check_map_reads_as_a_table(page)
    check_characters_not_by_colour_alone(page)
    assert page.evaluate(MOVING) == []
    check_first_choice(page)
    assert page.evaluate(MOVING) == []
    assert errors == []
