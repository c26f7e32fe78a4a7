"""Games written straight into a browser server's database, for the pages to show: a finished
game of hundreds of actions, a game stopped halfway, with a seat this browser holds.

The server is one of our own (`recorded_server`): its database file is known, so the games can
be written into it (tests/play/test_off_loop.py's `_record`), and a seat's token put beside them.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

from app.lobby.store import hash_token
from app.play.websocket import lobby_cookie
from app.store.db import make_engine, make_sessions, unit_of_work
from app.store.tables.lobbies import Lobby, Player
from tests.conftest import run
from tests.play.test_off_loop import GAMES, Moves, _record, random_game

from .fixtures import serving


@dataclass(frozen=True)
class RecordedServer:
    url: str
    database_url: str

    def record(
        self, game_id: str, moves: Moves, seed: int, *, host_token: bool = False
    ) -> Recorded:
        """A lobby whose game took `moves`; with `host_token`, seat 0 (Ann) has a token."""
        code = run(_record(self.database_url, GAMES[game_id], seed, moves))
        token = secrets.token_urlsafe(16) if host_token else None
        if token is not None:
            run(_give_token(self.database_url, code, token))
        return Recorded(code, token)

    def finished(self, game_id: str, at_least: int = 1) -> Recorded:
        seed, moves = random_game(game_id, at_least)
        return self.record(game_id, moves, seed, host_token=True)

    def guest(self, recorded: Recorded) -> Recorded:
        """The same lobby from Bob's seat (seat 1, not the host), with a token of its own."""
        token = secrets.token_urlsafe(16)
        run(_give_token(self.database_url, recorded.code, token, seat=1))
        return Recorded(recorded.code, token)

    def halfway(self, game_id: str) -> Recorded:
        seed, moves = random_game(game_id, 1)
        return self.record(game_id, moves[: len(moves) // 2], seed, host_token=True)


@dataclass(frozen=True)
class Recorded:
    code: str
    token: str | None

    def cookies(self, base_url: str) -> list[dict[str, Any]]:
        """The seat's cookie, for a browser context to hold Ann's seat."""
        assert self.token is not None
        return [{"name": lobby_cookie(self.code), "value": self.token, "url": base_url}]


async def _give_token(database_url: str, code: str, token: str, seat: int = 0) -> None:
    """`seat` holds `token`; seat 0 is the host."""
    engine = make_engine(database_url)
    try:
        async with unit_of_work(make_sessions(engine)) as session:
            lobby_id = await session.scalar(select(Lobby.id).where(Lobby.code == code))
            await session.execute(
                update(Player)
                .where(Player.lobby_id == lobby_id, Player.seat == seat)
                .values(token_hash=hash_token(token), host=seat == 0)
            )
    finally:
        await engine.dispose()


@pytest.fixture(scope="module", name="recorded_server")
def recorded_server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RecordedServer]:
    directory: Path = tmp_path_factory.mktemp("recorded-server")
    with serving(directory) as url:
        yield RecordedServer(url, f"sqlite+aiosqlite:///{directory / 'browser.db'}")
