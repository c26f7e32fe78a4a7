#!/usr/bin/env python3
"""The mixed load: does anything stall the event loop that every table of a server shares?

    .venv/bin/python scripts/bench_mixed.py --seconds 30 --json mixed.json
    .venv/bin/python scripts/bench_mixed.py --people 20 --bot-tables 10 --seconds 10

Starts one server process the way scripts/bench.py does (a fresh PostgreSQL database, migrated,
dropped at the end; `--database-url` for another), with RATE_LIMITS=false, DEBUG_LAG=true, and
BOT_DELAY and WORKERS from `--bot-delay` (0) and `--workers` (1). Then, all at once, over real
websockets and HTTP, speaking only the public protocol:

- `--people` (100) tables of two people playing a `--people-game` at a person's pace: each
  table makes a random legal action every 2 to 5 seconds (`--pace`); a finished game is
  replaced;
- `--bot-tables` (50) tables of good bots, opened as "Play against bots" opens one (a lobby
  always has a person, its host): a `--bot-game` lobby, `--bot-seats` (3) good bots added,
  started; the host plays a random legal action as soon as it is their turn;
- a client asking for steps of a finished two-seat `--replay-game` of about `--replay-actions`
  (300) actions `--replay-rate` (10) times a second, random steps and seats, each on time
  whether the previous one was answered or not (the server answers 429 past its limits). The
  game is played to its end first, with random legal actions over the protocol;
- `/api/health`, `--health-rate` (10) times a second.

The games come from the registry (app/play/registry.py) unless named: the people's, the one
for two whose random games are the shortest; the bots', the first that seats the host and the
bots; the replay's, the one for two whose random games are the longest (the greatest
`bench.cost`), its random players preferring its `bench.prefer` action types.

The tables are played in this process; the timed requests (replay steps, health) are made
from a process of their own, so that the tables' hundreds of sockets never delay an answer.

Measured over `--seconds` after `--warmup`: the server's event loop lag (GET /api/debug/lag:
the overshoot of a 10 ms ticker, p50/p99/max), /api/health as a client sees it (p50/p99),
replay steps answered (p50/p99) and refused (429) or failed, the people's actions (accepted,
latency from sending to the patch) and the bot tables' actions, the server's CPU and its worker
processes', this script's CPU, and how busy the machine was. Prints a table; `--json` writes
the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import httpx
import jsonpatch
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import (  # noqa: E402  (scripts/bench.py: the servers, the database, /proc)
    Server,
    Usage,
    create_postgres_database,
    drop_postgres_database,
    load_average,
    machine_ticks,
    migrate,
    percentile,
    registered,
    ws_url,
)

if TYPE_CHECKING:
    from app.games.entry import GameEntry

TIMEOUT = 10.0  # seconds for a lobby call, a connection, a first snapshot
STALL_SECONDS = 10.0  # an action whose patch has not come back by then is a stall
OPENING_CONCURRENCY = 20
LAG_POLL_SECONDS = 5.0  # the server keeps its latest samples: read (and reset) this often
PREFER_RATE = 0.8  # the replay game: its preferred action types this often when legal


# --- one seat's socket and view --------------------------------------------------------------


class Seat:
    """A websocket keeping its seat's view from snapshots, patches and presence; `changed` is
    set whenever the view moves on."""

    def __init__(self, index: int, token: str) -> None:
        self.index = index
        self.token = token
        self.view: dict[str, Any] | None = None
        self.seq = -1
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()
        self.closed = False
        self.errors: Counter[str] = Counter()

    async def connect(self, url: str, code: str) -> None:
        self.ws = await connect(
            f"{ws_url(url)}/ws/{code}?{urlencode({'token': self.token})}",
            open_timeout=TIMEOUT,
            close_timeout=2,
            max_size=2**22,
            ping_interval=None,
        )
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "snapshot":
                    self.view, self.seq = message["view"], message["seq"]
                elif kind == "patch" and self.view is not None and message["seq"] == self.seq + 1:
                    jsonpatch.apply_patch(self.view, message["ops"], in_place=True)
                    self.seq = message["seq"]
                elif kind == "patch":  # out of order: ask for the view again
                    await ws.send(json.dumps({"type": "sync", "seq": self.seq}))
                elif kind == "presence" and self.view is not None:
                    self.view["players"] = message["players"]
                elif kind == "error":
                    self.errors[str(message.get("error"))] += 1
                self.changed.set()
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            self.changed.set()

    def legal(self) -> list[dict[str, Any]]:
        return self.view["legal"] if self.view is not None else []

    def finished(self) -> bool:
        return self.view is not None and self.view["status"] == "finished"

    async def act(self, action: dict[str, Any], ref: int) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps({"type": "action", "id": ref, "action": action}))

    async def until(self, done: Any, timeout: float = TIMEOUT) -> bool:
        """Wait until `done()` holds (True), the socket closes or the time runs out (False)."""
        deadline = time.monotonic() + timeout
        while not done():
            if self.closed or time.monotonic() > deadline:
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - time.monotonic()))
        return True

    async def past(self, seq: int, timeout: float = STALL_SECONDS) -> bool:
        """Wait until the seat's view is past `seq` (True), or in vain (False)."""
        return await self.until(lambda: self.seq > seq, timeout)

    async def turn(self) -> bool:
        """Wait until the seat has something to do or the game is over."""
        return await self.until(lambda: bool(self.legal()) or self.finished())

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), TIMEOUT)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader


# --- the run's measures -----------------------------------------------------------------------


@dataclass
class Measures:
    measure_from: float = 0.0
    measure_to: float = float("inf")
    people_actions: int = 0
    people_latencies: list[float] = field(default_factory=list)  # milliseconds, as below
    people_stalls: int = 0
    bot_table_actions: int = 0
    bot_games_finished: int = 0
    replay_latencies: list[float] = field(default_factory=list)
    replay_answers: Counter[int] = field(default_factory=Counter)  # by HTTP status
    replay_failures: int = 0  # no answer at all
    health_latencies: list[float] = field(default_factory=list)
    health_failures: int = 0
    lag_samples_ms: list[float] = field(default_factory=list)
    client_lag_ms: list[float] = field(default_factory=list)  # the probe process's own loop
    open_failures: int = 0
    socket_errors: Counter[str] = field(default_factory=Counter)

    def holds(self, moment: float) -> bool:
        return self.measure_from <= moment < self.measure_to

    def merge(self, probed: dict[str, Any]) -> None:
        """The measures of the probe process (`probe`)."""
        for name in PROBED:
            setattr(self, name, probed[name])


# What the probe process measures (the rest is measured where the tables are played).
PROBED = (
    "replay_latencies",
    "replay_answers",
    "replay_failures",
    "health_latencies",
    "health_failures",
    "client_lag_ms",
)


class Run:
    """Everything the client does against one server."""

    def __init__(self, args: argparse.Namespace, url: str) -> None:
        self.args = args
        self.url = url
        self.rng = random.Random(args.seed)
        self.measures = Measures()
        self.stopping = False
        self.opening = asyncio.Semaphore(OPENING_CONCURRENCY)
        self.next_ref = 0
        self.http: httpx.AsyncClient | None = None

    def ref(self) -> int:
        self.next_ref += 1
        return self.next_ref

    async def call(self, method: str, path: str, expect: int, **kwargs: Any) -> Any:
        assert self.http is not None
        answer = await self.http.request(method, f"{self.url}{path}", **kwargs)
        if answer.status_code != expect:
            raise RuntimeError(f"{method} {path}: {answer.status_code} {answer.text[:200]}")
        return answer.json()

    async def lobby(self, game: str, people: int, bots: int = 0) -> tuple[str, list[Seat]]:
        """A started lobby of `game`: its code and its people's seats, connected."""
        created = await self.call(
            "POST", "/api/lobbies", 201, json={"game": game, "name": "p0", "options": {}}
        )
        code, host = created["code"], created["player"]["token"]
        tokens = [host]
        for index in range(1, people):
            joined = await self.call(
                "POST", f"/api/lobbies/{code}/players", 201, json={"name": f"p{index}"}
            )
            tokens.append(joined["player"]["token"])
        auth = {"Authorization": f"Bearer {host}"}
        for _ in range(bots):
            await self.call(
                "POST", f"/api/lobbies/{code}/bots", 201, json={"level": "good"}, headers=auth
            )
        seats = [Seat(index, token) for index, token in enumerate(tokens)]
        await asyncio.gather(*(seat.connect(self.url, code) for seat in seats))
        await self.call("POST", f"/api/lobbies/{code}/start", 200, json={}, headers=auth)
        for seat in seats:
            if not await seat.until(lambda seat=seat: seat.view is not None):
                raise RuntimeError(f"{code}: no snapshot after the start")
        return code, seats

    async def opened(self, game: str, people: int, bots: int = 0) -> tuple[str, list[Seat]]:
        """`lobby`, a few at a time, tried until it opens."""
        while True:
            try:
                async with self.opening:
                    return await self.lobby(game, people, bots)
            except Exception as error:  # counted, said, tried again
                self.measures.open_failures += 1
                print(f"could not open a {game} table: {error!r}", file=sys.stderr, flush=True)
                await asyncio.sleep(1.0)

    def choose(self, legal: list[dict[str, Any]], prefer: tuple[str, ...] = ()) -> dict[str, Any]:
        preferred = [action for action in legal if action.get("type") in prefer]
        if preferred and self.rng.random() < PREFER_RATE:
            return self.rng.choice(preferred)
        return self.rng.choice(legal)

    # the tables

    async def people_table(self, ready: asyncio.Event) -> None:
        """Two people playing at a person's pace, one game after another."""
        low, high = self.args.pace
        while not self.stopping:
            code, seats = await self.opened(self.args.people_game, 2)
            ready.set()
            try:
                while not self.stopping and not any(seat.finished() for seat in seats):
                    await asyncio.sleep(self.rng.uniform(low, high))
                    latest = max(seat.seq for seat in seats)
                    movers = [seat for seat in seats if seat.seq == latest and seat.legal()]
                    if not movers:
                        continue
                    mover = self.rng.choice(movers)
                    sent = time.monotonic()
                    await mover.act(self.choose(mover.legal()), self.ref())
                    if not await mover.past(latest):
                        self.measures.people_stalls += not self.stopping
                        break
                    if self.measures.holds(sent):
                        self.measures.people_actions += 1
                        self.measures.people_latencies.append(since(sent))
            finally:
                for seat in seats:
                    self.measures.socket_errors.update(seat.errors)
                await asyncio.gather(*(seat.close() for seat in seats))

    async def bot_table(self, ready: asyncio.Event) -> None:
        """A host and good bots, the host acting at once, one game after another."""
        args = self.args
        while not self.stopping:
            _, (host,) = await self.opened(args.bot_game, 1, args.bot_seats)
            ready.set()
            seen = host.seq
            try:
                while not self.stopping and not host.finished():
                    await host.turn()
                    if host.seq > seen:
                        if self.measures.holds(time.monotonic()):
                            self.measures.bot_table_actions += host.seq - seen
                        seen = host.seq
                    if host.closed:
                        break
                    if host.legal() and not host.finished():
                        before = host.seq
                        await host.act(self.choose(host.legal()), self.ref())
                        await host.past(before)
                if host.finished() and self.measures.holds(time.monotonic()):
                    self.measures.bot_games_finished += 1
            finally:
                self.measures.socket_errors.update(host.errors)
                await host.close()

    # the replay game and its client

    async def finished_game(self) -> tuple[str, int]:
        """A finished 2-seat --replay-game of at least 90% of --replay-actions actions,
        played here with random legal actions, four games at a time, --replay-attempts times
        at most (else the longest): its code and its number of actions."""
        target, games = self.args.replay_actions, []
        for _round in range(self.args.replay_attempts):
            games += await asyncio.gather(*(self.play_to_the_end() for _ in range(4)))
            long_enough = [game for game in games if game[1] >= target * 0.9]
            if long_enough:
                return min(long_enough, key=lambda game: game[1])
        return max(games, key=lambda game: game[1])

    async def play_to_the_end(self) -> tuple[str, int]:
        code, seats = await self.opened(self.args.replay_game, 2)
        try:
            while not any(seat.finished() for seat in seats):
                latest = max(seat.seq for seat in seats)
                behind = [seat for seat in seats if seat.seq < latest]
                if behind:  # the latest patch is on its way to them
                    await behind[0].past(latest - 1, TIMEOUT)
                    continue
                movers = [seat for seat in seats if seat.legal()]
                if not movers:
                    raise RuntimeError(f"{code}: nobody may act at {latest}, yet no result")
                mover = self.rng.choice(movers)
                choice = self.choose(mover.legal(), self.args.replay_prefer)
                await mover.act(choice, self.ref())
                if not await mover.past(latest):
                    raise RuntimeError(f"{code}: the replay game stalled at {latest}")
            return code, max(seat.seq for seat in seats)
        finally:
            await asyncio.gather(*(seat.close() for seat in seats))

    async def ask_replays(self, code: str, steps: int) -> None:
        """--replay-rate steps a second, on time, answered or not."""
        interval = 1.0 / self.args.replay_rate
        pending: set[asyncio.Task[None]] = set()
        moment = time.monotonic()
        while not self.stopping:
            moment += interval
            await asyncio.sleep(max(0.0, moment - time.monotonic()))
            seat = self.rng.choice([None, 0, 1])
            params = {"step": self.rng.randint(0, steps), **({"seat": seat} if seat else {})}
            task = asyncio.create_task(self.replay_step(code, params))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.gather(*pending, return_exceptions=True)

    async def replay_step(self, code: str, params: dict[str, Any]) -> None:
        assert self.http is not None
        sent = time.monotonic()
        try:
            answer = await self.http.get(f"{self.url}/api/lobbies/{code}/replay", params=params)
        except httpx.HTTPError:
            if self.measures.holds(sent):
                self.measures.replay_failures += 1
            return
        if self.measures.holds(sent):
            self.measures.replay_answers[answer.status_code] += 1
            if answer.status_code == 200:
                self.measures.replay_latencies.append(since(sent))

    async def ask_health(self) -> None:
        assert self.http is not None
        interval = 1.0 / self.args.health_rate
        moment = time.monotonic()
        while not self.stopping:
            moment += interval
            await asyncio.sleep(max(0.0, moment - time.monotonic()))
            sent = time.monotonic()
            try:
                answer = await self.http.get(f"{self.url}/api/health")
                ok = answer.status_code == 200
            except httpx.HTTPError:
                ok = False
            if self.measures.holds(sent):
                self.measures.health_latencies.append(since(sent))
                self.measures.health_failures += not ok

    async def watch_own_lag(self) -> None:
        """The probe's own loop lag, as the server's is measured: a late client makes late
        answers (health, replays) that the server is not to blame for."""
        while not self.stopping:
            asleep = time.monotonic()
            await asyncio.sleep(0.01)
            if self.measures.holds(asleep):
                self.measures.client_lag_ms.append(max(0.0, since(asleep) - 10.0))

    async def read_lag(self, *, keep: bool) -> bool:
        """The server's lag samples since the last read (kept when `keep`); False: the server
        does not answer them (DEBUG_LAG is off, or it predates GET /api/debug/lag)."""
        assert self.http is not None
        answer = await self.http.get(
            f"{self.url}/api/debug/lag", params={"reset": "true", "samples": "true"}
        )
        if answer.status_code != 200:
            return False
        if keep:
            self.measures.lag_samples_ms.extend(answer.json()["samples_ms"])
        return True


# --- the whole run ------------------------------------------------------------------------------


async def measure(args: argparse.Namespace, url: str, pid: int | None) -> dict[str, Any]:
    run = Run(args, url)
    limits = httpx.Limits(max_connections=OPENING_CONCURRENCY * 3)
    async with httpx.AsyncClient(timeout=30.0, limits=limits) as http:
        run.http = http
        print("playing the replay game to its end...", flush=True)
        code, steps = await run.finished_game()
        print(f"replay game {code}: {steps} actions; opening the tables...", flush=True)
        ready = [asyncio.Event() for _ in range(args.people + args.bot_tables)]
        tables = [
            asyncio.create_task(run.people_table(event)) for event in ready[: args.people]
        ] + [asyncio.create_task(run.bot_table(event)) for event in ready[args.people :]]
        await asyncio.gather(*(event.wait() for event in ready))
        print("every table is open; measuring...", flush=True)
        measures = run.measures
        measures.measure_from = time.monotonic() + args.warmup
        measures.measure_to = measures.measure_from + args.seconds
        probes = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        probing = asyncio.get_running_loop().run_in_executor(
            probes, probe, args, url, code, steps, measures.measure_from, measures.measure_to
        )
        await asyncio.sleep(args.warmup)
        lag_answered = await run.read_lag(keep=False)
        usage = Usage.of(pid) if pid else None
        workers, machine = worker_usage(pid), machine_ticks()
        loads, cpu = [load_average()], time.process_time()
        end = run.measures.measure_to
        while time.monotonic() < end:
            await asyncio.sleep(min(LAG_POLL_SECONDS, max(0.0, end - time.monotonic())))
            if lag_answered:
                await run.read_lag(keep=True)
        client_cpu = time.process_time() - cpu
        after = Usage.of(pid) if pid else None
        busy, loads = machine_ticks(), [*loads, load_average()]
        workers_after = worker_usage(pid)
        measures.merge(await probing)
        probes.shutdown()
        run.stopping = True
        for task in tables:
            task.cancel()
        await asyncio.gather(*tables, return_exceptions=True)
    server = None
    if usage is not None and after is not None:
        seconds = after.cpu_seconds - usage.cpu_seconds
        server = {
            "pid": pid,
            "cpu_seconds": round(seconds, 2),
            "cpu_percent": round(100 * seconds / args.seconds, 1),
            "rss_mb": round(after.rss / 2**20, 1),
        }
    worker_seconds = sum(
        later.cpu_seconds - (workers[child].cpu_seconds if child in workers else 0.0)
        for child, later in workers_after.items()
    )
    machine_busy = round(100 * (busy[0] - machine[0]) / max(1, busy[1] - machine[1]), 1)
    return report(
        args,
        run.measures,
        steps,
        server=server,
        workers={
            "processes": len(workers_after),
            "cpu_seconds": round(worker_seconds, 2),
            "cpu_percent": round(100 * worker_seconds / args.seconds, 1),
            "rss_mb": round(sum(later.rss for later in workers_after.values()) / 2**20, 1),
        },
        client_cpu_percent=round(100 * client_cpu / args.seconds, 1),
        machine={"cpus": os.cpu_count(), "busy_percent": machine_busy, "load_average": loads},
        lag_answered=lag_answered,
    )


def probe(
    args: argparse.Namespace, url: str, code: str, steps: int, start: float, end: float
) -> dict[str, Any]:  # pragma: no cover - runs in a child process
    """The timed requests (replay steps, /api/health), from a process of their own: the
    tables' hundreds of sockets never delay the answers they time. Their measures."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop

    async def timed() -> Measures:
        run = Run(args, url)
        run.measures.measure_from, run.measures.measure_to = start, end
        async with httpx.AsyncClient(timeout=30.0) as http:
            run.http = http
            tasks = [run.ask_replays(code, steps), run.ask_health(), run.watch_own_lag()]
            running = [asyncio.create_task(task) for task in tasks]
            await asyncio.sleep(max(0.0, end - time.monotonic()))
            run.stopping = True
            await asyncio.gather(*running)
        return run.measures

    measures = asyncio.run(timed())
    return {name: getattr(measures, name) for name in PROBED}


def worker_usage(pid: int | None) -> dict[int, Usage]:
    """What /proc says of the server's worker processes (its spawned children), by pid."""
    if pid is None:
        return {}
    usage = {}
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return {}
    for child in map(int, children):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                usage[child] = Usage.of(child)
    return usage


def summary(milliseconds: list[float]) -> dict[str, Any]:
    """How many, and their p50, p99 and max (None without any)."""
    ordered = sorted(milliseconds)

    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 2)

    return {
        "samples": len(ordered),
        "p50": rounded(percentile(ordered, 50)),
        "p99": rounded(percentile(ordered, 99)),
        "max": rounded(ordered[-1] if ordered else None),
    }


def since(moment: float) -> float:
    """Milliseconds from `moment` (time.monotonic()) to now."""
    return (time.monotonic() - moment) * 1000


def report(
    args: argparse.Namespace,
    measures: Measures,
    steps: int,
    *,
    server: dict[str, Any] | None,
    workers: dict[str, Any],
    client_cpu_percent: float,
    machine: dict[str, Any],
    lag_answered: bool,
) -> dict[str, Any]:
    return {
        "config": {
            "people_tables": args.people,
            "people_game": args.people_game,
            "pace_seconds": args.pace,
            "bot_tables": args.bot_tables,
            "bot_game": args.bot_game,
            "bot_seats": args.bot_seats,
            "bot_delay": args.bot_delay,
            "workers": args.workers,
            "replay_rate": args.replay_rate,
            "replay_game": args.replay_game,
            "replay_game_actions": steps,
            "health_rate": args.health_rate,
            "seconds": args.seconds,
            "warmup": args.warmup,
        },
        "loop_lag_ms": summary(measures.lag_samples_ms) if lag_answered else None,
        "health_ms": {**summary(measures.health_latencies), "failures": measures.health_failures},
        "replay_ms": {
            **summary(measures.replay_latencies),
            "answers": {str(status): count for status, count in measures.replay_answers.items()},
            "too_many": measures.replay_answers.get(429, 0),
            "failures": measures.replay_failures,
        },
        "people": {
            "actions": measures.people_actions,
            "per_second": round(measures.people_actions / args.seconds, 1),
            "latency_ms": summary(measures.people_latencies),
            "stalls": measures.people_stalls,
        },
        "bot_tables": {
            "actions": measures.bot_table_actions,
            "per_second": round(measures.bot_table_actions / args.seconds, 1),
            "games_finished": measures.bot_games_finished,
        },
        "server": server,
        "workers": workers,
        "client_cpu_percent": client_cpu_percent,
        "client_loop_lag_ms": summary(measures.client_lag_ms),
        "errors": {
            "open_failures": measures.open_failures,
            "socket_errors": dict(measures.socket_errors),
        },
        "machine": machine,
    }


def print_table(result: dict[str, Any]) -> None:
    config, lag, health = result["config"], result["loop_lag_ms"], result["health_ms"]
    replay, people, bots = result["replay_ms"], result["people"], result["bot_tables"]
    server, workers, machine = result["server"], result["workers"], result["machine"]
    rows = [
        (
            "run",
            f"{config['people_tables']} people's {config['people_game']} tables,"
            f" {config['bot_tables']}"
            f" {config['bot_game']} tables of {config['bot_seats']} good bots and a host,"
            f" replay steps of a {config['replay_game_actions']}-action"
            f" {config['replay_game']} game"
            f" {config['replay_rate']:g}/s, health {config['health_rate']:g}/s;"
            f" {config['seconds']:g} s after {config['warmup']:g} s;"
            f" WORKERS={config['workers']} BOT_DELAY={config['bot_delay']:g}",
        ),
        (
            "loop lag ms",
            "not answered (DEBUG_LAG off?)"
            if lag is None
            else f"p50 {lag['p50']}  p99 {lag['p99']}  max {lag['max']}  ({lag['samples']})",
        ),
        (
            "health ms",
            f"p50 {health['p50']}  p99 {health['p99']}  max {health['max']}"
            f"  ({health['samples']}, {health['failures']} failed)",
        ),
        (
            "replay ms",
            f"p50 {replay['p50']}  p99 {replay['p99']}  max {replay['max']}"
            f"  (answers {replay['answers']}, 429: {replay['too_many']},"
            f" no answer: {replay['failures']})",
        ),
        (
            "people",
            f"{people['actions']} actions ({people['per_second']:g}/s), latency p50"
            f" {people['latency_ms']['p50']} p99 {people['latency_ms']['p99']} ms,"
            f" {people['stalls']} stalls",
        ),
        (
            "bot tables",
            f"{bots['actions']} actions ({bots['per_second']:g}/s),"
            f" {bots['games_finished']} games finished",
        ),
        (
            "server",
            "not measured"
            if server is None
            else f"pid {server['pid']}, cpu {server['cpu_seconds']} s ({server['cpu_percent']}%),"
            f" rss {server['rss_mb']} MB",
        ),
        (
            "workers",
            f"{workers['processes']} process(es), cpu {workers['cpu_seconds']} s"
            f" ({workers['cpu_percent']}%), rss {workers['rss_mb']} MB",
        ),
        (
            "client",
            f"tables' process cpu {result['client_cpu_percent']}%; probe's loop lag ms p50"
            f" {result['client_loop_lag_ms']['p50']} p99 {result['client_loop_lag_ms']['p99']}",
        ),
        ("errors", f"{result['errors']}"),
        (
            "machine",
            f"{machine['cpus']} cpus {machine['busy_percent']}% busy in all,"
            f" load average {machine['load_average'][0]} -> {machine['load_average'][1]}",
        ),
    ]
    width = max(len(name) for name, _ in rows)
    for name, text in rows:
        print(f"{name:<{width}}  {text}", flush=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--people", type=int, default=100, help="people's tables (100)")
    parser.add_argument(
        "--people-game", help="their game (default: the shortest registered one for two)"
    )
    parser.add_argument(
        "--pace",
        type=float,
        nargs=2,
        default=[2.0, 5.0],
        metavar=("LOW", "HIGH"),
        help="seconds between two actions of a people's table (2 5)",
    )
    parser.add_argument("--bot-tables", type=int, default=50, help="tables of good bots (50)")
    parser.add_argument(
        "--bot-game", help="their game (default: the first registered one that seats them)"
    )
    parser.add_argument("--bot-seats", type=int, default=3, help="good bots at each (3)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="the server's BOT_DELAY (0)")
    parser.add_argument("--workers", type=int, default=1, help="the server's WORKERS (1)")
    parser.add_argument(
        "--replay-game", help="its game (default: the longest registered one for two)"
    )
    parser.add_argument(
        "--replay-actions", type=int, default=300, help="length of the replay game (300)"
    )
    parser.add_argument(
        "--replay-attempts", type=int, default=5, help="rounds of 4 games to find it (5)"
    )
    parser.add_argument("--replay-rate", type=float, default=10.0, help="steps a second (10)")
    parser.add_argument("--health-rate", type=float, default=10.0, help="a second (10)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds (30)")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before (10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices")
    parser.add_argument(
        "--database-url", help="the server's database (default: a fresh PostgreSQL database)"
    )
    parser.add_argument("--json", type=Path, help="write the figures there as JSON")
    parser.add_argument("--python", default=sys.executable, help="the server's Python")
    parser.add_argument(
        "--server-log", type=Path, help="the server's output (default: a temp file)"
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.warmup < 0 or args.replay_rate <= 0 or args.health_rate <= 0:
        parser.error("--seconds and the rates must be positive, --warmup not negative")
    if args.people < 0 or args.bot_tables < 0 or args.bot_seats < 1:
        parser.error("--people and --bot-tables not negative, --bot-seats at least 1")
    choose_games(args)
    return args


def choose_games(args: argparse.Namespace) -> None:
    """The games not named, from the registry; the replay game's preferred action types."""
    entries = registered()

    def seating(players: int) -> list[GameEntry]:
        return [
            entry
            for entry in entries.values()
            if entry.game.min_players <= players <= entry.game.max_players
        ]

    def cost(entry: GameEntry) -> int:
        return entry.bench.cost

    if args.people_game is None:
        args.people_game = min(seating(2), key=cost).id
    if args.bot_game is None:
        args.bot_game = seating(1 + args.bot_seats)[0].id
    if args.replay_game is None:
        args.replay_game = max(seating(2), key=cost).id
    replayed = entries.get(args.replay_game)
    args.replay_prefer = replayed.bench.prefer if replayed is not None else ()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    database_name, database_url = None, args.database_url
    if database_url is None:
        database_name, database_url = create_postgres_database()
    server = None
    log_path = args.server_log or Path(f"/tmp/tinkertable-bench-mixed-{os.getpid()}.log")
    try:
        migrate(args.python, database_url)
        # The server's settings, from this process's environment (bench.Server passes it on).
        os.environ.update(
            DEBUG_LAG="true", BOT_DELAY=str(args.bot_delay), WORKERS=str(args.workers)
        )
        server = Server(args.python, database_url, log_path, "warning")
        asyncio.run(server.wait_ready())
        print(f"server {server.url} pid {server.pid}, output in {log_path}", flush=True)
        result = asyncio.run(measure(args, server.url, server.pid))
    finally:
        if server is not None:
            server.stop()
        if database_name is not None:
            drop_postgres_database(database_name)
    print_table(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
