#!/usr/bin/env python3
"""Play whole games against a Tinkertable server through the public protocol only.

Nothing here imports `app`: the script speaks HTTP (httpx) and the websocket protocol
(websockets, jsonpatch) exactly as a browser or a bot would, and checks what PROTOCOL.md
promises:

- every connection (both seats and a spectator) receives every `seq`, contiguously;
- a view kept by applying snapshots, patches and presence messages equals a fresh snapshot;
- a client that drops and reconnects with `since=N` is caught up (by patches while the server
  still holds them);
- with `--kill-every K` the server is SIGKILLed mid-game (often with an action in flight) and
  restarted on the same database: nothing acknowledged is lost, seq never goes back;
- at the end the lobby says "finished" and the log lists exactly the acknowledged actions.

    python scripts/play_protocol.py --games 3 --seed 1 --serve \
        --database-url sqlite+aiosqlite:////tmp/tt/tt.db --drop-every 5 --kill-every 11

The last line is always `N passed, M failed` (games); the exit status is non-zero if any game
failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import jsonpatch
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 10.0  # seconds to wait for any one message or answer
READY_TIMEOUT = 40.0  # seconds for a (re)started server to answer /api/health
MAX_ACTIONS = 2000  # a game longer than this is stuck
BARRIER_ACTION = {"type": "__protocol_check_barrier__"}  # never legal: answered by an error


class Failure(Exception):
    """A check failed (or something timed out): the game fails with this message."""


@dataclass
class Stats:
    actions: int = 0  # acknowledged actions, whole run
    kills: int = 0
    in_flight_recorded: int = 0  # actions in flight at a SIGKILL that were recorded anyway
    drops: int = 0
    resumed: dict[str, int] = field(
        default_factory=lambda: {"patches": 0, "snapshot": 0, "current": 0}
    )
    patch_messages: int = 0
    patch_bytes: int = 0
    snapshot_messages: int = 0
    snapshot_bytes: int = 0
    empty_patches: int = 0

    def count(self, kind: str, size: int) -> None:
        if kind == "patch":
            self.patch_messages += 1
            self.patch_bytes += size
        else:
            self.snapshot_messages += 1
            self.snapshot_bytes += size


# --- the server as a subprocess (--serve) ----------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Linux: the server gets SIGKILL if this script dies, so it can never be left behind."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class Server:
    def __init__(self, python: str, cwd: Path, database_url: str, log_path: Path) -> None:
        self.python = python
        self.cwd = cwd
        self.database_url = database_url
        self.log_path = log_path
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def spawn(self) -> None:
        env = {**os.environ, "DATABASE_URL": self.database_url}
        self.starts += 1
        with open(self.log_path, "ab") as log:
            log.write(f"\n=== start {self.starts} on port {self.port} ===\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                [
                    self.python,
                    "-m",
                    "app.ops.cli",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                ],
                cwd=self.cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
            )

    async def start(self) -> None:
        self.spawn()
        await self.wait_ready()

    async def wait_ready(self) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + READY_TIMEOUT
        async with httpx.AsyncClient(timeout=2.0) as http:
            while True:
                if self.proc.poll() is not None:
                    raise Failure(
                        f"the server exited with status {self.proc.returncode} while starting;"
                        f" its log ends with:\n{self.log_tail()}"
                    )
                with contextlib.suppress(httpx.HTTPError):
                    answer = await http.get(f"{self.base_url}/api/health")
                    if answer.status_code == 200:
                        return
                if time.monotonic() > deadline:
                    raise Failure(
                        f"the server did not answer /api/health with 200 within {READY_TIMEOUT}s;"
                        f" its log ends with:\n{self.log_tail()}"
                    )
                await asyncio.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing; whatever was not committed is gone."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=TIMEOUT)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=TIMEOUT)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])


# --- one websocket client keeping its view -------------------------------------------------


class Client:
    """One connection's worth of state that survives reconnects: the view and its seq."""

    def __init__(self, name: str, seat: int | None, token: str | None, stats: Stats) -> None:
        self.name = name
        self.seat = seat
        self.token = token
        self.stats = stats
        self.view: dict[str, Any] | None = None
        self.seq: int | None = None
        self.lobby: dict[str, Any] | None = None
        self.errors: dict[Any, dict[str, Any]] = {}
        self.expected_refs: set[Any] = set()
        self.problems: list[str] = []
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()
        self.connected = False
        # Since the latest connect: what catching up looked like.
        self.got_snapshots = 0
        self.got_patches = 0

    # connection

    async def connect(self, ws_base: str, code: str, since: int | None = None) -> None:
        query: dict[str, Any] = {}
        if since is not None:
            query["since"] = since
        if self.token:
            query["token"] = self.token
        url = f"{ws_base}/ws/{code}" + (f"?{urlencode(query)}" if query else "")
        try:
            self.ws = await connect(
                url, open_timeout=TIMEOUT, close_timeout=2, max_size=2**24, ping_interval=None
            )
        except Exception as error:
            raise Failure(f"{self.name}: could not open {url}: {error!r}") from error
        self.connected = True
        self.got_snapshots = 0
        self.got_patches = 0
        self.reader = asyncio.create_task(self._read(self.ws))

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), TIMEOUT)
        await self.wait_closed()

    async def wait_closed(self) -> None:
        """Wait for the reader to see the end of the connection (e.g. after a SIGKILL)."""
        if self.reader is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self.reader), TIMEOUT)
            except TimeoutError:
                self.reader.cancel()
                with contextlib.suppress(BaseException):
                    await self.reader
                raise Failure(
                    f"{self.name}: the connection did not end within {TIMEOUT}s"
                ) from None
        self.ws = None
        self.reader = None
        self.connected = False

    async def _read(self, ws: ClientConnection) -> None:
        first = True
        try:
            async for raw in ws:
                text = raw if isinstance(raw, str) else raw.decode()
                try:
                    message = json.loads(text)
                except ValueError:
                    self.problem(f"not JSON: {text[:200]!r}")
                    continue
                if first and message.get("type") != "lobby":
                    self.problem(
                        f"the first message on connect is {message.get('type')!r}, not 'lobby'"
                    )
                first = False
                self.handle(message, len(text.encode()))
                self.changed.set()
        except ConnectionClosed:
            pass
        except Exception as error:  # a bug here must fail the game, not hang it
            self.problem(f"reader crashed: {error!r}")
        finally:
            self.connected = False
            self.changed.set()

    def problem(self, text: str) -> None:
        self.problems.append(f"{self.name}: {text}")
        self.changed.set()

    def handle(self, message: dict[str, Any], size: int) -> None:
        kind = message.get("type")
        if kind == "lobby":
            self.lobby = message.get("lobby")
        elif kind == "chat":
            pass
        elif kind == "snapshot":
            self.stats.count("snapshot", size)
            self.got_snapshots += 1
            seq = message["seq"]
            if self.seq is not None and seq < self.seq:
                self.problem(f"snapshot seq {seq} goes back from {self.seq}")
            self.seq = seq
            self.view = message["view"]
        elif kind == "patch":
            self.stats.count("patch", size)
            self.got_patches += 1
            seq = message["seq"]
            if self.view is None or self.seq is None:
                self.problem(f"patch seq {seq} before any snapshot")
                return
            if seq != self.seq + 1:
                self.problem(f"patch seq {seq} after seq {self.seq} (expected {self.seq + 1})")
                return
            if not message["ops"]:
                self.stats.empty_patches += 1
            touched = [
                op["path"]
                for op in message["ops"]
                if op["path"] == "/players" or op["path"].startswith("/players/")
            ]
            if touched:
                self.problem(f"patch seq {seq} touches {touched} (presence messages own it)")
                return
            try:
                self.view = jsonpatch.apply_patch(self.view, message["ops"], in_place=False)
            except Exception as error:
                self.problem(f"patch seq {seq} does not apply: {error!r}")
                return
            self.seq = seq
        elif kind == "presence":
            if self.view is None:
                self.problem("presence before any snapshot")
                return
            self.view["players"] = message["players"]
        elif kind == "error":
            ref = message.get("ref")
            if ref in self.expected_refs:
                self.errors[ref] = message
            else:
                self.problem(f"unexpected error message: {message}")
        else:
            self.problem(f"unknown message type {kind!r}")

    # waiting

    def check(self) -> None:
        if self.problems:
            raise Failure("; ".join(self.problems))

    async def wait_for(self, predicate: Any, what: str, timeout: float = TIMEOUT) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.check()
            if predicate():
                return
            if not self.connected:
                raise Failure(f"{self.name}: the connection closed while waiting for {what}")
            self.changed.clear()
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise Failure(
                    f"{self.name}: timed out after {timeout}s waiting for {what}"
                    f" (holding seq {self.seq})"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)

    async def wait_seq(self, seq: int) -> None:
        await self.wait_for(lambda: self.seq is not None and self.seq >= seq, f"seq {seq}")

    async def send(self, message: dict[str, Any]) -> None:
        if self.ws is None:
            raise Failure(f"{self.name}: not connected")
        try:
            await asyncio.wait_for(self.ws.send(json.dumps(message)), TIMEOUT)
        except ConnectionClosed as error:
            raise Failure(f"{self.name}: the connection closed while sending: {error!r}") from None

    async def barrier(self, ref: str) -> None:
        """Send a message the server must refuse, and wait for the refusal: every message the
        server queued for this connection before it has then arrived."""
        self.expected_refs.add(ref)
        await self.send({"type": "action", "id": ref, "action": BARRIER_ACTION})
        await self.wait_for(lambda: ref in self.errors, f"the error answering {ref}")
        self.errors.pop(ref)
        self.expected_refs.discard(ref)

    def resume_kind(self) -> str:
        if self.got_snapshots:
            return "snapshot"
        if self.got_patches:
            return "patches"
        return "current"


# --- one run --------------------------------------------------------------------------------


class Run:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)  # which seat, which action
        self.chaos = random.Random(f"{args.seed}-chaos")  # when exactly to SIGKILL
        self.stats = Stats()
        self.server: Server | None = None
        self.base_url: str = args.base_url or ""
        self.http: httpx.AsyncClient | None = None
        self.next_id = 0
        self.next_kill = args.kill_every or 0
        self.next_drop = args.drop_every or 0
        self.drop_turn = 0
        self.clients: list[Client] = []

    @property
    def ws_base(self) -> str:
        return "ws" + self.base_url[len("http") :]

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def new_http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base_url, timeout=TIMEOUT)

    async def request(self, method: str, path: str, expect: int, **kwargs: Any) -> Any:
        assert self.http is not None
        try:
            answer = await self.http.request(method, path, **kwargs)
        except httpx.HTTPError as error:
            raise Failure(f"{method} {path}: {error!r}") from error
        if answer.status_code != expect:
            raise Failure(
                f"{method} {path}: HTTP {answer.status_code} (expected {expect}):"
                f" {answer.text[:300]}"
            )
        return answer.json()

    # the whole run

    async def main(self) -> int:
        args = self.args
        log_path: Path | None = None
        if args.serve:
            log_path = (
                Path(args.server_log)
                if args.server_log
                else Path(tempfile.mkstemp(prefix="tinkertable-server-", suffix=".log")[1])
            )
            self.server = Server(args.python, Path(args.server_cwd), args.database_url, log_path)
            self.base_url = self.server.base_url
            print(f"serving on {self.base_url} (log: {log_path})", flush=True)
        passed = failed = 0
        started = time.monotonic()
        try:
            if self.server is not None:
                await self.server.start()
            self.http = self.new_http()
            for number in range(1, args.games + 1):
                began = time.monotonic()
                before = (self.stats.actions, self.stats.kills, self.stats.drops)
                try:
                    code, actions = await asyncio.wait_for(
                        self.play_game(number), args.game_timeout
                    )
                except TimeoutError:
                    failed += 1
                    print(
                        f"game {number}: FAILED: the game took over {args.game_timeout}s",
                        flush=True,
                    )
                except Failure as failure:
                    failed += 1
                    print(f"game {number}: FAILED: {failure}", flush=True)
                except Exception as error:  # anything unexpected fails the game, clearly
                    failed += 1
                    print(f"game {number}: FAILED: unexpected {error!r}", flush=True)
                else:
                    passed += 1
                    print(
                        f"game {number}: passed (lobby {code}, {actions} actions,"
                        f" {self.stats.kills - before[1]} kills,"
                        f" {self.stats.drops - before[2]} drops,"
                        f" {time.monotonic() - began:.1f}s)",
                        flush=True,
                    )
                finally:
                    await self.close_clients()
                if self.server is not None and not self.server.alive():
                    print(f"the server died; its log ends with:\n{self.server.log_tail()}")
                    with contextlib.suppress(Failure):
                        await self.restart_server()
        except Failure as failure:
            print(f"run aborted: {failure}", flush=True)
            failed += args.games - passed - failed
        finally:
            await self.close_clients()
            if self.http is not None:
                await self.http.aclose()
            if self.server is not None:
                self.server.stop()
        self.summary(time.monotonic() - started)
        if log_path is not None and not args.server_log and failed == 0:
            log_path.unlink(missing_ok=True)  # kept only when something failed
        print(f"{passed} passed, {failed} failed", flush=True)
        return 0 if failed == 0 else 1

    def summary(self, seconds: float) -> None:
        s = self.stats
        patch_avg = s.patch_bytes / s.patch_messages if s.patch_messages else 0.0
        snap_avg = s.snapshot_bytes / s.snapshot_messages if s.snapshot_messages else 0.0
        print(
            f"run: {self.args.games} games of {self.args.game}, seed {self.args.seed},"
            f" {seconds:.1f}s"
        )
        print(f"total actions: {s.actions}")
        print(
            f"kills: {s.kills} ({s.in_flight_recorded} with the action in flight recorded,"
            f" {s.kills - s.in_flight_recorded} with it lost)"
        )
        print(f"drops: {s.drops}")
        print(
            f"reconnects: {s.resumed['patches']} resumed by patches,"
            f" {s.resumed['snapshot']} resumed by snapshot,"
            f" {s.resumed['current']} already current"
        )
        print(
            f"patch messages: {s.patch_messages} ({s.empty_patches} with no ops),"
            f" average {patch_avg:.0f} bytes"
        )
        print(f"snapshot messages: {s.snapshot_messages}, average {snap_avg:.0f} bytes")

    async def close_clients(self) -> None:
        for client in self.clients:
            with contextlib.suppress(Exception):
                await client.close()
        self.clients = []

    async def restart_server(self) -> None:
        assert self.server is not None
        if self.http is not None:
            await self.http.aclose()
        self.server.spawn()
        await self.server.wait_ready()
        self.http = self.new_http()

    # one game

    async def play_game(self, number: int) -> tuple[str, int]:
        args = self.args
        games = await self.request("GET", "/api/games", 200)
        if args.game is None:  # the first game the server lists that seats --players
            seats = args.players or 2
            fits = [g for g in games if g["min_players"] <= seats <= g["max_players"]]
            if not fits:
                raise Failure(f"the server has no game for {seats} players")
            args.game = fits[0]["id"]
        info = next((g for g in games if g["id"] == args.game), None)
        if info is None:
            raise Failure(f"the server has no game {args.game!r}")
        players = args.players or max(2, info["min_players"])
        if not info["min_players"] <= players <= info["max_players"]:
            raise Failure(f"{args.game} takes {info['min_players']}-{info['max_players']} players")

        created = await self.request(
            "POST",
            "/api/lobbies",
            201,
            json={"game": args.game, "name": f"p1-g{number}", "options": args.options},
        )
        code = created["code"]
        host = created["player"]
        tokens = [host["token"]]
        if host["seat"] != 0 or host["host"] is not True:
            raise Failure(f"the creator is {host}, not the host in seat 0")
        for index in range(1, players):
            joined = await self.request(
                "POST",
                f"/api/lobbies/{code}/players",
                201,
                json={"name": f"p{index + 1}-g{number}"},
            )
            if joined["player"]["seat"] != index:
                raise Failure(f"player {index + 1} got seat {joined['player']['seat']}")
            tokens.append(joined["player"]["token"])

        seats = [Client(f"seat {i}", i, tokens[i], self.stats) for i in range(players)]
        spectator = Client("spectator", None, None, self.stats)
        self.clients = [*seats, spectator]
        for client in self.clients:
            await client.connect(self.ws_base, code)

        started = await self.request(
            "POST",
            f"/api/lobbies/{code}/start",
            200,
            json={},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        if started["status"] != "playing":
            raise Failure(f"after start the lobby is {started['status']!r}")
        for client in self.clients:
            await client.wait_for(lambda c=client: c.view is not None, "the snapshot at start")
            if client.seq != 0:
                raise Failure(f"{client.name}: the first snapshot has seq {client.seq}, not 0")
        self.check_views()

        acked: list[tuple[int, dict[str, Any]]] = []  # (seat, action) for seq 1, 2, ...
        while True:
            if len(acked) > MAX_ACTIONS:
                raise Failure(f"no end after {MAX_ACTIONS} actions")
            movers = [c for c in seats if c.view and c.view["legal"]]
            if not movers:
                break
            mover = self.rng.choice(movers)
            action = self.choose(mover.view["legal"])
            if self.server is not None and args.kill_every and self.stats.actions >= self.next_kill:
                self.next_kill += args.kill_every
                await self.kill_with_action_in_flight(code, mover, action, acked)
            else:
                await self.act(mover, action, acked, self.clients)
            if args.drop_every and self.stats.actions >= self.next_drop:
                self.next_drop += args.drop_every
                await self.drop_and_resume(code, seats, acked)

        await self.check_finished(code, seats, spectator, acked)
        return code, len(acked)

    def choose(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """A random legal action; with --prefer, mostly one of the preferred types when listed
        (so that games whose random play wanders, such as building games, reach their end)."""
        preferred = [action for action in legal if action.get("type") in self.args.prefer]
        if preferred and self.rng.random() < 0.9:
            return self.rng.choice(preferred)
        return self.rng.choice(legal)

    def check_views(self) -> None:
        for client in self.clients:
            view = client.view
            if view is None:
                raise Failure(f"{client.name}: no view")
            if client.seat is None:
                if view["legal"] != [] or view["you"] is not None:
                    raise Failure(
                        f"spectator view has legal={view['legal']!r}, you={view['you']!r}"
                    )
            elif view["you"] != client.seat:
                raise Failure(f"{client.name}: view.you is {view['you']!r}")

    async def act(
        self,
        mover: Client,
        action: dict[str, Any],
        acked: list[tuple[int, dict[str, Any]]],
        waiters: list[Client],
    ) -> None:
        """Send one action and wait until every connection in `waiters` has its patch."""
        assert mover.seq is not None and mover.seat is not None
        target = mover.seq + 1
        ref = self.new_id()
        mover.expected_refs.add(ref)
        await mover.send({"type": "action", "id": ref, "action": action})
        await mover.wait_for(
            lambda: ref in mover.errors or (mover.seq or 0) >= target,
            f"the patch for action {ref} {action} (seq {target})",
        )
        mover.expected_refs.discard(ref)
        if ref in mover.errors:
            raise Failure(
                f"{mover.name}: the legal action {action} was refused: {mover.errors[ref]}"
            )
        if mover.seq != target:
            raise Failure(f"{mover.name}: acting at seq {target - 1} led to seq {mover.seq}")
        acked.append((mover.seat, action))
        self.stats.actions += 1
        for client in waiters:
            await client.wait_seq(target)
            if client.seq != target:
                raise Failure(f"{client.name}: at seq {client.seq}, expected {target}")
        self.check_views()

    async def compare_fresh(self, code: str, client: Client) -> None:
        """The client's patched view must equal the snapshot a new connection gets now."""
        await client.barrier(f"barrier-{self.new_id()}")
        fresh = Client(f"fresh {client.name}", client.seat, client.token, self.stats)
        await fresh.connect(self.ws_base, code)
        try:
            await fresh.wait_for(lambda: fresh.view is not None, "a fresh snapshot")
        finally:
            await fresh.close()
        fresh.check()
        if fresh.seq != client.seq:
            raise Failure(
                f"{client.name}: holds seq {client.seq}, a fresh snapshot has seq {fresh.seq}"
            )
        if fresh.view != client.view:
            raise Failure(
                f"{client.name}: the patched view differs from a fresh snapshot at"
                f" seq {client.seq}: {describe_difference(client.view, fresh.view)}"
            )

    async def drop_and_resume(
        self, code: str, seats: list[Client], acked: list[tuple[int, dict[str, Any]]]
    ) -> None:
        """Close one seat's socket; another seat plays once; the dropped seat resumes.

        With --drop-spectator the spectator drops too (first) and resumes while the seat is
        still away, so it must learn of the seat's absence on resuming."""
        count = len(seats)
        order = [(self.drop_turn + k) % count for k in range(count)]
        self.drop_turn += 1
        dropped_index = order[0]
        for candidate in order:  # prefer a seat whose absence lets someone else move
            if any(s.view and s.view["legal"] for s in seats if s.seat != candidate):
                dropped_index = candidate
                break
        dropped = [seats[dropped_index]]
        if self.args.drop_spectator:
            dropped.insert(0, self.clients[-1])
        since = {}
        for client in dropped:
            await client.close()
            since[client.name] = client.seq
            self.stats.drops += 1
        others = [c for c in self.clients if c not in dropped]
        movers = [c for c in others if c.seat is not None and c.view and c.view["legal"]]
        missed = 0
        if movers:
            mover = self.rng.choice(movers)
            await self.act(mover, self.rng.choice(mover.view["legal"]), acked, others)
            missed = 1
        for client in dropped:
            await self.resume(code, client, since[client.name], missed)

    async def resume(self, code: str, client: Client, since: int, missed: int) -> None:
        """Reconnect with since=N; check how it caught up, and that its view is current."""
        await client.connect(self.ws_base, code, since=since)
        await client.barrier(f"barrier-{self.new_id()}")
        kind = client.resume_kind()
        self.stats.resumed[kind] += 1
        expected = "patches" if missed else "current"
        if kind != expected and not (kind == "snapshot" and self.args.allow_snapshot_resume):
            raise Failure(
                f"{client.name}: reconnecting with since={since} after missing"
                f" {missed} patch(es) resumed by {kind}, expected {expected}"
            )
        if client.seq != since + missed:
            raise Failure(f"{client.name}: resumed at seq {client.seq}, expected {since + missed}")
        await self.compare_fresh(code, client)
        self.check_views()

    async def kill_with_action_in_flight(
        self,
        code: str,
        mover: Client,
        action: dict[str, Any],
        acked: list[tuple[int, dict[str, Any]]],
    ) -> None:
        """Send an action, SIGKILL the server at once (or a moment later), restart it, have
        every client resume with since=<its seq>, and reconcile: the action in flight may or
        may not have been recorded, but nothing acknowledged may be lost."""
        assert self.server is not None and mover.seq is not None and mover.seat is not None
        before = mover.seq
        if before != len(acked):
            raise Failure(
                f"{mover.name}: holds seq {before} but {len(acked)} actions were acknowledged"
            )
        ref = self.new_id()
        mover.expected_refs.add(ref)
        await mover.send({"type": "action", "id": ref, "action": action})
        delay = self.chaos.choice([0.0, 0.0, 0.002, 0.01, 0.03, 0.1])
        if delay:
            await asyncio.sleep(delay)
        self.server.kill()
        self.stats.kills += 1
        for client in self.clients:
            await client.wait_closed()
            client.check()
        if ref in mover.errors:
            raise Failure(
                f"{mover.name}: the legal action {action} was refused: {mover.errors[ref]}"
            )
        mover.expected_refs.discard(ref)
        await self.restart_server()
        for client in self.clients:
            since = client.seq
            await client.connect(self.ws_base, code, since=since)
            await client.barrier(f"barrier-{self.new_id()}")
            self.stats.resumed[client.resume_kind()] += 1
        seqs = {client.seq for client in self.clients}
        if len(seqs) != 1:
            raise Failure(
                f"after the restart the clients hold different seqs:"
                f" {[(c.name, c.seq) for c in self.clients]}"
            )
        now = seqs.pop()
        if now == before + 1:
            acked.append((mover.seat, action))  # it was recorded before the kill
            self.stats.actions += 1
            self.stats.in_flight_recorded += 1
        elif now != before:
            raise Failure(
                f"after the restart the game is at seq {now}; before the kill it was"
                f" at {before} with one action in flight"
            )
        log = await self.request("GET", f"/api/lobbies/{code}/log", 200)
        check_log(log, acked, finished=False)
        for client in self.clients:
            await self.compare_fresh(code, client)
        self.check_views()

    async def check_finished(
        self,
        code: str,
        seats: list[Client],
        spectator: Client,
        acked: list[tuple[int, dict[str, Any]]],
    ) -> None:
        for client in self.clients:
            view = client.view
            assert view is not None
            if view["status"] != "finished" or view["result"] is None:
                raise Failure(
                    f"{client.name}: no seat has a legal action, but the view has"
                    f" status {view['status']!r}, result {view['result']!r}"
                )
            if client.seq != len(acked):
                raise Failure(f"{client.name}: at seq {client.seq} after {len(acked)} actions")
        results = [c.view["result"] for c in self.clients if c.view]
        if any(result != results[0] for result in results):
            raise Failure(f"the connections disagree on the result: {results}")
        for client in self.clients:
            await self.compare_fresh(code, client)
        self.check_views()
        expected = self.args.expect_actions
        if expected is not None and len(acked) != expected:
            raise Failure(f"{self.args.game} ended after {len(acked)} actions, not {expected}")
        lobby = await self.request("GET", f"/api/lobbies/{code}", 200)
        if lobby["status"] != "finished":
            raise Failure(f"GET /api/lobbies/{code} says status {lobby['status']!r}")
        log = await self.request("GET", f"/api/lobbies/{code}/log", 200)
        check_log(log, acked, finished=True)
        if log.get("result") != results[0]:
            raise Failure(
                f"the log's result {log.get('result')} differs from the view's {results[0]}"
            )


def check_log(
    log: dict[str, Any], acked: list[tuple[int, dict[str, Any]]], *, finished: bool
) -> None:
    actions = log["actions"]
    if len(actions) != len(acked):
        raise Failure(f"the log lists {len(actions)} actions; {len(acked)} were acknowledged")
    for number, (entry, (seat, action)) in enumerate(zip(actions, acked, strict=True), 1):
        if entry["seq"] != number or entry["seat"] != seat:
            raise Failure(
                f"log entry {number} is seq {entry['seq']} by seat {entry['seat']};"
                f" expected seq {number} by seat {seat}"
            )
        # While the game is on a game may hide secrets in its log; once over, all is shown.
        hidden = not finished and entry["action"].get("type") == action["type"]
        if entry["action"] != action and not hidden:
            raise Failure(f"log entry {number} is {entry['action']}; {action} was acknowledged")
    if finished:
        if log["status"] != "finished":
            raise Failure(f"the log says status {log['status']!r}")
        if log.get("seed") is None:
            raise Failure("the finished game's log has no seed")


def describe_difference(mine: Any, theirs: Any, path: str = "") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if type(mine) is not type(theirs):
        return f"{path or '/'}: {mine!r} vs fresh {theirs!r}"
    if isinstance(mine, dict):
        for key in sorted(set(mine) | set(theirs)):
            if key not in mine or key not in theirs:
                return (
                    f"{path}/{key}: {mine.get(key, '<missing>')!r} vs fresh"
                    f" {theirs.get(key, '<missing>')!r}"
                )
            if mine[key] != theirs[key]:
                return describe_difference(mine[key], theirs[key], f"{path}/{key}")
    if isinstance(mine, list) and len(mine) == len(theirs):
        for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                return describe_difference(a, b, f"{path}/{index}")
    return f"{path or '/'}: {json.dumps(mine)[:300]} vs fresh {json.dumps(theirs)[:300]}"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Play whole games through Tinkertable's public protocol and check it."
    )
    parser.add_argument("--games", type=int, default=1, help="how many games to play")
    parser.add_argument("--seed", type=int, default=0, help="seed for the players' choices")
    parser.add_argument(
        "--game", help="the game to play (default: the first the server lists that seats them)"
    )
    parser.add_argument(
        "--players", type=int, help="seats per game (default: the game's minimum, at least 2)"
    )
    parser.add_argument(
        "--prefer",
        type=lambda text: set(text.split(",")),
        default=set(),
        help="action types chosen 9 times in 10 when legal, e.g. build,pay",
    )
    parser.add_argument(
        "--expect-actions",
        type=int,
        metavar="N",
        help="every game must end after exactly N actions (a game of a fixed length)",
    )
    parser.add_argument(
        "--options",
        type=json.loads,
        default={},
        help="the lobby options as JSON, e.g. '{\"teams\": true}'",
    )
    parser.add_argument("--base-url", help="a running server, e.g. http://127.0.0.1:8000")
    parser.add_argument(
        "--serve",
        action="store_true",
        help="start the server as a subprocess (needs --database-url)",
    )
    parser.add_argument("--database-url", help="with --serve: the server's DATABASE_URL")
    parser.add_argument(
        "--kill-every",
        type=int,
        default=0,
        metavar="K",
        help="with --serve: SIGKILL and restart the server every K actions",
    )
    parser.add_argument(
        "--drop-every",
        type=int,
        default=0,
        metavar="D",
        help="drop and resume a seat's socket every D actions",
    )
    parser.add_argument(
        "--drop-spectator",
        action="store_true",
        help="with --drop-every: the spectator drops too, and resumes while the seat is away",
    )
    parser.add_argument(
        "--allow-snapshot-resume",
        action="store_true",
        help="accept a snapshot where a dropped seat should get patches",
    )
    parser.add_argument("--python", default=sys.executable, help="with --serve: the Python")
    parser.add_argument("--server-cwd", default=str(ROOT), help="with --serve: its directory")
    parser.add_argument("--server-log", help="with --serve: where the server's output goes")
    parser.add_argument(
        "--game-timeout", type=float, default=300.0, help="seconds one game may take in all"
    )
    args = parser.parse_args(argv)
    if args.serve == bool(args.base_url):
        parser.error("give exactly one of --base-url and --serve")
    if args.serve and not args.database_url:
        parser.error("--serve needs --database-url")
    if args.kill_every and not args.serve:
        parser.error("--kill-every needs --serve")
    if args.games < 0 or args.kill_every < 0 or args.drop_every < 0:
        parser.error("counts must not be negative")
    if args.base_url:
        args.base_url = args.base_url.rstrip("/")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    return asyncio.run(Run(args).main())


if __name__ == "__main__":
    sys.exit(main())
