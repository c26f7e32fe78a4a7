"""Every game's board on a 375 px phone and with a keyboard: each control is at least 44 x 44 CSS
px, no page scrolls sideways, a control's accessible name holds the words it shows, the "How to
play" panel is there, and a tooltip shows on hover, on keyboard focus and on a long press (which
does not click).

Each test plays its game against a bot from the home page ("Play against bots"), clicking a
few of the board's controls (at random, preferring the types the game's bench prefers) and
measuring the page after each move, so that more than the opening position is measured.
Screenshots of each game at 375 x 740 and 1280 x 800 go to test-artifacts/screenshots.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.registered import ENTRIES, GAME_IDS, a_game

from .fixtures import QUICK_BOT_DELAY as BOT_DELAY
from .fixtures import serving
from .pages import NewContext, join, new_table, start
from .solo import clickable_actions, play_against_bots, preferring, wait_for_decision

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
SMALLEST = 44  # CSS px, each side of a control on a phone
MOVES = 6  # the person's moves measured after the opening
LOOKS = 5  # looks at the tips, until one is not cut short by the board drawn anew
LONG_PRESS = 800  # ms a finger rests in the long-press test (tip.js shows the tip after 500)

GAMES = GAME_IDS  # every game of the registry

# Every control a finger or a keyboard can reach on the page, visible now: what it is, its size,
# and (for those with words) its visible text and accessible name. An element that only explains
# itself (a non-control with a tooltip, reachable by Tab for its tip) is a word in a text, not a
# control: it is left out of the size check, as WCAG 2.5.8 leaves out inline targets.
CONTROLS = """() => {
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [data-action]';
  const words = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const shown = (e) => {
    const copy = e.cloneNode(true);
    for (const hidden of copy.querySelectorAll("[aria-hidden='true'], [hidden]")) hidden.remove();
    return words(copy.textContent);
  };
  return [...document.querySelectorAll(controls)]
    .filter((e) => e.checkVisibility())
    .map((e) => {
      const box = e.getBoundingClientRect();
      return {
        what: `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}`
          + ` "${words(e.innerText || e.value).slice(0, 40)}"`,
        width: box.width,
        height: box.height,
        text: shown(e),
        name: e.getAttribute('aria-label'),
      };
    });
}"""

OVERFLOW = """() => ({
  page: document.documentElement.scrollWidth,
  window: window.innerWidth,
  wide: [...document.querySelectorAll('body *')]
    .filter((e) => e.checkVisibility() && e.getBoundingClientRect().right > window.innerWidth + 1
      && getComputedStyle(e).position !== 'fixed' && !e.closest('[class*=scroll], .tip'))
    .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`),
})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server process for this module, whose bots do not wait before their moves."""
    with serving(tmp_path_factory.mktemp("boards-server"), BOT_DELAY=str(BOT_DELAY)) as url:
        yield url


ERRORS: dict[int, list[str]] = {}


def opened(new_context: NewContext, **options: Any) -> Page:
    """A page whose script errors are kept (see `errors`)."""
    page = new_context(**options).new_page()
    ERRORS[id(page)] = []
    page.on("pageerror", lambda error: ERRORS[id(page)].append(str(error)))
    return page


def errors(page: Page) -> list[str]:
    return ERRORS.pop(id(page), [])


def phone(new_context: NewContext) -> Page:
    return opened(new_context, viewport=PHONE, is_mobile=True, has_touch=True)


def desktop(new_context: NewContext) -> Page:
    return opened(new_context, viewport=DESKTOP)


def started(page: Page, game: str) -> None:
    """`page` plays `game` against a bot and has something to do (a script error fails)."""
    play_against_bots(page, game, "Pat")
    page.wait_for_function("() => window.tinkertable.client.view !== null")
    try:
        wait_for_decision(page)
    except AssertionError:
        assert not errors(page), errors(page)
        raise


def measure(page: Page, game: str, moment: str, faults: dict[str, str]) -> None:
    """What is wrong with the page now, as readable lines in `faults` (each fault once, with the
    first moment it was seen)."""
    for control in page.evaluate(CONTROLS):
        if control["width"] < SMALLEST - 0.5 or control["height"] < SMALLEST - 0.5:
            size = f"{control['width']:.0f} x {control['height']:.0f}"
            faults.setdefault(f"{control['what']} is {size} px", moment)
        name, text = control["name"], control["text"]
        if name and text and any(ch.isalnum() for ch in text) and text.lower() not in name.lower():
            faults.setdefault(f"{control['what']} is named {name!r}, shows {text!r}", moment)
    overflow = page.evaluate(OVERFLOW)
    if overflow["page"] > overflow["window"]:
        wide = f"the page is {overflow['page']} px wide in a {overflow['window']} px window"
        faults.setdefault(f"{wide} ({', '.join(overflow['wide'])})", moment)


# Clicks the first control of the board that takes this action; false when there is none (the
# board moved on since it was read: another seat's move came, a new roll).
CLICK = """text => {
    const control = [...document.querySelectorAll("#board [data-action]")]
        .find(element => element.dataset.action === text);
    if (control) control.click();
    return Boolean(control);
}"""


def play_a_move(page: Page, game: str, rng: random.Random) -> bool:
    """The person makes one move (at random, preferring the types its bench prefers); False when
    the game is over."""
    pick = preferring(ENTRIES[game].bench.prefer)
    while True:
        wait_for_decision(page)
        if page.evaluate("() => window.tinkertable.client.view.result !== null"):
            return False
        choices = clickable_actions(page)
        chosen = pick([action for _, action in choices], rng)
        text = next(text for text, action in choices if action == chosen)
        before = page.evaluate("() => window.tinkertable.client.seq")
        if page.evaluate(CLICK, text):
            page.wait_for_function("n => window.tinkertable.client.seq > n", arg=before)
            return True


@pytest.mark.parametrize("game", GAMES)
def test_every_control_fits_a_finger_and_nothing_scrolls_sideways(
    game: str, new_context: NewContext, artifacts: Path
) -> None:
    page = phone(new_context)
    started(page, game)
    page.screenshot(path=artifacts / f"board-{game}-375.png", full_page=True)
    faults: dict[str, str] = {}
    measure(page, game, "the opening", faults)
    rng = random.Random(5)
    for move in range(MOVES):
        if not play_a_move(page, game, rng):
            break
        wait_for_decision(page)
        measure(page, game, f"after move {move + 1}", faults)
    assert not faults, "\n".join(f"{game}, {moment}: {fault}" for fault, moment in faults.items())
    assert not errors(page)


@pytest.mark.parametrize("game", GAMES)
def test_a_newcomer_finds_how_to_play(game: str, new_context: NewContext, artifacts: Path) -> None:
    page = desktop(new_context)
    started(page, game)
    panel = page.locator(".how-to-play")
    expect(panel).to_have_count(1)
    expect(panel.locator(".how-to-play-basics")).to_be_hidden()  # folded until asked for
    page.screenshot(path=artifacts / f"board-{game}-1280.png", full_page=True)
    # At a decision it opens the tour for it (tests/browser/test_guide_pages.py), which leads on
    # to the basics.
    panel.get_by_role("button", name="How to play").click()
    tour = page.get_by_role("dialog")
    expect(tour).to_be_visible()
    while tour.get_by_role("button", name="Next").is_visible():
        tour.get_by_role("button", name="Next").click()
    tour.get_by_role("button", name="The basics").click()
    expect(tour).to_have_count(0)
    expect(panel.locator(".how-to-play-basics h3").first).to_have_text("The aim")
    expect(panel.locator(".how-to-play-basics p").first).to_be_visible()


def tip_text(page: Page) -> str:
    tip = page.locator("#tip")
    expect(tip).to_be_visible()
    return tip.inner_text()


def tipped(page: Page) -> Any:
    """A visible element on the board that explains itself."""
    found = page.locator("#board [data-tip]").filter(visible=True).first
    expect(found).to_be_visible()
    return found


# The tip as it is now (no wait: hover and focus show it at once), and whether the board was
# drawn anew since `WATCHING` (a bot's move in a game whose seats play at once): then what was
# read may be of elements gone, and the look is taken again.
WATCHING = """() => {
  window.redrawn = false;
  if (!window.watching) {
    window.watching = new MutationObserver(() => { window.redrawn = true; });
    window.watching.observe(document.getElementById('board'), { childList: true, subtree: true });
  }
}"""
TIP_NOW = """() => {
  const tip = document.getElementById('tip');
  const shown = Boolean(tip) && !tip.hidden;
  return { shown, text: tip ? tip.textContent : '', redrawn: window.redrawn };
}"""


def tips_shown(page: Page) -> dict[str, Any] | None:
    """Hover, Escape, focus and "?" on the board's first explained element and first helped
    control, each look at the tip read at once; None when the board was drawn anew meanwhile."""
    page.evaluate(WATCHING)
    element = tipped(page)
    seen: dict[str, Any] = {"words": element.get_attribute("data-tip")}
    element.hover()
    seen["hover"] = page.evaluate(TIP_NOW)
    seen["described"] = element.get_attribute("aria-describedby")
    page.mouse.move(0, 0)
    page.keyboard.press("Escape")
    seen["escaped"] = page.evaluate(TIP_NOW)
    # A term that is not a control is no Tab stop (it would sit in the way of play); "?" on the
    # focused control shows its help, with that of the row and column it stands in (tip.js).
    seen["control"] = element.evaluate(
        "(e) => e.matches('button, a[href], input, select, [data-action]')"
    )
    seen["tab_index"] = element.evaluate("(e) => e.tabIndex")
    if seen["control"]:
        element.focus()
        seen["focused"] = page.evaluate(TIP_NOW)
        page.keyboard.press("Escape")
    helping = page.locator(HELPED).filter(visible=True)
    if helping.count():  # none at an opening that is a roll of the dice: the others test "?"
        helped = helping.first
        seen["own"] = helped.get_attribute("data-tip")
        helped.focus()
        page.keyboard.press("Escape")
        page.keyboard.press("?")
        seen["asked"] = page.evaluate(TIP_NOW)
        page.keyboard.press("?")
        seen["asked_again"] = page.evaluate(TIP_NOW)
    return None if page.evaluate("() => window.redrawn") else seen


@pytest.mark.parametrize("game", GAMES)
def test_a_tooltip_shows_on_hover_and_on_focus(game: str, new_context: NewContext) -> None:
    page = desktop(new_context)
    started(page, game)
    for _look in range(LOOKS):
        seen = tips_shown(page)
        if seen is not None:
            break
    else:
        pytest.fail(f"the board was drawn anew during each of {LOOKS} looks")
    words = seen["words"]
    assert words
    assert seen["hover"] == {"shown": True, "text": words, "redrawn": False}
    assert seen["described"] == "tip"
    assert not seen["escaped"]["shown"]
    if seen["control"]:
        assert seen["focused"] == {"shown": True, "text": words, "redrawn": False}
    else:
        assert seen["tab_index"] < 0
    if "asked" in seen:
        said = seen["asked"]["text"]
        assert seen["asked"]["shown"] and said
        assert seen["own"] is None or said.startswith(seen["own"])
        assert not seen["asked_again"]["shown"]


# A control of the board with help of its own, or in a row or column or part that has some.
HELPED = (
    "#board [data-action][data-tip], #board [data-tip] [data-action], "
    "#board tr:has(th [data-tip], th[data-tip]) [data-action]"
)


@pytest.mark.parametrize("game", GAMES)
def test_a_long_press_shows_the_tooltip_and_does_not_click(
    game: str, new_context: NewContext
) -> None:
    page = phone(new_context)
    started(page, game)
    # An action that explains itself when there is one (the press must not send it), else any.
    actions = page.locator("#board [data-action][data-tip]").filter(visible=True)
    element, words, box = None, None, None
    for _attempt in range(5):  # a bot's move may redraw the board meanwhile (in a game whose
        element = actions.first if actions.count() else tipped(page)  # seats play at once)
        try:
            element.scroll_into_view_if_needed()
            words = element.get_attribute("data-tip")
            box = element.bounding_box()  # None when the element was just replaced
        except PlaywrightError:
            continue
        if box is not None:
            break
    assert element is not None and box is not None and words
    # What this page has sent (the bot's moves go on meanwhile, in the games played at once).
    sent = page.evaluate("() => window.tinkertable.client.nextId")
    touch = page.context.new_cdp_session(page)
    point = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_timeout(LONG_PRESS)
    assert tip_text(page) == words
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    touch.detach()
    # The press sent nothing: a short tap afterwards still would, so the page is listening.
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.tinkertable.client.nextId") == sent
    expect(page.locator("#refused")).to_be_hidden()


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_fits_a_phone(game: str, new_context: NewContext) -> None:
    page = phone(new_context)
    page.goto(f"/rules/{game}")
    expect(page.locator("article.rules")).to_be_visible()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the rules of {game} are {width} px wide"


def say(page: Page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-form").get_by_role("button", name="Send").click()


def test_on_a_phone_the_chat_is_a_tap_away_and_counts_what_came(new_context: NewContext) -> None:
    ann = phone(new_context)
    link = new_table(ann, a_game(players=2), "Ann")
    bob = desktop(new_context)
    join(bob, link, "Bob")
    start(ann, bob)
    jump = ann.locator("#turn-bar button.chat-jump")  # in the bar that stays at the top
    expect(jump).to_be_visible()
    expect(jump).to_have_accessible_name("Chat")
    say(bob, "hello from Bob")
    say(bob, "your turn?")
    expect(jump).to_have_accessible_name("Chat, 2 unread")
    expect(jump.locator(".chat-unread")).to_have_text("2")
    box = jump.bounding_box()
    assert box is not None and box["width"] >= SMALLEST and box["height"] >= SMALLEST
    ann.mouse.wheel(0, 600)  # the bar, and the button in it, stay in sight as the page scrolls
    expect(jump).to_be_in_viewport()
    jump.click()
    expect(ann.locator("#chat")).to_be_in_viewport()
    expect(ann.locator("#chat-text")).to_be_focused()
    expect(jump).to_have_accessible_name("Chat")
    # A reload brings the chat back, which is not news.
    ann.reload()
    ann.wait_for_function("() => window.tinkertable && window.tinkertable.client.view !== null")
    expect(ann.locator("#chat li")).to_have_count(2)
    expect(ann.locator("button.chat-jump")).to_have_accessible_name("Chat")
    assert not errors(ann)
