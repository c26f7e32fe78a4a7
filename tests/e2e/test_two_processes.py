"""Two real server processes on one PostgreSQL database, the seats of one game split across
them (issue #10): no sticky sessions, no other service. Each process learns of the other's
actions and lobby changes through LISTEN/NOTIFY (app.play.notices) and pushes the patches to its
own sockets.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonpatch
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosedOK

from tests.conftest import run
from tests.e2e.servers import free_port
from tests.registered import a_game, a_short_game

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 40.0
MESSAGE_TIMEOUT = 30.0  # seconds for a message a passing test gets at once (a liveness bound)
GAME = a_short_game(players=2)  # the game played whole, its two seats on two processes
# The game of the lobby whose host removes a person: three seats, and it starts with two.
GAME_OF_THREE = a_game(players=3, where=lambda entry: entry.game.min_players <= 2)


@pytest.fixture
def two_servers(postgres_server: str, tmp_path: Path) -> Iterator[list[str]]:
    """Two server processes on the run's PostgreSQL database; their base URLs."""
    processes: list[subprocess.Popen[bytes]] = []
    logs = []
    urls = []
    env = {
        **os.environ,
        "DATABASE_URL": postgres_server,
        "MIGRATE_ON_START": "false",
        "BOT_DELAY": "0",
    }
    try:
        for number in range(2):
            port = free_port()
            log = open(tmp_path / f"server{number}.log", "wb")  # noqa: SIM115 (closed below)
            logs.append(log)
            command = [sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(port)]
            processes.append(
                subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
            )
            urls.append(f"http://127.0.0.1:{port}")
        for url, process in zip(urls, processes, strict=True):
            _wait_healthy(url, process, tmp_path)
        yield urls
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        for log in logs:
            log.close()


def _wait_healthy(url: str, process: subprocess.Popen[bytes], tmp_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            logs = "\n".join(path.read_text() for path in tmp_path.glob("server*.log"))
            pytest.fail(f"a server exited:\n{logs}")
        try:
            if httpx.get(url + "/api/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    pytest.fail(f"{url} did not start")


class Seat:
    """One websocket client keeping its view from snapshots, patches and presence messages."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.view: dict[str, Any] | None = None
        self.seq: int | None = None
        self.seqs: list[int] = []
        self.lobby: dict[str, Any] | None = None

    async def receive(self) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.socket.recv(), MESSAGE_TIMEOUT))
        if message["type"] == "snapshot":
            self.view, self.seq = message["view"], message["seq"]
        elif message["type"] == "patch":
            assert self.seq is not None and message["seq"] == self.seq + 1, message
            self.view = jsonpatch.apply_patch(self.view, message["ops"])
            self.seq = message["seq"]
            self.seqs.append(self.seq)
        elif message["type"] == "presence":
            assert self.view is not None
            self.view["players"] = message["players"]
        elif message["type"] == "lobby":
            self.lobby = message["lobby"]
        elif message["type"] == "error":
            raise AssertionError(f"refused: {message}")
        return message

    async def until_seq(self, seq: int) -> None:
        while self.seq is None or self.seq < seq:
            await self.receive()


def ws_url(base: str, code: str, token: str | None = None) -> str:
    url = base.replace("http://", "ws://") + f"/ws/{code}"
    return url + (f"?token={token}" if token else "")


async def _play_split(urls: list[str]) -> tuple[list[Seat], dict[str, Any], str]:
    one, two = urls
    async with httpx.AsyncClient() as http:
        created = await http.post(
            one + "/api/lobbies",
            json={"game": GAME, "name": "Ann", "options": {}},
        )
        code, ann_token = created.json()["code"], created.json()["player"]["token"]
        # Bob joins through the other process; Ann's socket on the first hears of it.
        async with connect(ws_url(one, code, ann_token)) as ann_socket:
            ann = Seat(ann_socket)
            await ann.receive()  # the lobby
            joined = await http.post(two + f"/api/lobbies/{code}/players", json={"name": "Bob"})
            bob_token = joined.json()["player"]["token"]
            while ann.lobby is None or len(ann.lobby["players"]) < 2:
                await ann.receive()
            async with (
                connect(ws_url(two, code, bob_token)) as bob_socket,
                connect(ws_url(two, code)) as spectator_socket,
            ):
                bob, spectator = Seat(bob_socket), Seat(spectator_socket)
                await bob.receive()
                await spectator.receive()
                # Started through the second process: the first one's socket gets the snapshot.
                started = await http.post(
                    two + f"/api/lobbies/{code}/start",
                    json={},
                    headers={"Authorization": f"Bearer {ann_token}"},
                )
                assert started.status_code == 200, started.text
                seats = [ann, bob]
                everyone = [ann, bob, spectator]
                for viewer in everyone:
                    await viewer.until_seq(0)
                while ann.view is not None and ann.view["result"] is None:
                    mover = seats[ann.view["active"][0]]
                    assert mover.view is not None and mover.seq == ann.seq
                    target = (ann.seq or 0) + 1
                    action = mover.view["legal"][target % len(mover.view["legal"])]
                    await mover.socket.send(json.dumps({"type": "action", "action": action}))
                    for viewer in everyone:
                        await viewer.until_seq(target)
                fresh: dict[str, Any] = {}
                for name, base, token in (("ann", one, ann_token), ("bob", two, bob_token)):
                    async with connect(ws_url(base, code, token)) as again:
                        seat = Seat(again)
                        await seat.until_seq(0)
                        fresh[name] = seat.view
                log = (await http.get(one + f"/api/lobbies/{code}/log")).json()
                assert fresh["ann"] == ann.view and fresh["bob"] == bob.view
                return everyone, log, code


def test_a_game_with_its_seats_on_two_processes_plays_normally(two_servers: list[str]) -> None:
    everyone, log, _code = run(_play_split(two_servers))
    assert log["status"] == "finished"
    every_seq = list(range(1, len(log["actions"]) + 1))
    assert len(every_seq) > 1 and [entry["seq"] for entry in log["actions"]] == every_seq
    for viewer in everyone:  # every connection got every seq, in order, once
        assert viewer.seqs == every_seq
    ann, bob, spectator = everyone
    assert ann.view is not None and bob.view is not None and spectator.view is not None
    assert ann.view["result"] == bob.view["result"] == spectator.view["result"]
    # Both seats acted, each on its own process.
    assert {entry["seat"] for entry in log["actions"]} == {0, 1}


async def _closed(socket: ClientConnection) -> None:
    """Read on until the server closes the socket normally."""
    with pytest.raises(ConnectionClosedOK):
        while True:
            await asyncio.wait_for(socket.recv(), MESSAGE_TIMEOUT)


async def _remove_across(urls: list[str]) -> None:
    one, two = urls
    async with httpx.AsyncClient() as http:
        created = await http.post(one + "/api/lobbies", json={"game": GAME_OF_THREE, "name": "Ann"})
        code, ann_token = created.json()["code"], created.json()["player"]["token"]
        host = {"Authorization": f"Bearer {ann_token}"}
        bob, cat = [
            (await http.post(two + f"/api/lobbies/{code}/players", json={"name": name})).json()
            for name in ("Bob", "Cat")
        ]
        async with (
            connect(ws_url(two, code, bob["player"]["token"])) as bob_socket,
            connect(ws_url(two, code, cat["player"]["token"])) as cat_socket,
        ):
            for socket in (bob_socket, cat_socket):
                await Seat(socket).receive()  # the lobby
            removed = await http.delete(
                one + f"/api/lobbies/{code}/players/{bob['player']['id']}", headers=host
            )
            assert removed.status_code == 200, removed.text
            await _closed(bob_socket)
            await _closed(cat_socket)  # her seat moved back: her page connects again
        async with connect(ws_url(two, code, cat["player"]["token"])) as cat_socket:
            cat_seat = Seat(cat_socket)
            lobby = await cat_seat.receive()
            assert [p["name"] for p in lobby["lobby"]["players"]] == ["Ann", "Cat"]
            started = await http.post(one + f"/api/lobbies/{code}/start", json={}, headers=host)
            assert started.status_code == 200, started.text
            await cat_seat.until_seq(0)
            assert cat_seat.view is not None and cat_seat.view["you"] == 1


def test_a_person_the_host_removes_on_one_process_loses_their_socket_on_the_other(
    two_servers: list[str],
) -> None:
    """Before the start, the host removes Bob through the first process: the second process,
    where Bob's and Cat's sockets are, closes both (Cat's seat moved back), and Cat, connecting
    again, plays from her new seat."""
    run(_remove_across(two_servers))
