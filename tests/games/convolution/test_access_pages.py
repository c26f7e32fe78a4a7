"""Convolution's table read as text (issue "Every hand and every eye"), in a real browser against
the Good bot: the sheet is a table whose rows are the categories under their own header and whose
columns are the players; the dice are a list whose pairs name their color in words and whose dice
carry their value as their name; each score button says its score and its row in the game's
words; a circle, a check mark and "to play" are in the page as shapes and words, not as colors
alone; and "?" on a score button gives the help of its row.

What the page shows is compared with the view it drew and with the rules' own reading of it
(scoresheet.py: the totals, the dice's order, the offers, who wins each row, which the page
derives), so a wrong word, a missing mark, a pair in the wrong order or a rule the page gets
wrong fails. The calculated rows, which the view leaves to the page, are checked against the
log, where the rules write them. One game, some ten moves of the person's; a few seconds.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.games.convolution.scoresheet import (
    arrangement,
    categories_won,
    category_values,
    color_totals,
    score_for,
    winners,
)
from tests.browser.fixtures import bounded_context
from tests.browser.pages import NewContext
from tests.browser.recorded import RecordedServer, recorded_server_fixture
from tests.browser.solo import SOLO_SERVER, clickable_actions, play_against_bots, wait_for_decision
from tests.play.test_off_loop import random_game

pytestmark = pytest.mark.browser
server = SOLO_SERVER
recorded_server = recorded_server_fixture

TITLES = {
    "red": "Red",
    "blue": "Blue",
    "green": "Green",
    "yellow": "Yellow",
    "colors": "Colors Total",
    "first": "1st Highest",
    "second": "2nd Highest",
    "third": "3rd Highest",
    "fourth": "4th Highest",
    "ranks": "Ranks Total",
    "bluggard": "Bluggard",
    "grand": "Grand Total",
}
MOVES = 27  # 9 rolls and 18 scores: no game has more of the person's

# The sheet as the accessibility tree has it: the column headers, and each body row's header and
# cells (each cell's text as a screen reader reads it, and what marks it carries).
SHEET = """() => {
  const table = document.querySelector("#board table");
  const text = (e) => e.textContent.replace(/\\s+/g, " ").trim();
  return {
    caption: table.caption ? text(table.caption) : "",
    columns: [...table.tHead.rows[0].cells]
      .map((th) => ({ tag: th.tagName, scope: th.scope, text: text(th) })),
    rows: [...table.tBodies[0].rows].map((row) => ({
      header: { tag: row.cells[0].tagName, scope: row.cells[0].scope, text: text(row.cells[0]),
                help: row.cells[0].dataset.tip || "" },
      cells: [...row.cells].slice(1).map((td) => ({
        text: text(td),
        circled: td.querySelector(".circled") !== null,
        won: td.querySelector("[role=img][aria-label='wins the row']") !== null,
        action: td.querySelector("[data-action]")?.dataset.action || null,
      })),
    })),
  };
}"""

# The dice as the page lists them: each pair's color class, the color it names in words, its
# dice's names and its total.
DICE = """() => [...document.querySelectorAll("#board ul.dice > li")].map((li) => ({
  color: [...li.classList].find((c) => c !== "die-pair"),
  word: li.querySelector(".color-name").textContent,
  dice: [...li.querySelectorAll("[role=img]")].map((die) => die.getAttribute("aria-label")),
  total: li.querySelector(".total").textContent,
}))"""


# A calculated total as the rules log it: "Ann wrote 18 in Colors Total (circled)".
WROTE = re.compile(r"(.+) wrote (\d+) in (Colors Total|Ranks Total|Grand Total)( \(circled\))?")


def view(page: Page) -> Any:
    return page.evaluate("() => window.tinkertable.client.view")


def whole_sheets(view: Any) -> list[dict[str, Any]]:
    """Both sheets with the calculated rows the rules wrote, read from the log (the view holds
    the played cells only)."""
    names = [player["name"] for player in view["players"]]
    keys = {title: key for key, title in TITLES.items()}
    sheets = [
        {**sheet, "colors": None, "ranks": None, "grand": None} for sheet in view["state"]["sheets"]
    ]
    for line in view["log"]:
        if wrote := WROTE.fullmatch(line):
            name, score, title, circled = wrote.groups()
            sheets[names.index(name)][keys[title]] = {"score": int(score), "circled": bool(circled)}
    return sheets


def check_sheet_reads_as_text(page: Page) -> dict[str, int]:
    """The sheet against the view it drew; how many circles, check marks and buttons it holds."""
    seen = page.evaluate(SHEET)
    now = view(page)
    names = [player["name"] for player in now["players"]]
    sheets = whole_sheets(now)
    won = winners(sheets)
    assert seen["caption"].startswith("Score sheet")
    assert seen["columns"][0] == {"tag": "TH", "scope": "col", "text": "Category"}
    for seat, column in enumerate(seen["columns"][1:]):
        assert (column["tag"], column["scope"]) == ("TH", "col")
        playing = seat in now["active"]
        assert column["text"] == (f"{names[seat]} to play" if playing else names[seat])
    categories = [row["header"] for row in seen["rows"][:12]]
    assert [(h["tag"], h["scope"], h["text"]) for h in categories] == [
        ("TH", "row", title) for title in TITLES.values()
    ]
    assert all(header["help"] for header in categories)  # each row's help is on its header
    assert seen["rows"][12]["header"]["text"] == "Categories won"
    assert [cell["text"] for cell in seen["rows"][12]["cells"]] == [
        str(count) for count in categories_won(sheets)
    ]

    counts = {"circled": 0, "won": 0, "buttons": 0}
    for key, row in zip(TITLES, seen["rows"], strict=False):
        for seat, cell in enumerate(row["cells"]):
            mark = sheets[seat][key]
            if mark is None:
                legal = {"type": "score", "category": key}
                mine = now["you"] == seat and legal in now["legal"]
                assert (cell["action"] is not None) == mine, (key, seat, cell)
                counts["buttons"] += mine
                continue
            circled = ", circled" if mark["circled"] else ""
            assert cell["text"].startswith(f"{mark['score']}{circled}"), (key, seat, cell)
            assert cell["circled"] == mark["circled"], (key, seat, cell)
            assert cell["won"] == (won[key] == seat), (key, seat, cell)
            counts["circled"] += mark["circled"]
            counts["won"] += cell["won"]
    return counts


def check_dice_read_as_text(page: Page) -> None:
    """Each pair names its color in words (not by its color alone), its dice by their values,
    and its total; highest total first, as the view arranges them."""
    dice = view(page)["state"]["dice"]
    pairs = page.evaluate(DICE)
    assert [pair["color"] for pair in pairs] == arrangement(dice)
    for pair in pairs:
        color = pair["color"]
        assert pair["word"] == TITLES[color]
        assert pair["dice"] == [str(value) for value in dice[color]]
        assert pair["total"] == f"= {color_totals(dice)[color]}"
    dice = page.get_by_role("list", name="The dice, highest color total first")
    expect(dice.get_by_role("listitem")).to_have_count(4)
    expect(dice.get_by_role("img")).to_have_count(8)


def check_score_buttons(page: Page) -> None:
    """Each score button is named by its score and its row's name, and "?" on it says what
    its row adds up."""
    now = view(page)
    values = category_values(now["state"]["dice"])
    theirs = now["state"]["sheets"][1 - now["you"]]
    for text, action in clickable_actions(page):
        if action["type"] != "score":
            continue
        category = action["category"]
        offer = score_for(category, values[category], first=theirs[category] is None)
        name = f"Score {offer} in {TITLES[category]}"
        expect(page.locator(f"#board [data-action='{text}']")).to_have_accessible_name(name)
    red = page.get_by_role("rowheader", name="Red", exact=True)
    button = page.get_by_role("row").filter(has=red).get_by_role("button")
    if button.count():  # Red still open: its button's help is the row's
        button.focus()  # which shows the button's own tip: Escape hides it, "?" shows all
        page.keyboard.press("Escape")
        page.keyboard.press("?")
        expect(page.locator("#tip")).to_contain_text("The two red dice added up.")
        page.keyboard.press("Escape")


def test_the_board_reads_as_text_and_colour_is_never_alone(new_context: NewContext) -> None:
    page = new_context().new_page()
    play_against_bots(page, "convolution", "Ann")
    page.wait_for_function("() => window.tinkertable.client.view !== null")
    seen = {"circled": 0, "won": 0, "scoring": 0}
    for _ in range(MOVES):
        wait_for_decision(page)
        if view(page)["result"] is not None:
            break
        counts = check_sheet_reads_as_text(page)
        seen["circled"] += counts["circled"]
        seen["won"] += counts["won"]
        choices = clickable_actions(page)
        if choices[0][1]["type"] == "score":
            seen["scoring"] += 1
            check_dice_read_as_text(page)
            if seen["scoring"] == 1:
                check_score_buttons(page)
            assert counts["buttons"] == len(choices)
        else:
            expect(page.get_by_role("button", name="Roll the dice")).to_be_visible()
        if seen["won"] and seen["scoring"] >= 2:
            break  # every kind of mark has been read
        # The first open row's button: played in sheet order, the rows fill on both sheets
        # soon, and a check mark comes.
        before = page.evaluate("() => window.tinkertable.client.seq")
        page.locator(f"#board [data-action='{choices[0][0]}']").click()
        page.wait_for_function("n => window.tinkertable.client.seq > n", arg=before)
    assert seen["scoring"] >= 2 and seen["circled"] and seen["won"], seen


def test_the_totals_and_the_winners_read_as_the_rules_wrote_them(
    browser: Any, recorded_server: RecordedServer
) -> None:
    """The calculated rows, the check marks and the count of categories won, which the page
    works out from the played cells, at three moments of a recorded game: halfway, near the
    end, and the end (every row of both sheets written)."""
    seed, moves = random_game("convolution", 1)
    for count in (len(moves) // 2, len(moves) - 3, len(moves)):
        recorded = recorded_server.record("convolution", moves[:count], seed, host_token=True)
        context = bounded_context(browser, base_url=recorded_server.url)
        try:
            context.add_cookies(recorded.cookies(recorded_server.url))
            page = context.new_page()
            page.goto(f"/l/{recorded.code}")
            page.wait_for_function("() => document.querySelector('#board table')")
            check_sheet_reads_as_text(page)
            sheets = whole_sheets(view(page))
        finally:
            context.close()
    assert all(mark is not None for sheet in sheets for mark in sheet.values())
