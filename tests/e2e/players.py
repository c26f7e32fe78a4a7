"""Websocket players for end-to-end tests: clients of the public protocol that keep their view and
remember every action they sent and what became of it.

A `Player` is one connection's worth of state that survives reconnects (a seat, or a spectator
when `seat` is None): the view it holds, built from snapshots, patches and presence messages, and
the `seq` of that view. Everything it is sent is checked as it arrives: a patch must carry the next
`seq` and apply cleanly, a snapshot may never go back.

Its `ledger` lists the actions it sent, each with what became of it:

- `acked`: its patch arrived. The client sends the action and then a *barrier* (an action the
  server must refuse); the server handles one connection's messages in order and queues the patch
  of an accepted action before it reads the next message, so the action's `seq` lies in
  `(after, upto]`: above the `seq` held when it was sent, at most the one held when the barrier's
  refusal arrived.
- `refused`: the server answered with an error (the view was stale: another seat moved first).
- `in_flight`: the connection died (the server was SIGKILLed) before the answer; the action may or
  may not have been recorded. Once the player has reconnected, `upto` is the `seq` it caught up
  to: if recorded, the action's `seq` lies in `(after, upto]`.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import json
import random
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlencode

import jsonpatch
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

TIMEOUT = 15.0  # seconds to wait for any one answer from a live server
BARRIER = {"type": "__crash_test_barrier__"}  # never legal: always answered by an error
_refs = itertools.count(1)

Outcome = Literal["acked", "refused", "in_flight"]


class ProtocolFailure(AssertionError):
    """The server broke a promise of the protocol (or did not answer in time)."""


@dataclass
class Sent:
    """One action a seat sent, and what became of it (see the module docstring)."""

    action: dict[str, Any]
    after: int
    outcome: Outcome = "in_flight"
    upto: int | None = None
    error: str | None = None
    message: str | None = None  # the refusal's words


class Player:
    def __init__(self, name: str, seat: int | None, token: str | None) -> None:
        self.name = name
        self.seat = seat
        self.token = token
        self.view: dict[str, Any] | None = None
        self.seq: int | None = None
        self.ledger: list[Sent] = []
        self.errors: dict[Any, dict[str, Any]] = {}
        self.awaited: set[Any] = set()  # refs whose errors we expect (or may get)
        self.problems: list[str] = []
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()
        self.connected = False
        # The close code of each connection that ended (1006: no close frame came).
        self.close_codes: list[int | None] = []
        # While playing: `parked` is set whenever the player is not acting (its connection is
        # gone and it waits for `resume`, or it is done).
        self.playing = False
        self.parked = asyncio.Event()
        self.resume = asyncio.Event()

    # --- the connection ---

    async def connect(
        self, ws_base: str, code: str, since: int | None = None, **options: Any
    ) -> None:
        """Open the socket; `options` go to websockets' `connect` (`ssl`, `origin`,
        `additional_headers`, `local_addr`...)."""
        query: dict[str, Any] = {}
        if since is not None:
            query["since"] = since
        if self.token:
            query["token"] = self.token
        url = f"{ws_base}/ws/{code}" + (f"?{urlencode(query)}" if query else "")
        self.ws = await connect(
            url,
            open_timeout=TIMEOUT,
            close_timeout=2,
            max_size=2**24,
            ping_interval=None,
            **options,
        )
        self.connected = True
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
                raise ProtocolFailure(f"{self.name}: the connection did not end") from None
        self.ws = None
        self.reader = None
        self.connected = False

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                text = raw if isinstance(raw, str) else raw.decode()
                try:
                    self.handle(json.loads(text))
                except Exception as error:  # a broken message fails the test, never hangs it
                    self.problem(f"could not handle {text[:300]!r}: {error!r}")
                self.changed.set()
        except ConnectionClosed:
            pass
        finally:
            self.close_codes.append(ws.close_code)
            self.connected = False
            self.changed.set()

    def problem(self, text: str) -> None:
        self.problems.append(f"{self.name}: {text}")

    def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "snapshot":
            if self.seq is not None and message["seq"] < self.seq:
                self.problem(f"snapshot seq {message['seq']} goes back from {self.seq}")
            self.seq = message["seq"]
            self.view = message["view"]
        elif kind == "patch":
            if self.view is None or self.seq is None:
                self.problem(f"patch seq {message['seq']} before any snapshot")
            elif message["seq"] != self.seq + 1:
                self.problem(f"patch seq {message['seq']} after seq {self.seq}")
            else:
                self.view = jsonpatch.apply_patch(self.view, message["ops"], in_place=True)
                self.seq = message["seq"]
        elif kind == "presence":
            if self.view is not None:
                self.view["players"] = message["players"]
        elif kind == "error":
            if message.get("ref") in self.awaited:
                self.errors[message["ref"]] = message
            else:
                self.problem(f"unexpected error: {message}")
        elif kind not in ("lobby", "chat"):
            self.problem(f"unknown message type {kind!r}")

    def check(self) -> None:
        if self.problems:
            raise ProtocolFailure("; ".join(self.problems))

    async def wait_for(self, ready: Any, what: str, timeout: float = TIMEOUT) -> bool:
        """Wait until `ready()`; False if the connection ended first."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not ready():
            self.check()
            if not self.connected:
                return False
            self.changed.clear()
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise ProtocolFailure(
                    f"{self.name}: no {what} within {timeout}s (holding seq {self.seq})"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        self.check()
        return True

    async def send(self, message: dict[str, Any]) -> bool:
        """Send a message; False if the connection is already gone."""
        if self.ws is None:
            return False
        try:
            await asyncio.wait_for(self.ws.send(json.dumps(message)), TIMEOUT)
        except ConnectionClosed:
            return False
        return True

    async def barrier(self) -> None:
        """Send a message the server must refuse and wait for the refusal: every message the
        server queued for this connection before it has then arrived."""
        ref = f"barrier-{next(_refs)}"
        self.awaited.add(ref)
        if not await self.send({"type": "action", "id": ref, "action": BARRIER}):
            raise ProtocolFailure(f"{self.name}: the connection closed before a barrier")
        if not await self.wait_for(lambda: ref in self.errors, f"answer to barrier {ref}"):
            raise ProtocolFailure(f"{self.name}: the connection closed during a barrier")
        self.errors.pop(ref)
        self.awaited.discard(ref)

    # --- acting ---

    async def act(self, action: dict[str, Any]) -> Sent:
        """Send `action` and follow it with a barrier; the entry in the ledger for it."""
        assert self.seq is not None
        sent = Sent(action, after=self.seq)
        self.ledger.append(sent)
        ref, barrier = next(_refs), f"barrier-{next(_refs)}"
        self.awaited.update((ref, barrier))
        delivered = await self.send({"type": "action", "id": ref, "action": action})
        if delivered:
            delivered = await self.send({"type": "action", "id": barrier, "action": BARRIER})
        if delivered:
            await self.wait_for(lambda: barrier in self.errors, f"answer to action {ref}")
        if ref in self.errors:
            sent.outcome, sent.upto = "refused", self.seq
            sent.error, sent.message = self.errors[ref]["error"], self.errors[ref]["message"]
        elif barrier in self.errors:
            sent.outcome, sent.upto = "acked", self.seq
        # else: the connection died first, the action is in flight
        self.errors.pop(ref, None)
        self.errors.pop(barrier, None)
        return sent

    async def play(self, rng: random.Random, stop: asyncio.Event) -> None:
        """Play random legal actions as fast as the server answers, until the game is over or
        `stop` is set. Whenever the connection dies, park until the test has reconnected us."""
        self.playing = True
        try:
            while not stop.is_set():
                if not self.connected:
                    self.parked.set()
                    await self.resume.wait()
                    self.resume.clear()
                    continue
                view = self.view
                assert view is not None
                if view["status"] == "finished":
                    return
                if not view["legal"]:
                    seq = self.seq
                    await self.wait_for(
                        lambda seq=seq: self.seq != seq or stop.is_set(), "move by another seat"
                    )
                    continue
                # A copy: patches change the view's lists in place.
                await self.act(copy.deepcopy(rng.choice(view["legal"])))
        finally:
            self.playing = False
            self.parked.set()

    async def reconnect(self, ws_base: str, code: str, **options: Any) -> None:
        """Reconnect with since=<our seq> and catch up (a barrier); settle an action that was in
        flight when the connection died: if it was recorded, its seq is at most the one we
        caught up to. `options` as for `connect`."""
        await self.connect(ws_base, code, since=self.seq, **options)
        await self.barrier()
        last = self.ledger[-1] if self.ledger else None
        if last is not None and last.outcome == "in_flight" and last.upto is None:
            last.upto = self.seq

    def release(self) -> None:
        """Let a parked player play on (after `reconnect`)."""
        if self.playing:
            self.parked.clear()
            self.resume.set()
