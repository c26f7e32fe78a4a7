"""A page reconnecting in a loop, against a real server process.

One seat opens and drops its socket a hundred times, a few at once, past its cap of sockets
(SEAT_CONNECTIONS=2): many are refused while the page has already gone. Checked:

- the server logs no traceback (a peer gone while being refused is no error);
- the other seat's socket gets at most one `presence` per PRESENCE_SECONDS (app/play/hub.py),
  plus the one its own join brings and one before its chat line comes back, over the whole
  storm however long it took, and the last one it gets says who is connected in the end.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from app.play.rooms import PRESENCE_SECONDS
from tests.conftest import run
from tests.e2e.servers import ServerProcess
from tests.e2e.tables import call
from tests.registered import a_game

CYCLES = 100
AT_ONCE = 4  # sockets opened together, twice the seat's cap
TIMEOUT = 15.0  # seconds for any one answer from the live server


async def _two_seats(http: httpx.AsyncClient) -> tuple[str, str, str]:
    """A started game of two people: its code and their tokens."""
    body = {"game": a_game(players=2), "name": "Ann", "options": {}}
    created = await call(http, "POST", "/api/lobbies", 201, json=body)
    code, ann = created["code"], created["player"]["token"]
    joined = await call(http, "POST", f"/api/lobbies/{code}/players", 201, json={"name": "Bob"})
    bearer = {"Authorization": f"Bearer {ann}"}
    await call(http, "POST", f"/api/lobbies/{code}/start", 200, headers=bearer)
    return code, ann, joined["player"]["token"]


async def _open_and_drop(url: str, number: int) -> None:
    """One reconnection of the page: open, then go at once, half of them without a goodbye."""
    socket = await connect(url, open_timeout=TIMEOUT, close_timeout=2, ping_interval=None)
    if number % 2:
        socket.transport.abort()
    else:
        await socket.close()


class Watcher:
    """The other seat's socket: every message it is sent, in order."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.messages: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for text in self.socket:
            self.messages.append(json.loads(text))
            self.arrived.set()

    async def until(self, condition: Callable[[], bool]) -> None:
        async with asyncio.timeout(TIMEOUT):
            while not condition():
                self.arrived.clear()
                await self.arrived.wait()

    def saw(self, kind: str) -> bool:
        return any(message["type"] == kind for message in self.messages)

    def presences(self) -> list[list[bool]]:
        return [
            [player["connected"] for player in message["players"]]
            for message in self.messages
            if message["type"] == "presence"
        ]


async def _storm(server: ServerProcess) -> tuple[list[list[bool]], float]:
    """The storm, watched by the other seat: the presences it got, and the seconds it took."""
    async with httpx.AsyncClient(base_url=server.base_url, timeout=TIMEOUT) as http:
        code, ann, bob = await _two_seats(http)
    began = time.monotonic()
    async with connect(f"{server.ws_base}/ws/{code}?token={ann}") as socket:
        watcher = Watcher(socket)
        await watcher.until(lambda: watcher.saw("snapshot"))
        bob_url = f"{server.ws_base}/ws/{code}?token={bob}"
        for first in range(0, CYCLES, AT_ONCE):
            batch = range(first, first + AT_ONCE)
            await asyncio.gather(*(_open_and_drop(bob_url, number) for number in batch))
        await socket.send(json.dumps({"type": "chat", "text": "still here"}))
        await watcher.until(lambda: watcher.saw("chat"))
        # Bob's sockets are all gone: the last presence says so (now or at the interval's end).
        await watcher.until(lambda: watcher.presences()[-1:] == [[True, False]])
        took = time.monotonic() - began
        watcher.reader.cancel()
        return watcher.presences(), took


def test_a_reconnect_storm_logs_no_traceback_and_coalesces_presence(tmp_path: Path) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'storm.db'}"
    server = ServerProcess(database, tmp_path / "server.log", env={"SEAT_CONNECTIONS": "2"})
    try:
        server.spawn()  # here: the server dies with the thread that started it
        run(server.wait_healthy())
        presences, took = run(_storm(server))
    finally:
        server.stop()
    log = server.log_text()
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log[-3000:]
    # One came with the watcher's own join, one may come before its chat line, and then at most
    # one per interval (the first at once).
    most = 3 + int(took / PRESENCE_SECONDS)
    assert len(presences) <= most, (len(presences), most, took)
