"""Whether a seat has an open connection on any server process.

Presence is each process's own (app/play/rooms.py). With several processes (PostgreSQL), a
turn's message must not go to a person who is looking at the game through another process, so
each process writes down its seats with a connection in `notify_presence`: a row when a seat's
first connection to it opens, none once its last one closes; and a row with the seat -1
(app.play.rooms.SPECTATORS) while a spectator has a connection to it, so that the expiry
(app/lobby/expiry.py) leaves alone a lobby someone is looking at. One writer task per process
writes them in order, each time as the hub sees the seat at that moment, so the rows end as the
sockets are. Every minute a process stamps its rows; a row not stamped for three minutes is a
process that is gone (killed without its goodbye) and counts for nothing, and is deleted.

The process that recorded the action that turned the game to someone is the one that sends
(app/notify/alerts.py): it looks at its own sockets, then at the other processes' rows. A
connection opened elsewhere a moment before that look may not be written yet: that person gets
a message although looking (it shows only when the page is not in sight: the service worker
skips it when a page of the game is focused). SQLite: one process, its own sockets only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import Table, delete, select, tuple_
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.store.db import utcnow
from app.store.tables.games import SeatPresence

log = logging.getLogger(__name__)

_PRESENCE = cast(Table, SeatPresence.__table__)
STAMP_SECONDS = 60.0
# Rows older than this belong to a process that is gone.
STALE = timedelta(minutes=3)
RETRY_SECONDS = 5.0
# Seats written in one transaction at most (four parameters a row: far under PostgreSQL's
# 32,767 a statement).
WRITE_AT_ONCE = 500
# How long the writer waits, once woken, for more seats to write with the first.
GATHER_SECONDS = 0.1


class Presence:
    """This process's seats, written for the others; `connected` says whether the hub holds a
    connection of a seat now. `process` None: one process alone (SQLite), nothing written."""

    def __init__(
        self,
        engine: AsyncEngine,
        process: str | None,
        connected: Callable[[str, int], bool],
    ) -> None:
        self.engine = engine
        self.process = process
        self.connected = connected
        self.now: Callable[[], datetime] = utcnow
        self._dirty: dict[tuple[str, int], None] = {}  # in the order they changed
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        if self.process is not None:
            self._tasks = [
                asyncio.create_task(self._write(), name="presence writer"),
                asyncio.create_task(self._stamp(), name="presence stamps"),
            ]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.process is not None:
            with contextlib.suppress(SQLAlchemyError):
                async with self.engine.begin() as connection:
                    await connection.execute(
                        delete(_PRESENCE).where(_PRESENCE.c.process == self.process)
                    )

    def changed(self, code: str, seat: int) -> None:
        """A seat's first connection here opened, or its last one closed (the hub's hook)."""
        if self.process is not None:
            self._dirty[(code, seat)] = None
            self._wake.set()

    async def elsewhere(self, code: str, seat: int) -> bool:
        """Whether another process holds a connection of the seat (as its rows say)."""
        if self.process is None:
            return False
        async with self.engine.connect() as connection:
            found = await connection.scalar(
                select(_PRESENCE.c.seat)
                .where(
                    _PRESENCE.c.code == code,
                    _PRESENCE.c.seat == seat,
                    _PRESENCE.c.process != self.process,
                    _PRESENCE.c.seen_at > self.now() - STALE,
                )
                .limit(1)
            )
        return found is not None

    async def _write(self) -> None:
        while True:
            await self._wake.wait()
            # The seats that change meanwhile go in the same write: a crowd coming and going
            # is a few transactions a second, not one for each socket.
            await asyncio.sleep(GATHER_SECONDS)
            self._wake.clear()
            while self._dirty:
                # Every seat changed since the last write, in one transaction: when a crowd
                # arrives, hundreds of seats are one upsert and one delete, not hundreds of each.
                seats = list(self._dirty)[:WRITE_AT_ONCE]
                for seat in seats:
                    del self._dirty[seat]
                try:
                    await self._write_seats(seats)
                except SQLAlchemyError:
                    log.warning("presence: could not write the seats' presence; trying again")
                    for seat in seats:
                        self._dirty.setdefault(seat, None)
                    await asyncio.sleep(RETRY_SECONDS)

    async def _write_seats(self, seats: list[tuple[str, int]]) -> None:
        """Each seat as the hub holds it now, not as it was when it changed."""
        assert self.process is not None
        now = self.now()
        here = [(code, seat) for code, seat in seats if self.connected(code, seat)]
        gone = [(code, seat) for code, seat in seats if not self.connected(code, seat)]
        async with self.engine.begin() as connection:
            if here:
                rows = [
                    {"process": self.process, "code": code, "seat": seat, "seen_at": now}
                    for code, seat in here
                ]
                upsert = insert(_PRESENCE).values(rows)
                await connection.execute(
                    upsert.on_conflict_do_update(
                        index_elements=["process", "code", "seat"],
                        set_={"seen_at": upsert.excluded.seen_at},
                    )
                )
            if gone:
                await connection.execute(
                    delete(_PRESENCE).where(
                        _PRESENCE.c.process == self.process,
                        tuple_(_PRESENCE.c.code, _PRESENCE.c.seat).in_(gone),
                    )
                )

    async def _stamp(self) -> None:
        while True:
            await asyncio.sleep(STAMP_SECONDS)
            try:
                async with self.engine.begin() as connection:
                    await connection.execute(
                        _PRESENCE.update()
                        .where(_PRESENCE.c.process == self.process)
                        .values(seen_at=self.now())
                    )
                    await connection.execute(
                        delete(_PRESENCE).where(_PRESENCE.c.seen_at < self.now() - STALE)
                    )
            except SQLAlchemyError:
                log.warning("presence: could not stamp this process's seats")
