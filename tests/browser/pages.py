"""Helpers for driving Tinkertable pages in Playwright: the client's state, waiting for it,
joining a lobby and starting a game."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

CLICKABLE = "#board [data-action]:enabled"
# The person has something to do: the view waits for them and the board has a control to press
# (or the game is over).
DECIDING = """() => {
  const view = window.tinkertable.client.view;
  if (view.result !== null) return true;
  if (!view.active.includes(view.you)) return false;
  return [...document.querySelectorAll('#board [data-action]')]
    .some((element) => !element.disabled && element.checkVisibility());
}"""
NewContext = Callable[..., Any]


def seq(page: Page) -> int | None:
    return page.evaluate("() => window.tinkertable.client.seq")


def state(page: Page) -> Any:
    return page.evaluate("() => window.tinkertable.client.view.state")


def my_turn(page: Page) -> bool:
    return page.evaluate(
        "() => { const view = window.tinkertable.client.view;"
        " return view.you !== null && view.active.includes(view.you); }"
    )


def wait_live(page: Page) -> None:
    page.wait_for_function("() => window.tinkertable && window.tinkertable.client.live")


def wait_seq(page: Page, target: int) -> None:
    page.wait_for_function("n => window.tinkertable.client.seq === n", arg=target)


def join(page: Page, link: str, name: str) -> None:
    page.goto(link)
    # table.js awaits the game's module before it handles the form; "load" can come first.
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
