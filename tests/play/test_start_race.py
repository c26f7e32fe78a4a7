"""Every seat gets its start (issue #16, 6): a seat that connects while the game starts.

The race: a seat's socket opens the lobby's room, reading the lobby just before the start
commits; the start then tells the hub (`lobby_changed`) before that room exists. The room must
still end up with the game, and the seat with its snapshot. Here the lobby layer is a stand-in
whose first read is held until the start has told the hub, so the race is played out every
time, in this order, with nothing left to timing; the start made by this process, or by another
that tells this one with a notice.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest

from app.config import Settings
from app.games.core import Seat
from app.play.hub import Hub
from app.play.registry import games_for
from app.play.rooms import Connection, LobbyInfo
from app.play.runner import Position
from app.wire import loads
from tests.conftest import run
from tests.registered import a_game

GAME = games_for(Settings(_env_file=None))[a_game(players=2)]
CODE = "startrace2345"
RECORD = 7


def lobby(started: bool) -> LobbyInfo:
    players = [
        {"seat": seat, "name": name, "bot": False, "level": None, "away_bot": None}
        for seat, name in enumerate(["Ann", "Bob"])
    ]
    public = {"code": CODE, "game": GAME.id, "status": "playing" if started else "open"}
    return LobbyInfo(CODE, RECORD if started else None, {**public, "players": players})


class Lobbies:
    """The lobby layer: the first read of the lobby is held until `release`, and answers the
    lobby as it was before the start; every later read answers it as it is now."""

    def __init__(self) -> None:
        self.started = False
        self.first_read = asyncio.Event()
        self.release = asyncio.Event()
        self.reads = 0

    async def lobby_info(self, code: str) -> LobbyInfo | None:
        self.reads += 1
        if self.reads == 1:
            before = lobby(self.started)
            self.first_read.set()
            await self.release.wait()
            return before
        return lobby(self.started)

    async def recent_chat(self, code: str, limit: int) -> list[tuple[str, str, datetime]]:
        return []

    async def save_chat(self, code: str, name: str, text: str) -> datetime:
        return datetime.now(UTC)

    async def bot_games(self) -> list[str]:
        return []

    async def came_back(self, code: str, seat: int) -> LobbyInfo | None:
        return None


class Runner:
    """The game record: the game as it starts."""

    async def load(self, record_id: int) -> Position:
        seats = [{"name": "Ann", "bot": False}, {"name": "Bob", "bot": False}]
        return Position(record_id, GAME, seats, 0, GAME.start(2, {}, 11), 11)

    async def actions_after(self, record_id: int, seq: int) -> list[Any]:
        return []


def received(conn: Connection) -> list[dict[str, Any]]:
    messages = []
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        if text is not None:
            messages.append(loads(text))
    return messages


async def connect_while_starting(seat: Seat, *, elsewhere: bool) -> list[dict[str, Any]]:
    """A seat connects; its room is being opened from the lobby as it was when the start
    commits and the hub hears of it: from this process's start (`lobby_changed`), or, when
    `elsewhere`, by another process's notice (`heard_lobby`). What the seat received."""
    lobbies = Lobbies()
    hub = Hub(Runner(), lobbies, buffer_size=10, chat_history=10)  # type: ignore[arg-type]

    async def send(text: str) -> None:
        pass

    conn = Connection(send, seat, ["Ann", "Bob"][seat])
    joining = asyncio.create_task(hub.join(conn, CODE, None))
    await lobbies.first_read.wait()  # the seat's room is being opened from the lobby as it was
    lobbies.started = True  # the start commits
    told = hub.heard_lobby(CODE) if elsewhere else hub.lobby_changed(CODE)
    telling = asyncio.create_task(told)
    await asyncio.sleep(0)
    lobbies.release.set()
    await asyncio.wait_for(asyncio.gather(joining, telling), 10)
    return received(conn)


@pytest.mark.parametrize("elsewhere", [False, True], ids=["this process", "another process"])
def test_a_seat_connecting_while_the_game_starts_gets_its_snapshot(elsewhere: bool) -> None:
    for seat in (0, 1):
        messages = run(connect_while_starting(seat, elsewhere=elsewhere))
        snapshots = [message for message in messages if message["type"] == "snapshot"]
        assert len(snapshots) == 1, [message["type"] for message in messages]
        assert snapshots[0]["seq"] == 0 and snapshots[0]["view"]["you"] == seat
        assert messages[-1]["type"] in ("snapshot", "presence", "lobby")
        lobbies = [message["lobby"] for message in messages if message["type"] == "lobby"]
        assert lobbies[-1]["status"] == "playing"
