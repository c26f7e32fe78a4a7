#!/usr/bin/env python3
"""Opening tables: how fast a server creates, joins and starts lobbies.

    .venv/bin/python scripts/bench_open.py --url http://127.0.0.1:8000 --tables 200

Two figures, both over the lobby calls of PROTOCOL.md (a Convolution table: create, one join,
start):
- sequential: one table after another, each call's server time as the server reports it
  (`Server-Timing: app;dur=...`), median and p95 per call;
- concurrent: `--tables` tables opened all at once, the tables opened per second.

Without `--url` it starts one server on a fresh PostgreSQL database (dropped at the end), with
rate limits off, as scripts/bench.py does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import (  # noqa: E402  (the load benchmark's own servers and database)
    Server,
    create_postgres_database,
    drop_postgres_database,
    migrate,
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


def server_ms(answer: httpx.Response) -> float:
    timing = answer.headers.get("server-timing", "")
    return float(timing.split("dur=")[1]) if "dur=" in timing else float("nan")


async def open_table(http: httpx.AsyncClient) -> dict[str, float]:
    """One table opened; each call's server time in ms."""
    created = await http.post("/api/lobbies", json={"game": "convolution", "name": "Ann"})
    created.raise_for_status()
    code, token = created.json()["code"], created.json()["player"]["token"]
    joined = await http.post(f"/api/lobbies/{code}/players", json={"name": "Bob"})
    joined.raise_for_status()
    started = await http.post(
        f"/api/lobbies/{code}/start", headers={"authorization": f"Bearer {token}"}
    )
    started.raise_for_status()
    return {"create": server_ms(created), "join": server_ms(joined), "start": server_ms(started)}


async def measure(url: str, tables: int, sequential: int) -> dict[str, object]:
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as http:
        for _ in range(10):  # warm up
            await open_table(http)
        times: dict[str, list[float]] = {"create": [], "join": [], "start": []}
        for _ in range(sequential):
            for call, ms in (await open_table(http)).items():
                times[call].append(ms)
        began = time.perf_counter()
        await asyncio.gather(*(open_table(http) for _ in range(tables)))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a server already running (else one is started)")
    parser.add_argument("--tables", type=int, default=200, help="tables opened at once")
    parser.add_argument("--sequential", type=int, default=200, help="tables opened in turn")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args()
    if args.url:
        figures = asyncio.run(measure(args.url, args.tables, args.sequential))
    else:
        with started_server() as url:
            figures = asyncio.run(measure(url, args.tables, args.sequential))
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
