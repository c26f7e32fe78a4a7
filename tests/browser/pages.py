"""Helpers for driving Tinkertable pages in Playwright: the client's state, waiting for it,
joining a lobby and starting a game (of a game the registry offers, picked by what the test
needs of it), and playing on by the board's own controls."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app.games.entry import GameEntry
from tests.registered import ENTRIES, a_game

CLICKABLE = "#board [data-action]:enabled"
# The person has something to do: the view waits for them and the board has a control to press
# (or the game is over). Not yet while the page has no view: after a (re)load the lobby's message
# makes the page live before the game's view comes (a view read as null threw, and the wait
# failed at once, after a reload: "nothing to click" with a view that had come meanwhile).
DECIDING = """() => {
  const view = window.tinkertable.client.view;
  if (view === null) return false;
  if (view.result !== null) return true;
  if (!view.active.includes(view.you)) return false;
  return [...document.querySelectorAll('#board [data-action]')]
    .some((element) => !element.disabled && element.checkVisibility());
}"""
NewContext = Callable[..., Any]


def host_may_go_first(entry: GameEntry) -> bool:
    """Whether the host can choose to make the first move (the option `first_player`)."""
    return any(
        option.name == "first_player" and "host" in option.choices for option in entry.game.options
    )


# A two-seat game whose host can choose to go first: Ann hosts, moves first, Bob waits.
HOST_FIRST = a_game(players=2, where=host_may_go_first)
HOST_FIRST_NAME = ENTRIES[HOST_FIRST].game.name
FIRST_PLAYER = next(
    option for option in ENTRIES[HOST_FIRST].game.options if option.name == "first_player"
)


def seq(page: Page) -> int | None:
    return page.evaluate("() => window.tinkertable.client.seq")


def state(page: Page) -> Any:
    return page.evaluate("() => window.tinkertable.client.view.state")


def my_turn(page: Page) -> bool:
    return page.evaluate(
        "() => { const view = window.tinkertable.client.view;"
        " return view.you !== null && view.active.includes(view.you); }"
    )


# Where a table page's connection stands, for a wait that found it never live.
CONNECTION = """() => {
  const client = window.tinkertable && window.tinkertable.client;
  if (!client) return { url: location.href, module: "table.js has not run" };
  return {
    url: location.href, live: client.live, attempts: client.attempts,
    socket: client.socket ? client.socket.readyState : null,
    lobby: client.lobby ? client.lobby.status : null, view: client.view !== null,
    shown: document.getElementById("connection")?.textContent || "",
  };
}"""


def wait_live(page: Page) -> None:
    """The page's connection is up and has brought what it has: the lobby, and once the game has
    begun its view (the snapshot comes after the lobby's message, which makes the page live)."""
    try:
        page.wait_for_function(
            """() => {
              const client = window.tinkertable && window.tinkertable.client;
              return Boolean(client && client.live && client.lobby)
                && (client.lobby.status === "open" || client.view !== null);
            }"""
        )
    except PlaywrightTimeout:
        raise AssertionError(f"the page never came live: {page.evaluate(CONNECTION)}") from None


def wait_seq(page: Page, target: int) -> None:
    page.wait_for_function("n => window.tinkertable.client.seq === n", arg=target)


def join(page: Page, link: str, name: str) -> None:
    page.goto(link)
    # table-page.js awaits the game's module before the form is handled; "load" can come first.
    page.wait_for_function("() => window.tinkertable !== undefined")
    form = page.locator("#join")
    form.get_by_label("Your name").fill(name)
    form.get_by_role("button", name="Join").click()
    expect(page.locator("#join")).to_have_count(0)  # the page reloads with a seat
    wait_live(page)


def start(host: Page, *others: Page) -> None:
    button = host.locator("#start")
    expect(button).to_be_enabled()
    button.click()
    for page in (host, *others):
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("#lobby")).to_be_hidden()
        page.wait_for_function("() => window.tinkertable.client.view !== null")


def open_new_game(page: Page, game: str) -> Locator:
    """The home page's dialog for a new game of `game`, opened: its form."""
    page.goto("/")
    page.locator(f"#game-{game} .open-new-game").click()
    form = page.locator(f'form.new-game[data-game="{game}"]')
    expect(form).to_be_visible()
    return form


def new_table(
    page: Page,
    game: str,
    name: str,
    *,
    against_bots: bool = False,
    bots: int | None = None,
    options: dict[str, Any] | None = None,
) -> str:
    """Start a table of `game` from the home page's dialog, as `name`: to invite friends, or
    `against_bots` (`bots` of them, else the dialog's default) started at once. `options`: a
    game option's label -> its value. The lobby's URL, once its page is live."""
    form = open_new_game(page, game)
    form.get_by_label("Your name").fill(name)
    for label, value in (options or {}).items():
        form.get_by_label(label).select_option(json.dumps(value))
    if bots is not None:
        form.locator('select[name="bots"]').select_option(str(bots))
    button = "Play against bots" if against_bots else "Invite friends"
    form.get_by_role("button", name=button).click()
    page.wait_for_url(re.compile(r"/l/[^/]+$"))
    wait_live(page)
    return page.url


def record(page: Page, code: str) -> dict[str, Any]:
    """The game's public record (GET /api/lobbies/{code}/log)."""
    response = page.request.get(f"/api/lobbies/{code}/log")
    assert response.ok, response.text()
    return response.json()


def create_game(page: Page, name: str) -> str:
    """Start a lobby of HOST_FIRST (the host goes first) from the home page; the invite link."""
    new_table(page, HOST_FIRST, name, options={FIRST_PLAYER.label: "host"})
    invite = page.locator("#invite-link")
    expect(invite).to_have_value(re.compile(r"^https?://.+/l/[^/]+$"))
    link = invite.input_value()
    assert link == page.url
    return link


def two_player_game(new_context: NewContext, **host_options: Any) -> tuple[Page, Page, str]:
    """Ann hosts a HOST_FIRST game (and goes first), Bob joins, the game starts: (Ann's page,
    Bob's page, link)."""
    ann = new_context(**host_options).new_page()
    link = create_game(ann, "Ann")
    bob = new_context().new_page()
    join(bob, link, "Bob")
    start(ann, bob)
    return ann, bob, link


def click_a_control(page: Page) -> None:
    """Click the board's first clickable control (its data-action one of the view's legal
    actions) and wait for the action's patch."""
    before = seq(page) or 0
    page.locator(CLICKABLE).first.click()
    page.wait_for_function("n => window.tinkertable.client.seq > n", arg=before)


def play_until_the_turn_passes(mover: Page, waiter: Page) -> int:
    """`mover` clicks the board's controls until it is `waiter`'s turn; the clicks."""
    clicks = 0
    while not my_turn(waiter):
        assert my_turn(mover), "neither page has the turn"
        assert clicks < 50, "the turn did not pass in 50 clicks"
        click_a_control(mover)
        clicks += 1
        waiter.wait_for_function("n => window.tinkertable.client.seq >= n", arg=seq(mover))
    return clicks
