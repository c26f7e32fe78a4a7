"""Web safety at the edge (app/edge/security.py and the lobby cookie): the security headers on every
kind of answer, the CSRF wall in front of the API's writes, the websocket's refusal of pages of
another origin, and the cookie's attributes over HTTP, HTTPS and behind a proxy. On SQLite only:
nothing here depends on the database. (In a real browser, with a page on another port of the
same host: tests/browser/test_foreign_pages.py.)
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.config import Settings
from app.edge.security import SecurityMiddleware, content_security_policy
from app.main import create_app
from tests.play.tables import serving
from tests.registered import a_game

EVIL = "https://evil.example"
HERE = "http://testserver"  # the TestClient's own origin
GAME = a_game(players=2)  # the game of the lobbies these tests open


@pytest.fixture
def settings(sqlite_template: Path, tmp_path: Path) -> Settings:
    path = tmp_path / "tinkertable.db"
    shutil.copy(sqlite_template, path)
    return Settings(
        database_url=f"sqlite+aiosqlite:///{path}", migrate_on_start=False, _env_file=None
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with serving(settings) as test_client:
        yield test_client


# --- helpers ------------------------------------------------------------------------------------


def directives(policy: str) -> dict[str, list[str]]:
    found = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            found[words[0].lower()] = words[1:]
    return found


def refused(response: httpx.Response) -> dict[str, Any]:
    """The CSRF wall's answer: 403 and the protocol's error shape, code `forbidden`."""
    assert response.status_code == 403, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "message"} and body["error"] == "forbidden", body
    assert body["message"]
    return body


def open_lobby(client: TestClient) -> tuple[str, str]:
    """A lobby of a two-seat game hosted by Ann, with no cookie kept: (code, Ann's token)."""
    created = client.post("/api/lobbies", json={"game": GAME, "name": "Ann"})
    assert created.status_code == 201, created.text
    client.cookies.clear()
    return created.json()["code"], created.json()["player"]["token"]


def players(client: TestClient, code: str) -> list[str]:
    return [player["name"] for player in client.get(f"/api/lobbies/{code}").json()["players"]]


def lobby_cookie(response: httpx.Response, code: str) -> list[str]:
    """The attributes of the `tt_{code}` cookie the response sets, lower-cased."""
    cookies = [c for c in response.headers.get_list("set-cookie") if c.startswith(f"tt_{code}=")]
    assert len(cookies) == 1, response.headers.get_list("set-cookie")
    return [part.strip().lower() for part in cookies[0].split(";")]


# --- headers ------------------------------------------------------------------------------------


def assert_security_headers(response: httpx.Response) -> None:
    headers = response.headers
    policy = directives(headers["content-security-policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert set(policy["connect-src"]) == {"'self'", "ws://testserver", "wss://testserver"}
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["x-frame-options"] == "DENY"


def test_every_kind_of_answer_carries_the_security_headers(client: TestClient) -> None:
    code, _ = open_lobby(client)
    answers = {
        "home page": client.get("/"),
        "lobby page": client.get(f"/l/{code}"),
        "replay page": client.get(f"/l/{code}/replay"),
        "rules page": client.get(f"/rules/{GAME}"),
        "API explorer": client.get("/docs"),
        "missing page": client.get("/l/zzzzzzzzzzzzz"),
        "API answer": client.get(f"/api/lobbies/{code}"),
        "API error": client.get("/api/lobbies/zzzzzzzzzzzzz"),
        "invalid body": client.post("/api/lobbies", json={"game": 3}),
        "wrong method": client.delete("/api/games"),
        "no such route": client.get("/nowhere"),
        "static file": client.get("/static/js/table.js"),
        "Swagger UI file": client.get("/api-docs/swagger-ui.css"),
        "OpenAPI schema": client.get("/openapi.json"),
        "CSRF refusal": client.post("/api/lobbies", json={}, headers={"origin": EVIL}),
    }
    statuses = {name: answer.status_code for name, answer in answers.items()}
    assert statuses == {
        "home page": 200,
        "lobby page": 200,
        "replay page": 200,
        "rules page": 200,
        "API explorer": 200,
        "missing page": 404,
        "API answer": 200,
        "API error": 404,
        "invalid body": 422,
        "wrong method": 405,
        "no such route": 404,
        "static file": 200,
        "Swagger UI file": 200,
        "OpenAPI schema": 200,
        "CSRF refusal": 403,
    }
    for answer in answers.values():
        assert_security_headers(answer)


def test_the_websocket_source_names_only_a_well_formed_host(client: TestClient) -> None:
    named = client.get("/", headers={"host": "games.example:8443"})
    policy = directives(named.headers["content-security-policy"])
    assert set(policy["connect-src"]) == {
        "'self'",
        "ws://games.example:8443",
        "wss://games.example:8443",
    }
    # A Host header that would smuggle sources or directives into the policy is left out.
    smuggled = client.get("/", headers={"host": "x; script-src * 'unsafe-inline'"})
    policy = directives(smuggled.headers["content-security-policy"])
    assert policy["connect-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert "'unsafe-inline'" not in smuggled.headers["content-security-policy"]


@pytest.mark.parametrize(
    ("host", "connect_src"),
    [
        ("[::1]:8000", "'self' ws://[::1]:8000 wss://[::1]:8000"),
        ("127.0.0.1", "'self' ws://127.0.0.1 wss://127.0.0.1"),
        (None, "'self'"),
        ("", "'self'"),
        ("a b", "'self'"),
        ("host/path", "'self'"),
    ],
)
def test_connect_src_for_a_host(host: str | None, connect_src: str) -> None:
    assert directives(content_security_policy(host))["connect-src"] == connect_src.split()


def test_a_response_keeps_a_header_it_set_itself() -> None:
    async def framed(request: Any) -> PlainTextResponse:
        return PlainTextResponse("ok", headers={"x-frame-options": "SAMEORIGIN"})

    app = SecurityMiddleware(Starlette(routes=[Route("/", framed)]))
    with TestClient(app) as client:
        answer = client.get("/")
    assert answer.headers["x-frame-options"] == "SAMEORIGIN"
    assert answer.headers.get_list("x-frame-options") == ["SAMEORIGIN"]
    assert answer.headers["x-content-type-options"] == "nosniff"


# --- CSRF ---------------------------------------------------------------------------------------


def test_a_cross_site_page_cannot_join_start_or_seat_a_bot(client: TestClient) -> None:
    code, ann = open_lobby(client)
    client.cookies.set(f"tt_{code}", ann)  # Ann's browser holds her cookie
    cross_site = {"origin": EVIL}
    refused(client.post(f"/api/lobbies/{code}/players", json={"name": "Eve"}, headers=cross_site))
    refused(client.post(f"/api/lobbies/{code}/bots", json={}, headers=cross_site))
    refused(client.post(f"/api/lobbies/{code}/start", json={}, headers=cross_site))
    refused(client.post(f"/api/lobbies/{code}/options", json={"options": {}}, headers=cross_site))
    refused(client.post("/api/lobbies", json={"game": GAME, "name": "E"}, headers=cross_site))
    assert players(client, code) == ["Ann"]
    assert client.get(f"/api/lobbies/{code}").json()["status"] == "open"

    # The same calls from the lobby's own page go through, cookie and all.
    here = {"origin": HERE, "referer": f"{HERE}/l/{code}"}
    bot = client.post(f"/api/lobbies/{code}/bots", json={}, headers=here)
    assert bot.status_code == 201, bot.text
    refused(
        client.delete(
            f"/api/lobbies/{code}/players/{bot.json()['player']['id']}", headers=cross_site
        )
    )
    assert players(client, code) == ["Ann", "Easy bot"]
    removed = client.delete(
        f"/api/lobbies/{code}/players/{bot.json()['player']['id']}", headers=here
    )
    assert removed.status_code == 200, removed.text
    assert players(client, code) == ["Ann"]


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": EVIL},
        {"origin": EVIL, "referer": f"{HERE}/l/x"},  # the Origin decides when there is one
        {"referer": f"{EVIL}/page"},
        {"origin": "null"},  # a sandboxed frame or an opaque origin
        {"origin": "http://testserver:8080"},  # same name, another port
        {"origin": "https://testserver.evil.example"},
        {"origin": "http://eviltestserver"},
        {"origin": "file:///home/me/page.html"},
        {"referer": "not a url"},
        {"origin": "http://[::1"},
        {"origin": "http://testserver:99999"},
    ],
    ids=lambda headers: " ".join(f"{name}={value}" for name, value in headers.items()),
)
def test_a_write_from_another_site_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    code, _ = open_lobby(client)
    refused(client.post(f"/api/lobbies/{code}/players", json={"name": "Eve"}, headers=headers))
    assert players(client, code) == ["Ann"]


@pytest.mark.parametrize(
    "headers",
    [
        {},  # curl, bots, scripts
        {"origin": HERE},
        {"origin": "HTTP://TestServer"},
        {"origin": "http://testserver:80"},
        {"referer": f"{HERE}/l/somewhere?x=1"},
        {"origin": "https://games.example", "host": "games.example"},
        {"origin": "https://games.example", "host": "games.example:443"},
        # Behind a proxy that rewrote Host but says which host the browser asked for.
        {"origin": "https://games.example", "x-forwarded-host": "games.example"},
    ],
    ids=lambda headers: " ".join(f"{name}={value}" for name, value in headers.items()) or "none",
)
def test_a_write_from_the_same_host_or_no_page_passes(
    client: TestClient, headers: dict[str, str]
) -> None:
    code, _ = open_lobby(client)
    joined = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"}, headers=headers)
    assert joined.status_code == 201, joined.text
    assert players(client, code) == ["Ann", "Bob"]


def test_reading_from_another_site_is_not_refused(client: TestClient) -> None:
    code, _ = open_lobby(client)
    assert client.get(f"/api/lobbies/{code}", headers={"origin": EVIL}).status_code == 200
    assert client.get("/api/games", headers={"referer": f"{EVIL}/"}).status_code == 200


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        ("name=Eve", "application/x-www-form-urlencoded"),  # a plain HTML form
        ('{"name": "Eve"}', "text/plain"),  # a form with enctype=text/plain, or no-cors fetch
        (
            '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nEve\r\n--b--\r\n',
            "multipart/form-data; boundary=b",
        ),
        ('{"name": "Eve"}', None),  # a body with no Content-Type at all
        ('{"name": "Eve"}', "application/jsonp"),
    ],
    ids=["urlencoded", "text-plain", "multipart", "no-type", "jsonp"],
)
def test_a_body_that_is_not_json_is_refused(
    client: TestClient, content: str, content_type: str | None
) -> None:
    code, _ = open_lobby(client)
    headers = {"content-type": content_type} if content_type else {}
    answer = client.post(f"/api/lobbies/{code}/players", content=content, headers=headers)
    body = refused(answer)
    assert "application/json" in body["message"]
    assert players(client, code) == ["Ann"]


def test_json_with_a_charset_and_calls_without_a_body_pass(client: TestClient) -> None:
    code, ann = open_lobby(client)
    joined = client.post(
        f"/api/lobbies/{code}/players",
        content='{"name": "Bob"}',
        headers={"content-type": "Application/JSON; charset=utf-8", "origin": HERE},
    )
    assert joined.status_code == 201, joined.text
    # A call without a body and Content-Type passes too (the page's removals send none).
    bearer = {"authorization": f"Bearer {ann}", "origin": HERE}
    started = client.post(f"/api/lobbies/{code}/start", headers=bearer)
    assert started.status_code == 200, started.text
    assert started.json()["status"] == "playing"


def test_the_wall_guards_only_the_api(client: TestClient) -> None:
    # Pages take no writes at all: a cross-site post to one is the router's 405, not our 403.
    assert client.post("/", headers={"origin": EVIL}).status_code == 405
    assert client.post("/l/zzzzzzzzzzzzz", data={"name": "Eve"}).status_code == 405


def test_a_write_over_https_from_the_same_name_over_http_is_refused(client: TestClient) -> None:
    """A proxy that says the browser came over HTTPS makes http://NAME another origin."""
    code, _ = open_lobby(client)
    behind_tls = {"host": "games.example", "x-forwarded-proto": "https"}
    for origin in ("http://games.example", "http://games.example:443"):
        answer = client.post(
            f"/api/lobbies/{code}/players",
            json={"name": "Eve"},
            headers={**behind_tls, "origin": origin},
        )
        refused(answer)
    joined = client.post(
        f"/api/lobbies/{code}/players",
        json={"name": "Bob"},
        headers={**behind_tls, "origin": "https://games.example"},
    )
    assert joined.status_code == 201, joined.text


def test_allowed_origins_may_write(settings: Settings) -> None:
    allowed = settings.model_copy(update={"allowed_origins": {"https://play.example:8443"}})
    with serving(allowed) as client:
        code, _ = open_lobby(client)
        headers = {"origin": "https://play.example:8443", "host": "10.0.0.5:8000"}
        joined = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"}, headers=headers)
        assert joined.status_code == 201, joined.text
        other = {"origin": "https://play.example", "host": "10.0.0.5:8000"}
        refused(client.post(f"/api/lobbies/{code}/players", json={"name": "Eve"}, headers=other))


def test_allowed_origins_are_read_as_origins() -> None:
    read = Settings(allowed_origins=" https://Play.Example , http://10.0.0.5:8000/", _env_file=None)
    assert read.allowed_origins == {"https://play.example:443", "http://10.0.0.5:8000"}
    assert Settings(_env_file=None).allowed_origins == frozenset()
    for wrong in (
        "play.example",
        "https://play.example/lobby",
        "https://me@play.example",
        "ftp://x.example",
        "null",
    ):
        with pytest.raises(ValidationError, match="scheme://host"):
            Settings(allowed_origins=wrong, _env_file=None)


# --- the websocket ------------------------------------------------------------------------------


def socket_closed(client: TestClient, code: str, headers: dict[str, str]) -> WebSocketDisconnect:
    """Open /ws/{code} with `headers`: the error it gets and how it is closed."""
    with client.websocket_connect(f"/ws/{code}", headers=headers) as socket:
        first = socket.receive_json()
        assert first["type"] == "error" and first["error"] == "forbidden", first
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    return closed.value


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://testserver:8080"},  # another port of this host: it gets the cookie
        {"origin": EVIL},
        {"origin": "null"},
        {"origin": "https://testserver", "x-forwarded-proto": "http"},
        {"origin": "http://testserver", "x-forwarded-proto": "https"},
        {"origin": "https://games.example", "x-forwarded-host": "games.example:8443"},
        {"origin": "http://[::1"},  # not a URL at all
        {"origin": "http://testserver", "host": "[zz]:80"},
    ],
    ids=lambda headers: " ".join(f"{name}={value}" for name, value in headers.items()),
)
def test_a_socket_from_a_page_of_another_origin_is_refused(
    client: TestClient, headers: dict[str, str]
) -> None:
    """Before it learns anything: the first message is the refusal, even with Ann's cookie."""
    code, ann = open_lobby(client)
    client.cookies.set(f"tt_{code}", ann)
    closed = socket_closed(client, code, headers)
    assert closed.code == 4403 and "another origin" in closed.reason


@pytest.mark.parametrize(
    "headers",
    [
        {},  # not a browser: bots, scripts
        {"origin": HERE},
        {"origin": "http://testserver:80"},
        {"origin": "https://games.example", "host": "games.example", "x-forwarded-proto": "https"},
        {"origin": "https://games.example", "x-forwarded-host": "games.example"},
    ],
    ids=lambda headers: " ".join(f"{name}={value}" for name, value in headers.items()) or "none",
)
def test_a_socket_from_our_pages_or_from_no_page_opens(
    client: TestClient, headers: dict[str, str]
) -> None:
    code, ann = open_lobby(client)
    client.cookies.set(f"tt_{code}", ann)
    with client.websocket_connect(f"/ws/{code}", headers=headers) as socket:
        lobby = socket.receive_json()
        assert lobby["type"] == "lobby", lobby


def test_a_socket_from_an_allowed_origin_opens(settings: Settings) -> None:
    allowed = settings.model_copy(update={"allowed_origins": {"https://play.example:443"}})
    with serving(allowed) as client:
        code, _ = open_lobby(client)
        with client.websocket_connect(
            f"/ws/{code}", headers={"origin": "https://play.example"}
        ) as socket:
            assert socket.receive_json()["type"] == "lobby"
        closed = socket_closed(client, code, {"origin": "https://play.example:8443"})
        assert closed.code == 4403


# --- the lobby cookie ---------------------------------------------------------------------------


def test_the_cookie_is_httponly_and_lax_and_not_secure_over_plain_http(client: TestClient) -> None:
    created = client.post("/api/lobbies", json={"game": GAME, "name": "Ann"})
    attributes = lobby_cookie(created, created.json()["code"])
    assert "httponly" in attributes and "samesite=lax" in attributes
    assert "secure" not in attributes


def test_the_cookie_is_secure_over_https(settings: Settings) -> None:
    with TestClient(create_app(settings), base_url="https://games.example") as client:
        created = client.post("/api/lobbies", json={"game": GAME, "name": "Ann"})
        code = created.json()["code"]
        assert {"secure", "httponly", "samesite=lax"} <= set(lobby_cookie(created, code))
        joined = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"})
        assert {"secure", "httponly", "samesite=lax"} <= set(lobby_cookie(joined, code))


@pytest.mark.parametrize(("trusted", "secure"), [("*", True), ("127.0.0.1", False)])
def test_the_cookie_is_secure_behind_a_trusted_https_proxy(
    settings: Settings, trusted: str, secure: bool
) -> None:
    """`tinkertable serve` runs uvicorn with proxy_headers: X-Forwarded-Proto from a trusted
    proxy (FORWARDED_ALLOW_IPS, by default 127.0.0.1,::1) makes the request HTTPS, and the cookie
    Secure. The TestClient's address is "testclient": trusted by "*", not by "127.0.0.1"."""
    app = ProxyHeadersMiddleware(create_app(settings), trusted_hosts=trusted)
    with TestClient(app) as client:
        created = client.post(
            "/api/lobbies",
            json={"game": GAME, "name": "Ann"},
            headers={"x-forwarded-proto": "https", "origin": "https://testserver"},
        )
    assert created.status_code == 201, created.text
    attributes = lobby_cookie(created, created.json()["code"])
    assert ("secure" in attributes) is secure
    assert "httponly" in attributes and "samesite=lax" in attributes
