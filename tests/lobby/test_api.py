"""The lobby HTTP API of PROTOCOL.md, through the app, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from app.config import Settings
from app.games.entry import PAGE_FILES
from app.play.registry import entries_for, games_for
from app.play.table import TABLE_OPTIONS
from app.store.db import make_engine
from tests.conftest import TABLES, run
from tests.play.tables import Table, play_one
from tests.registered import ENTRIES, GAME_IDS, a_game

TABLE_DEFAULTS = {option.name: option.default for option in TABLE_OPTIONS}

# The game these lobbies are for: two players, and an option with a choice to make.
GAME = a_game(players=2, where=lambda entry: bool(entry.game.options))
OPTION = ENTRIES[GAME].game.options[0]
CHOSEN = next(choice for choice in OPTION.choices if choice != OPTION.default)
GAME_DEFAULTS = {option.name: option.default for option in ENTRIES[GAME].game.options}

CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE = re.compile(f"[{CODE_ALPHABET}]{{13}}")


# --- helpers ------------------------------------------------------------------------------


def error_of(response: httpx.Response, status: int, code: str | None = None) -> dict[str, Any]:
    """Every error answer is exactly {"error": CODE, "message": TEXT} with the right status."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "message"}, body
    assert isinstance(body["error"], str) and body["error"]
    assert isinstance(body["message"], str) and body["message"]
    if code is not None:
        assert body["error"] == code, body
    return body


def create(client: TestClient, name: str = "Ann", **options: Any) -> httpx.Response:
    return client.post("/api/lobbies", json={"game": GAME, "name": name, "options": options})


def created(client: TestClient, name: str = "Ann", **options: Any) -> dict[str, Any]:
    response = create(client, name, **options)
    assert response.status_code == 201, response.text
    return response.json()


def join(client: TestClient, code: str, name: Any) -> httpx.Response:
    return client.post(f"/api/lobbies/{code}/players", json={"name": name})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def start(client: TestClient, code: str, token: str | None = None) -> httpx.Response:
    headers = bearer(token) if token is not None else {}
    return client.post(f"/api/lobbies/{code}/start", json={}, headers=headers)


def two_players(client: TestClient) -> tuple[str, str, str]:
    """A lobby with Ann (host) and Bob; the client keeps no cookie. (code, Ann's, Bob's token)"""
    host = created(client)
    guest = join(client, host["code"], "Bob")
    assert guest.status_code == 201, guest.text
    client.cookies.clear()
    return host["code"], host["player"]["token"], guest.json()["player"]["token"]


async def _all_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            rows = {}
            for table in TABLES:
                result = await connection.execute(text(f"SELECT * FROM {table}"))
                rows[table] = [tuple(row) for row in result]
            players = await connection.execute(
                text("SELECT name, token_hash FROM players ORDER BY seat")
            )
            rows["players_by_seat"] = [tuple(row) for row in players]
            return rows
    finally:
        await engine.dispose()


# --- create ---------------------------------------------------------------------------------


def test_create_answers_code_url_and_the_host_with_a_token(client: TestClient) -> None:
    response = create(client)
    assert response.status_code == 201
    body = response.json()
    assert set(body) >= {"code", "url", "player"}
    code = body["code"]
    assert CODE.fullmatch(code), code
    assert body["url"] == f"/l/{code}"
    player = body["player"]
    assert set(player) == {"id", "name", "seat", "host", "token"}
    assert isinstance(player["id"], int)
    assert player["name"] == "Ann" and player["seat"] == 0 and player["host"] is True
    assert isinstance(player["token"], str) and len(player["token"]) >= 32


def test_create_sets_an_httponly_samesite_lax_lobby_cookie(client: TestClient) -> None:
    response = create(client)
    code, token = response.json()["code"], response.json()["player"]["token"]
    cookies = [c for c in response.headers.get_list("set-cookie") if c.startswith(f"tt_{code}=")]
    assert len(cookies) == 1, response.headers.get_list("set-cookie")
    attributes = [part.strip().lower() for part in cookies[0].split(";")]
    assert attributes[0] == f"tt_{code}={token}".lower()
    assert "httponly" in attributes
    assert "samesite=lax" in attributes
    assert "path=/" in attributes
    assert client.cookies.get(f"tt_{code}") == token


def test_lobby_codes_and_tokens_never_repeat(client: TestClient) -> None:
    bodies = [created(client, f"P{i}") for i in range(50)]
    codes = {body["code"] for body in bodies}
    tokens = {body["player"]["token"] for body in bodies}
    assert len(codes) == 50 and len(tokens) == 50
    assert all(CODE.fullmatch(code) for code in codes)
    # 50 codes x 13 characters: every character of the alphabet shows up, nothing else.
    assert set("".join(codes)) == set(CODE_ALPHABET)


def test_tokens_are_stored_only_as_their_sha256(client: TestClient, settings: Settings) -> None:
    code, ann, bob = two_players(client)
    rows = run(_all_rows(settings.database_url))
    everything = repr(rows)
    for token in (ann, bob):
        assert token not in everything
    assert rows["players_by_seat"] == [
        ("Ann", hashlib.sha256(ann.encode()).hexdigest()),
        ("Bob", hashlib.sha256(bob.encode()).hexdigest()),
    ]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "name": "Ann"}, "unknown_game"),
        ({"game": GAME, "name": "Ann", "options": {OPTION.name: "nobody"}}, None),
        ({"game": GAME, "name": "Ann", "options": {OPTION.name: 0}}, None),
        ({"game": GAME, "name": "Ann", "options": {"no_such_option": 9}}, None),
        ({"game": GAME}, "invalid"),
        ({"name": "Ann"}, "invalid"),
        ({"game": GAME, "name": ""}, "invalid"),
        ({"game": GAME, "name": "Ann", "extra": 1}, "invalid"),
        ({"game": GAME, "name": "Ann", "options": []}, "invalid"),
    ],
)
def test_create_refuses_bad_bodies(client: TestClient, body: dict, code: str | None) -> None:
    error_of(client.post("/api/lobbies", json=body), 422, code)
    assert not any(name.startswith("tt_") for name in client.cookies)


def test_create_fills_in_the_default_options(client: TestClient) -> None:
    code = created(client)["code"]
    assert client.get(f"/api/lobbies/{code}").json()["options"] == {
        **GAME_DEFAULTS,
        **TABLE_DEFAULTS,
    }
    chosen = created(client, **{OPTION.name: CHOSEN})["code"]
    assert client.get(f"/api/lobbies/{chosen}").json()["options"] == {
        **GAME_DEFAULTS,
        OPTION.name: CHOSEN,
        **TABLE_DEFAULTS,
    }


# --- get ------------------------------------------------------------------------------------


def test_get_shows_the_lobby_as_the_protocol_says(client: TestClient) -> None:
    host = created(client)
    code = host["code"]
    bob = join(client, code, "Bob").json()["player"]
    response = client.get(f"/api/lobbies/{code}")
    assert response.status_code == 200
    lobby = response.json()
    assert lobby["code"] == code
    assert lobby["game"] == GAME
    assert lobby["status"] == "open"
    assert lobby["options"] == {**GAME_DEFAULTS, **TABLE_DEFAULTS}
    assert lobby["players"] == [
        {
            "id": host["player"]["id"],
            "name": "Ann",
            "seat": 0,
            "host": True,
            "bot": False,
            "level": None,
            "away_bot": None,
            "away_votes": 0,
            "connected": False,
        },
        {
            "id": bob["id"],
            "name": "Bob",
            "seat": 1,
            "host": False,
            "bot": False,
            "level": None,
            "away_bot": None,
            "away_votes": 0,
            "connected": False,
        },
    ]
    assert "token" not in response.text and host["player"]["token"] not in response.text


@pytest.mark.parametrize(
    "code",
    ["zzzzzzzzzzzzz", "nope", "x" * 5000, "%00", "ÄÖÜ"],
    ids=["well-formed", "short", "absurdly-long", "nul-byte", "non-ascii"],
)
def test_get_an_unknown_lobby_is_404(client: TestClient, code: str) -> None:
    created(client)
    assert client.get(f"/l/{code}").status_code == 404
    error_of(client.get(f"/api/lobbies/{code}"), 404)
    error_of(client.get(f"/api/lobbies/{code}/log"), 404)
    error_of(join(client, code, "Bob"), 404)
    error_of(start(client, code, "whatever"), 401, "unknown_token")  # no token is of it


# Every call that needs a player's token: (method, path under the lobby, body).
TOKEN_CALLS = [
    ("POST", "/start", {}),
    ("POST", "/options", {"options": {}}),
    ("POST", "/bots", {}),
    ("DELETE", "/players/1", None),
    ("POST", "/players/1/away-bot", {}),
    ("POST", "/again", {}),
]


@pytest.mark.parametrize(("method", "path", "body"), TOKEN_CALLS)
def test_calls_with_a_token_answer_an_unknown_lobby_as_a_token_not_of_the_lobby(
    client: TestClient, method: str, path: str, body: dict[str, Any] | None
) -> None:
    """Probing codes with these calls tells nothing: a lobby that exists and one that does not
    answer alike to anyone without one of its players' tokens."""
    code, _ann, _bob = two_players(client)
    elsewhere = created(client, "Zed")["player"]["token"]  # a real token of another lobby
    client.cookies.clear()
    for token in (None, "not-a-token-of-anyone-at-all-0123456789", elsewhere):
        headers = bearer(token) if token is not None else {}
        answers = [
            client.request(method, f"/api/lobbies/{lobby}{path}", json=body, headers=headers)
            for lobby in (code, "zzzzzzzzzzzzz")
        ]
        for answer in answers:
            error_of(answer, 401, "no_token" if token is None else "unknown_token")
        assert answers[0].json() == answers[1].json()


# --- join -----------------------------------------------------------------------------------


def test_join_takes_the_next_seat(client: TestClient) -> None:
    host = created(client)
    response = join(client, host["code"], "Bob")
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"player"}
    player = body["player"]
    assert set(player) == {"id", "name", "seat", "host", "token"}
    assert player["name"] == "Bob" and player["seat"] == 1 and player["host"] is False
    assert len(player["token"]) >= 32 and player["token"] != host["player"]["token"]
    assert player["id"] != host["player"]["id"]
    assert client.cookies.get(f"tt_{host['code']}") == player["token"]
    seats = [
        (p["seat"], p["name"]) for p in client.get(f"/api/lobbies/{host['code']}").json()["players"]
    ]
    assert seats == [(0, "Ann"), (1, "Bob")]


def test_join_a_full_lobby_is_409(client: TestClient) -> None:
    code, _ann, _bob = two_players(client)
    error_of(join(client, code, "Cat"), 409, "lobby_full")
    assert len(client.get(f"/api/lobbies/{code}").json()["players"]) == 2


def test_join_after_the_start_is_409(client: TestClient) -> None:
    code, ann, _bob = two_players(client)
    assert start(client, code, ann).status_code == 200
    error_of(join(client, code, "Cat"), 409, "already_started")


@pytest.mark.parametrize("name", ["Ann", "ann", "  Ann  ", "ANN"])
def test_join_with_a_taken_name_is_409(client: TestClient, name: str) -> None:
    code = created(client)["code"]
    error_of(join(client, code, name), 409, "name_taken")
    assert len(client.get(f"/api/lobbies/{code}").json()["players"]) == 1


def test_names_are_stripped(client: TestClient) -> None:
    host = created(client, "  Ann\t")
    assert host["player"]["name"] == "Ann"
    bob = join(client, host["code"], "\n Bob  ")
    assert bob.status_code == 201, bob.text
    assert bob.json()["player"]["name"] == "Bob"
    names = [p["name"] for p in client.get(f"/api/lobbies/{host['code']}").json()["players"]]
    assert names == ["Ann", "Bob"]


def test_a_32_character_name_is_fine(client: TestClient) -> None:
    code = created(client)["code"]
    response = join(client, code, "b" * 32)
    assert response.status_code == 201, response.text
    assert response.json()["player"]["name"] == "b" * 32


@pytest.mark.parametrize(
    "name",
    [
        *("", "   ", "b" * 33, "Bo\x00b", "Bo\nb", "Bob\x7f", "Bo\u200bb", "\u202eboB"),
        *(7, None, ["Bob"]),
    ],
)
def test_join_refuses_bad_names(client: TestClient, name: Any) -> None:
    code = created(client)["code"]
    error_of(join(client, code, name), 422, "invalid")
    error_of(create(client, name), 422, "invalid")
    assert len(client.get(f"/api/lobbies/{code}").json()["players"]) == 1


def test_join_refuses_unknown_fields(client: TestClient) -> None:
    code = created(client)["code"]
    response = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob", "host": True})
    error_of(response, 422, "invalid")
    error_of(client.post(f"/api/lobbies/{code}/players", json={}), 422, "invalid")
    assert len(client.get(f"/api/lobbies/{code}").json()["players"]) == 1


@pytest.mark.parametrize(
    "content", [b"{not json", b"", b"\xff\xfe", b'"Bob"', b"[1, 2]", b'{"name": "Bob"']
)
def test_a_body_that_is_not_a_json_object_is_422(client: TestClient, content: bytes) -> None:
    code = created(client)["code"]
    headers = {"content-type": "application/json"}
    error_of(client.post(f"/api/lobbies/{code}/players", content=content, headers=headers), 422)
    error_of(client.post("/api/lobbies", content=content, headers=headers), 422)
    assert len(client.get(f"/api/lobbies/{code}").json()["players"]) == 1


# --- start ----------------------------------------------------------------------------------


def test_only_the_host_starts(client: TestClient) -> None:
    code, ann, bob = two_players(client)
    error_of(start(client, code, bob), 403, "not_host")
    assert client.get(f"/api/lobbies/{code}").json()["status"] == "open"
    response = start(client, code, ann)
    assert response.status_code == 200, response.text
    lobby = response.json()
    assert lobby["status"] == "playing" and lobby["code"] == code
    assert [p["name"] for p in lobby["players"]] == ["Ann", "Bob"]
    assert client.get(f"/api/lobbies/{code}").json()["status"] == "playing"


def test_start_needs_a_known_token(client: TestClient) -> None:
    code, ann, _bob = two_players(client)
    other = created(client, "Zed")["player"]["token"]  # a real token of another lobby
    client.cookies.clear()
    error_of(start(client, code), 401)
    error_of(start(client, code, "not-a-token-of-anyone-at-all-0123456789"), 401)
    error_of(start(client, code, other), 401)
    error_of(
        client.post(f"/api/lobbies/{code}/start", json={}, headers={"Authorization": "Basic x"}),
        401,
    )
    assert client.get(f"/api/lobbies/{code}").json()["status"] == "open"


def test_start_with_too_few_players_is_409(client: TestClient) -> None:
    host = created(client)
    client.cookies.clear()
    error_of(start(client, host["code"], host["player"]["token"]), 409, "player_count")
    assert client.get(f"/api/lobbies/{host['code']}").json()["status"] == "open"


def test_starting_twice_is_409(client: TestClient) -> None:
    code, ann, _bob = two_players(client)
    assert start(client, code, ann).status_code == 200
    error_of(start(client, code, ann), 409, "already_started")
    assert client.get(f"/api/lobbies/{code}").json()["status"] == "playing"


def test_the_hosts_lobby_cookie_alone_starts(client: TestClient) -> None:
    code, ann, bob = two_players(client)
    client.cookies.set(f"tt_{code}", bob)
    error_of(client.post(f"/api/lobbies/{code}/start", json={}), 403, "not_host")
    client.cookies.clear()
    client.cookies.set(f"tt_{code}", ann)
    response = client.post(f"/api/lobbies/{code}/start", json={})
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "playing"


def test_start_refuses_a_body_with_fields(client: TestClient) -> None:
    code, ann, _bob = two_players(client)
    response = client.post(f"/api/lobbies/{code}/start", json={"seed": 1}, headers=bearer(ann))
    error_of(response, 422, "invalid")
    assert client.get(f"/api/lobbies/{code}").json()["status"] == "open"


# --- resume: a seat taken back with its token ---------------------------------------------


def test_resume_sets_the_lobby_cookie_again_from_the_token(client: TestClient) -> None:
    """A browser whose cookie was replaced (by a response from another port of the host) takes
    its seat back with the token its page kept: the cookie is the token again."""
    code, ann, bob = two_players(client)
    client.cookies.set(f"tt_{code}", ann)  # Bob's browser, its cookie replaced by Ann's seat
    resumed = client.post(f"/api/lobbies/{code}/resume", headers=bearer(bob))
    assert resumed.status_code == 200, resumed.text
    player = resumed.json()["player"]
    assert player == {"id": player["id"], "name": "Bob", "seat": 1, "host": False, "token": bob}
    cookie = [c for c in resumed.headers.get_list("set-cookie") if c.startswith(f"tt_{code}=")]
    assert len(cookie) == 1 and cookie[0].startswith(f"tt_{code}={bob};"), cookie
    assert "httponly" in cookie[0].lower() and "samesite=lax" in cookie[0].lower()
    client.cookies.clear()
    client.cookies.set(f"tt_{code}", bob)
    page = client.get(f"/l/{code}")
    assert f'data-player="{player["id"]}" data-seat="1"' in page.text


def test_resume_needs_a_token_of_that_lobby(client: TestClient) -> None:
    code, _ann, _bob = two_players(client)
    other = created(client, "Zed")["player"]["token"]
    client.cookies.clear()
    error_of(client.post(f"/api/lobbies/{code}/resume"), 401, "no_token")
    error_of(client.post(f"/api/lobbies/{code}/resume", headers=bearer(other)), 401)
    error_of(client.post(f"/api/lobbies/{code}/resume", headers=bearer("x" * 40)), 401)
    # An unknown lobby answers as a token not of it (no probing for lobbies).
    unknown = client.post("/api/lobbies/zzzzzzzzzzzzz/resume", headers=bearer(other))
    error_of(unknown, 401, "unknown_token")
    assert f"tt_{code}" not in client.cookies


# --- games ----------------------------------------------------------------------------------


# The games whose views name cards or maps by id serve their faces (docs/protocol.md): printed
# components the views do not repeat (card lists, maps, the printed sheet, ability texts).
WITHOUT_COMPONENTS = [game for game in GAME_IDS if ENTRIES[game].game.components() is None]


@pytest.mark.parametrize("game", [*WITHOUT_COMPONENTS, "no-such-game"])
def test_components_of_a_game_without_them_are_not_found(client: TestClient, game: str) -> None:
    response = client.get(f"/api/games/{game}/components")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


@pytest.mark.parametrize("game", sorted(games_for(Settings(_env_file=None))))
def test_components_answer_for_every_game_in_the_registry(client: TestClient, game: str) -> None:
    response = client.get(f"/api/games/{game}/components")
    if game in WITHOUT_COMPONENTS:
        error_of(response, 404, "not_found")
        return
    assert response.status_code == 200, response.text
    assert "max-age" in response.headers["cache-control"]
    assert response.json() == client.app.state.games[game].components()


def test_games_lists_every_game_with_its_players_and_options(client: TestClient) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {game["id"]: game for game in response.json()}
    assert set(games) == set(games_for(Settings(_env_file=None)))
    for game_id, entry in ENTRIES.items():
        listed = games[game_id]
        assert listed["name"] == entry.game.name
        assert listed["min_players"] == entry.game.min_players
        assert listed["max_players"] == entry.game.max_players
        for option in entry.game.options:
            assert listed["options"][option.name]["choices"] == list(option.choices)
            assert listed["options"][option.name]["default"] == option.default


# --- the log --------------------------------------------------------------------------------


def test_the_log_shows_the_seed_only_once_the_game_is_finished(client: TestClient) -> None:
    code, ann_token, bob_token = two_players(client)
    before = client.get(f"/api/lobbies/{code}/log")
    assert before.status_code == 200
    log = before.json()
    assert log["status"] == "open" and log["actions"] == [] and log["seed"] is None
    assert log["result"] is None
    assert [(p["seat"], p["name"]) for p in log["players"]] == [(0, "Ann"), (1, "Bob")]

    table = Table(client, code, [ann_token, bob_token])
    table.start()
    seats = {0: table.connect(0), 1: table.connect(1)}
    viewers = list(seats.values())
    for viewer in viewers:
        viewer.until("snapshot")
    playing = client.get(f"/api/lobbies/{code}/log").json()
    assert playing["status"] == "playing" and playing["seed"] is None
    assert playing["actions"] == []
    steps = 0
    while seats[0].view["result"] is None:
        play_one(viewers, seats, choose=steps)
        steps += 1
        if steps in (1, 10, 26):
            during = client.get(f"/api/lobbies/{code}/log").json()
            assert during["status"] == "playing"
            assert during["seed"] is None and during["result"] is None
            assert [a["seq"] for a in during["actions"]] == list(range(1, steps + 1))
    for viewer in viewers:
        viewer.close()

    finished = client.get(f"/api/lobbies/{code}/log").json()
    assert finished["status"] == "finished"
    assert isinstance(finished["seed"], int)
    assert [a["seq"] for a in finished["actions"]] == list(range(1, steps + 1))
    assert finished["result"] == seats[0].view["result"]
    # The record is the truth: replaying it from the seed reaches the same end.
    game = games_for(Settings(_env_file=None))[GAME]
    state = game.start(2, finished["options"], finished["seed"])
    for entry in finished["actions"]:
        state = game.apply(state, entry["seat"], entry["action"])
    result = game.result(state)
    assert result is not None and result.to_json() == finished["result"]
    assert client.get(f"/api/lobbies/{code}").json()["status"] == "finished"


# --- OpenAPI --------------------------------------------------------------------------------


def test_docs_and_openapi(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert "text/html" in docs.headers["content-type"]
    assert "swagger" in docs.text.lower() and "/openapi.json" in docs.text
    schema = client.get("/openapi.json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path, method in [
        ("/api/games", "get"),
        ("/api/lobbies", "post"),
        ("/api/lobbies/{code}", "get"),
        ("/api/lobbies/{code}/players", "post"),
        ("/api/lobbies/{code}/start", "post"),
        ("/api/lobbies/{code}/log", "get"),
        ("/api/health", "get"),
    ]:
        assert method in paths.get(path, {}), (path, sorted(paths))


# --- headers and pages ----------------------------------------------------------------------


def _directives(policy: str) -> dict[str, list[str]]:
    directives = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = words[1:]
    return directives


@pytest.mark.parametrize("path", ["/", "/api/games", "/l/zzzzzzzzzzzzz", "/api/lobbies/nope"])
def test_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path)
    headers = response.headers
    directives = _directives(headers["content-security-policy"])
    script = directives.get("script-src", directives.get("default-src"))
    assert script is not None
    assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script
    assert "*" not in script
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"].upper() in ("DENY", "SAMEORIGIN")
    assert headers["referrer-policy"]


class _Resources(HTMLParser):
    """The scripts and stylesheets a page loads: (kind, src or None for inline, attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str | None, dict[str, str | None]]] = []
        self._inline: dict[str, str | None] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "script" and attributes.get("src"):
            self.found.append(("script-src", attributes["src"], attributes))
        elif tag == "script":
            self._inline, self._text = attributes, []
        elif tag == "link" and "stylesheet" in (attributes.get("rel") or "").split():
            self.found.append(("style-src", attributes.get("href"), attributes))
        elif tag == "style":
            self.found.append(("style-src", None, attributes))
        if any(name.startswith("on") for name in attributes):
            self.found.append(("script-src", None, attributes))  # an inline event handler

    def handle_data(self, data: str) -> None:
        if self._inline is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._inline is not None:
            if "".join(self._text).strip():
                self.found.append(("script-src", None, self._inline))
            self._inline = None


def _allowed(policy: dict[str, list[str]], kind: str, src: str | None, nonce: str | None) -> bool:
    sources = policy.get(kind, policy.get("default-src", []))
    if src is None:
        return "'unsafe-inline'" in sources or (nonce is not None and f"'nonce-{nonce}'" in sources)
    url = urlsplit(src)
    if not url.scheme and not url.netloc:
        return "'self'" in sources
    return any(
        source.rstrip("/") in (f"{url.scheme}://{url.netloc}", f"{url.scheme}:")
        or (src.startswith(source) and source.endswith("/"))
        for source in sources
    )


@pytest.mark.parametrize("path", ["/", "/l/{code}", f"/rules/{GAME}", "/docs"])
def test_every_script_and_stylesheet_a_page_loads_is_allowed_by_its_csp(
    client: TestClient, path: str
) -> None:
    page = client.get(path.format(code=created(client)["code"]))
    assert page.status_code == 200
    policy = _directives(page.headers["content-security-policy"])
    parser = _Resources()
    parser.feed(page.text)
    assert parser.found, f"{path} loads no script or stylesheet at all?"
    blocked = [
        (kind, src or "inline")
        for kind, src, attributes in parser.found
        if not _allowed(policy, kind, src, attributes.get("nonce"))
    ]
    assert blocked == [], f"{path}: the browser would refuse {blocked}"


def test_home_lists_every_game(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert "text/html" in response.headers["content-type"]
    for entry in ENTRIES.values():
        assert entry.game.name in response.text, entry.id


def test_home_draws_each_game_as_what_it_is(client: TestClient) -> None:
    """Not plain squares: each icon a drawing (its entry's icon.svg) named by its title."""
    page = client.get("/").text
    for game_id in client.app.state.entries:  # type: ignore[attr-defined]
        card = page[page.index(f'id="game-{game_id}"') :]
        icon = card[: card.index("</h2>")]
        assert '<svg class="game-icon" aria-hidden="true"' in icon, game_id
        title = icon[icon.index("<title>") + 7 : icon.index("</title>")]
        assert len(title) > 10, game_id
        assert icon.count("<rect") + icon.count("<circle") + icon.count("<path") >= 2, game_id


def test_the_lobby_page(client: TestClient) -> None:
    code = created(client)["code"]
    page = client.get(f"/l/{code}")
    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]
    assert code in page.text and "Ann" in page.text
    missing = client.get("/l/zzzzzzzzzzzzz")
    assert missing.status_code == 404
    assert "text/html" in missing.headers["content-type"]


def test_the_rules_page(client: TestClient) -> None:
    page = client.get(f"/rules/{GAME}")
    assert page.status_code == 200
    assert "Our decisions" in page.text
    assert client.get("/rules/chess").status_code == 404


def test_player_names_are_escaped_on_the_lobby_page(client: TestClient) -> None:
    evil = "<script>alert(1)</script>"
    host = created(client, evil)
    code = host["code"]
    assert join(client, code, '"><img src=x>').status_code == 201
    for cookies in ({}, {f"tt_{code}": host["player"]["token"]}):
        client.cookies.clear()
        for name, value in cookies.items():
            client.cookies.set(name, value)
        page = client.get(f"/l/{code}")
        assert page.status_code == 200
        assert evil not in page.text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
        assert "<img src=x>" not in page.text


def test_the_table_page_imports_the_page_module_the_registry_names(client: TestClient) -> None:
    for game_id, entry in entries_for(Settings(_env_file=None)).items():
        made = client.post("/api/lobbies", json={"game": game_id, "name": "Ann", "options": {}})
        assert made.status_code == 201, made.text
        page = client.get(f"/l/{made.json()['code']}")
        assert f'data-module="{entry.module}"' in page.text, game_id
        for name in PAGE_FILES:  # served from the game's own package
            assert client.get(f"{entry.assets}/{name}").status_code == 200, (game_id, name)
