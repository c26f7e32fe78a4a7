"""Script injection and the Content-Security-Policy in Chromium.

A player's name and chat lines that try to run script are shown as text on every page that
watches the lobby, and run nothing, with no help from the CSP (escaping is the first wall, the
CSP the second, and it must have nothing to refuse). Every page we serve (home, rules, the API
explorer, a started game of each of the five games, a replay) loads with no CSP violation.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import jsonpatch
import pytest
from playwright.sync_api import BrowserContext, Page, expect
from websockets.sync.client import ClientConnection, connect

from tests.registered import GAME_IDS, a_game

from .pages import NewContext, join, new_table, start, wait_live

pytestmark = pytest.mark.browser

GAMES = GAME_IDS  # every game of the registry
GAME = a_game(players=2)  # the game of the tests that need one
# The name `<img src=x onerror="window.__pwned=1">` is over the 32-character limit on
# names (the API refuses it, checked below); this one is the same attack, inside the limit.
LONG_NAME = '<img src=x onerror="window.__pwned=1">'
NAME = "<img src=x onerror=__pwned=1>"
LINES = ["<script>window.__pwned=2</script>", "<img src=x onerror=window.__pwned=3>"]

# Records every CSP violation the page reports (before any of the page's own scripts runs).
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} refused ${event.blockedURI || "inline"} ` +
    `(${event.sourceFile}:${event.lineNumber})`);
});
"""


# --- helpers ------------------------------------------------------------------------------------


class Watched:
    """A page whose CSP violations are recorded, from the event and from the console."""

    def __init__(self, context: BrowserContext) -> None:
        context.add_init_script(WATCH_VIOLATIONS)
        self.page = context.new_page()
        self.console: list[str] = []
        self.page.on("console", self._note)

    def _note(self, message: Any) -> None:
        if "Refused to" in message.text or "Content Security Policy" in message.text:
            self.console.append(message.text)

    def violations(self) -> list[str]:
        reported = self.page.evaluate("() => window.__cspViolations") or []
        return [*reported, *self.console]


def watched(new_context: NewContext) -> Watched:
    return Watched(new_context())


def create_lobby(page: Page, game: str, name: str, with_bots: bool = False) -> str:
    """Start a lobby from the home page's form (the page's own fetch calls); its link."""
    return new_table(page, game, name, against_bots=with_bots)


def never_ran(page: Page) -> None:
    assert page.evaluate("() => typeof window.__pwned") == "undefined"


def shows_as_text(page: Page) -> None:
    """The name and the chat lines are on the page as text; none became an element."""
    expect(page.locator("#seats")).to_contain_text(NAME)
    for line in LINES:
        expect(page.locator("#chat")).to_contain_text(f"{NAME}: {line}")
    assert page.locator("#seats img, #seats script, #chat img, #chat script").count() == 0
    never_ran(page)


class Seat:
    """One seat's websocket, keeping its view (snapshots and patches) as a client must."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.view: dict[str, Any] | None = None
        self.seq = -1

    def read(self) -> None:
        message = json.loads(self.socket.recv(timeout=60))
        if message["type"] == "snapshot":
            self.view, self.seq = message["view"], message["seq"]
        elif message["type"] == "patch":
            self.view = jsonpatch.apply_patch(self.view, message["ops"])
            self.seq = message["seq"]
        elif message["type"] == "error":
            raise AssertionError(f"the server refused an action: {message}")

    def until_seq(self, seq: int) -> dict[str, Any]:
        while self.seq < seq:
            self.read()
        assert self.view is not None
        return self.view


def finished_game(server: str, game: str) -> tuple[str, int]:
    """A game of `game` two scripted players finish over the public protocol, each taking
    their first legal action: (its code, how many actions it took)."""
    with httpx.Client(base_url=server) as http:
        created = http.post("/api/lobbies", json={"game": game, "name": "Ann"})
        code, ann = created.json()["code"], created.json()["player"]["token"]
        bob = http.post(f"/api/lobbies/{code}/players", json={"name": "Bob"})
        started = http.post(
            f"/api/lobbies/{code}/start", json={}, headers={"authorization": f"Bearer {ann}"}
        )
        assert started.status_code == 200, started.text
    sockets = server.replace("http", "ws", 1) + f"/ws/{code}?token="
    tokens = [ann, bob.json()["player"]["token"]]
    with connect(sockets + tokens[0]) as first, connect(sockets + tokens[1]) as second:
        seats = [Seat(first), Seat(second)]
        seq = 0
        while seats[0].until_seq(seq)["result"] is None:
            assert seq < 100, f"{game} did not end in 100 actions"
            mover = next(seat for seat in seats if seat.until_seq(seq)["legal"])
            assert mover.view is not None
            action = {"type": "action", "id": seq, "action": mover.view["legal"][0]}
            mover.socket.send(json.dumps(action))
            seq += 1
    return code, seq


# --- injection ----------------------------------------------------------------------------------


def test_script_in_a_name_and_in_chat_shows_as_text_and_never_runs(
    new_context: NewContext,
) -> None:
    ann, bob, spectator = watched(new_context), watched(new_context), watched(new_context)
    link = create_lobby(ann.page, GAME, "Ann")
    code = link.rsplit("/", 1)[1]
    refused = bob.page.request.post(f"/api/lobbies/{code}/players", data={"name": LONG_NAME})
    assert refused.status == 422 and refused.json()["error"] == "invalid"

    join(bob.page, link, NAME)
    spectator.page.goto(link)
    wait_live(spectator.page)
    for line in LINES:
        bob.page.locator("#chat-text").fill(line)
        bob.page.locator("#chat-form").get_by_role("button", name="Send").click()
    for watcher in (ann, bob, spectator):
        shows_as_text(watcher.page)

    # A fresh load: the seats as the server renders them, the chat as it replays it.
    spectator.page.reload()
    wait_live(spectator.page)
    shows_as_text(spectator.page)

    start(ann.page, bob.page)
    spectator.page.wait_for_function("() => window.tinkertable.client.view !== null")
    for watcher in (ann, bob, spectator):
        page = watcher.page
        expect(page.locator("#players")).to_contain_text(NAME)
        expect(page.locator("#board")).to_contain_text(NAME)
        assert page.locator("#game img, #game script").count() == 0
        never_ran(page)
        assert watcher.violations() == []  # escaping alone did it: the CSP had nothing to refuse


# --- the CSP on every page ----------------------------------------------------------------------


def test_the_watcher_sees_a_violation_when_there_is_one(new_context: NewContext) -> None:
    watcher = watched(new_context)
    watcher.page.goto("/")
    watcher.page.evaluate(
        """() => { const script = document.createElement("script");
                   script.textContent = "window.__pwned = 4";
                   document.body.append(script); }"""
    )
    watcher.page.wait_for_function("() => window.__cspViolations.length > 0")
    never_ran(watcher.page)
    assert any("script-src" in violation for violation in watcher.violations())


@pytest.mark.parametrize("game", GAMES)
def test_a_started_game_page_loads_without_a_csp_violation(
    new_context: NewContext, game: str
) -> None:
    watcher = watched(new_context)
    page = watcher.page
    create_lobby(page, game, "Ann", with_bots=True)
    page.wait_for_function("() => window.tinkertable.client.view?.status === 'playing'")
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#board > *").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert watcher.violations() == []


def test_home_rules_replay_and_missing_pages_load_without_a_csp_violation(
    new_context: NewContext, server: str
) -> None:
    watcher = watched(new_context)
    page = watcher.page
    page.goto("/")
    expect(page.locator("form.new-game")).to_have_count(len(GAMES))
    for game in GAMES:
        page.goto(f"/rules/{game}")
        expect(page.locator("article.rules h1, article.rules h2").first).to_be_visible()
    assert page.goto("/l/zzzzzzzzzzzzz").status == 404

    code, actions = finished_game(server, GAME)
    page.goto(f"/l/{code}/replay")
    page.wait_for_function("n => window.tinkertable?.replay?.step === n", arg=actions)
    page.locator("#replay-back").click()
    page.wait_for_function("n => window.tinkertable.replay.step === n", arg=actions - 1)
    expect(page.locator("#board > *").first).to_be_visible()
    page.goto(f"/l/{code}")  # the finished game's table
    expect(page.locator("#result")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert watcher.violations() == []


def test_the_api_explorer_loads_and_calls_the_api_without_a_csp_violation(
    new_context: NewContext,
) -> None:
    """Swagger UI on /docs (its files under /api-docs) runs under the pages' own policy, and
    its "Try it out" calls pass the CSRF wall (same origin, JSON)."""
    watcher = watched(new_context)
    page = watcher.page
    page.goto("/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tinkertable")
    create = page.locator(".opblock-post").filter(
        has=page.locator(".opblock-summary-path", has_text=re.compile(r"^/api/lobbies$"))
    )
    create.locator(".opblock-summary").click()
    create.get_by_role("button", name="Try it out").click()
    create.locator("textarea.body-param__text").fill(json.dumps({"game": GAME, "name": "Swagger"}))
    create.get_by_role("button", name="Execute").click()
    expect(create.locator(".live-responses-table tbody .response-col_status").first).to_have_text(
        "201"
    )
    assert watcher.violations() == []
