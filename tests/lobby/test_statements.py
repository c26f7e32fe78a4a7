"""Opening a table costs few statements: the lobby calls on the way to a game are a handful of
SQLAlchemy Core statements each (no ORM loading, flushing or refreshing), counted here as they
reach the database, on SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from starlette.testclient import TestClient

from tests.lobby.test_api import bearer, created, join


@contextmanager
def statements(client: TestClient) -> Iterator[list[str]]:
    """The statements the app sends to its database inside the block (the first word of
    each: INSERT, SELECT, UPDATE, ...)."""
    deadline = time.monotonic() + 60
    while "" in client.app.state.bots.tasks:  # type: ignore[attr-defined]
        # The bot driver's look for games to resume, when the server starts, is not ours.
        assert time.monotonic() < deadline, "the bot driver's start never ended"
        time.sleep(0.01)
    sent: list[str] = []
    engine = client.app.state.engine.sync_engine  # type: ignore[attr-defined]

    def count(*args: Any) -> None:
        statement: str = args[2]
        sent.append(statement.split(None, 1)[0].upper())

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", count)


def test_create_join_and_start_are_a_few_statements_each(client: TestClient) -> None:
    with statements(client) as sent:
        lobby = created(client)
    assert sent == ["INSERT", "INSERT"]  # the lobby, its host
    code, host = lobby["code"], lobby["player"]["token"]

    with statements(client) as sent:
        assert join(client, code, "Bob").status_code == 201
    assert sent == ["UPDATE", "SELECT", "INSERT"]  # the claim, the lobby, the seat

    with statements(client) as sent:
        started = client.post(f"/api/lobbies/{code}/start", json={}, headers=bearer(host))
        assert started.status_code == 200, started.text
    # The claim, the lobby, the game's record, the lobby's status.
    assert sent == ["UPDATE", "SELECT", "INSERT", "UPDATE"]

    with statements(client) as sent:
        assert client.get(f"/api/lobbies/{code}").json()["status"] == "playing"
    assert sent == ["SELECT"]  # the lobby with its players and its game


def test_a_refused_join_writes_nothing_but_the_claim_it_rolls_back(client: TestClient) -> None:
    lobby = created(client)
    code = lobby["code"]
    assert join(client, code, "Bob").status_code == 201
    before = client.get(f"/api/lobbies/{code}").json()
    with statements(client) as sent:
        assert join(client, code, "Bob").status_code == 409  # a name already taken
    assert sent == ["UPDATE", "SELECT"]
    assert client.get(f"/api/lobbies/{code}").json() == before
