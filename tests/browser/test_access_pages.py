"""Every page outside the game's board, for everyone (issue "Every hand and every eye"): axe-core
finds nothing (WCAG 2.0/2.1/2.2 A and AA, no rule disabled) at 1280 x 800 and 375 x 740 on the
home page and each game's new-game dialog, "Your games", the lobby as the host, an invited
friend, a friend who joined and a newcomer to a full table, each game's rules, the owner's pages,
a missing page, the API docs, and each game's replay and result banner (whose score chart tells
its lines apart by more than colour, and reads as a table; both photographed at both sizes, the
replay at move 6 too: fixtures.py's `shoot`); at 200% zoom nothing is cut or
overlaps; every dialog opens, closes and gives the focus back by keyboard; with reduced motion
asked for, nothing moves.

One server with an owner's token for the whole module; the finished games are written straight
into its database (recorded.py), the lobbies made through the API."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.registered import GAME_IDS, a_game

from .access import (
    WIDE,
    at_both_sizes,
    axe_found,
    check_no_overlap,
    colour_vision,
    zoomed,
)
from .fixtures import bounded_context, serving, shoot_at_each_size
from .recorded import RecordedServer

pytestmark = pytest.mark.browser

TOKEN = "owner-token-for-the-access-pages"
FOR_TWO = a_game(players=2, where=lambda entry: entry.game.max_players == 2)


@pytest.fixture(scope="module")
def owned(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RecordedServer]:
    """A server with an owner's token whose database the tests write finished games into."""
    directory: Path = tmp_path_factory.mktemp("access-pages")
    with serving(directory, ADMIN_TOKEN=TOKEN) as url:
        yield RecordedServer(url, f"sqlite+aiosqlite:///{directory / 'browser.db'}")


@pytest.fixture
def open_page(browser: Any, owned: RecordedServer) -> Iterator[Any]:
    """Pages of their own browser contexts on the module's server (options as Playwright's
    new_context takes them); every context is closed after the test."""
    contexts: list[Any] = []

    def new_page(**options: Any) -> Page:
        context = bounded_context(browser, base_url=owned.url, **options)
        contexts.append(context)
        return context.new_page()

    yield new_page
    for context in reversed(contexts):
        context.close()


def no_overlap_zoomed(page: Page, where: str, artifacts: Path, name: str) -> None:
    """At 200% zoom nothing is cut, covered or wider than the window; a screenshot to look at."""
    with zoomed(page):
        page.screenshot(path=artifacts / f"access-{name}-zoom200.png", full_page=True)
        check_no_overlap(page, where)


def dialog_fits_zoomed(page: Page, artifacts: Path, name: str) -> None:
    """The open modal dialog at 200% zoom: nothing in it cut or covered."""
    with zoomed(page):
        page.screenshot(path=artifacts / f"access-{name}-zoom200.png")
        check_no_overlap(page, f"the {name}", within="dialog[open]")


def focused_inside(page: Page, selector: str) -> bool:
    return page.evaluate(
        "(selector) => document.querySelector(selector).contains(document.activeElement)", selector
    )


def test_home_and_each_new_game_dialog_serve_keyboard_screen_reader_and_zoom(
    open_page: Any, artifacts: Path
) -> None:
    page = open_page(viewport=WIDE)
    page.goto("/")
    at_both_sizes(page, "the home page")
    no_overlap_zoomed(page, "the home page", artifacts, "home")
    found = []
    for game in GAME_IDS:
        opener = page.locator(f"#game-{game} .open-new-game")
        dialog = page.locator(f"#new-{game}")
        # By keyboard: Enter on its button opens it, the focus goes into it, Escape closes it
        # and gives the focus back to the button.
        opener.focus()
        page.keyboard.press("Enter")
        expect(dialog).to_have_js_property("open", True)
        assert focused_inside(page, f"#new-{game}"), f"the focus stayed outside {game}'s dialog"
        dialog.locator("details.table-options > summary").focus()
        page.keyboard.press("Enter")  # "Table options" unfolds by keyboard too
        expect(dialog.locator("details.table-options")).to_have_attribute("open", "")
        found += axe_found(page, f"the new-game dialog of {game}")
        page.keyboard.press("Escape")
        expect(dialog).to_have_js_property("open", False)
        expect(opener).to_be_focused()
    assert not found, "axe finds:\n" + "\n".join(found)

    # The last one again, by its Cancel button (Space on it), and seen at 200% zoom.
    opener = page.locator(f"#game-{GAME_IDS[-1]} .open-new-game")
    opener.focus()
    page.keyboard.press("Enter")
    dialog = page.locator(f"#new-{GAME_IDS[-1]}")
    dialog_fits_zoomed(page, artifacts, "new-game dialog")
    dialog.get_by_role("button", name="Cancel").focus()
    page.keyboard.press("Space")
    expect(dialog).to_have_js_property("open", False)
    expect(opener).to_be_focused()


def keep_seat(page: Page, code: str, token: str | None) -> None:
    """This browser keeps the seat (as home.js does after a create): "Your games" lists it."""
    seat = json.dumps({"id": 1, "token": token, "at": 1})
    page.evaluate(
        "([code, seat]) => localStorage.setItem(`tinkertable.seat.${code}`, seat)",
        [
            code,
            seat,
        ],
    )


def test_your_games_with_a_game_going_and_a_finished_one(
    open_page: Any, owned: RecordedServer
) -> None:
    going = owned.halfway(GAME_IDS[0])
    done = owned.finished(GAME_IDS[-1])
    page = open_page(viewport=WIDE)
    page.goto("/")
    keep_seat(page, going.code, going.token)
    keep_seat(page, done.code, done.token)
    page.reload()
    expect(page.locator("#your-games .your-game")).to_have_count(1)
    expect(page.locator("#your-finished .your-finished-game")).to_have_count(1)
    page.locator("#your-finished > summary").focus()
    if page.locator("#your-finished").get_attribute("open") is None:
        page.keyboard.press("Enter")
    expect(page.locator("#your-finished .your-game-replay")).to_be_visible()
    at_both_sizes(page, '"Your games"')


def lobby_page(page: Page, code: str) -> Page:
    page.goto(f"/l/{code}")
    page.wait_for_function("() => window.tinkertable && window.tinkertable.client.live")
    return page


def test_the_lobby_before_the_start_for_the_host_a_friend_and_a_watcher(
    open_page: Any, artifacts: Path
) -> None:
    host = open_page(viewport=WIDE)
    created = host.request.post("/api/lobbies", data={"game": FOR_TWO, "name": "Ann"})
    assert created.ok, created.text()
    code = created.json()["code"]
    lobby_page(host, code)
    expect(host.get_by_role("button", name="Start the game")).to_be_visible()
    found = axe_found(host, "the host's lobby")

    friend = lobby_page(open_page(viewport=WIDE), code)
    expect(friend.get_by_role("button", name="Join")).to_be_visible()
    found += axe_found(friend, "the lobby of an invited friend")

    joined = open_page(viewport=WIDE)
    assert joined.request.post(f"/api/lobbies/{code}/players", data={"name": "Bob"}).ok
    lobby_page(joined, code)
    expect(joined.get_by_text("You are in. Waiting for the host to start.")).to_be_visible()
    found += axe_found(joined, "the lobby of a friend who joined")

    watcher = lobby_page(open_page(viewport=WIDE), code)
    expect(watcher.get_by_role("button", name="Watch")).to_be_visible()
    found += axe_found(watcher, "a full lobby")

    # The host's table options, unfolded by keyboard, pass too; and nothing overlaps zoomed.
    host.locator("#table-options-box > summary").focus()
    host.keyboard.press("Enter")
    expect(host.locator("#table-options-box")).to_have_attribute("open", "")
    found += axe_found(host, "the host's lobby with its table options")
    assert not found, "axe finds:\n" + "\n".join(found)
    no_overlap_zoomed(host, "the host's lobby", artifacts, "lobby-host")
    no_overlap_zoomed(friend, "the invited friend's lobby", artifacts, "lobby-friend")


def test_every_game_s_rules_page(open_page: Any, artifacts: Path) -> None:
    page = open_page(viewport=WIDE)
    found = []
    for game in GAME_IDS:
        page.goto(f"/rules/{game}")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        found += axe_found(page, f"the rules of {game}")
        no_overlap_zoomed(page, f"the rules of {game}", artifacts, f"rules-{game}")
    assert not found, "axe finds:\n" + "\n".join(found)


def test_the_owner_s_pages_the_api_docs_and_a_missing_page(
    open_page: Any, owned: RecordedServer
) -> None:
    going, done = owned.halfway(GAME_IDS[0]), owned.finished(GAME_IDS[-1])  # tables to list
    page = open_page(viewport=WIDE)
    for missing in ("/l/nosuchtable", "/rules/no-such-game"):
        response = page.goto(missing)
        assert response is not None and response.status == 404
        expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
        at_both_sizes(page, f"the missing page {missing}")

    page.goto("/admin")
    at_both_sizes(page, "the owner's sign-in page")
    page.get_by_label("Owner's token").fill("not the token")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    at_both_sizes(page, "the owner's sign-in page with its error")
    page.get_by_label("Owner's token").fill(TOKEN)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Owner's page")).to_be_visible()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    expect(page.locator(f"#table-{going.code}")).to_be_visible()
    expect(page.locator(f"#table-{done.code}")).to_be_visible()
    page.locator(f"#table-{done.code} .admin-delete > summary").focus()
    page.keyboard.press("Enter")  # "Delete…" unfolds by keyboard
    expect(page.locator(f"#table-{done.code} .admin-delete")).to_have_attribute("open", "")
    at_both_sizes(page, "the owner's page")

    page.goto("/docs")  # the API's explorer (Swagger UI): as loaded, an operation open, tried
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    at_both_sizes(page, "the API docs")
    page.locator(".swagger-ui .opblock-post .opblock-summary-control").first.click()
    page.get_by_role("button", name="Try it out").first.click()
    expect(page.locator(".swagger-ui .btn.execute").first).to_be_visible()
    at_both_sizes(page, "the API docs with an operation tried")


# Each line of the chart, told apart by more than its colour: its dash, its markers' shape, its
# colour's contrast on the chart's white; and the names at the lines' ends.
CHART_LINES = """() => {
  const chart = document.querySelector("#result .score-chart");
  const luminance = (color) => {
    const [r, g, b] = color.match(/\\d+/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const shape = (mark) => mark.tagName + (mark.getAttribute("d") || "");
  return [...chart.querySelectorAll(".chart-seat")].map((seat) => {
    const line = seat.querySelector(".chart-line");
    const marks = [...seat.querySelectorAll(".chart-marker")];
    // The name at the line's end, beside the line's own marker.
    const end = chart.querySelector(`.chart-end[data-seat="${seat.dataset.seat}"]`);
    return {
      dash: line.getAttribute("stroke-dasharray"),
      shape: shape(marks[0]),
      marks: marks.length,
      contrast: 1.05 / (luminance(getComputedStyle(line).stroke) + 0.05),
      name: end?.querySelector(".chart-name").textContent,
      endShape: end && shape(end.querySelector(".chart-marker")),
    };
  });
}"""


def check_the_chart(page: Page, code: str, where: str) -> None:
    progress = page.request.get(f"/api/lobbies/{code}/progress").json()
    lines = page.evaluate(CHART_LINES)
    assert len(lines) == len(progress["names"]), where
    assert len({line["dash"] for line in lines}) == len(lines), f"two lines share a dash: {where}"
    assert len({line["shape"] for line in lines}) == len(lines), f"two share a marker: {where}"
    assert all(line["marks"] > 1 for line in lines), where
    assert all(line["contrast"] >= 3 for line in lines), f"a line under 3:1 on {where}: {lines}"
    assert [line["name"] for line in lines] == progress["names"], where
    assert all(line["endShape"] == line["shape"] for line in lines), where
    # As text: the table of every change, folded under its summary, opened by keyboard.
    table = page.locator("#result .chart-table")
    table.locator("summary").focus()
    page.keyboard.press("Enter")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(progress["points"]))
    last = progress["points"][-1]
    expect(rows.last.locator("td")).to_have_count(len(progress["names"]))
    expect(rows.last.locator("th")).to_have_text(f"Move {last[0]}" if last[0] else "Start")


def finished_game_page(open_page: Any, owned: RecordedServer, game: str) -> tuple[Page, str]:
    """A finished game of `game` written into the server, and a page holding Ann's seat."""
    recorded = owned.finished(game)
    page = open_page(viewport=WIDE)
    page.context.add_cookies(recorded.cookies(owned.url))
    return page, recorded.code


def test_every_game_s_result_banner_and_its_chart(
    open_page: Any, owned: RecordedServer, artifacts: Path
) -> None:
    found = []
    for game in GAME_IDS:
        page, code = finished_game_page(open_page, owned, game)
        page.goto(f"/l/{code}")
        expect(page.locator("#result .score-chart")).to_be_visible()
        shoot_at_each_size(page, f"table-{game}-end")  # as it comes, nothing opened yet
        check_the_chart(page, code, f"the result of {game}")
        found += axe_found(page, f"the result banner of {game}")
        result = page.locator("#result")
        for kind in ("deuteranopia", "protanopia"):
            with colour_vision(page, kind):
                result.screenshot(path=artifacts / f"access-result-{game}-{kind}.png")
        page.context.close()
    assert not found, "axe finds:\n" + "\n".join(found)


def test_every_game_s_replay(open_page: Any, owned: RecordedServer) -> None:
    found = []
    for game in GAME_IDS:
        page, code = finished_game_page(open_page, owned, game)
        page.goto(f"/l/{code}/replay")
        expect(page.locator("#result .score-chart")).to_be_visible()  # at the last step
        expect(page.locator("#log li").first).to_be_attached()
        found += axe_found(page, f"the replay of {game}")
        shoot_at_each_size(page, f"replay-{game}-end")
        page.locator("#replay-first").click()
        page.wait_for_function("() => window.tinkertable.replay.step === 0")
        for _ in range(6):
            page.locator("#replay-forward").click()
        page.wait_for_function(
            "() => window.tinkertable.replay.step === 6 && !window.tinkertable.busy()"
        )
        shoot_at_each_size(page, f"replay-{game}-move-6")
        page.context.close()
    assert not found, "axe finds:\n" + "\n".join(found)


# What still moves: the page's animations and transitions, and every element whose computed
# style would animate or transition (a transition starts only when a value changes, so the
# styles are what tell that one would).
MOVING = """() => {
  const moving = document.getAnimations().map((a) => `${a.constructor.name} ${a.animationName
    || a.transitionProperty || ""} on ${a.effect?.target?.outerHTML?.slice(0, 60)}`);
  const timed = (value) => value.split(",").some((part) => parseFloat(part) > 0);
  for (const element of document.querySelectorAll("*")) {
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      if (style.animationName !== "none" && timed(style.animationDuration)
          || timed(style.transitionDuration) || timed(style.transitionDelay)) {
        moving.push(`${element.tagName.toLowerCase()}.${element.className}${pseudo || ""}`);
      }
    }
    if (getComputedStyle(element).scrollBehavior === "smooth") moving.push(element.tagName);
  }
  return moving.slice(0, 10);
}"""


def test_nothing_moves_when_reduced_motion_is_asked_for(open_page: Any) -> None:
    # Asked for nothing: the folding sections' arrow turns (what the rule must stop).
    page = open_page(viewport=WIDE)
    page.goto("/")
    assert page.evaluate(MOVING), "nothing here moves at all: this test would prove nothing"

    page = open_page(viewport=WIDE, reduced_motion="reduce")
    page.goto("/")
    page.locator(f"#game-{GAME_IDS[0]} .open-new-game").click()
    dialog = page.locator(f"#new-{GAME_IDS[0]}")
    expect(dialog).to_have_js_property("open", True)
    dialog.locator("details.table-options > summary").click()
    assert page.evaluate(MOVING) == [], "the home page moves"
    code = page.request.post("/api/lobbies", data={"game": FOR_TWO, "name": "Ann"}).json()["code"]
    lobby_page(page, code)
    page.locator("#table-options-box > summary").click()
    assert page.evaluate(MOVING) == [], "the lobby moves"
