"""The connections `tinkertable serve` takes: uvicorn's own protocols with two guards.

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
from functools import cache
from typing import Any

from uvicorn import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.config import Settings
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
    """The two guards of one server process."""

    def __init__(self, request_timeout: float, cap: AddressCap) -> None:
        self.request_timeout = request_timeout
        self.cap = cap

    @classmethod
    def from_settings(cls, settings: Settings, config: Config) -> ConnectionGuard:
        per_address = settings.connections_per_address if settings.rate_limits else 0
        cap = AddressCap(per_address, trusted_proxies(config.forwarded_allow_ips))
        return cls(settings.request_timeout, cap)


@cache
def connection_guard(config: Config) -> ConnectionGuard:
    """The guard of the server that runs with `config` (one per process), from the settings."""
    return ConnectionGuard.from_settings(Settings(), config)


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a deadline for each request and the cap per address; its
    websockets are GuardedWebSocketProtocol, which releases them from the cap."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard = connection_guard(self.config)
        if self.ws_protocol_class is not None:
            self.ws_protocol_class = GuardedWebSocketProtocol
        self.request_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self.guard.cap.admit(transport, self.client[0] if self.client else None):
            transport.close()
            return
        self._wait_for_a_request()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        self.guard.cap.release(self.transport)
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_a_request()

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
    """uvicorn's websocket protocol, releasing its connection from the cap when it is lost."""

    def connection_lost(self, exc: Exception | None) -> None:
        connection_guard(self.config).cap.release(self.transport)
        super().connection_lost(exc)
