"""Limits on what one address, one websocket or one lobby may ask of the server.

Rates are token buckets: a `Rate` of "30/minute" lets up to 30 requests through at once and
refills one every two seconds, so a person clicking fast or a page reconnecting never notices
it, while a flood is cut down to the sustained rate. Buckets are kept

- per address, for the lobby calls over HTTP (creating lobbies, joining them, and every other
  call that names a lobby: the API's calls under `/api/lobbies/{code}` whatever their method,
  reads and the host's and players' calls alike, the lobby and replay pages, "Your games", and
  each websocket connection, which looks a lobby up too) and for websocket actions, chat and
  syncs over all of an address's sockets;
- per websocket, for its actions, its chat lines, its syncs and its messages of any kind.

An address is the client's as uvicorn reports it: with `proxy_headers`, the X-Forwarded-For of
a trusted proxy (FORWARDED_ALLOW_IPS) has already replaced it; nothing here reads that header.
An IPv6 address counts by its /64 network, which one host usually holds whole.

`LobbyConnections` caps the websockets one lobby takes in one server process: spectators are
refused once the lobby has `per_lobby` connections; a seated player never is, up to `per_seat`
connections of their own (tabs, devices, a page reconnecting before the old socket is gone).

`InFlight` caps the costly computations (replay steps) one server process runs at once, and
to one per address: past it a request gets 429 `too_many` at once rather than a long wait.

Everything here is pure: time comes from an injected clock (seconds, monotonic), so the tests
drive it by hand. `RateLimitMiddleware` puts the HTTP limits in front of the application.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import re
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from app.config.values import Rate
from app.edge.error_codes import ErrorCode

if TYPE_CHECKING:
    from app.config import Settings

log = logging.getLogger(__name__)

Clock = Callable[[], float]

# What a rate's period may be called in the settings, in seconds.

# Addresses remembered per kind of limit (a few MB at most). Past this the least recently seen
# are forgotten (a forgotten address starts again with a full bucket); ordinary traffic never
# comes close.
MAX_ADDRESSES = 20_000


class TokenBucket:
    """One bucket: `rate.count` tokens when full, refilled continuously at `rate.per_second`."""

    __slots__ = ("rate", "tokens", "updated", "refusals")

    def __init__(self, rate: Rate, now: float) -> None:
        self.rate = rate
        self.tokens = float(rate.count)
        self.updated = now
        self.refusals = 0  # refused in a row, since the last token taken

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.updated)
        self.tokens = min(float(self.rate.count), self.tokens + elapsed * self.rate.per_second)
        self.updated = max(self.updated, now)

    def wait(self, now: float) -> float:
        """Seconds until one token is there (0 when there is one now); takes nothing."""
        self._refill(now)
        if self.tokens >= 1:
            return 0.0
        return (1 - self.tokens) / self.rate.per_second

    def take(self, now: float) -> float:
        """Take a token if there is one (0.0), else the seconds until there will be."""
        waiting = self.wait(now)
        if waiting == 0.0:
            self.tokens -= 1
            self.refusals = 0
        else:
            self.refusals += 1
        return waiting

    def full(self, now: float) -> bool:
        self._refill(now)
        return self.tokens >= self.rate.count


def take_all(buckets: list[TokenBucket], now: float) -> float:
    """A token from each bucket, or from none: 0.0, or the longest wait among them."""
    waiting = max((bucket.wait(now) for bucket in buckets), default=0.0)
    if waiting == 0.0:
        for bucket in buckets:
            bucket.take(now)
    return waiting


class AddressBuckets:
    """One bucket per address for one kind of request, the least recently seen forgotten first
    once more than `max_addresses` are held."""

    def __init__(self, name: str, rate: Rate, max_addresses: int = MAX_ADDRESSES) -> None:
        self.name = name
        self.rate = rate
        self.max_addresses = max_addresses
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def bucket(self, address: str, now: float) -> TokenBucket:
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = TokenBucket(self.rate, now)
            while len(self._buckets) > self.max_addresses:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
        return bucket

    def take(self, address: str, now: float) -> float:
        return self.bucket(address, now).take(now)

    def __len__(self) -> int:
        return len(self._buckets)


def address_key(host: str | None) -> str:
    """The key an address is counted under: the IP address, an IPv6 address's /64 network
    (an IPv4-mapped one as IPv4), or the host as given when it is not an IP address."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # a unix socket, the test client's "testclient"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def client_address(scope: Scope) -> str:
    """The address of an HTTP request's or websocket's client (after uvicorn's proxy headers)."""
    client = scope.get("client")
    return address_key(client[0] if client else None)


def retry_after(seconds: float) -> int:
    """A wait as the whole seconds of a Retry-After header (at least 1)."""
    return max(1, math.ceil(seconds))


# --- the websocket's limits -----------------------------------------------------------------


class SocketLimits:
    """One websocket's buckets, and its address's shared ones for actions, chat and syncs."""

    def __init__(self, limits: Limits, address: str) -> None:
        now = limits.clock()
        self.limits = limits
        self.address = address
        self.messages = TokenBucket(limits.socket_messages, now)
        self.actions = TokenBucket(limits.socket_actions, now)
        self.chat = TokenBucket(limits.socket_chat, now)
        self.syncs = TokenBucket(limits.socket_syncs, now)

    def frame(self) -> bool:
        """Whether the socket may go on after one more message of any kind (False: close it)."""
        if not self.limits.enabled:
            return True
        return self.messages.take(self.limits.clock()) == 0.0

    def message(self, kind: str) -> float:
        """0.0 when a client message of `kind` ("action", "chat", "sync") may be handled now;
        else the seconds until it may (the message is refused, nothing taken)."""
        if not self.limits.enabled:
            return 0.0
        now = self.limits.clock()
        if kind == "action":
            shared = self.limits.address_actions.bucket(self.address, now)
            return take_all([self.actions, shared], now)
        if kind == "chat":
            shared = self.limits.address_chat.bucket(self.address, now)
            return take_all([self.chat, shared], now)
        if kind == "sync":
            shared = self.limits.address_syncs.bucket(self.address, now)
            return take_all([self.syncs, shared], now)
        return 0.0


# --- connections per lobby ------------------------------------------------------------------


class LobbyConnections:
    """How many websockets each lobby has open here, by seat (None: spectators)."""

    def __init__(self, per_lobby: int, per_seat: int) -> None:
        self.per_lobby = per_lobby
        self.per_seat = per_seat
        self._lobbies: dict[str, Counter[int | None]] = {}

    def enter(self, code: str, seat: int | None) -> str | None:
        """Count one more connection to `code` in `seat`; or why it may not open (not counted)."""
        counts = self._lobbies.setdefault(code, Counter())
        if seat is None and counts.total() >= self.per_lobby:
            self._forget_if_empty(code)
            return f"this lobby already has {self.per_lobby} connections; try again later"
        if seat is not None and counts[seat] >= self.per_seat:
            return f"your seat already has {self.per_seat} connections; close one first"
        counts[seat] += 1
        return None

    def leave(self, code: str, seat: int | None) -> None:
        counts = self._lobbies.get(code)
        if counts is None or counts[seat] <= 0:
            return
        counts[seat] -= 1
        if counts[seat] == 0:
            del counts[seat]
        self._forget_if_empty(code)

    def count(self, code: str) -> int:
        counts = self._lobbies.get(code)
        return counts.total() if counts else 0

    def _forget_if_empty(self, code: str) -> None:
        if not self._lobbies.get(code):
            self._lobbies.pop(code, None)


# --- costly work in flight -------------------------------------------------------------------


class InFlight:
    """Costly computations under way in one server process (replay steps): at most `at_once`,
    and one per address, which has its answer before it asks again."""

    def __init__(self, at_once: int) -> None:
        self.at_once = at_once
        self._addresses: set[str] = set()

    def enter(self, address: str) -> str | None:
        """Count one for `address`; or why it may not start now (nothing counted)."""
        if address in self._addresses:
            return "one at a time from your address"
        if len(self._addresses) >= self.at_once:
            return f"the server is already computing {self.at_once}"
        self._addresses.add(address)
        return None

    def leave(self, address: str) -> None:
        self._addresses.discard(address)

    def __len__(self) -> int:
        return len(self._addresses)


# --- all of one server's limits -------------------------------------------------------------


class Limits:
    """Every limit of one server process, from the settings (`Limits.from_settings`)."""

    def __init__(
        self,
        *,
        enabled: bool = True,
        lobby_creation: Rate,
        lobby_joins: Rate,
        lobby_lookups: Rate,
        socket_messages: Rate,
        socket_actions: Rate,
        address_actions: Rate,
        socket_chat: Rate,
        address_chat: Rate,
        socket_syncs: Rate,
        address_syncs: Rate,
        lobby_connections: int,
        seat_connections: int,
        clock: Clock = time.monotonic,
        max_addresses: int = MAX_ADDRESSES,
    ) -> None:
        self.enabled = enabled
        self.clock = clock
        self.creation = AddressBuckets("lobby creations", lobby_creation, max_addresses)
        self.joins = AddressBuckets("lobby joins", lobby_joins, max_addresses)
        self.lookups = AddressBuckets("lobby lookups", lobby_lookups, max_addresses)
        self.address_actions = AddressBuckets("actions", address_actions, max_addresses)
        self.address_chat = AddressBuckets("chat lines", address_chat, max_addresses)
        self.address_syncs = AddressBuckets("syncs", address_syncs, max_addresses)
        self.socket_messages = socket_messages
        self.socket_actions = socket_actions
        self.socket_chat = socket_chat
        self.socket_syncs = socket_syncs
        self.lobbies = LobbyConnections(lobby_connections, seat_connections)

    @classmethod
    def from_settings(cls, settings: Settings, clock: Clock = time.monotonic) -> Limits:
        return cls(
            enabled=settings.rate_limits,
            lobby_creation=settings.limit_lobby_creation,
            lobby_joins=settings.limit_lobby_joins,
            lobby_lookups=settings.limit_lobby_lookups,
            socket_messages=settings.limit_socket_messages,
            socket_actions=settings.limit_socket_actions,
            address_actions=settings.limit_address_actions,
            socket_chat=settings.limit_socket_chat,
            address_chat=settings.limit_address_chat,
            socket_syncs=settings.limit_socket_syncs,
            address_syncs=settings.limit_address_syncs,
            lobby_connections=settings.lobby_connections,
            seat_connections=settings.seat_connections,
            clock=clock,
        )

    def http_buckets(self, method: str, path: str) -> AddressBuckets | None:
        """The buckets an HTTP request counts against, or None for a request not limited."""
        path = path.rstrip("/") or "/"
        if method == "POST" and path == "/api/lobbies":
            return self.creation
        if method == "POST" and _JOIN.fullmatch(path):
            return self.joins
        if _LOOKUP.fullmatch(path):
            return self.lookups  # any call that names a lobby tells whether it exists
        return None

    def take(self, buckets: AddressBuckets, address: str) -> float:
        """A token from `address`'s bucket: 0.0, or the seconds to wait (logged once a burst)."""
        if not self.enabled:
            return 0.0
        now = self.clock()
        bucket = buckets.bucket(address, now)
        waiting = bucket.take(now)
        if bucket.refusals == 1:
            log.warning("too many %s from %s (%s)", buckets.name, address, buckets.rate)
        return waiting

    def socket(self, address: str) -> SocketLimits:
        return SocketLimits(self, address)


_JOIN = re.compile(r"/api/lobbies/[^/]+/players")
# The API's calls on one lobby (reads, start, options, bots, players, away-bot, again), the
# lobby and replay pages, and "Your games" (which looks up to 20 lobbies at once).
_LOOKUP = re.compile(r"/api/lobbies/[^/]+(?:/.*)?|/l/[^/]+(?:/.*)?|/api/your-games")


# --- HTTP -----------------------------------------------------------------------------------


def too_many(what: str, waiting: float) -> JSONResponse:
    """The 429 answer: the protocol's error shape and a Retry-After header."""
    seconds = retry_after(waiting)
    return JSONResponse(
        {"error": ErrorCode.TOO_MANY, "message": f"too many {what}; try again in {seconds} s"},
        status_code=429,
        headers={"Retry-After": str(seconds)},
    )


class RateLimitMiddleware:
    """Refuses lobby creations, joins and lookups past their address's rate with a 429.

    A pure ASGI middleware: it reads the request's method, path and client, nothing else;
    websockets pass through (the websocket endpoint applies its own limits).
    """

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            buckets = self.limits.http_buckets(scope["method"], scope["path"])
            if buckets is not None:
                waiting = self.limits.take(buckets, client_address(scope))
                if waiting:
                    await too_many(f"{buckets.name} from your address", waiting)(
                        scope, receive, send
                    )
                    return
        await self.app(scope, receive, send)
