"""Notices between the processes that serve one PostgreSQL database: LISTEN/NOTIFY.

A process that records an action sends, in the same transaction, a notice on its lobby's
channel (`channel(code)`): `{"game": record id, "seq": N, "from": process}` (PostgreSQL
delivers it on commit, never for a rolled-back action; app.play.recorder sends it). A lobby
change (a join, the start, a seat handed to a bot or taken back, its deletion by the server's
owner or, in the deleting transaction, by the expiry: app/lobby/expiry.py) sends `{"lobby":
code, "from": process}` on the same channel; a process that holds a room for a lobby it finds
gone closes the room's sockets. Notices carry nothing secret and nothing else: the listener
reads what it lacks from the database.

One channel per lobby (issue #34): a process listens on the channels of the lobbies it holds a
room for, and hears nothing of the others, so its work grows with its own tables, not with the
whole site. (One channel for all made every process hear every action of every other: two
processes did 0.69 of one.) The other way, a fixed number of channels by a hash of the code,
would save the LISTEN of each room opened, but a process holding a few hundred tables would
listen on nearly every bucket and be back to hearing everything. A LISTEN costs one round trip
on the listening connection when a room opens (an UNLISTEN when it is swept or forgotten, sent
later, off the caller's path); a notice for a lobby nobody listens to is dropped by PostgreSQL.

Nobody needs notices of lobbies they hold no room for: the bots play only in rooms (the process
that changes a lobby opens its room for the bots, app.play.hub), the presence of other
processes' seats and turn-based alerts are read from the database (app.play.presence), and
the expiry tells the processes holding a lobby on its channel, which closes their rooms.

`hold(code)` is awaited BEFORE a room reads its lobby and game (`Hub._open`): an action
committed after the LISTEN is heard, one committed before is read. `release(code)` when the
room goes. The listener keeps the set of lobbies wanted, and `_channels_in_force` brings the
connection's LISTENs to it, one statement at a time (`_using`).

Every process listens on one connection of its own. Told of another process's action, its hub
reads the actions it lacks and pushes the patches to its own sockets; told of a lobby change,
it reads the lobby again. When the listening connection is lost it reconnects, LISTENs again on
every channel it holds, and then every game the process holds catches up, since notices sent
meanwhile are lost.

The counts of notices sent and received (by kind, and whether this process sent them: it hears
its own too, on its own lobbies' channels) are read by app.ops.metrics.

SQLite has no notices: one process serves a SQLite file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger(__name__)

# A lobby's channel is this and its code (the recorder's statement builds the same name).
CHANNEL_PREFIX = "tinkertable:"
# PostgreSQL's identifiers, channel names among them, hold at most 63 bytes.
MAX_CHANNEL_BYTES = 63
# How often the listening connection is checked, and how long to wait before reconnecting.
PING_SECONDS = 15.0
RECONNECT_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0)
# Seconds a lobby notice may take on the listening connection before it is sent another way.
SEND_TIMEOUT = 2.0
# The kinds of notices, as counted.
ACTION, LOBBY = "action", "lobby"


def channel(code: str) -> str:
    """The lobby's channel. Codes are letters and digits (app.lobby.store): anything else is a
    mistake, refused here rather than sent where nobody listens."""
    name = CHANNEL_PREFIX + code
    if not (code.isascii() and code.isalnum() and len(name.encode()) <= MAX_CHANNEL_BYTES):
        raise ValueError(f"no channel for the lobby code {code!r}")
    return name


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
        # The listening connection also sends lobby notices and LISTENs: one statement on it at
        # a time.
        self._using = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        # The lobbies whose channels this process needs (its rooms, and those being opened),
        # and those the connection LISTENs to now.
        self.held: set[str] = set()
        self._in_force: set[str] = set()
        self._releasing: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # the listener's, once started
        # Counted for app.ops.metrics: (kind, "this" or "other" process) -> notices.
        self.received: Counter[tuple[str, str]] = Counter()
        self.sent: Counter[str] = Counter()

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.create_task(self._listen(), name="notices")

    async def close(self) -> None:
        for task in (self._task, self._releasing):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for task in list(self._handlers):
            task.cancel()
        await self._drop()

    # --- the channels of the lobbies held ---

    async def hold(self, code: str) -> None:
        """Listen on the lobby's channel from now on: returns once the LISTEN is in force, so
        that what the caller reads next misses nothing. With the connection away it returns
        at once: the listener LISTENs again as it comes back, and the rooms catch up then."""
        try:
            channel(code)
        except ValueError:
            return  # no lobby has such a code (a socket asked for it): nothing to hear
        self.held.add(code)
        await self._channels_in_force()

    def release(self, code: str) -> None:
        """Stop listening on the lobby's channel (its room is gone). The UNLISTEN goes later,
        off the caller's path; a notice heard meanwhile finds no room and changes nothing."""
        self.held.discard(code)
        # On the listener's own event loop, whoever calls (a test sweeping the hub from its
        # thread too): the task is the listener's, awaited by `close`.
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._unlisten_soon)

    def _unlisten_soon(self) -> None:
        if self._releasing is None or self._releasing.done():
            self._releasing = asyncio.create_task(self._channels_in_force(), name="unlisten")

    async def _channels_in_force(self) -> None:
        """LISTEN on the channels held and not in force, UNLISTEN the others, until none is
        left (rooms open and go meanwhile). A failure leaves the rest to the reconnection (the
        connection is being lost)."""
        async with self._using:
            while (connection := self.connection) is not None:
                listen, unlisten = self.held - self._in_force, self._in_force - self.held
                if not listen and not unlisten:
                    return
                try:
                    for code in listen:
                        await connection.add_listener(channel(code), self._heard)
                        self._in_force.add(code)
                    for code in unlisten:
                        self._in_force.discard(code)
                        await connection.remove_listener(channel(code), self._heard)
                except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
                    log.warning("notices: could not LISTEN (%s); the reconnection will", error)
                    return

    # --- sending ---

    async def lobby_changed(self, code: str) -> None:
        """Tell the other processes that a lobby changed (best effort: they also catch up when
        their own listener reconnects)."""
        notice = lobby_notice(self.sender, code)
        name = channel(code)
        self.sent[LOBBY] += 1
        try:
            if self.connection is not None:  # the listener's own: one round trip, no pool
                async with self._using:
                    await self.connection.execute(
                        "SELECT pg_notify($1, $2)", name, notice, timeout=SEND_TIMEOUT
                    )
                return
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError):
            pass  # it is being lost: the listener reconnects; send it the other way
        try:
            async with self.engine.begin() as connection:
                await connection.execute(select(func.pg_notify(name, notice)))
        except SQLAlchemyError:
            log.warning("could not send the notice for lobby %s", code)

    def action_sent(self, *_args: Any) -> None:
        """One action recorded by this process, whose notice its write sent (the referee's
        `on_recorded` listener: counted only)."""
        self.sent[ACTION] += 1

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
        """Connect, and LISTEN on every channel held (those held meanwhile too)."""
        connection = await asyncpg.connect(self.dsn, timeout=10)
        try:
            async with self._using:
                self._in_force = set()
                for code in list(self.held):
                    await connection.add_listener(channel(code), self._heard)
                    self._in_force.add(code)
                self.connection = connection
        except BaseException:  # cancelled as the process stops, too: never left open
            self.connection = None
            connection.terminate()
            raise
        await self._channels_in_force()  # those held, or let go, during the loop above
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
        self._in_force = set()
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
        if not isinstance(notice, dict):
            return
        origin = "this" if notice.get("from") == self.sender else "other"
        if isinstance(notice.get("game"), int) and isinstance(notice.get("seq"), int):
            self.received[ACTION, origin] += 1
            if origin == "other":
                self._handle(self.on_action(notice["game"], notice["seq"]))
        elif isinstance(notice.get("lobby"), str):
            self.received[LOBBY, origin] += 1
            if origin == "other":
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
