"""The connections `tinkertable serve` takes: uvicorn's own protocols with three guards.

- A connection has `REQUEST_TIMEOUT` seconds (10) to send a whole request, headers and body,
  after it opens and again after each answer; then it is closed. uvicorn alone waits forever
  for a first request, or for one sent a byte at a time, so idle sockets could hold every file
  descriptor of the process. A request the application is answering is not timed, nor a
  websocket once open (its pings find a dead peer).
- One address holds at most `CONNECTIONS_PER_ADDRESS` (256) open connections, HTTP and
  websockets, in each server process; past it a new connection is closed at once. An address
  counts as in app/edge/limits.py (an IPv6 address by its /64). Not capped: the proxies trusted in
  FORWARDED_ALLOW_IPS (every client behind one shares its address; it is the edge then, and
  its clients' addresses are only known request by request), and every address when
  RATE_LIMITS=false (load tests open thousands of sockets from one address).
- The process holds at most so many connections in all, HTTP and websockets, below its
  open-file limit (app/edge/capacity.py, app/edge/open_files.py): past it the connection idle
  longest gives way to a new one, or with none idle the new one's request is answered 503.

These are uvicorn's httptools and websockets (sans-I/O) protocols, its defaults with
`uvicorn[standard]`, as subclasses. `python -m uvicorn app.main:app` runs without the guards
(the benchmarks do); `--http app.edge.serving:GuardedHttpProtocol` adds them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections import Counter
from collections.abc import Callable
from typing import Any

from starlette.types import Receive, Scope, Send
from uvicorn import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.config import Settings
from app.edge.capacity import CONNECTIONS_AT_ONCE, Capacity, refuse
from app.edge.limits import address_key

log = logging.getLogger(__name__)


class AddressCap:
    """How many connections each address has open; refuses one past `per_address` (0: none
    refused). A connection is counted from its start until it is lost, whichever protocol holds
    it by then (HTTP, or the websocket it became)."""

    def __init__(self, per_address: int, exempt: Callable[[str], bool]) -> None:
        self.per_address = per_address
        self.exempt = exempt
        self.counts: Counter[str] = Counter()
        self._held: dict[asyncio.BaseTransport, str] = {}
        self._refusing: set[str] = set()  # addresses at their cap, logged once

    def admit(self, transport: asyncio.BaseTransport, host: str | None) -> bool:
        """Count a new connection from `host`; False (not counted) when it may not open."""
        if self.per_address == 0 or host is None or self.exempt(host):
            return True
        key = address_key(host)
        if self.counts[key] >= self.per_address:
            if key not in self._refusing:
                self._refusing.add(key)
                log.warning(
                    "refusing connections from %s: it has %d open (CONNECTIONS_PER_ADDRESS;"
                    " a proxy in front of the server belongs in FORWARDED_ALLOW_IPS)",
                    key,
                    self.per_address,
                )
            return False
        self.counts[key] += 1
        self._held[transport] = key
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """The connection is gone (a no-op for one not counted, or released already)."""
        key = self._held.pop(transport, None)
        if key is None:
            return
        self.counts[key] -= 1
        if self.counts[key] <= 0:
            del self.counts[key]
        self._refusing.discard(key)


def trusted_proxies(forwarded_allow_ips: list[str] | str) -> Callable[[str], bool]:
    """Whether an address is one of uvicorn's trusted proxies (addresses, networks, "*")."""
    entries = forwarded_allow_ips
    if isinstance(entries, str):
        entries = entries.split(",")
    names = {entry.strip() for entry in entries if entry.strip()}
    if "*" in names:
        return lambda host: True
    networks = []
    for name in names:
        try:
            networks.append(ipaddress.ip_network(name, strict=False))
        except ValueError:
            continue  # a name uvicorn compares literally (a unix socket's), never a TCP peer

    def trusted(host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in names
        return any(address in network for network in networks)

    return trusted


class ConnectionGuard:
    """The three guards of one server process."""

    def __init__(self, request_timeout: float, cap: AddressCap, capacity: Capacity) -> None:
        self.request_timeout = request_timeout
        self.cap = cap
        self.capacity = capacity

    @classmethod
    def from_settings(
        cls, settings: Settings, config: Config, connections_at_once: int = 0
    ) -> ConnectionGuard:
        """The guards `settings` ask for; `connections_at_once` 0: no capacity."""
        per_address = settings.connections_per_address if settings.rate_limits else 0
        cap = AddressCap(per_address, trusted_proxies(config.forwarded_allow_ips))
        return cls(settings.request_timeout, cap, Capacity(connections_at_once))


_guards: dict[Config, ConnectionGuard] = {}  # one per server: its config's


def connection_guard(config: Config, app_state: dict[str, Any]) -> ConnectionGuard:
    """The guard of the server that runs with `config` (one per process), from the settings
    and what the application's lifespan said (without a lifespan, CONNECTIONS_AT_ONCE alone)."""
    guard = _guards.get(config)
    if guard is None:
        settings = Settings()
        at_once = app_state.get(CONNECTIONS_AT_ONCE, settings.connections_at_once)
        guard = _guards[config] = ConnectionGuard.from_settings(settings, config, at_once)
    return guard


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a deadline for each request, the cap per address and the
    process's capacity; its websockets are GuardedWebSocketProtocol, which releases them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard = connection_guard(self.config, self.app_state)
        if self.ws_protocol_class is not None:
            self.ws_protocol_class = GuardedWebSocketProtocol
        self.request_deadline: asyncio.TimerHandle | None = None
        # Requests begun and answered on this connection: it is idle when they are as many.
        self.begun = self.answered = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self.guard.cap.admit(transport, self.client[0] if self.client else None):
            transport.close()
            return
        if not self.guard.capacity.open(transport):
            self.app = refuse  # its request is answered 503, then it closes
        self._wait_for_a_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        self.guard.cap.release(self.transport)
        self.guard.capacity.close(self.transport)
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        """A request's first byte: the connection is no longer idle (a websocket never is)."""
        self.begun += 1
        self.guard.capacity.busy(self.transport)
        super().on_message_begin()

    def on_response_complete(self) -> None:
        self.answered += 1
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_a_request()
            if self.answered == self.begun:  # no other request begun (pipelined) meanwhile
                self.guard.capacity.idle(self.transport)

    def handle_websocket_upgrade(self) -> None:
        self._stop_waiting()  # a websocket, once open, is not timed
        super().handle_websocket_upgrade()

    def _wait_for_a_request(self) -> None:
        self._stop_waiting()
        self.request_deadline = self.loop.call_later(
            self.guard.request_timeout, self._request_overdue
        )

    def _stop_waiting(self) -> None:
        if self.request_deadline is not None:
            self.request_deadline.cancel()
            self.request_deadline = None

    def _request_overdue(self) -> None:
        """The deadline passed: close the connection unless the application is answering a
        whole request (its answer sets a new deadline)."""
        self.request_deadline = None
        cycle = self.cycle
        answering = cycle is not None and not cycle.more_body and not cycle.response_complete
        if not answering and not self.transport.is_closing():
            self.transport.close()


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol: the handshake of a connection the process's capacity
    refuses is answered 503 before it is accepted; the connection is released from the cap and
    the capacity when it is lost."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if connection_guard(self.config, self.app_state).capacity.refuses(transport):
            self.app = self._refuse

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The handshake answered 503, which ends it: uvicorn counts only an accept or a close
        as its end, and would log the answer as an error of the application."""
        await refuse(scope, receive, send)
        self.handshake_complete = True

    def connection_lost(self, exc: Exception | None) -> None:
        guard = connection_guard(self.config, self.app_state)
        guard.cap.release(self.transport)
        guard.capacity.close(self.transport)
        super().connection_lost(exc)
