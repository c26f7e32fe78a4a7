#!/usr/bin/env python3
"""Opening tables: how fast a server creates, joins and starts lobbies.

    .venv/bin/python scripts/bench_open.py --url http://127.0.0.1:8000 --tables 200

Two figures, both over the lobby calls of PROTOCOL.md (a table of two of `--game`, by default the
registered game for two whose random games are the shortest: create, one join, start):
- sequential: one table after another, each call's server time as the server reports it
  (`Server-Timing: app;dur=...`), median and p95 per call;
- concurrent: `--tables` tables opened all at once, the tables opened per second.

Without `--url` it starts one server on a fresh PostgreSQL database (dropped at the end), with
rate limits off, as scripts/bench.py does.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import (  # noqa: E402  (the load benchmark's own servers and database)
    Server,
    create_postgres_database,
    drop_postgres_database,
    migrate,
    registered,
)


@contextmanager
def started_server() -> Iterator[str]:
    """One server on a fresh PostgreSQL database: its URL."""
    name, database_url = create_postgres_database()
    try:
        migrate(sys.executable, database_url)
        with tempfile.TemporaryDirectory() as logs:
            server = Server(sys.executable, database_url, Path(logs) / "server.log", "warning")
            try:
                asyncio.run(server.wait_ready())
                yield server.url
            finally:
                server.stop()
    finally:
        drop_postgres_database(name)


class Connection:
    """One keep-alive HTTP/1.1 connection, by hand: a client as light as a browser's, so that the
    server, not the client, is what is measured (httpx spends more than the server does here)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode()
        head = [
            f"POST {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            "Content-Type: application/json",
            f"Content-Length: {len(data)}",
        ]
        if token:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status_line = await self.reader.readline()
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        content = await self.reader.readexactly(int(headers.get("content-length", "0")))
        status = int(status_line.split()[1])
        if status >= 400:
            raise RuntimeError(f"POST {path}: {status} {content[:200]!r}")
        timing = headers.get("server-timing", "")
        server_ms = float(timing.split("dur=")[1]) if "dur=" in timing else float("nan")
        return Answer(json.loads(content), server_ms)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()


@dataclass(frozen=True)
class Answer:
    body: Any
    server_ms: float  # from the answer's Server-Timing


async def open_table(url: str, game: str) -> dict[str, float]:
    """One table opened on a connection of its own; each call's server time in ms."""
    http = Connection(url)
    try:
        created = await http.post("/api/lobbies", {"game": game, "name": "Ann"})
        code, token = created.body["code"], created.body["player"]["token"]
        joined = await http.post(f"/api/lobbies/{code}/players", {"name": "Bob"})
        started = await http.post(f"/api/lobbies/{code}/start", {}, token)
    finally:
        await http.close()
    return {"create": created.server_ms, "join": joined.server_ms, "start": started.server_ms}


async def measure(url: str, game: str, tables: int, sequential: int) -> dict[str, object]:
    for _ in range(10):  # warm up
        await open_table(url, game)
    times: dict[str, list[float]] = {"create": [], "join": [], "start": []}
    for _ in range(sequential):
        for call, ms in (await open_table(url, game)).items():
            times[call].append(ms)
    began = time.perf_counter()
    await asyncio.gather(*(open_table(url, game) for _ in range(tables)))
    took = time.perf_counter() - began
    per_call = {
        call: {
            "median_ms": round(statistics.median(values), 2),
            "p95_ms": round(statistics.quantiles(values, n=20)[-1], 2),
        }
        for call, values in times.items()
    }
    return {
        "sequential": per_call,
        "concurrent": {"tables": tables, "seconds": round(took, 2), "per_s": round(tables / took)},
    }


def shortest_for_two() -> str:
    """The registered game for two whose random games are the shortest."""
    seating = [
        entry
        for entry in registered().values()
        if entry.game.min_players <= 2 <= entry.game.max_players
    ]
    return min(seating, key=lambda entry: entry.bench.cost).id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a server already running (else one is started)")
    parser.add_argument(
        "--game", help="the game of the tables, for two (default: the shortest registered one)"
    )
    parser.add_argument("--tables", type=int, default=200, help="tables opened at once")
    parser.add_argument("--sequential", type=int, default=200, help="tables opened in turn")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args()
    game = args.game or shortest_for_two()
    if args.url:
        figures = asyncio.run(measure(args.url, game, args.tables, args.sequential))
    else:
        with started_server() as url:
            figures = asyncio.run(measure(url, game, args.tables, args.sequential))
    for call, figure in figures["sequential"].items():  # type: ignore[union-attr]
        print(f"{call:7} server time median {figure['median_ms']} ms, p95 {figure['p95_ms']} ms")
    concurrent = figures["concurrent"]
    print(
        f"{concurrent['tables']} tables at once: {concurrent['seconds']} s, "  # type: ignore[index]
        f"{concurrent['per_s']} tables/s"  # type: ignore[index]
    )
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
