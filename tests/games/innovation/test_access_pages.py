"""Innovation's table read as text, in a real browser (issue "Every hand and every eye"): a person
plays against a bot from the home page, and what a screen reader meets on the page is checked as
it meets it: roles, names, headings and lists, and the text of the accessibility tree.

At the opening: your board is a region headed "Your board" holding a list of the five piles, each
item naming its colour in words ("Blue pile, 0 cards"); your hand is a list under "Your hand (2
cards)", each item a card said in one sentence (title, colour, age, icons), and the opening's
question offers "Meld <card> first" for each; the bot's board is headed by its name, with its
hand, score pile and achievements each a list (or "none") under a heading. After your pick the
pile of the card's colour says "1 card, top <card>". Colour is never alone: every card face and
every pile's name carries its colour's letter (B, R, G, Y, P) on the page, in the colour's own
chip.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.access import snapshot_line
from tests.browser.pages import DECIDING, NewContext
from tests.browser.solo import SOLO_SERVER, play_against_bots

pytestmark = pytest.mark.browser
server = SOLO_SERVER

COLOURS = ["blue", "red", "green", "yellow", "purple"]

# Each card face and pile name on the board, with the colour its class draws it in and the letter
# it carries (the letter is drawn, not read: the words say the colour).
MARKS = """() => [...document.querySelectorAll('#board .in-card, #board .in-pile-name')]
  .map((e) => {
  const host = e.closest('.in-card') || e.closest('.in-pile');
  const colour = ['blue', 'red', 'green', 'yellow', 'purple']
    .find((c) => host.classList.contains(`in-${c}`) || host.classList.contains(`in-pile-${c}`));
  const mark = e.querySelector('.in-mark');
  return { colour, letter: mark ? mark.textContent : null,
           chip: mark ? mark.classList.contains(`in-mark-${colour}`) : false,
           hidden: mark ? mark.getAttribute('aria-hidden') : null };
})"""


def spoken(locator: Locator) -> str:
    """What a screen reader has of `locator`: the names and texts of its accessibility
    snapshot, on one line."""
    pieces = [
        piece for line in locator.aria_snapshot().splitlines() for piece in snapshot_line(line)
    ]
    return " ".join(piece for piece in pieces if piece)


def check_colour_not_alone(page: Page) -> None:
    marks = page.evaluate(MARKS)
    assert marks, "no card face or pile on the board"
    for mark in marks:
        assert mark["colour"] in COLOURS, mark
        assert mark["letter"] == mark["colour"][0].upper(), mark
        assert mark["chip"] and mark["hidden"] == "true", mark


def test_the_board_reads_as_lists_under_headings(new_context: NewContext, artifacts: Path) -> None:
    page = new_context().new_page()
    play_against_bots(page, "innovation", "Ann")
    page.wait_for_function(DECIDING)
    view = page.evaluate("() => window.tinkertable.client.view")
    view_seq = page.evaluate("() => window.tinkertable.client.seq")
    hand_names = view["state"]["players"][view["you"]]["hand"]
    cards = {
        card["name"]: card
        for card in page.evaluate(
            "async () => (await (await fetch('/api/games/innovation/components')).json()).cards"
        )
    }

    # Your board: a region under its heading, the five piles a list, each named in words.
    mine = page.get_by_role("region", name="Your board")
    expect(mine.get_by_role("heading", name="Your board", level=2)).to_be_visible()
    piles = mine.get_by_role("list", name="Piles").locator(":scope > li")
    expect(piles).to_have_count(5)
    for pile, colour in zip(piles.all(), COLOURS, strict=True):
        assert spoken(pile).startswith(f"{colour.capitalize()} pile, 0 cards"), spoken(pile)
    expect(mine.get_by_role("list", name="Icons showing").get_by_role("listitem")).to_have_count(6)

    # Your hand: a list of two cards, each said in one sentence; the opening offers each's pick.
    opening = page.get_by_role("region", name="The opening")
    hand = page.get_by_role("region", name="Your hand")
    expect(hand.get_by_role("heading", level=2)).to_have_text("Your hand (2 cards)")
    items = hand.get_by_role("listitem")
    expect(items).to_have_count(2)
    for item, name in zip(items.all(), hand_names, strict=True):
        card = cards[name]
        icons = ", ".join("hexagon" if icon == "hex" else icon for icon in card["icons"])
        said = spoken(item)
        assert f"{name}, {card['color']}, age 1, icons {icons}." in said, said
        assert card["effects"][0]["text"][:40] in said, said
        expect(opening.get_by_role("button", name=f"Meld {name} first", exact=True)).to_be_visible()

    # The bot's board: its name a heading; its hand, score pile and achievements under theirs.
    theirs = page.get_by_role("region", name="Good bot's board")
    expect(theirs.get_by_role("heading", name="Good bot", level=2)).to_be_visible()
    expect(theirs.get_by_role("heading", name="Hand (2)", level=3)).to_be_visible()
    groups = theirs.locator(".in-group")
    expect(groups.filter(has_text="Hand (2)").get_by_role("img")).to_have_count(2)
    for heading in ("Score pile (0)", "Achievements (0 of 6)"):
        group = groups.filter(has=page.get_by_role("heading", name=heading, level=3))
        expect(group).to_contain_text("none")
    check_colour_not_alone(page)

    # After the pick, the pile of the card's colour names its top card.
    picked = hand_names[0]
    colour = cards[picked]["color"]
    opening.get_by_role("button", name=f"Meld {picked} first", exact=True).click()
    # Once the page waits on Ann again (the bot may have gone first, and a dogma Ann shares may
    # have changed her board), the pile says what the view holds.
    page.wait_for_function(
        "(n) => window.tinkertable.client.seq > n && (" + DECIDING + ")()", arg=view_seq
    )
    board = page.evaluate(
        "() => { const view = window.tinkertable.client.view;"
        " return view.state.players[view.you].board; }"
    )
    melded = board[colour]["cards"]
    assert picked in melded
    pile = piles.nth(COLOURS.index(colour))
    count = f"{len(melded)} card" + ("s" if len(melded) > 1 else "")
    said = spoken(pile)
    assert said.startswith(f"{colour.capitalize()} pile, {count}, top {melded[0]}"), said
    top = cards[melded[0]]
    assert f"{top['name']}, {top['color']}, age {top['age']}" in said, said
    check_colour_not_alone(page)
    page.screenshot(path=artifacts / "innovation-read-as-text.png", full_page=True)
