"""Openings wait their turn, so that moves never wait behind them.

Opening a table (create the lobby, join, start, connect each seat with its snapshot) costs tens
of times more than a move. When hundreds of tables open at once, as when a server comes back or
a crowd arrives from one link, every one of those calls would be in progress together, and the
event loop would run their steps in turn with everybody's moves queued behind them.

So at most OPENINGS_AT_ONCE openings are in progress at any moment (a setting; 0: no limit);
the others wait, cheaply, before their first step. A move never waits here. Lobby calls are
the API's POST requests under /api/lobbies; a socket takes a turn for its seat lookup, and one
for its join with its snapshot (app/play/websocket.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from contextlib import AbstractAsyncContextManager

from starlette.types import ASGIApp, Receive, Scope, Send


class Openings:
    """The turns of openings: `async with openings.turn():` around each."""

    def __init__(self, at_once: int) -> None:
        self._turns = asyncio.Semaphore(at_once) if at_once else None

    def turn(self) -> AbstractAsyncContextManager[object]:
        return self._turns or contextlib.nullcontext()


class OpeningsMiddleware:
    """Lobby calls (POST /api/lobbies...) take a turn of the app's `Openings` (made by the
    lifespan, on the server's event loop, as `app.state.openings`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] == "POST"
            and scope["path"].startswith("/api/lobbies")
        ):
            openings: Openings = scope["app"].state.openings
            async with openings.turn():
                await self.app(scope, receive, send)
            return
        await self.app(scope, receive, send)
