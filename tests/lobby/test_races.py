"""Calls on one lobby at the same moment: the lobby row is claimed first, so each call sees the
lobby as the one before it left it, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
from sqlalchemy import text
from starlette.testclient import TestClient

from app.config import Settings
from app.store.db import make_engine
from tests.conftest import run
from tests.lobby.test_api import bearer
from tests.registered import a_game

T = TypeVar("T")
LOBBIES = 12


def together(client: TestClient, calls: Callable[[httpx.AsyncClient], Awaitable[T]]) -> T:
    """Run `calls` on the served app's own event loop, so that the requests it makes at once
    (asyncio.gather) reach the app at once."""

    async def on_the_app_loop() -> T:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as api:
            return await calls(api)

    assert client.portal is not None
    return client.portal.call(on_the_app_loop)


def lobby_for_three(client: TestClient) -> tuple[str, str]:
    """A lobby of a game that seats three, with Ann (host) and Bob: (code, Ann's token)."""
    created = client.post("/api/lobbies", json={"game": a_game(players=3), "name": "Ann"})
    assert created.status_code == 201, created.text
    code = created.json()["code"]
    assert client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"}).status_code == 201
    client.cookies.clear()
    return code, created.json()["player"]["token"]


async def _game_seats(url: str) -> dict[str, int]:
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text(
                    "SELECT lobbies.code, games.players"
                    " FROM games JOIN lobbies ON lobbies.id = games.lobby_id"
                )
            )
            return {code: players for code, players in rows}
    finally:
        await engine.dispose()


def test_a_join_racing_the_start_either_sits_at_the_table_or_gets_409(
    client: TestClient, settings: Settings
) -> None:
    lobbies = [lobby_for_three(client) for _ in range(LOBBIES)]

    async def join_and_start(api: httpx.AsyncClient) -> list[Any]:
        calls = []
        for code, host in lobbies:
            calls.append(api.post(f"/api/lobbies/{code}/players", json={"name": "Cat"}))
            calls.append(api.post(f"/api/lobbies/{code}/start", json={}, headers=bearer(host)))
        return await asyncio.gather(*calls)

    answers = together(client, join_and_start)
    seats = run(_game_seats(settings.database_url))
    for index, (code, _host) in enumerate(lobbies):
        joined, started = answers[2 * index], answers[2 * index + 1]
        assert started.status_code == 200, started.text
        if joined.status_code != 201:
            assert joined.status_code == 409, joined.text
            assert joined.json()["error"] == "already_started"
        players = client.get(f"/api/lobbies/{code}").json()["players"]
        assert [p["name"] for p in players] == ["Ann", "Bob", "Cat"][: len(players)]
        assert seats[code] == len(players) == (3 if joined.status_code == 201 else 2)
