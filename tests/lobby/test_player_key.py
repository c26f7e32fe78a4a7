"""The private player key (a cookie per browser) and "Your games" by it: the cookie's flags,
set once, stored as a hash only; the key's live games, then its finished ones with their
replays, the latest first, a page at a time, merged with the seats the page's storage proves;
and a stranger's key lists nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from app.config import Settings
from app.lobby.keys import KEY_COOKIE
from app.lobby.rows import players
from app.lobby.your_games import FINISHED_PAGE
from app.main import create_app
from app.store.db import make_engine
from tests.conftest import run
from tests.lobby.test_replay_and_again import finished_game
from tests.ops.owner import changed
from tests.play.tables import GAME, Table, serving
from tests.registered import a_game

OWNER = "owner-token-for-the-key-tests"
BEARER = {"Authorization": f"Bearer {OWNER}"}
SOLO = a_game(players=1)  # a game one person may play alone


def key_cookie(response: httpx.Response) -> list[str] | None:
    """The attributes of the `tt_key` cookie the response sets (lower case), or None."""
    for header in response.headers.get_list("set-cookie"):
        if header.startswith(f"{KEY_COOKIE}="):
            return [part.strip().lower() for part in header.split(";")]
    return None


def create(client: TestClient, name: str = "Ann", game: str = GAME) -> httpx.Response:
    created = client.post("/api/lobbies", json={"game": game, "name": name})
    assert created.status_code == 201, created.text
    return created


def stored_key_hashes(client: TestClient) -> list[str | None]:
    """Every seat's `key_hash`, read from the database apart from the app."""
    url = client.app.state.settings.database_url  # type: ignore[attr-defined]

    async def read() -> list[str | None]:
        engine = make_engine(url)
        try:
            async with engine.connect() as connection:
                found = await connection.execute(select(players.c.key_hash).order_by(players.c.id))
                return [row.key_hash for row in found]
        finally:
            await engine.dispose()

    return run(read())


def test_the_key_is_set_once_httponly_lax_and_long_lived(client: TestClient) -> None:
    first = create(client)
    attributes = key_cookie(first)
    assert attributes is not None
    assert "httponly" in attributes and "samesite=lax" in attributes
    assert "secure" not in attributes  # plain HTTP
    [max_age] = [part for part in attributes if part.startswith("max-age=")]
    assert int(max_age.split("=")[1]) >= 365 * 24 * 3600
    key = client.cookies[KEY_COOKIE]
    # The same browser keeps its key: a second lobby, a join, do not set it again.
    second = create(client, "Bob")
    assert key_cookie(second) is None
    joined = client.post(f"/api/lobbies/{second.json()['code']}/players", json={"name": "Cy"})
    assert joined.status_code == 201 and key_cookie(joined) is None
    assert client.cookies[KEY_COOKIE] == key
    # The seats keep its hash, never the key itself.
    hashed = hashlib.sha256(key.encode()).hexdigest()
    assert stored_key_hashes(client) == [hashed, hashed, hashed]


def test_a_join_from_another_browser_gets_its_own_key(client: TestClient) -> None:
    code = create(client).json()["code"]
    ann_key = client.cookies[KEY_COOKIE]
    client.cookies.clear()
    joined = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"})
    assert key_cookie(joined) is not None
    bob_key = client.cookies[KEY_COOKIE]
    assert bob_key != ann_key
    assert stored_key_hashes(client) == [
        hashlib.sha256(key.encode()).hexdigest() for key in (ann_key, bob_key)
    ]


def test_the_key_is_secure_over_https(settings: Settings) -> None:
    with TestClient(create_app(settings), base_url="https://games.example") as client:
        attributes = key_cookie(create(client))
    assert attributes is not None and "secure" in attributes


def test_a_malformed_key_is_replaced(client: TestClient) -> None:
    client.cookies.set(KEY_COOKIE, "short")
    created = create(client)
    assert key_cookie(created) is not None
    assert created.cookies[KEY_COOKIE] != "short"
    assert len(created.cookies[KEY_COOKIE]) == 43


# --- "Your games" by the key ---------------------------------------------------------------------


@pytest.fixture
def owned(settings: Settings) -> Iterator[TestClient]:
    with serving(changed(settings, admin_token=OWNER, bot_delay=0.0)) as client:
        yield client


def your_games(client: TestClient, page: int = 0, seats: list[Any] | None = None) -> dict:
    answer = client.post("/api/your-games", json={"seats": seats or [], "page": page})
    assert answer.status_code == 200, answer.text
    return answer.json()


def solo_game_ended(client: TestClient) -> str:
    """A game played alone, started and ended by the server's owner at once (a finished
    game, quickly); its code. The client's cookies are kept: its key's seat."""
    created = create(client, game=SOLO)
    code, token = created.json()["code"], created.json()["player"]["token"]
    client.cookies.delete(f"tt_{code}")
    host = {"Authorization": f"Bearer {token}"}
    started = client.post(f"/api/lobbies/{code}/start", headers=host)
    assert started.status_code == 200, started.text
    assert client.post(f"/api/admin/tables/{code}/end", headers=BEARER).is_success
    return code


def test_your_games_lists_live_games_then_finished_ones_newest_first_by_pages(
    owned: TestClient,
) -> None:
    client = owned
    ended = [solo_game_ended(client) for _ in range(FINISHED_PAGE + 2)]
    waiting = create(client, "Ann").json()["code"]
    key = client.cookies[KEY_COOKIE]
    # A seat this browser took before it had a key: only its page's storage proves it.
    client.cookies.clear()
    older_browser = Table.open(client, ("Ann",), game=SOLO)
    older_browser.start()
    assert client.post(f"/api/admin/tables/{older_browser.code}/end", headers=BEARER).is_success
    client.cookies.set(KEY_COOKIE, key)
    proof = [{"code": older_browser.code, "token": older_browser.tokens[0]}]

    first = your_games(client, 0, proof)
    codes = [game["code"] for game in first["games"]]
    assert codes[0] == waiting and first["games"][0]["status"] == "open"
    assert first["games"][0]["replay_url"] is None
    newest_first = [older_browser.code, *reversed(ended)]
    assert codes[1:] == newest_first[:FINISHED_PAGE]
    assert first["older"] is True and first["page"] == 0
    for game in first["games"][1:]:
        assert game["status"] == "finished" and game["winners"] == []
        assert game["replay_url"] == f"/l/{game['code']}/replay"
        assert client.get(game["replay_url"]).status_code == 200
    ends = [game["finished_at"] for game in first["games"][1:]]
    assert ends == sorted(ends, reverse=True)

    second = your_games(client, 1, proof)
    assert [game["code"] for game in second["games"]] == newest_first[FINISHED_PAGE:]
    assert second["older"] is False and second["page"] == 1
    assert your_games(client, 2, proof)["games"] == []
    # Without the page's storage, the key alone lists what it took.
    by_key = your_games(client, 0)
    assert [game["code"] for game in by_key["games"]] == [waiting, *reversed(ended)][:11]


def test_a_browser_with_two_seats_at_one_table_lists_it_once(client: TestClient) -> None:
    code = create(client).json()["code"]
    assert client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"}).status_code == 201
    assert [game["code"] for game in your_games(client)["games"]] == [code]


def test_a_stranger_s_key_lists_nothing(client: TestClient) -> None:
    create(client)
    client.cookies.clear()
    client.cookies.set(KEY_COOKIE, "A" * 43)  # well formed, nobody's
    assert your_games(client)["games"] == []
    client.cookies.set(KEY_COOKIE, "not a key")
    assert your_games(client)["games"] == []
    client.cookies.clear()
    assert your_games(client)["games"] == []


def test_play_again_takes_the_next_seat_with_the_browser_s_key(client: TestClient) -> None:
    table, ann, bob = finished_game(client)
    for viewer in (ann, bob):
        viewer.close()
    client.cookies.set(KEY_COOKIE, "B" * 43)
    headers = {"Authorization": f"Bearer {table.tokens[1]}"}
    opened = client.post(f"/api/lobbies/{table.code}/again", headers=headers)
    assert opened.status_code == 201, opened.text
    assert key_cookie(opened) is None  # the browser has its key already
    client.cookies.delete(f"tt_{opened.json()['code']}")
    listed = your_games(client)["games"]
    assert [(game["code"], game["name"]) for game in listed] == [(opened.json()["code"], "Bob")]
