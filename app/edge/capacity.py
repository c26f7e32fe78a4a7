"""How many connections one server process holds at once, in all, and who gives way past it.

A process may open so many files (app/edge/open_files.py), and every connection is one. Past
`at_once` connections (the open-file limit less the files kept for the database, the workers and
the rest), a new connection is still taken, and:

- the connection that has waited longest for a request gives way to it: an idle one, that has
  sent nothing since it opened or since its last answer (as nginx reuses its idle keep-alive
  connections). Its client loses nothing: a browser opens another connection for its next
  request, as it does when the server's keep-alive or REQUEST_TIMEOUT closes one. Never a
  websocket, nor a connection whose request is coming in or being answered;
- with none idle, the newcomer is refused: its request, a websocket's handshake too (before it
  is accepted), is answered 503 `unavailable` with Retry-After, then the connection is closed.
  It is answered, not dropped: a client dropped with its request unread sees its connection
  reset, and a browser shows an error page. At most REFUSALS_AT_ONCE connections wait for their
  refusal; past it the oldest of them is closed. Short of a flood, one that sent its request
  has had its answer by then: the one closed sends nothing, or too slowly.

So the process's files never run out however many connections come, from however many
addresses; an idle connection lasts REQUEST_TIMEOUT at most anyway (app/edge/serving.py).
"""

from __future__ import annotations

import asyncio
import json
import logging

from starlette.types import Receive, Scope, Send

from app.edge.error_codes import ErrorCode

log = logging.getLogger(__name__)

# Connections being refused at once, besides the `at_once` served: part of the files kept
# (open_files.FILES_KEPT).
REFUSALS_AT_ONCE = 16
# Seconds a refused client is told to wait before it tries again (Retry-After).
RETRY_AFTER = 2
# The key of the lifespan's state (the ASGI lifespan "state", which uvicorn hands each
# connection's protocol) under which the application says how many connections it holds at
# once: it knows its open-file limit and what its database and workers take (app/main.py).
CONNECTIONS_AT_ONCE = "connections_at_once"

Transport = asyncio.BaseTransport


class Capacity:
    """The connections of one process: `open` each new one, say when it is `busy` (a request
    began: a websocket is never anything else) and `idle` again (answered), and `close` it when
    it is lost. `at_once` 0: no cap, everyone served."""

    def __init__(self, at_once: int, refusals: int = REFUSALS_AT_ONCE) -> None:
        self.at_once = at_once
        self.refusals = refusals
        self.served: set[Transport] = set()
        # Served connections waiting for a request, the longest waiting first.
        self.idle_since: dict[Transport, None] = {}
        # Connections to be refused at their request, the oldest first.
        self.refused: dict[Transport, None] = {}
        # Logged when the process fills up, again only once it has emptied to nine tenths.
        self._full = False

    def open(self, transport: Transport) -> bool:
        """Take a new connection: True when it is served, False when its request is to be
        refused (`refuse` answers it). Either way it is counted until `close`."""
        if not self.at_once or len(self.served) < self.at_once:
            self._full = self._full and len(self.served) >= self.at_once * 9 // 10
        elif self.idle_since:
            self._filled()
            self._give_way(next(iter(self.idle_since)))
        else:
            self._filled()
            self._refuse(transport)
            return False
        self.served.add(transport)
        self.idle_since[transport] = None
        return True

    def busy(self, transport: Transport) -> None:
        """A request began on the connection (or it became a websocket): it no longer gives way."""
        self.idle_since.pop(transport, None)

    def idle(self, transport: Transport) -> None:
        """The connection was answered and waits for another request: it may give way, after
        those that have waited longer."""
        if transport in self.served:
            self.idle_since.pop(transport, None)
            self.idle_since[transport] = None

    def close(self, transport: Transport) -> None:
        """The connection is gone (a no-op for one forgotten already)."""
        self.served.discard(transport)
        self.idle_since.pop(transport, None)
        self.refused.pop(transport, None)

    def refuses(self, transport: Transport) -> bool:
        return transport in self.refused

    def _give_way(self, transport: Transport) -> None:
        """Close the connection and forget it at once: its file is free when the event loop
        next turns, and its place is the newcomer's now."""
        self.close(transport)
        transport.close()

    def _filled(self) -> None:
        if not self._full:
            self._full = True
            log.warning(
                "%d connections open, the most this process holds (CONNECTIONS_AT_ONCE, from"
                " the open-file limit): idle ones give way to new ones; with none idle, new"
                " ones are refused (503)",
                len(self.served),
            )

    def _refuse(self, transport: Transport) -> None:
        if len(self.refused) >= self.refusals:
            self._give_way(next(iter(self.refused)))
        self.refused[transport] = None


REFUSAL = json.dumps(
    {"error": ErrorCode.UNAVAILABLE, "message": "the server is full; try again in a moment"}
).encode()


async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
    """The ASGI application of a refused connection: 503 `unavailable` with Retry-After, for
    a request and for a websocket's handshake alike, and the connection closes after it."""
    prefix = "websocket.http." if scope["type"] == "websocket" else "http."
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(REFUSAL)).encode()),
        (b"retry-after", str(RETRY_AFTER).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": prefix + "response.start", "status": 503, "headers": headers})
    await send({"type": prefix + "response.body", "body": REFUSAL})
