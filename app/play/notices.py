"""Notices between the processes that serve one PostgreSQL database: LISTEN/NOTIFY.

A process that records an action sends, in the same transaction, a notice on the channel
`tinkertable`: `{"game": record id, "seq": N, "from": process}` (PostgreSQL delivers it on
commit, never for a rolled-back action; app.play.recorder sends it). A lobby change (a join,
the start, a seat handed to a bot or taken back, its deletion by the server's owner or, in the
deleting transaction, by the expiry: app/lobby/expiry.py) sends `{"lobby": code, "from":
process}`; a process that holds a room for a lobby it finds gone closes the room's sockets.
Notices carry nothing secret and nothing else: the listener reads what it lacks from the
database.

Every process listens on one connection of its own. Told of another process's action, its hub
reads the actions it lacks and pushes the patches to its own sockets; told of a lobby change,
it reads the lobby again. When the listening connection is lost it reconnects, and then every
game the process holds catches up, since notices sent meanwhile are lost.

SQLite has no notices: one process serves a SQLite file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger(__name__)

CHANNEL = "tinkertable"
# How often the listening connection is checked, and how long to wait before reconnecting.
PING_SECONDS = 15.0
RECONNECT_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0)
# Seconds a lobby notice may take on the listening connection before it is sent another way.
SEND_TIMEOUT = 2.0


def lobby_notice(sender: str, code: str) -> str:
    return json.dumps({"lobby": code, "from": sender})


def asyncpg_dsn(database_url: str) -> str:
    """The SQLAlchemy URL (postgresql+asyncpg://...) as asyncpg's own connect() takes it."""
    url = make_url(database_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Notices:
    """One process's listener, and its sender of lobby notices. `start()` once the hub exists,
    `close()` when the process stops."""

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        on_action: Callable[[int, int], Awaitable[None]],
        on_lobby: Callable[[str], Awaitable[None]],
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        self.engine = engine
        self.dsn = asyncpg_dsn(engine.url.render_as_string(hide_password=False))
        self.sender = uuid.uuid4().hex[:16]  # this process, so that it ignores its own notices
        self.on_action = on_action
        self.on_lobby = on_lobby
        self.on_reconnect = on_reconnect
        self.connection: asyncpg.Connection | None = None
        self.listening = asyncio.Event()
        # Listening, and every room caught up since: no notice can have been missed.
        self.current = asyncio.Event()
        # The listening connection also sends lobby notices: one statement on it at a time.
        self._using = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self._task = asyncio.create_task(self._listen(), name="notices")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for task in list(self._handlers):
            task.cancel()
        await self._drop()

    async def lobby_changed(self, code: str) -> None:
        """Tell the other processes that a lobby changed (best effort: they also catch up when
        their own listener reconnects)."""
        notice = lobby_notice(self.sender, code)
        try:
            if self.connection is not None:  # the listener's own: one round trip, no pool
                async with self._using:
                    await self.connection.execute(
                        "SELECT pg_notify($1, $2)", CHANNEL, notice, timeout=SEND_TIMEOUT
                    )
                return
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError):
            pass  # it is being lost: the listener reconnects; send it the other way
        try:
            async with self.engine.begin() as connection:
                await connection.execute(select(func.pg_notify(CHANNEL, notice)))
        except SQLAlchemyError:
            log.warning("could not send the notice for lobby %s", code)

    # --- listening ---

    async def _listen(self) -> None:
        failures = 0
        while True:
            try:
                await self._connect()
                failures = 0
                await self.on_reconnect()
                self.current.set()
                await self._watch()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: try again, more slowly each time
                log.warning("notices: the listening connection failed; reconnecting", exc_info=True)
            await self._drop()
            await asyncio.sleep(RECONNECT_DELAYS[min(failures, len(RECONNECT_DELAYS) - 1)])
            failures += 1

    async def _connect(self) -> None:
        connection = await asyncpg.connect(self.dsn, timeout=10)
        try:
            await connection.add_listener(CHANNEL, self._heard)
        except BaseException:  # cancelled as the process stops, too: never left open
            connection.terminate()
            raise
        self.connection = connection
        self.listening.set()

    async def _watch(self) -> None:
        """Return when the connection is lost (asyncpg's termination, or a failed ping)."""
        assert self.connection is not None
        lost = asyncio.Event()
        self.connection.add_termination_listener(lambda _connection: lost.set())
        while not lost.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(lost.wait(), PING_SECONDS)
            if not lost.is_set():
                async with self._using:
                    await self.connection.fetchval("SELECT 1", timeout=10)

    async def _drop(self) -> None:
        self.listening.clear()
        self.current.clear()
        connection, self.connection = self.connection, None
        if connection is not None and not connection.is_closed():
            # Too slow (a busy machine), failed or cancelled: the socket is closed all the same,
            # never left to the garbage collector, which would warn far from here.
            try:
                await asyncio.wait_for(connection.close(), 5)
            except Exception:
                connection.terminate()
            except asyncio.CancelledError:
                connection.terminate()
                raise

    def _heard(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        try:
            notice = json.loads(payload)
        except ValueError:
            return
        if not isinstance(notice, dict) or notice.get("from") == self.sender:
            return
        if isinstance(notice.get("game"), int) and isinstance(notice.get("seq"), int):
            self._handle(self.on_action(notice["game"], notice["seq"]))
        elif isinstance(notice.get("lobby"), str):
            self._handle(self.on_lobby(notice["lobby"]))

    def _handle(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("notices: handling a notice failed")

        task = asyncio.create_task(run())
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)
