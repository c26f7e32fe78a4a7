#!/usr/bin/env python3
"""The load benchmark: many concurrent games played over real websockets, and the figures.

    .venv/bin/python scripts/bench.py --game <game id> --games 10 --seconds 10
    .venv/bin/python scripts/bench.py --processes 2 --games 250 --seconds 30 --warmup 5 \
        --rate 500 --json bench.json
    .venv/bin/python scripts/bench.py --url http://127.0.0.1:8000 --server-pid 1234 --games 50

By default it creates a fresh PostgreSQL database (dropped at the end), migrates it, and starts
`--processes` server processes (`python -m uvicorn app.main:app`, each on its own port) on it;
`--database-url` picks another database, `--url` (repeatable) targets servers already running.

Each of the `--games` tables is opened through the lobby calls of PROTOCOL.md (create, join the
other seats, start), and every seat connects over its own websocket, the seats of one game spread
round-robin over the servers (`--spread seats`: every process holds every game, and hears of
every action from the others), or all on the table's own server (`--spread tables`: a process
holds only its tables, and hears of nothing else; app/play/notices.py). Each seat keeps its
view from snapshots, patches (jsonpatch) and presence messages, and plays random actions from
its own `view.legal`, at `--rate` actions per second in total (0: each active seat acts as soon
as it sees its turn). A finished game is replaced by a new one, so that `--games` stay open.

A game has at most one action in flight, and only a seat holding the game's latest `seq` acts:
so the action sent at `seq` N is exactly the one that becomes `seq` N+1 (or is refused), its
latency is exact, and a refusal is a real error, never a race between two of our own seats.

Measured over `--seconds` after `--warmup`: games started and finished, accepted actions per
second, the time from sending an action to the LAST seat of its game receiving the patch with
its `seq` (p50/p95/p99), each server process's CPU seconds and CPU % (from /proc) and its peak
RSS (VmHWM: since it started), the server CPU seconds per accepted action, each server's notices
sent and received (from its /metrics, which the servers started here serve to 127.0.0.1; by
kind, and from itself or the others), each client process's CPU (when a client process is near 100%
the client, not the server, is the limit: use `--client-processes`), and how busy the whole
machine was. Over the whole run, as they do not depend on time: the average size of the patches
and snapshots received (most snapshots come when a game opens), and the errors: error messages
(refused actions among them), sockets the server closed, failed lobby calls and openings, and
stalls (an action or a patch that never reached every seat). `--idle-sockets N` opens N
spectator sockets on games nobody plays, before the run, and reports the servers' RSS before and
after.

The benchmark speaks only the public protocol, like a browser; it reads the game registry
(app/play/registry.py) for its defaults alone: the game (the one whose random games are the
shortest) and the action types its random players prefer (the entry's `bench.prefer`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import httpx
import jsonpatch
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

if TYPE_CHECKING:
    from app.games.entry import GameEntry

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_SERVER = os.environ.get(
    "TT_BENCH_POSTGRES", "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres"
)
TIMEOUT = 10.0  # seconds for one lobby call, one connection, one game's first snapshots
# Seconds for a started server to answer /api/health: a minute or more on a busy machine (other
# benchmarks and tests on it), where every game's import competes for the cores.
READY_TIMEOUT = 120.0
STALL_SECONDS = 10.0  # an action or a patch not seen by every seat after this is a stall
MAX_REFUSALS = 20  # refused actions after which a table is given up (and replaced)
IDLE_SOCKETS_PER_LOBBY = 100
OPENING_CONCURRENCY = 20  # tables (or idle sockets) opened at once


# --- what one client process measures --------------------------------------------------------


@dataclass
class Window:
    """The run's moments, as `time.monotonic()` values (shared by all processes on Linux)."""

    play_at: float
    measure_from: float
    measure_to: float

    def holds(self, moment: float) -> bool:
        return self.measure_from <= moment < self.measure_to


@dataclass
class Measures:
    """One client process's counts; `merge` adds several up."""

    accepted: int = 0  # actions acknowledged by their patch, in the window
    refused: int = 0  # our actions answered by an error (whole run)
    latencies: list[float] = field(default_factory=list)  # seconds, actions sent in the window
    patch_messages: int = 0  # (whole run)
    patch_bytes: int = 0
    empty_patches: int = 0
    snapshot_messages: int = 0  # (whole run)
    snapshot_bytes: int = 0
    games_started: int = 0
    games_finished: int = 0
    error_messages: Counter[str] = field(default_factory=Counter)  # by code (whole run)
    closed_sockets: int = 0  # sockets the server closed while we played (whole run)
    http_failures: int = 0  # lobby calls that failed (whole run)
    open_failures: int = 0  # tables whose sockets or first snapshots failed (whole run)
    stalls: int = 0  # actions or patches that never reached every seat (whole run)
    protocol_problems: int = 0  # seq gaps, patches that do not apply, unknown messages
    cpu_seconds: list[float] = field(default_factory=list)  # one per client process

    @classmethod
    def merge(cls, parts: list[Measures]) -> Measures:
        total = cls()
        for part in parts:
            for name, value in vars(part).items():
                setattr(total, name, getattr(total, name) + value)
        return total

    def to_dict(self) -> dict[str, Any]:
        """Plain values, to cross a process boundary."""
        return {**vars(self), "error_messages": dict(self.error_messages)}

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> Measures:
        return cls(**{**values, "error_messages": Counter(values["error_messages"])})

    @property
    def error_count(self) -> int:
        return (
            sum(self.error_messages.values())
            + self.closed_sockets
            + self.http_failures
            + self.open_failures
            + self.stalls
            + self.protocol_problems
        )


@dataclass
class Plan:
    """What one client process plays (picklable: it is sent to --client-processes)."""

    urls: list[str]
    game: str
    players: int
    options: dict[str, Any]
    first_slot: int  # the global number of this process's first table (for the URL spread)
    spread: str  # "seats": a game's seats round-robin over the servers; "tables": on one
    tables: int
    rate: float  # this process's share of --rate; 0: as fast as the games allow
    warmup: float
    seconds: float
    seed: int
    prefer: tuple[str, ...]
    compression: str | None


# --- one player's socket ---------------------------------------------------------------------


def ws_url(http_url: str) -> str:
    return "ws" + http_url[len("http") :]


def frame_size(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode())


class Seat:
    """One seat's websocket and the view it keeps by applying snapshots, patches and presence."""

    def __init__(self, table: Table, index: int, token: str, url: str) -> None:
        self.table = table
        self.index = index
        self.token = token
        self.url = url
        self.view: dict[str, Any] | None = None
        self.seq: int | None = None
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None

    async def connect(self, code: str, compression: str | None) -> None:
        query = urlencode({"token": self.token})
        self.ws = await connect(
            f"{ws_url(self.url)}/ws/{code}?{query}",
            open_timeout=TIMEOUT,
            close_timeout=2,
            max_size=2**22,
            ping_interval=None,
            compression=compression,
        )
        self.reader = asyncio.create_task(self.read(self.ws))

    async def read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                text = raw if isinstance(raw, str) else raw.decode()
                await self.table.receive(self, json.loads(text), frame_size(text))
        except ConnectionClosed:
            pass
        except Exception as error:  # a message we cannot handle must show, not hang the table
            self.table.client.measures.protocol_problems += 1
            print(f"{self.table.code} seat {self.index}: {error!r}", file=sys.stderr, flush=True)
            self.table.give_up()
            return
        self.table.socket_ended(self)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):  # the reader counts the closed socket
            await self.ws.send(json.dumps(message))

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), TIMEOUT)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader


# --- one game --------------------------------------------------------------------------------


@dataclass
class Flight:
    """The action a table is waiting on: who sent it, when, and the seq it should become."""

    seat: Seat
    id: int
    seq: int
    sent_at: float


@dataclass
class Pending:
    """A seq not yet received by every seat."""

    first_at: float
    seats: set[int] = field(default_factory=set)
    sent_at: float | None = None  # when our action for it was sent


class Table:
    """One game being played: its seats, its action in flight, its seqs not yet everywhere."""

    def __init__(self, client: Client, slot: int) -> None:
        self.client = client
        self.slot = slot
        self.code = ""
        self.seats: list[Seat] = []
        self.latest = -1  # the highest seq any seat has received
        self.started = False  # every seat has its first snapshot
        self.in_flight: Flight | None = None
        self.pending: dict[int, Pending] = {}
        self.refusals = 0
        self.queued = False  # waiting in the rate limiter's queue
        self.closing = False
        self.done = asyncio.Event()  # finished, given up, or the run is over

    # opening

    async def open(self) -> None:
        """Create the lobby, seat everyone, connect every seat, start; wait for the snapshots."""
        client = self.client
        plan = client.plan
        host_url = plan.urls[self.slot % len(plan.urls)]
        created = await client.request(
            "POST",
            f"{host_url}/api/lobbies",
            201,
            json={"game": plan.game, "name": f"b{self.slot}-0", "options": plan.options},
        )
        self.code = created["code"]
        tokens = [created["player"]["token"]]
        for index in range(1, plan.players):
            joined = await client.request(
                "POST",
                f"{host_url}/api/lobbies/{self.code}/players",
                201,
                json={"name": f"b{self.slot}-{index}"},
            )
            tokens.append(joined["player"]["token"])
        step = 1 if plan.spread == "seats" else 0
        self.seats = [
            Seat(self, index, token, plan.urls[(self.slot + step * index) % len(plan.urls)])
            for index, token in enumerate(tokens)
        ]
        await asyncio.gather(*(seat.connect(self.code, plan.compression) for seat in self.seats))
        await client.request(
            "POST",
            f"{host_url}/api/lobbies/{self.code}/start",
            200,
            json={},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        deadline = time.monotonic() + TIMEOUT
        while any(seat.view is None for seat in self.seats):
            if self.done.is_set() or time.monotonic() > deadline:
                raise TimeoutError(f"{self.code}: no snapshot on every seat after the start")
            await asyncio.sleep(0.01)
        self.started = True
        if client.window is not None and client.window.holds(time.monotonic()):
            client.measures.games_started += 1

    async def close(self) -> None:
        self.closing = True
        self.done.set()
        await asyncio.gather(*(seat.close() for seat in self.seats))

    # messages

    async def receive(self, seat: Seat, message: dict[str, Any], size: int) -> None:
        measures = self.client.measures
        kind = message.get("type")
        if kind == "snapshot":
            measures.snapshot_messages += 1
            measures.snapshot_bytes += size
            seat.view = message["view"]
            seat.seq = message["seq"]
            self.reached(seat, message["seq"], snapshot=True)
        elif kind == "patch":
            measures.patch_messages += 1
            measures.patch_bytes += size
            measures.empty_patches += not message["ops"]
            if not await self.patched(seat, message):
                return
            self.reached(seat, message["seq"], snapshot=False)
        elif kind == "presence":
            if seat.view is not None:
                seat.view["players"] = message["players"]
        elif kind == "error":
            self.refused(seat, message)
        elif kind not in ("lobby", "chat"):
            measures.protocol_problems += 1
        await self.step()

    async def patched(self, seat: Seat, message: dict[str, Any]) -> bool:
        """Apply a patch to the seat's view; False (and a sync request) when it does not fit."""
        seq = message["seq"]
        if seat.view is None or seat.seq is None or seq != seat.seq + 1:
            self.client.measures.protocol_problems += 1
            if seat.seq is not None:
                await seat.send({"type": "sync", "seq": seat.seq})
            return False
        try:
            jsonpatch.apply_patch(seat.view, message["ops"], in_place=True)
        except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException):
            self.client.measures.protocol_problems += 1
            seat.view = None
            self.give_up()
            return False
        seat.seq = seq
        return True

    def reached(self, seat: Seat, seq: int, *, snapshot: bool) -> None:
        """The seat now holds `seq`: note it, and complete the seqs every seat now holds."""
        now = time.monotonic()
        self.latest = max(self.latest, seq)
        self.pending.setdefault(seq, Pending(first_at=now))
        for number in [n for n in self.pending if n == seq or (snapshot and n < seq)]:
            pending = self.pending[number]
            pending.seats.add(seat.index)
            if len(pending.seats) == len(self.seats):
                del self.pending[number]
                window = self.client.window
                if pending.sent_at is not None and window and window.holds(pending.sent_at):
                    self.client.measures.latencies.append(now - pending.sent_at)
        flight = self.in_flight
        if flight is not None and seat is flight.seat and seq >= flight.seq:
            self.in_flight = None
            window = self.client.window
            if window is not None and window.holds(now):
                self.client.measures.accepted += 1

    def refused(self, seat: Seat, message: dict[str, Any]) -> None:
        self.client.measures.error_messages[str(message.get("error"))] += 1
        flight = self.in_flight
        if flight is None or seat is not flight.seat or message.get("ref") != flight.id:
            return
        self.client.measures.refused += 1
        self.in_flight = None
        pending = self.pending.get(flight.seq)
        if pending is not None and not pending.seats:
            del self.pending[flight.seq]
        self.refusals += 1
        if self.refusals >= MAX_REFUSALS:
            self.give_up()

    def socket_ended(self, seat: Seat) -> None:
        if not self.closing:
            self.client.measures.closed_sockets += 1
            self.give_up()

    def give_up(self) -> None:
        self.done.set()

    # playing

    def movers(self) -> list[Seat]:
        """The seats that may act now: holding the latest seq, with something legal."""
        return [
            seat
            for seat in self.seats
            if seat.seq == self.latest and seat.view is not None and seat.view["legal"]
        ]

    async def step(self) -> None:
        """After any change: act (or queue for the rate limiter), or notice the game's end."""
        if not self.started or self.done.is_set() or self.in_flight is not None:
            return
        if not self.client.playing:
            return
        if self.movers():
            if self.client.plan.rate > 0:
                self.client.enqueue(self)
            else:
                await self.act()
            return
        if all(seat.seq == self.latest for seat in self.seats):
            views = [seat.view for seat in self.seats]
            finished = any(view is not None and view["status"] == "finished" for view in views)
            if not finished:
                self.client.measures.stalls += 1  # nobody may act, yet the game goes on
            elif self.client.window is not None and self.client.window.holds(time.monotonic()):
                self.client.measures.games_finished += 1
            self.done.set()

    async def act(self) -> None:
        movers = self.movers()
        if not movers or self.in_flight is not None or self.done.is_set():
            return
        client = self.client
        seat = client.rng.choice(movers)
        assert seat.view is not None
        action = client.choose(seat.view["legal"])
        now = time.monotonic()
        self.in_flight = Flight(seat, client.new_id(), self.latest + 1, now)
        self.pending.setdefault(self.latest + 1, Pending(first_at=now)).sent_at = now
        await seat.send({"type": "action", "id": self.in_flight.id, "action": action})

    def stalled(self, now: float) -> bool:
        if not self.started:
            return False  # opening has its own timeout
        if self.in_flight is not None and now - self.in_flight.sent_at > STALL_SECONDS:
            return True
        return any(now - pending.first_at > STALL_SECONDS for pending in self.pending.values())


# --- one client process: its tables, the rate limiter, the window ----------------------------


class Client:
    """Plays `plan.tables` tables on one event loop and measures them."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.measures = Measures()
        self.window: Window | None = None
        self.playing = False
        self.stopping = False
        self.http: httpx.AsyncClient | None = None
        self.tables: dict[int, Table] = {}
        self.ready: asyncio.Queue[Table] = asyncio.Queue()
        self.next_id = 0
        self.opening = asyncio.Semaphore(OPENING_CONCURRENCY)

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def choose(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        preferred = [action for action in legal if action.get("type") in self.plan.prefer]
        if preferred and self.rng.random() < 0.8:
            return self.rng.choice(preferred)
        return self.rng.choice(legal)

    def enqueue(self, table: Table) -> None:
        if not table.queued:
            table.queued = True
            self.ready.put_nowait(table)

    async def request(self, method: str, url: str, expect: int, **kwargs: Any) -> Any:
        assert self.http is not None
        try:
            answer = await self.http.request(method, url, **kwargs)
        except httpx.HTTPError as error:
            self.measures.http_failures += 1
            raise RuntimeError(f"{method} {url}: {error!r}") from error
        if answer.status_code != expect:
            self.measures.http_failures += 1
            raise RuntimeError(f"{method} {url}: HTTP {answer.status_code}: {answer.text[:200]}")
        return answer.json()

    async def open_table(self, slot: int) -> Table | None:
        """A new table in `slot`; None (counted, and said on stderr) when it would not open."""
        table = Table(self, slot)
        self.tables[slot] = table
        try:
            async with self.opening:
                await table.open()
        except Exception as error:  # a failed lobby call is counted by request()
            if not isinstance(error, RuntimeError):
                self.measures.open_failures += 1
            print(f"could not open table {slot}: {error}", file=sys.stderr, flush=True)
            await table.close()
            return None
        return table

    async def keep(self, slot: int, table: Table | None) -> None:
        """Play the slot's table; when it finishes (or is given up), open the next one (a
        second after a table that would not open)."""
        while not self.stopping:
            if table is None:
                table = await self.open_table(slot)
                if table is None:
                    await asyncio.sleep(1.0)
                    continue
            await table.step()
            await table.done.wait()
            await table.close()
            table = None

    async def limit_rate(self) -> None:
        """Send the queued tables' actions at `plan.rate` per second (never catching up more
        than a second's worth after a lull)."""
        rate = self.plan.rate
        began = time.monotonic()
        sent = 0
        while True:
            table = await self.ready.get()
            table.queued = False
            now = time.monotonic()
            due = began + sent / rate
            if due > now:
                await asyncio.sleep(due - now)
            elif now - due > 1.0:
                began, sent = now, 0
            if table.in_flight is None and not table.done.is_set() and table.movers():
                await table.act()
                sent += 1

    async def watch(self) -> None:
        """Give up tables where an action or a patch has not reached every seat in time."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for table in list(self.tables.values()):
                if not table.done.is_set() and table.stalled(now):
                    self.measures.stalls += 1
                    table.give_up()

    async def run(self, gate: Callable[[], Awaitable[float]]) -> Measures:
        """Open the tables, wait at the gate for the start time, play, drain, close."""
        plan = self.plan
        slots = range(plan.first_slot, plan.first_slot + plan.tables)
        limits = httpx.Limits(max_connections=OPENING_CONCURRENCY * 2)
        async with httpx.AsyncClient(timeout=TIMEOUT, limits=limits) as http:
            self.http = http
            opened = await asyncio.gather(*(self.open_table(slot) for slot in slots))
            play_at = await gate()
            self.window = Window(
                play_at, play_at + plan.warmup, play_at + plan.warmup + plan.seconds
            )
            await asyncio.sleep(max(0.0, play_at - time.monotonic()))
            self.playing = True
            helpers = [asyncio.create_task(self.watch())]
            if plan.rate > 0:
                helpers.append(asyncio.create_task(self.limit_rate()))
            keepers = [
                asyncio.create_task(self.keep(slot, table))
                for slot, table in zip(slots, opened, strict=True)
            ]
            await asyncio.sleep(max(0.0, self.window.measure_from - time.monotonic()))
            cpu_from = time.process_time()
            await asyncio.sleep(max(0.0, self.window.measure_to - time.monotonic()))
            self.measures.cpu_seconds = [time.process_time() - cpu_from]
            self.stopping = True
            await self.drain()
            for task in [*helpers, *keepers]:
                task.cancel()
            await asyncio.gather(*helpers, *keepers, return_exceptions=True)
            await asyncio.gather(*(table.close() for table in self.tables.values()))
        return self.measures

    async def drain(self) -> None:
        """Let the actions in flight complete (no new ones are sent once `stopping`); those
        that do not within STALL_SECONDS are stalls."""
        self.playing = False
        deadline = time.monotonic() + STALL_SECONDS
        while time.monotonic() < deadline:
            busy = [t for t in self.tables.values() if not t.done.is_set() and t.started]
            if not any(t.in_flight or any(n > 0 for n in t.pending) for t in busy):
                return
            await asyncio.sleep(0.05)
        for table in self.tables.values():
            if not table.done.is_set() and (table.in_flight or any(n > 0 for n in table.pending)):
                self.measures.stalls += 1


def client_process(connection: Connection, plan: Plan) -> None:  # pragma: no cover - a child
    """A --client-processes child: plays its plan, waiting for the start time from the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop

    async def gate() -> float:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, connection.send, ("ready", None))
        return await loop.run_in_executor(None, connection.recv)

    try:
        measures = asyncio.run(Client(plan).run(gate))
    except Exception as error:
        connection.send(("failed", repr(error)))
    else:
        connection.send(("result", measures.to_dict()))


# --- the servers -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Linux: a server gets SIGKILL if the benchmark dies, so none is ever left behind."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@dataclass
class Usage:
    """What /proc says of a process: CPU seconds so far, resident and peak memory in bytes."""

    cpu_seconds: float
    rss: int
    peak_rss: int

    @classmethod
    def of(cls, pid: int) -> Usage:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])  # utime and stime (fields 14 and 15)
        memory: dict[str, int] = {}
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                if name in ("VmRSS", "VmHWM"):
                    memory[name] = int(value.split()[0]) * 1024
        # A server that died (a zombie until we wait for it) has no memory left: 0.
        return cls(ticks / os.sysconf("SC_CLK_TCK"), memory.get("VmRSS", 0), memory.get("VmHWM", 0))


class Server:
    """One `python -m uvicorn app.main:app` process on its own port."""

    def __init__(self, python: str, database_url: str, log_path: Path, log_level: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        # One address opens every game: the servers' rate limits would count them all as one.
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "MIGRATE_ON_START": "false",
            "RATE_LIMITS": "false",
            "METRICS_ALLOW": "127.0.0.1",  # the notices' counts, read over the window
        }
        command = [python, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--ws-max-size", "65536"]
        command += ["--log-level", log_level]
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    async def wait_ready(self) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        async with httpx.AsyncClient(timeout=2.0) as http:
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(
                        f"the server on port {self.port} exited ({self.process.returncode}):\n"
                        + self.log_path.read_text(errors="replace")[-3000:]
                    )
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get(f"{self.url}/api/health")).status_code == 200:
                        return
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the server on port {self.port} did not start in time")
                await asyncio.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


async def _postgres_admin(statement: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(POSTGRES_SERVER, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


def create_postgres_database() -> tuple[str, str]:
    """A fresh database on the PostgreSQL server: its name and URL."""
    name = f"tt_bench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        asyncio.run(_postgres_admin(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # any failure to connect: say so, and how to do without
        raise SystemExit(
            f"PostgreSQL is not reachable at {POSTGRES_SERVER} ({error!r}):"
            " set TT_BENCH_POSTGRES, or give --database-url"
        ) from error
    return name, POSTGRES_SERVER.rsplit("/", 1)[0] + "/" + name


def drop_postgres_database(name: str) -> None:
    asyncio.run(_postgres_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def migrate(python: str, database_url: str) -> None:
    """`tinkertable migrate` once, before the servers start (so they never race to migrate)."""
    done = subprocess.run(
        [python, "-m", "app.ops.cli", "migrate"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"migrating {database_url} failed:\n{done.stdout}{done.stderr}")


# --- idle spectator sockets ------------------------------------------------------------------


class IdleSockets:
    """Spectator sockets on started games that nobody plays: what one open socket costs."""

    def __init__(self, args: argparse.Namespace, urls: list[str]) -> None:
        self.args = args
        self.urls = urls
        self.sockets: list[ClientConnection] = []
        self.readers: list[asyncio.Task[None]] = []

    async def open(self, count: int) -> None:
        lobbies = math.ceil(count / IDLE_SOCKETS_PER_LOBBY)
        async with httpx.AsyncClient(timeout=TIMEOUT) as http:
            codes = [await self.started_lobby(http, number) for number in range(lobbies)]
        gate = asyncio.Semaphore(OPENING_CONCURRENCY)

        async def one(number: int) -> None:
            url = ws_url(self.urls[number % len(self.urls)])
            async with gate:
                ws = await connect(
                    f"{url}/ws/{codes[number % lobbies]}",
                    open_timeout=TIMEOUT,
                    ping_interval=None,
                    compression=self.args.compression,
                )
            self.sockets.append(ws)
            self.readers.append(asyncio.create_task(self.drain(ws)))

        await asyncio.gather(*(one(number) for number in range(count)))

    async def started_lobby(self, http: httpx.AsyncClient, number: int) -> str:
        url = self.urls[number % len(self.urls)]
        body = {"game": self.args.game, "name": "idle-0", "options": self.args.options}
        created = (await http.post(f"{url}/api/lobbies", json=body)).raise_for_status().json()
        code = created["code"]
        for index in range(1, self.args.players):
            joined = await http.post(
                f"{url}/api/lobbies/{code}/players", json={"name": f"idle-{index}"}
            )
            joined.raise_for_status()
        token = created["player"]["token"]
        started = await http.post(
            f"{url}/api/lobbies/{code}/start", json={}, headers={"Authorization": f"Bearer {token}"}
        )
        started.raise_for_status()
        return code

    @staticmethod
    async def drain(ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for _ in ws:
                pass

    async def close(self) -> None:
        async def close_one(ws: ClientConnection) -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), TIMEOUT)

        await asyncio.gather(*(close_one(ws) for ws in self.sockets))
        for reader in self.readers:
            reader.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)


# --- the whole run ---------------------------------------------------------------------------


def split(total: int, parts: int) -> list[int]:
    return [total // parts + (index < total % parts) for index in range(parts)]


def plans(args: argparse.Namespace, urls: list[str]) -> list[Plan]:
    shares = split(args.games, args.client_processes)
    result = []
    first = 0
    for index, tables in enumerate(shares):
        result.append(
            Plan(
                urls=urls,
                game=args.game,
                players=args.players,
                options=args.options,
                first_slot=first,
                spread=args.spread,
                tables=tables,
                rate=args.rate * tables / args.games if args.rate else 0.0,
                warmup=args.warmup,
                seconds=args.seconds,
                seed=args.seed * 1000 + index,
                prefer=tuple(args.prefer),
                compression=args.compression,
            )
        )
        first += tables
    return result


async def play_in_this_process(plan: Plan, start: Callable[[], float]) -> list[Measures]:
    async def gate() -> float:
        return start()

    return [await Client(plan).run(gate)]


async def play_in_processes(plans_: list[Plan], start: Callable[[], float]) -> list[Measures]:
    context = multiprocessing.get_context("spawn")
    loop = asyncio.get_running_loop()
    pipes: list[Connection] = []
    children = []
    for plan in plans_:
        parent, child = context.Pipe()
        process = context.Process(target=client_process, args=(child, plan), daemon=True)
        process.start()
        pipes.append(parent)
        children.append(process)
    try:
        for pipe in pipes:
            kind, detail = await loop.run_in_executor(None, pipe.recv)
            if kind != "ready":
                raise RuntimeError(f"a client process failed: {detail}")
        play_at = start()
        for pipe in pipes:
            pipe.send(play_at)
        results = []
        for pipe in pipes:
            kind, detail = await loop.run_in_executor(None, pipe.recv)
            if kind != "result":
                raise RuntimeError(f"a client process failed: {detail}")
            results.append(Measures.from_dict(detail))
        return results
    finally:
        for process in children:
            process.join(timeout=TIMEOUT)
            if process.is_alive():
                process.kill()


def machine_ticks() -> tuple[int, int]:
    """All CPUs' busy and total clock ticks so far (/proc/stat), idle and iowait not busy."""
    with open("/proc/stat") as stat:
        ticks = [int(value) for value in stat.readline().split()[1:]]
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)


def load_average() -> float:
    with open("/proc/loadavg") as loadavg:
        return float(loadavg.read().split()[0])


NOTICES = ("tinkertable_notices_received_total", "tinkertable_notices_sent_total")


def notice_counts(exposition: str) -> dict[str, int]:
    """The notices' counters of a /metrics page: "received action other" and the like."""
    counts: dict[str, int] = {}
    for line in exposition.splitlines():
        name, _, rest = line.partition("{")
        if name not in NOTICES:
            continue
        labels, _, value = rest.partition("} ")
        words = [part.split("=", 1)[1].strip('"') for part in labels.split(",") if "=" in part]
        way = "received" if name == NOTICES[0] else "sent"
        counts[" ".join([way, *words])] = int(float(value))
    return counts


async def read_notices(urls: list[str]) -> list[dict[str, int] | None]:
    """Each server's notices' counters so far; None where /metrics does not answer (a server
    not started here, with no METRICS_ALLOW for us)."""

    async def one(http: httpx.AsyncClient, url: str) -> dict[str, int] | None:
        try:
            answer = await http.get(f"{url}/metrics")
        except httpx.HTTPError:
            return None
        return notice_counts(answer.text) if answer.status_code == 200 else None

    async with httpx.AsyncClient(timeout=TIMEOUT) as http:
        return list(await asyncio.gather(*(one(http, url) for url in urls)))


def notices_between(
    before: dict[str, int] | None, after: dict[str, int] | None
) -> dict[str, int] | None:
    if before is None or after is None:
        return None
    return {key: after[key] - before.get(key, 0) for key in sorted(after)}


async def sample_usage(
    pids: list[int], urls: list[str], window: asyncio.Future[Window]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Each server's CPU and notices over the window and its memory at the end; how busy the
    whole machine was meanwhile (other programs on it change every figure)."""
    moments = await window
    await asyncio.sleep(max(0.0, moments.measure_from - time.monotonic()))
    before = [Usage.of(pid) for pid in pids]
    notices_before = await read_notices(urls)
    busy_before, total_before = machine_ticks()
    load_before = load_average()
    await asyncio.sleep(max(0.0, moments.measure_to - time.monotonic()))
    after = [Usage.of(pid) for pid in pids]
    notices_after = await read_notices(urls)
    busy_after, total_after = machine_ticks()
    seconds = moments.measure_to - moments.measure_from
    machine = {
        "cpus": os.cpu_count(),
        "busy_percent": round(
            100 * (busy_after - busy_before) / max(1, total_after - total_before), 1
        ),
        "load_average": [load_before, load_average()],
    }
    servers = [
        {
            "pid": pid,
            "cpu_seconds": round(end.cpu_seconds - start.cpu_seconds, 2),
            "cpu_percent": round(100 * (end.cpu_seconds - start.cpu_seconds) / seconds, 1),
            "rss_mb": round(end.rss / 2**20, 1),
            "peak_rss_mb": round(end.peak_rss / 2**20, 1),
            "notices": notices_between(first, last),
        }
        for pid, start, end, first, last in zip(
            pids, before, after, notices_before, notices_after, strict=False
        )
    ]
    return servers, machine


async def measure(args: argparse.Namespace, urls: list[str], pids: list[int]) -> dict[str, Any]:
    """Idle sockets first, then the games; every figure of the report."""
    idle: dict[str, Any] | None = None
    sockets = IdleSockets(args, urls)
    if args.idle_sockets:
        before = [Usage.of(pid).rss for pid in pids]
        await sockets.open(args.idle_sockets)
        await asyncio.sleep(1.0)
        after = [Usage.of(pid).rss for pid in pids]
        idle = {
            "count": args.idle_sockets,
            "rss_before_mb": [round(value / 2**20, 1) for value in before],
            "rss_after_mb": [round(value / 2**20, 1) for value in after],
            "kb_per_socket": (
                round((sum(after) - sum(before)) / 1024 / args.idle_sockets, 1) if pids else None
            ),
        }
    window: asyncio.Future[Window] = asyncio.get_running_loop().create_future()

    def start() -> float:
        play_at = time.monotonic() + 0.2
        moments = Window(play_at, play_at + args.warmup, play_at + args.warmup + args.seconds)
        window.set_result(moments)
        return play_at

    sampler = asyncio.create_task(sample_usage(pids, urls, window))
    try:
        client_plans = plans(args, urls)
        if args.client_processes == 1:
            parts = await play_in_this_process(client_plans[0], start)
        else:
            parts = await play_in_processes(client_plans, start)
        servers, machine = await sampler
    finally:
        sampler.cancel()
        await sockets.close()
    return report(args, urls, Measures.merge(parts), servers, machine, idle)


def percentile(ordered: list[float], share: float) -> float | None:
    """The nearest-rank percentile of sorted values (None without values)."""
    if not ordered:
        return None
    return ordered[max(0, math.ceil(share / 100 * len(ordered)) - 1)]


def milliseconds(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


def report(
    args: argparse.Namespace,
    urls: list[str],
    measures: Measures,
    servers: list[dict[str, Any]],
    machine: dict[str, Any],
    idle: dict[str, Any] | None,
) -> dict[str, Any]:
    latencies = sorted(measures.latencies)
    patch_average = (
        measures.patch_bytes / measures.patch_messages if measures.patch_messages else None
    )
    snapshot_average = (
        measures.snapshot_bytes / measures.snapshot_messages if measures.snapshot_messages else None
    )
    return {
        "config": {
            "game": args.game,
            "players": args.players,
            "options": args.options,
            "games": args.games,
            "seconds": args.seconds,
            "warmup": args.warmup,
            "rate": args.rate,
            "processes": len(urls),
            "spread": args.spread,
            "client_processes": args.client_processes,
            "database": args.database_kind,
            "compression": args.compression,
            "urls": urls,
        },
        "games": {
            "open": args.games,
            "started": measures.games_started,
            "finished": measures.games_finished,
        },
        "actions": {
            "accepted": measures.accepted,
            "per_second": round(measures.accepted / args.seconds, 1),
            "refused": measures.refused,
        },
        "latency_ms": {
            "samples": len(latencies),
            "p50": milliseconds(percentile(latencies, 50)),
            "p95": milliseconds(percentile(latencies, 95)),
            "p99": milliseconds(percentile(latencies, 99)),
            "max": milliseconds(latencies[-1] if latencies else None),
            "mean": milliseconds(sum(latencies) / len(latencies) if latencies else None),
        },
        "bytes": {
            "patch_messages": measures.patch_messages,
            "empty_patches": measures.empty_patches,
            "patch_average": None if patch_average is None else round(patch_average),
            "snapshot_messages": measures.snapshot_messages,
            "snapshot_average": None if snapshot_average is None else round(snapshot_average),
            "patch_to_snapshot": (
                round(patch_average / snapshot_average, 3)
                if patch_average and snapshot_average
                else None
            ),
        },
        "servers": [{"url": url, **server} for url, server in zip(urls, servers, strict=False)],
        # All the servers' CPU over the window per action accepted in it: the cost of an action,
        # which more processes should not raise much (each hears only its own tables' notices).
        "cpu_seconds_per_action": (
            round(sum(server["cpu_seconds"] for server in servers) / measures.accepted, 6)
            if measures.accepted and servers
            else None
        ),
        "clients": [
            {
                "cpu_seconds": round(seconds, 2),
                "cpu_percent": round(100 * seconds / args.seconds, 1),
            }
            for seconds in measures.cpu_seconds
        ],
        "errors": {
            "total": measures.error_count,
            "messages": dict(measures.error_messages),
            "refused": measures.refused,
            "closed_sockets": measures.closed_sockets,
            "http": measures.http_failures,
            "open_failures": measures.open_failures,
            "stalls": measures.stalls,
            "protocol": measures.protocol_problems,
        },
        "idle_sockets": idle,
        "machine": machine,
    }


def print_table(result: dict[str, Any]) -> None:
    config, games, actions = result["config"], result["games"], result["actions"]
    latency, sizes, errors = result["latency_ms"], result["bytes"], result["errors"]
    rate = f"{config['rate']:g}/s" if config["rate"] else "as fast as the games allow"
    rows = [
        (
            "run",
            f"{config['game']}, {config['games']} games x {config['players']} seats,"
            f" {config['processes']} server process(es) on {config['database']}"
            f" (spread by {config['spread']}),"
            f" {config['client_processes']} client process(es), rate {rate},"
            f" {config['seconds']:g} s after {config['warmup']:g} s warmup",
        ),
        ("games", f"started {games['started']}, finished {games['finished']}"),
        (
            "actions",
            f"accepted {actions['accepted']} ({actions['per_second']:g}/s),"
            f" refused {actions['refused']}",
        ),
        (
            "latency ms",
            f"p50 {latency['p50']}  p95 {latency['p95']}  p99 {latency['p99']}"
            f"  max {latency['max']}  ({latency['samples']} actions)",
        ),
        (
            "bytes",
            f"patch {sizes['patch_average']} avg ({sizes['patch_messages']} received,"
            f" {sizes['empty_patches']} empty), snapshot {sizes['snapshot_average']} avg"
            f" ({sizes['snapshot_messages']}), patch/snapshot {sizes['patch_to_snapshot']}",
        ),
    ]
    for server in result["servers"]:
        rows.append(
            (
                f"server {server['url'].rsplit(':', 1)[1]}",
                f"pid {server['pid']}, cpu {server['cpu_seconds']} s ({server['cpu_percent']}%),"
                f" rss {server['rss_mb']} MB, peak {server['peak_rss_mb']} MB",
            )
        )
        if server.get("notices") is not None:
            counts = server["notices"]
            rows.append(
                (
                    "  notices",
                    ", ".join(f"{key} {value}" for key, value in counts.items() if value) or "none",
                )
            )
    if result["cpu_seconds_per_action"] is not None:
        rows.append(("cpu/action", f"{result['cpu_seconds_per_action'] * 1000:.3f} ms"))
    for number, client in enumerate(result["clients"], 1):
        busy = "  <- the client may be the limit" if client["cpu_percent"] > 90 else ""
        rows.append(
            (f"client {number}", f"cpu {client['cpu_seconds']} s ({client['cpu_percent']}%){busy}")
        )
    rows.append(
        (
            "errors",
            f"{errors['total']} (messages {errors['messages']}, refused {errors['refused']},"
            f" closed sockets {errors['closed_sockets']}, http {errors['http']},"
            f" failed openings {errors['open_failures']},"
            f" stalls {errors['stalls']}, protocol {errors['protocol']})",
        )
    )
    idle = result["idle_sockets"]
    if idle:
        rows.append(
            (
                "idle sockets",
                f"{idle['count']}: rss {idle['rss_before_mb']} -> {idle['rss_after_mb']} MB,"
                f" {idle['kb_per_socket']} KB per socket",
            )
        )
    machine = result["machine"]
    rows.append(
        (
            "machine",
            f"{machine['cpus']} cpus {machine['busy_percent']}% busy in all,"
            f" load average {machine['load_average'][0]} -> {machine['load_average'][1]}",
        )
    )
    width = max(len(name) for name, _ in rows)
    for name, text in rows:
        print(f"{name:<{width}}  {text}", flush=True)


# --- the command line ------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--game", help="the game id (default: the registered one whose random games are shortest)"
    )
    parser.add_argument(
        "--players", type=int, help="seats per game (default: the game's minimum, at least 2)"
    )
    parser.add_argument("--options", type=json.loads, default={}, help="lobby options as JSON")
    parser.add_argument("--games", type=int, default=10, help="concurrent games (default 10)")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds (10)")
    parser.add_argument(
        "--warmup", type=float, default=0.0, help="seconds played before the measure (0)"
    )
    parser.add_argument(
        "--rate", type=float, default=0.0, help="actions per second in total (0: as fast as can be)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices")
    parser.add_argument(
        "--prefer",
        type=lambda text: [part for part in text.split(",") if part],
        help="action types chosen 8 times in 10 when legal (default: the game's, so games end)",
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes to start")
    parser.add_argument(
        "--spread",
        choices=["seats", "tables"],
        default="seats",
        help="a game's seats round-robin over the servers (seats), or all on one (tables)",
    )
    parser.add_argument(
        "--database-url",
        help="the servers' database (default: a fresh database on TT_BENCH_POSTGRES's server,"
        f" {POSTGRES_SERVER}, dropped at the end)",
    )
    parser.add_argument(
        "--url", action="append", default=[], help="a running server instead (repeatable)"
    )
    parser.add_argument(
        "--server-pid", type=int, action="append", default=[], help="with --url: its pid"
    )
    parser.add_argument("--client-processes", type=int, default=1, help="processes of clients")
    parser.add_argument(
        "--idle-sockets",
        type=int,
        default=0,
        help="spectator sockets opened before the run on games nobody plays (memory per socket)",
    )
    parser.add_argument(
        "--compression",
        choices=["deflate", "none"],
        default="deflate",
        help="websocket compression the clients offer (browsers offer deflate)",
    )
    parser.add_argument("--json", type=Path, help="write the figures there as JSON")
    parser.add_argument("--python", default=sys.executable, help="the servers' Python")
    parser.add_argument(
        "--server-log-level", default="warning", help="uvicorn's --log-level (default warning)"
    )
    parser.add_argument(
        "--server-logs",
        type=Path,
        help="directory for the servers' output (default: a temporary one, removed after a run"
        " without errors)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or args.warmup < 0 or args.rate < 0:
        parser.error("--games and --seconds must be positive, --warmup and --rate not negative")
    if not 1 <= args.client_processes <= args.games:
        parser.error("--client-processes must be between 1 and --games")
    if args.url and (args.database_url or args.processes != 1):
        parser.error("--url targets running servers: no --database-url or --processes")
    if args.server_pid and len(args.server_pid) != len(args.url):
        parser.error("give one --server-pid per --url")
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.game is None or args.prefer is None:
        game, prefer = registered_defaults(args.game)
        args.game = game
        args.prefer = list(prefer) if args.prefer is None else args.prefer
    args.compression = None if args.compression == "none" else args.compression
    args.url = [url.rstrip("/") for url in args.url]
    return args


def registered() -> dict[str, GameEntry]:
    """The games this checkout's registry holds (app/play/registry.py), by id: the benchmarks'
    defaults come from their entries."""
    sys.path.insert(0, str(ROOT))
    from app.config import Settings
    from app.play.registry import entries_for

    return entries_for(Settings())


def registered_defaults(game: str | None) -> tuple[str, tuple[str, ...]]:
    """The game (`game`, or the registered one whose random games are the shortest) and the
    action types its random players prefer (its entry's `bench.prefer`; none for a game this
    checkout does not know, served by another)."""
    entries = registered()
    if game is None:
        game = min(entries.values(), key=lambda entry: entry.bench.cost).id
    entry = entries.get(game)
    return game, entry.bench.prefer if entry is not None else ()


def seats_per_game(url: str, game: str, players: int | None) -> int:
    """--players, checked against what the server says of the game (or its minimum, >= 2)."""
    games = httpx.get(f"{url}/api/games", timeout=TIMEOUT).raise_for_status().json()
    info = next((entry for entry in games if entry["id"] == game), None)
    if info is None:
        raise SystemExit(f"the server has no game {game!r}: {[entry['id'] for entry in games]}")
    seats = players or max(2, info["min_players"])
    if not info["min_players"] <= seats <= info["max_players"]:
        raise SystemExit(f"{game} takes {info['min_players']}-{info['max_players']} players")
    return seats


class Servers:
    """The servers this run starts, on the database it creates (or is given); `stop` ends both.
    Their output is kept in a temporary directory, removed after a run without errors."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.servers: list[Server] = []
        self.database_name: str | None = None  # a database we created, to drop
        self.logs: Path | None = None

    def start(self) -> tuple[list[str], list[int]]:
        """Create and migrate the database, start the servers: their URLs and pids."""
        args = self.args
        database_url = args.database_url
        if database_url is None:
            self.database_name, database_url = create_postgres_database()
        args.database_kind = database_url.split(":", 1)[0].split("+", 1)[0]
        migrate(args.python, database_url)
        self.logs = args.server_logs or Path(tempfile.mkdtemp(prefix="tinkertable-bench-"))
        self.logs.mkdir(parents=True, exist_ok=True)
        for number in range(args.processes):
            log_path = self.logs / f"server-{number + 1}.log"
            self.servers.append(Server(args.python, database_url, log_path, args.server_log_level))

        async def ready() -> None:
            await asyncio.gather(*(server.wait_ready() for server in self.servers))

        asyncio.run(ready())
        for server in self.servers:
            print(f"server {server.url} pid {server.pid}, output in {server.log_path}", flush=True)
        return [server.url for server in self.servers], [server.pid for server in self.servers]

    def stop(self) -> None:
        for server in self.servers:
            server.stop()
        if self.database_name is not None:
            drop_postgres_database(self.database_name)

    def forget_logs(self) -> None:
        if self.logs is not None and self.args.server_logs is None:
            shutil.rmtree(self.logs, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    servers = Servers(args)
    try:
        if args.url:
            urls, pids = args.url, args.server_pid
            args.database_kind = "the servers' own database"
        else:
            urls, pids = servers.start()
        args.players = seats_per_game(urls[0], args.game, args.players)
        result = asyncio.run(measure(args, urls, pids))
    finally:
        servers.stop()
    if result["errors"]["total"] == 0:
        servers.forget_logs()
    print_table(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
