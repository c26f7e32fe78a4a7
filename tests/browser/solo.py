"""Solo play in real browsers, for each game's own solo test (tests/games/<game>/
test_pages_solo.py) and the tests that drive any game by its controls: from the home page, one
person plays a game against the bots that "Play against bots" seats, to the end, with the
keyboard alone (issue "Every hand and every eye"): the first Tab reaches "Skip to the game",
whose Enter puts the focus on the first choice; then each move is Tab or Shift+Tab to the chosen
control and Enter, never a click. After each move the focus must be on the next decision's first
choice (the bot's moves between), "Your turn: ..." must be said (the assertive live region) and
the bot's moves read out (the polite one, as the log writes them). At the start, midway and at
the result the page must pass tests/browser/access.py's `check_everyone_can_use` (axe at both
sizes, names in words, help terms 24 x 24); midway it is also photographed under each
colour-vision filter and at 200% zoom (`look_as_everyone`), and at the end its replay passes axe.

A solo test opens "/" in a fresh context, fills in "Your name" on the game's card and presses
"Play against bots" (the home page picks the strongest level, "Good"). The game must start at
once with the game's minimum number of players less one as bots (at least one). Then the person
plays: whenever the page offers them something to do, the test checks that the board's controls
carry exactly the view's legal actions, picks one of the clickable ones with a `Pick` (the
game's own, or `preferring` the types its entry's bench prefers), presses it, and waits until the
game's public record holds it. The bot plays meanwhile. At the end the result panel names the
winners (or nobody) and the record shows the bot's moves beside the person's.

These tests run on the server whose bots do not wait before each action (fixtures.py's
`quick_server`: the default BOT_DELAY of 0.8 s, there for people to follow, would make a game
whose bot takes some 190 actions last minutes): a module of them says so with `SOLO_SERVER`.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from .access import (
    at_both_sizes,
    check_everyone_can_use,
    check_focus_on_a_choice,
    focused,
    look_as_everyone,
    press_to,
)
from .pages import DECIDING, new_table, record, seq

Action = dict[str, Any]
Pick = Callable[[list[Action], random.Random], Action]

DECISION_TIMEOUT = 30_000  # milliseconds for the bot's moves between two of the person's
ACCEPT_TIMEOUT = 30.0  # seconds for a click's action to reach the game's record (liveness)
POLL = 0.02  # seconds between two looks at the record
TRIES = 3  # games to play until one lasts long enough for the mid-game screenshot

# Every data-action on the board, whether it can be clicked now, and the view's legal list, read
# in one go (the page renders each view as it arrives, so the two agree within one task).
READ = """() => {
  const elements = [...document.querySelectorAll('#board [data-action]')];
  const view = window.tinkertable.client.view;
  return {
    actions: elements.map((element) => element.dataset.action),
    clickable: elements.map((element) => !element.disabled && element.checkVisibility()),
    legal: view.legal,
  };
}"""


def quick(quick_server: str) -> str:
    """A module's pages open on the server whose bots act at once: `server = SOLO_SERVER`."""
    return quick_server


SOLO_SERVER = pytest.fixture(quick, scope="module", name="server")


def by_type(actions: list[Action]) -> dict[str, list[Action]]:
    grouped: dict[str, list[Action]] = defaultdict(list)
    for action in actions:
        grouped[action["type"]].append(action)
    return grouped


def preferring(types: tuple[str, ...]) -> Pick:
    """A random pick that takes an action of `types` four times in five when there is one (as
    the random players of the bench do with a game's `Bench.prefer`)."""

    def pick(actions: list[Action], rng: random.Random) -> Action:
        preferred = [action for action in actions if action["type"] in types]
        if preferred and rng.random() < 0.8:
            return rng.choice(preferred)
        return rng.choice(actions)

    return pick


# --- playing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A finished solo game: the person's clicks and the kinds of action they made, the game's
    final seq and who made how many of its moves."""

    clicks: int
    kinds: frozenset[str]
    seq: int
    person_moves: int
    bot_moves: int
    seconds: float


def canonical(actions: list[Any]) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in actions)


def play_against_bots(page: Page, game: str, name: str) -> str:
    """Start a game of `game` against bots from the home page; the lobby's code."""
    return new_table(page, game, name, against_bots=True).rsplit("/", 1)[1]


def check_started_with_bots(page: Page, name: str, bots: int) -> None:
    """The game, not the lobby, with the person first and `bots` Good bots after them."""
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#lobby")).to_be_hidden()
    page.wait_for_function("() => window.tinkertable.client.view !== null")
    players = page.locator("#players li")
    expect(players).to_have_count(1 + bots)
    expect(players.nth(0)).to_contain_text(f"{name} (you)")
    seated = page.locator("#players li.bot")
    expect(seated).to_have_count(bots)
    for index in range(bots):
        # The bot's name says what it is, once: "Good bot", not "Good bot (bot)".
        expect(seated.nth(index)).to_contain_text(re.compile(r"Good bot( \d+)?"))
        expect(seated.nth(index)).not_to_contain_text("(bot")
    levels = page.evaluate(
        "() => window.tinkertable.client.lobby.players.filter((p) => p.bot).map((p) => p.level)"
    )
    assert levels == ["good"] * bots


# What the board holds, said when it offers nothing to press: its parts, its controls, how many
# of them can be pressed, and whether the client is live.
BOARD = """() => {
  const controls = [...document.querySelectorAll('#board [data-action]')];
  return {
    parts: document.getElementById('board').children.length,
    controls: controls.length,
    pressable: controls.filter((element) => !element.disabled && element.checkVisibility()).length,
    live: window.tinkertable.client.live,
  };
}"""


def wait_for_decision(page: Page) -> None:
    """Until the person has a control to press or the game is over; the bot moves meanwhile."""
    try:
        page.wait_for_function(DECIDING, timeout=DECISION_TIMEOUT)
    except PlaywrightError:
        view = page.evaluate("() => window.tinkertable.client.view")
        assert view is not None, "the page never had the game's view"
        board = page.evaluate(BOARD)
        raise AssertionError(
            "nothing to click and the game goes on: "
            f"you {view['you']}, active {view['active']}, prompt {view['prompt']!r}, "
            f"legal {str(view['legal'])[:500]}; the board: {board}"
        ) from None


def clickable_actions(page: Page) -> list[tuple[str, Action]]:
    """The board's clickable actions, after checking that its data-action values are exactly
    the view's legal actions (as multisets: each drawn once)."""
    seen = page.evaluate(READ)
    shown = [json.loads(text) for text in seen["actions"]]
    assert canonical(shown) == canonical(seen["legal"]), "the board's controls are not `legal`"
    return [
        (text, action)
        for text, action, ok in zip(seen["actions"], shown, seen["clickable"], strict=True)
        if ok
    ]


def wait_accepted(page: Page, code: str, seat: int, count: int) -> int:
    """Until the record holds `count` actions of `seat`; the seq of the last of them. A refusal
    shown on the page fails at once."""
    deadline = time.monotonic() + ACCEPT_TIMEOUT
    while True:
        mine = [entry for entry in record(page, code)["actions"] if entry["seat"] == seat]
        if len(mine) >= count:
            assert len(mine) == count, f"seat {seat} has {len(mine)} actions, not {count}"
            return mine[-1]["seq"]
        refused = page.locator("#refused")
        assert not refused.is_visible(), f"the click was refused: {refused.inner_text()}"
        assert time.monotonic() < deadline, "the click did not reach the game's record"
        time.sleep(POLL)


def enter_the_game(page: Page) -> None:
    """From the page's top, by keyboard: Tab to "Skip to the game", Enter."""
    if focused(page)["where"] == "body":
        page.keyboard.press("Tab")
        assert focused(page)["where"] == "skip-to-game", f"the first Tab reaches {focused(page)}"
        page.keyboard.press("Enter")


# What the live regions say: "Your turn: ..." (assertive), the others' moves (polite), and the
# log's lines as the page shows them.
HEARD = """() => ({
  turn: document.getElementById("turn-said").textContent,
  moves: document.getElementById("moves-said").textContent,
  log: [...document.querySelectorAll("#log li")].map((line) => line.textContent).join(" "),
})"""


def log_lines(page: Page) -> int:
    return int(page.evaluate("() => document.querySelectorAll('#log li').length"))


def check_heard(page: Page, others_wrote: bool) -> None:
    """At the person's decision "Your turn: <what to do>" is said; when the others' moves wrote
    in the log since the person's own move was drawn, that was read out as the log wrote it."""
    heard = page.evaluate(HEARD)
    assert heard["turn"].startswith("Your turn: ") and len(heard["turn"]) > len("Your turn: ")
    if others_wrote:
        assert heard["moves"], "the others' moves were not read out"
        assert heard["moves"] in heard["log"], f"{heard['moves']!r} is not what the log wrote"


def check_result(page: Page) -> None:
    """The result panel names the view's winners, or nobody."""
    expect(page.locator("#result")).to_be_visible()
    view = page.evaluate("() => window.tinkertable.client.view")
    names = [view["players"][seat]["name"] for seat in view["result"]["winners"]]
    heading = f"{' and '.join(names)} won!" if names else "Nobody won."
    expect(page.locator("#result h2")).to_have_text(heading)


def play_one_game(
    page: Page,
    game: str,
    pick: Pick,
    rng: random.Random,
    *,
    midway: int,
    screenshot: Path,
    max_clicks: int,
) -> Played:
    """From the home page, play `game` against its bot to the end by clicking, and check how it
    ended. The page goes to `screenshot` after the person's `midway`-th click, if it comes."""
    began = time.monotonic()
    code = play_against_bots(page, game, "Ann")
    check_started_with_bots(page, "Ann", bots=1)  # one Good bot: the games played so seat two
    you = page.evaluate("() => window.tinkertable.client.view.you")
    assert you == 0  # people sit first, bots after them
    check_everyone_can_use(page, f"{game} at its start")
    enter_the_game(page)

    clicks = 0
    kinds: set[str] = set()
    lines = 0  # the log's lines once the person's last move was drawn
    while True:
        wait_for_decision(page)
        if page.evaluate("() => window.tinkertable.client.view.result !== null"):
            break
        assert clicks < max_clicks, "the game did not end"
        check_focus_on_a_choice(page)
        choices = clickable_actions(page)
        assert choices, "the person is asked but nothing on the board can be pressed"
        check_heard(page, others_wrote=clicks > 0 and log_lines(page) > lines)
        action = pick([action for _, action in choices], rng)
        text = next(text for text, shown in choices if shown == action)
        press_to(page, text)
        page.keyboard.press("Enter")
        clicks += 1
        kinds.add(action["type"])
        mine = wait_accepted(page, code, you, clicks)
        page.wait_for_function("n => window.tinkertable.client.seq >= n", arg=mine)
        lines = log_lines(page)  # the log as the person's own move left it (maybe more)
        if clicks == midway:
            page.screenshot(path=screenshot, full_page=True)
            check_everyone_can_use(page, f"{game} midway")
            look_as_everyone(page, screenshot.parent, f"solo-{game}-midway")

    check_result(page)
    check_everyone_can_use(page, f"{game} at its result")
    final = record(page, code)
    assert final["status"] == "finished"
    bot_seats = {player["seat"] for player in final["players"] if player["bot"]}
    assert bot_seats == {1}
    moves = [entry["seat"] for entry in final["actions"]]
    final_seq = seq(page)
    assert final_seq is not None
    played = Played(
        clicks=clicks,
        kinds=frozenset(kinds),
        seq=final_seq,
        person_moves=moves.count(you),
        bot_moves=sum(moves.count(seat) for seat in bot_seats),
        seconds=time.monotonic() - began,
    )
    assert played.seq == len(moves)
    assert played.person_moves == clicks  # every click made one move, and nothing else did
    assert played.seq > clicks and played.bot_moves > 0  # the bot played its part
    page.goto(f"/l/{code}/replay")
    page.wait_for_function("() => (document.querySelector('#board')?.children.length ?? 0) > 0")
    at_both_sizes(page, f"{game}'s replay")
    page.go_back()  # the table again, at its result, for what the game's own test looks at next
    expect(page.locator("#result")).to_be_visible()
    print(f"\n{game}: {played}")
    return played


def play_solo(
    page: Page,
    game: str,
    pick: Pick,
    artifacts: Path,
    *,
    seed: int,
    midway: int,
    max_clicks: int,
) -> Played:
    """Play `game` against its bot from the home page (see `play_one_game`) until a game lasts
    at least `midway` of the person's clicks, at most TRIES games; the last one.

    The server deals each game from a fresh seed, and some deals end at once (in one game about
    one deal in twenty lets the Good bot win before the person has had eight turns' worth of
    clicks). Such a game is played to its end and checked
    like any other; then another is started from the home page. `seed` seeds the person's
    choices; the server deals every game from a fresh seed of its own.
    """
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    rng = random.Random(seed)
    screenshot = artifacts / f"solo-{game}-midway.png"
    for _ in range(TRIES):
        played = play_one_game(
            page, game, pick, rng, midway=midway, screenshot=screenshot, max_clicks=max_clicks
        )
        if played.clicks >= midway:
            break
    else:
        pytest.fail(f"{TRIES} games of {game} all ended before the person's {midway}th click")
    page.screenshot(path=artifacts / f"solo-{game}-over.png", full_page=True)
    assert errors == []
    return played
