#!/usr/bin/env python3
"""Hints at the table: how long a person waits for the good bot's hint, game by game.

    .venv/bin/python scripts/bench_hints.py --hints 40
    .venv/bin/python scripts/bench_hints.py --games <game id>,<game id> --json hints.json

For each game, tables of one person ("Ann") and the game's good bots (one table at a time, as
many as it takes): at each of Ann's decisions she sends `{"type": "hint"}` over the websocket,
waits for the `hint` answer, and plays the action it names (so the games go on as the good bot
would play them). The figure is the time from sending the request to receiving the answer, on
the client's clock: the server's queue for a worker (the table's own bots think in the same
pool), the bot's thinking in the worker, the record's entry and the patch to every seat. Printed
per game: the number of hints, p50, p95 and the worst, against the game's target (p95 at most its
entry's `bench.hint_target`, 1 s unless it says more), with the machine (cores, load, date).

Without `--url` it starts one server on a fresh PostgreSQL database (dropped at the end), or on
`--database-url` (a SQLite file), with rate limits off, as scripts/bench.py does. The first hint
of a run waits for the server's worker process to start: it is left out (`--warmup`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import jsonpatch
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import (  # noqa: E402  (the load benchmark's own servers and database)
    Server,
    create_postgres_database,
    drop_postgres_database,
    migrate,
    registered,
)

TIMEOUT = 60.0  # seconds for one answer (a hint, a patch) before the table is given up
# The target of issue 31, in seconds: p95 of a hint's latency, unless the game's entry says more
# (`bench.hint_target`).
TARGET = 1.0
SEATS = 2  # Ann and one good bot (more for a game that needs more)


@contextmanager
def started_server(database_url: str | None, bot_delay: float) -> Iterator[str]:
    """One server on `database_url`, else on a fresh PostgreSQL database: its URL."""
    name = None
    if database_url is None:
        name, database_url = create_postgres_database()
    try:
        migrate(sys.executable, database_url)
        os.environ["BOT_DELAY"] = str(bot_delay)  # the server takes this process's environment
        with tempfile.TemporaryDirectory() as logs:
            server = Server(sys.executable, database_url, Path(logs) / "server.log", "warning")
            try:
                asyncio.run(server.wait_ready())
                yield server.url
            finally:
                server.stop()
    finally:
        if name is not None:
            drop_postgres_database(name)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at least `share` of them do not pass."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class Player:
    """Ann's page, reduced to what the benchmark needs: her view, kept from the server's
    snapshots and patches, and the answers to her hints."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: dict[str, Any] | None = None
        self.seq = -1
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.moved = asyncio.Event()  # set on each snapshot and patch

    async def read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "snapshot":
                self.view, self.seq = message["view"], message["seq"]
            elif kind == "patch":
                self.view = jsonpatch.apply_patch(self.view, message["ops"])
                self.seq = message["seq"]
            elif kind in ("hint", "error"):
                await self.answers.put(message)
                continue
            else:
                continue
            self.moved.set()

    async def until(self, ready: Any) -> None:
        """Wait until `ready(view)` holds."""
        while self.view is None or not ready(self.view):
            self.moved.clear()
            await asyncio.wait_for(self.moved.wait(), TIMEOUT)


async def open_table(http: httpx.AsyncClient, game: str, seats: int) -> tuple[str, str]:
    """A started table of Ann and good bots: its code and Ann's token."""
    created = (await http.post("/api/lobbies", json={"game": game, "name": "Ann"})).json()
    code, token = created["code"], created["player"]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(seats - 1):
        added = await http.post(f"/api/lobbies/{code}/bots", json={"level": "good"}, headers=auth)
        added.raise_for_status()
    (await http.post(f"/api/lobbies/{code}/start", headers=auth)).raise_for_status()
    return code, token


async def play_table(url: str, game: str, seats: int, wanted: int, times: list[float]) -> int:
    """One table, Ann asking for a hint at each decision until the game ends or `wanted` hints
    are measured; the hints refused (each is a failure of the run)."""
    refused = 0
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT) as http:
        code, token = await open_table(http, game, seats)
    ws_url = url.replace("http://", "ws://", 1)
    query = urlencode({"token": token})
    async with connect(f"{ws_url}/ws/{code}?{query}", ping_interval=None, max_size=2**22) as ws:
        ann = Player(ws)
        reader = asyncio.create_task(ann.read())
        try:
            number = 0
            while len(times) < wanted:
                await ann.until(lambda view: view["legal"] or view["status"] == "finished")
                assert ann.view is not None
                if ann.view["status"] == "finished":
                    break
                number += 1
                began = time.perf_counter()
                await ws.send(json.dumps({"type": "hint", "id": number}))
                answer = await asyncio.wait_for(ann.answers.get(), TIMEOUT)
                took = time.perf_counter() - began
                if answer["type"] != "hint" or answer["ref"] != number:
                    refused += 1
                    print(f"  {game}: hint {number} refused: {answer}", file=sys.stderr)
                    await asyncio.sleep(0.1)  # the game moved on: look again
                    continue
                times.append(took)
                seq = ann.seq
                await ws.send(
                    json.dumps({"type": "action", "id": -number, "action": answer["action"]})
                )
                await ann.until(lambda view, seq=seq: ann.seq > seq)
        finally:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader
    return refused


def hint_target(game: str) -> float:
    """The seconds of the game's target (its entry's; TARGET for a game this checkout does not
    know, served by another)."""
    entry = registered().get(game)
    return entry.bench.hint_target if entry is not None else TARGET


async def measure(url: str, games: list[str], hints: int, warmup: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT) as http:
        listed = {game["id"]: game for game in (await http.get("/api/games")).json()}
    figures: dict[str, Any] = {}
    for game in games:
        seats = max(SEATS, listed[game]["min_players"])
        times: list[float] = []
        refused = tables = 0
        while len(times) < hints + warmup:
            tables += 1
            refused += await play_table(url, game, seats, hints + warmup, times)
        measured = times[warmup:]
        warmup = 0  # the worker is up: the next games measure every hint
        figures[game] = {
            "hints": len(measured),
            "tables": tables,
            "refused": refused,
            "p50_ms": round(percentile(measured, 0.5) * 1000),
            "p95_ms": round(percentile(measured, 0.95) * 1000),
            "max_ms": round(max(measured) * 1000),
            "target_ms": round(hint_target(game) * 1000),
        }
        print(f"  {game}: {figures[game]}", flush=True)
    return figures


def machine() -> dict[str, Any]:
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
    uptime = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    return {
        "cores": os.cpu_count(),
        "load": [float(value) for value in load],
        "uptime": uptime,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a server already running (else one is started)")
    parser.add_argument("--database-url", help="for the server started: else a new PostgreSQL one")
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--hints", type=int, default=40, help="hints measured per game")
    parser.add_argument("--warmup", type=int, default=1, help="first hints of the run left out")
    parser.add_argument("--bot-delay", type=float, default=0.3, help="BOT_DELAY of the server")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args()

    async def every_game(url: str) -> list[str]:
        async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT) as http:
            return [game["id"] for game in (await http.get("/api/games")).json()]

    def run(url: str) -> dict[str, Any]:
        games = args.games.split(",") if args.games else asyncio.run(every_game(url))
        return asyncio.run(measure(url, games, args.hints, args.warmup))

    before = machine()
    if args.url:
        figures = run(args.url)
    else:
        with started_server(args.database_url, args.bot_delay) as url:
            figures = run(url)
    after = machine()
    print(f"\n{after['cores']} cores, load {before['load']} before, {after['load']} after;")
    print(f"{after['date']}, {after['uptime']}\n")
    print("| game | hints | p50 | p95 | max | p95 target |")
    print("|---|---|---|---|---|---|")
    failed = []
    for game, figure in figures.items():
        print(
            f"| {game} | {figure['hints']} | {figure['p50_ms']} ms | {figure['p95_ms']} ms | "
            f"{figure['max_ms']} ms | {figure['target_ms']} ms |"
        )
        if figure["p95_ms"] > figure["target_ms"] or figure["refused"]:
            failed.append(game)
    if args.json:
        Path(args.json).write_text(
            json.dumps({"machine": {"before": before, "after": after}, "games": figures}, indent=2)
        )
    if failed:
        print(f"\nover the target, or with hints refused: {', '.join(failed)}")


if __name__ == "__main__":
    main()
