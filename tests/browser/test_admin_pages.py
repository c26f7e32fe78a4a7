"""The owner's page in a real browser: sign in with the form, see the table being played, set the
banner and see it on the player's open game page (without a reload, and after one), end the game
and see the player told; the pages' screenshots at 1280x800 and 375x740."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.registered import a_game

from .fixtures import bounded_context, serving

pytestmark = pytest.mark.browser

TOKEN = "owner-token-for-the-browser"
BANNER = "Restarting at 22:00 for an update"
SIZES = {"wide": (1280, 800), "narrow": (375, 740)}


@pytest.fixture(scope="module")
def owned_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("owner"), ADMIN_TOKEN=TOKEN, BOT_DELAY="0.5") as url:
        yield url


def game_with_a_bot(context: Any) -> str:
    """A two-seat game of the context's person against an easy bot, started; its code."""
    created = context.request.post(
        "/api/lobbies", data={"game": a_game(players=2), "name": "Ann", "options": {}}
    )
    assert created.ok, created.text()
    code, token = created.json()["code"], created.json()["player"]["token"]
    host = {"Authorization": f"Bearer {token}"}
    assert context.request.post(f"/api/lobbies/{code}/bots", data={}, headers=host).ok
    assert context.request.post(f"/api/lobbies/{code}/start", data={}, headers=host).ok
    return code


def open_game(context: Any, code: str) -> Page:
    page = context.new_page()
    page.goto(f"/l/{code}")
    page.wait_for_function("() => window.tinkertable && window.tinkertable.client.view")
    expect(page.locator("#game")).to_be_visible()
    return page


def shoot(page: Page, artifacts: Path, name: str) -> None:
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"admin-{name}-{size}.png"), full_page=True)


def test_the_owner_signs_in_sets_the_banner_and_ends_a_game(
    browser: Any, owned_server: str, artifacts: Path
) -> None:
    player = bounded_context(browser, base_url=owned_server)
    owner = bounded_context(browser, base_url=owned_server)
    try:
        code = game_with_a_bot(player)
        game = open_game(player, code)
        expect(game.locator("#site-banner")).to_be_hidden()

        admin = owner.new_page()
        admin.goto("/admin")
        expect(admin.get_by_role("heading", name="Owner's page")).to_be_visible()
        shoot(admin, artifacts, "sign-in")
        admin.get_by_label("Owner's token").fill("not the token, not at all")
        admin.get_by_role("button", name="Sign in").click()
        expect(admin.get_by_role("alert")).to_have_text("That is not the owner's token.")
        admin.get_by_label("Owner's token").fill(TOKEN)
        admin.get_by_role("button", name="Sign in").click()
        listed = admin.locator(f"#table-{code}")
        expect(listed).to_contain_text("Ann")
        expect(listed).to_contain_text("1 socket")
        cookie = next(c for c in owner.cookies() if c["name"] == "tt_admin")
        assert (
            cookie["httpOnly"] and cookie["sameSite"] == "Strict" and TOKEN not in cookie["value"]
        )

        admin.get_by_label("Shown at the top of every page").fill(BANNER)
        admin.get_by_role("button", name="Show on every page").click()
        expect(admin.get_by_role("status").filter(has_text="banner was changed")).to_be_visible()
        expect(admin.locator("#site-banner")).to_have_text(BANNER)
        shoot(admin, artifacts, "page")

        # The open game page shows it without a reload when it looks again (it looks every
        # minute, and whenever it comes back into view).
        game.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        expect(game.locator("#site-banner")).to_have_text(BANNER)
        game.reload()
        expect(game.locator("#site-banner")).to_have_text(BANNER)
        shoot(game, artifacts, "banner-on-a-game")

        listed.get_by_role("button", name="End the game").click()
        expect(admin.get_by_role("status").filter(has_text="every seat was told")).to_be_visible()
        expect(game.locator("#result")).to_contain_text("The server's owner ended this game.")
        shoot(game, artifacts, "ended-game")

        admin.get_by_role("button", name="Remove the banner").click()
        expect(admin.locator("#site-banner")).to_be_hidden()
        game.reload()
        expect(game.locator("#site-banner")).to_be_hidden()
    finally:
        owner.close()
        player.close()
