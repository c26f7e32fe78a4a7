"""Screenshots of the pages around the games at a desktop's and a phone's size, for people to
look at: the home page, a lobby as its host and as an invited guest, a rules page, a missing
page and the API docs, saved by `shoot` (fixtures.py) as artifacts/screens/<page>-<width>x
<height>.png, the whole page, and ...-first.png, the first screen (git-ignored); each page must
load and draw. Each game's table at its end and its replay (at the end and at move 6) are
photographed where the access tests check them (test_access_pages.py), and each game's table in
its middle by its keyboard-only game (tests/browser/solo.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.registered import a_game

from .fixtures import SIZES, bounded_context, shoot
from .recorded import RecordedServer, recorded_server_fixture

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_page_is_saved_as_a_screenshot(
    browser: Any, recorded_server: RecordedServer, width: int, height: int
) -> None:
    contexts: list[Any] = []

    def new_page() -> Page:
        context = bounded_context(
            browser, base_url=recorded_server.url, viewport={"width": width, "height": height}
        )
        contexts.append(context)
        return context.new_page()

    try:
        page = new_page()
        page.goto("/")
        shoot(page, "home")
        page.goto("/docs")
        page.wait_for_load_state("networkidle")
        shoot(page, "docs")
        game = a_game(players=2)  # the lobby's and the rules page's
        page.goto(f"/rules/{game}")
        shoot(page, f"rules-{game}")
        page.goto("/l/")
        shoot(page, "missing")

        host = new_page()
        created = host.request.post("/api/lobbies", data={"game": game, "name": "Ann"})
        assert created.ok, created.text()
        code = created.json()["code"]
        host.goto(f"/l/{code}")
        host.wait_for_function("() => window.tinkertable?.client?.live")
        shoot(host, "lobby-host")
        guest = new_page()
        guest.goto(f"/l/{code}")
        expect(guest.locator("#join")).to_be_visible()
        shoot(guest, "lobby-guest")
    finally:
        for context in contexts:
            context.close()
