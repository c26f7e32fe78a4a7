"""Pages served from another port of the same host, in Chromium.

Cookies do not keep to a port: a page on 127.0.0.1:OTHER is same-site with the server on
127.0.0.1:PORT, so the browser hands it the lobby cookie when it opens our websocket, and a
response from it may replace that cookie. The server refuses the websocket of a page of another
origin (close 4403, before it learns anything), and a page that lost its cookie takes its seat
back with the token it kept in its own origin's storage.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.registered import a_game

from .pages import NewContext, join, new_table, start, wait_live

pytestmark = pytest.mark.browser

# The page elsewhere: it opens the websocket named in its query and writes down what it hears;
# once open, it chats and sends an action as whoever the cookie says it is.
ELSEWHERE_PAGE = """<!doctype html>
<title>Elsewhere</title>
<script>
window.heard = { messages: [], closed: null };
const socket = new WebSocket(new URLSearchParams(location.search).get("target"));
socket.addEventListener("message", (event) => window.heard.messages.push(JSON.parse(event.data)));
socket.addEventListener("close", (event) => { window.heard.closed = event.code; });
socket.addEventListener("open", () => {
  socket.send(JSON.stringify({ type: "chat", text: "hello from elsewhere" }));
  socket.send(JSON.stringify({ type: "action", id: 1, action: { type: "roll" } }));
});
</script>
"""


class Elsewhere(BaseHTTPRequestHandler):
    """Another site on another port of 127.0.0.1: `/?target=WS_URL` opens that websocket;
    `/cookie?name=N&value=V` answers with a cookie, as any response from that port may."""

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        url = urlsplit(self.path)
        query = {name: values[0] for name, values in parse_qs(url.query).items()}
        self.send_response(200)
        self.send_header("content-type", "text/html; charset=utf-8")
        if url.path == "/cookie":
            cookie = f"{query['name']}={query['value']}; Path=/; HttpOnly; SameSite=Lax"
            self.send_header("set-cookie", cookie)
        self.end_headers()
        self.wfile.write(ELSEWHERE_PAGE.encode() if url.path == "/" else b"ok")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture
def elsewhere() -> Iterator[str]:
    """The other site's base URL, on a port of its own."""
    site = ThreadingHTTPServer(("127.0.0.1", 0), Elsewhere)
    serving = threading.Thread(target=site.serve_forever, daemon=True)
    serving.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}"
    finally:
        site.shutdown()
        site.server_close()
        serving.join()


def lobby_cookie(context: BrowserContext, code: str) -> str | None:
    values = [c["value"] for c in context.cookies() if c["name"] == f"tt_{code}"]
    assert len(values) <= 1, values
    return values[0] if values else None


def chat(page: Page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-form button").click()


# --- the websocket --------------------------------------------------------------------------------


def test_a_page_on_another_port_cannot_use_a_players_websocket(
    new_context: NewContext, server: str, elsewhere: str
) -> None:
    ann_context, bob_context = new_context(), new_context()
    ann, bob = ann_context.new_page(), bob_context.new_page()
    new_table(ann, a_game(players=2), "Ann")
    code = ann.url.rsplit("/", 1)[1]
    join(bob, f"/l/{code}", "Bob")
    start(ann, bob)
    seq = ann.evaluate("() => window.tinkertable.client.seq")

    # Ann, seated and playing, opens a page of another site on another port of the host.
    target = f"ws://{server.removeprefix('http://')}/ws/{code}"
    assert lobby_cookie(ann_context, code)  # which that page's websocket is handed
    trap = ann_context.new_page()
    trap.goto(f"{elsewhere}/?target={target}")
    trap.wait_for_function(
        "() => window.heard.closed !== null"
        " || window.heard.messages.some((message) => message.type !== 'error')"
    )
    heard = trap.evaluate("() => window.heard")
    assert heard["closed"] == 4403, json.dumps(heard)[:2000]
    assert [message["type"] for message in heard["messages"]] == ["error"], heard
    assert heard["messages"][0]["error"] == "forbidden"

    # Nothing reached the table; Ann's own page still plays and chats.
    chat(ann, "hello from the table")
    for page in (ann, bob):
        expect(page.locator("#chat")).to_contain_text("Ann: hello from the table")
        expect(page.locator("#chat")).not_to_contain_text("hello from elsewhere")
    assert ann.evaluate("() => window.tinkertable.client.seq") == seq
    wait_live(ann)


# --- the lobby cookie ----------------------------------------------------------------------------


def test_a_seat_whose_cookie_another_port_replaced_is_taken_back(
    new_context: NewContext, elsewhere: str
) -> None:
    host_context, bob_context, eve_context = new_context(), new_context(), new_context()
    created = host_context.request.post(
        "/api/lobbies", data={"game": a_game(players=3), "name": "Ann", "options": {}}
    )
    assert created.status == 201, created.text()
    code = created.json()["code"]
    eve = eve_context.request.post(f"/api/lobbies/{code}/players", data={"name": "Eve"})
    assert eve.status == 201, eve.text()
    bob = bob_context.new_page()
    join(bob, f"/l/{code}", "Bob")
    bobs_token = lobby_cookie(bob_context, code)
    assert bob.locator("#table").get_attribute("data-seat") == "2"

    # A response from the other port replaces the cookie: with nonsense, then with Eve's seat.
    for replacement in ("nonsense", eve.json()["player"]["token"]):
        answer = bob.goto(f"{elsewhere}/cookie?name=tt_{code}&value={replacement}")
        assert answer is not None and answer.ok
        assert lobby_cookie(bob_context, code) == replacement

        bob.goto(f"/l/{code}")
        wait_live(bob)
        assert bob.locator("#table").get_attribute("data-seat") == "2"
        expect(bob.locator("#join")).to_have_count(0)
        expect(bob.locator("#seats")).to_contain_text("Bob — you")
        assert lobby_cookie(bob_context, code) == bobs_token
