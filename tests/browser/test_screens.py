"""Screenshots of every page at a desktop's and a phone's size, for people to look at: the home
page, a lobby as its host and as an invited guest, each game's table halfway through and at the
end (from the seat of its first player) and its replay (at the end, and at move 6), a rules
page, a missing page and the API docs. Saved as
artifacts/screens/<page>-<width>x<height>.png, the whole page, and ...-first.png, the first screen
(git-ignored); each page must load and draw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.config import ROOT
from tests.play.test_off_loop import GAMES
from tests.registered import a_game

from .fixtures import bounded_context
from .recorded import RecordedServer, recorded_server_fixture

pytestmark = pytest.mark.browser
recorded_server = recorded_server_fixture

SIZES = [(1280, 800), (375, 740)]
SCREENS = ROOT / "artifacts" / "screens"
TABLE_READY = (
    "() => window.tinkertable?.client?.view && document.querySelector('#board').children.length"
)


def shoot(page: Page, name: str) -> Path:
    size = page.viewport_size
    assert size is not None
    path = SCREENS / f"{name}-{size['width']}x{size['height']}.png"
    page.screenshot(path=path, full_page=True)
    # ... and the first screen alone: what a person sees before scrolling.
    page.screenshot(path=path.with_name(f"{path.stem}-first.png"))
    return path


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_page_is_saved_as_a_screenshot(
    browser: Any, recorded_server: RecordedServer, width: int, height: int
) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    contexts: list[Any] = []

    def page_for(cookies: list[dict[str, Any]] | None = None) -> Page:
        context = bounded_context(
            browser, base_url=recorded_server.url, viewport={"width": width, "height": height}
        )
        contexts.append(context)
        if cookies:
            context.add_cookies(cookies)
        return context.new_page()

    try:
        saved = []
        page = page_for()
        page.goto("/")
        saved.append(shoot(page, "home"))
        page.goto("/docs")
        page.wait_for_load_state("networkidle")
        saved.append(shoot(page, "docs"))
        game = a_game(players=2)  # the lobby's and the rules page's
        page.goto(f"/rules/{game}")
        saved.append(shoot(page, f"rules-{game}"))
        page.goto("/l/")
        saved.append(shoot(page, "missing"))

        host = page_for()
        created = host.request.post("/api/lobbies", data={"game": game, "name": "Ann"})
        assert created.ok, created.text()
        code = created.json()["code"]
        host.goto(f"/l/{code}")
        host.wait_for_function("() => window.tinkertable?.client?.live")
        saved.append(shoot(host, "lobby-host"))
        guest = page_for()
        guest.goto(f"/l/{code}")
        expect(guest.locator("#join")).to_be_visible()
        saved.append(shoot(guest, "lobby-guest"))

        for game_id in sorted(GAMES):
            for moment, recorded in (
                ("halfway", recorded_server.halfway(game_id)),
                ("end", recorded_server.finished(game_id)),
            ):
                table = page_for(recorded.cookies(recorded_server.url))
                table.goto(f"/l/{recorded.code}")
                table.wait_for_function(TABLE_READY)
                if moment == "end":
                    expect(table.locator("#result svg.chart")).to_be_visible()
                else:
                    expect(table.locator("#turn-who")).not_to_be_empty()
                saved.append(shoot(table, f"table-{game_id}-{moment}"))
            # Its replay: at the end (the result, the chart), and a few moves in.
            replay = page_for()
            replay.goto(f"/l/{recorded.code}/replay")
            replay.wait_for_function("() => window.tinkertable?.replay?.steps !== null")
            expect(replay.locator("#result svg.chart")).to_be_visible()
            saved.append(shoot(replay, f"replay-{game_id}-end"))
            replay.locator("#replay-first").click()
            replay.wait_for_function("() => window.tinkertable.replay.step === 0")
            for _ in range(6):
                replay.locator("#replay-forward").click()
            replay.wait_for_function("() => window.tinkertable.replay.step === 6")
            replay.wait_for_function("() => !window.tinkertable.busy()")
            saved.append(shoot(replay, f"replay-{game_id}-move-6"))
        assert all(path.stat().st_size > 1000 for path in saved)
    finally:
        for context in contexts:
            context.close()
