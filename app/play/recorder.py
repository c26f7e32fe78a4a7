"""Recording accepted actions: group commit.

Each accepted action must be committed before anyone sees its effect, and one commit per action
costs more than the rest of an action's work. So every action recorded while a write is under
way waits for the next write, and each write commits all that waited in one transaction: one
commit (and one fsync) for many actions under load, and no wait at all when the server is quiet
(the first action of a quiet moment is written at once). There is no timer: a batch is simply
what arrived during the previous write. An action that no write has taken after WAIT_SECONDS
(the write under way hangs: the database is away) is refused as unavailable; one that a write
has taken waits for that write's outcome, as only the database knows whether it committed.

Each action still passes the version check on its game row on its own: an action whose game was
moved on by another process first is not written, and only its caller hears StaleGame; the other
actions of the batch are committed. A write that fails (the database is away) fails every action
of its batch, and none of them is recorded.

On PostgreSQL a batch is one statement: the version checks, the game rows' updates, the actions'
inserts and the notices to the other processes (app.play.notices) together, each notice on its
game's lobby's channel (the lobby's code is read in the statement, one index lookup per action,
so that the callers need not carry it). On SQLite (one process, no notices) a batch is one
transaction of plain statements.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, insert, text, update
from sqlalchemy.exc import TimeoutError as SQLAlchemyTimeout
from sqlalchemy.ext.asyncio import AsyncEngine

from app.play.notices import CHANNEL_PREFIX
from app.status import Status
from app.store.tables.games import ActionRecord, GameRecord
from app.wire import dumps


class StaleGame(Exception):
    """Another action was recorded for this game first; reload and check again."""


class NotWritten(SQLAlchemyTimeout):
    """The action waited WAIT_SECONDS for a write to take it, and none did: the write under
    way hangs (the database or the network to it is away). It never reached the database, so
    it is refused as unavailable (the referee's answer to any database error), and its player
    may try again, instead of waiting with the others for as long as the network takes."""


@dataclass(frozen=True)
class Entry:
    """One accepted action and what it changes on its game row."""

    game_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    by: str | None
    at: datetime
    clocks: dict[str, Any] | None
    snapshot: dict[str, Any] | None = None  # the state, when it is written whole
    result: dict[str, Any] | None = None  # the result, when the action ended the game


# The most actions one write takes (a longer queue is written in several).
MAX_BATCH = 500
# Seconds an action may wait for a write to take it (a write under way, while the next waits).
# A write takes milliseconds, and a second or two when PostgreSQL checkpoints on a busy disk;
# one that takes this long is hanging.
WAIT_SECONDS = 4.0

Write = Callable[[list[Entry]], Awaitable[set[int]]]


class Recorder:
    """The process's one writer of actions. `write(entries)` commits a batch and answers the
    game ids whose entry was stale (not written)."""

    def __init__(self, write: Write) -> None:
        self._write = write
        self._waiting: list[tuple[Entry, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def record(self, entry: Entry) -> None:
        """Commit `entry`; StaleGame if its game had moved on; the database's error if the
        write failed (then nothing of it was recorded)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = (entry, done)
        self._waiting.append(waiting)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain(), name="recorder")
        # Shielded: a caller that goes away does not cancel the others' write.
        try:
            await asyncio.wait_for(asyncio.shield(done), WAIT_SECONDS)
        except TimeoutError:
            if any(queued is waiting for queued in self._waiting):  # no write took it
                self._waiting = [queued for queued in self._waiting if queued is not waiting]
                raise NotWritten("no write took the action in time") from None
            await asyncio.shield(done)  # in the write under way: its outcome, whatever it takes

    async def _drain(self) -> None:
        while self._waiting:
            batch = self._next_batch()
            try:
                stale = await self._write([entry for entry, _ in batch])
            except Exception as error:
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                continue
            for entry, done in batch:
                if done.done():
                    continue
                if entry.game_id in stale:
                    done.set_exception(StaleGame())
                else:
                    done.set_result(None)

    async def close(self) -> None:
        """Wait for the write under way (when the process stops, before the engine goes)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.wait({self._writer})

    def _next_batch(self) -> list[tuple[Entry, asyncio.Future[None]]]:
        """The waiting entries, at most one per game (a game's next action waits for the next
        write: the version check needs the one before it recorded) and MAX_BATCH in all."""
        batch: list[tuple[Entry, asyncio.Future[None]]] = []
        later: list[tuple[Entry, asyncio.Future[None]]] = []
        games: set[int] = set()
        for waiting in self._waiting:
            game_id = waiting[0].game_id
            if game_id in games or len(batch) >= MAX_BATCH:
                later.append(waiting)
            else:
                games.add(game_id)
                batch.append(waiting)
        self._waiting = later
        return batch


# --- the writes ---------------------------------------------------------------------------------

# PostgreSQL: the whole batch in one statement. `moved` updates the rows that pass their version
# check; only their actions are inserted; the final SELECT sends their notices (delivered on
# commit) on their lobbies' channels when `:sender` is set, and answers which games moved.
_POSTGRES_BATCH = text(
    """
WITH entry AS (
  SELECT * FROM unnest(
    CAST(:game_id AS integer[]), CAST(:seq AS integer[]), CAST(:seat AS integer[]),
    CAST(:action AS text[]), CAST(:by AS text[]), CAST(:at AS timestamptz[]),
    CAST(:clocks AS text[]), CAST(:snapshot AS text[]), CAST(:result AS text[])
  ) AS entry(game_id, seq, seat, action, by, at, clocks, snapshot, result)
),
moved AS (
  UPDATE games SET
    seq = entry.seq,
    clocks = CAST(entry.clocks AS jsonb),
    updated_at = entry.at,
    snapshot = COALESCE(CAST(entry.snapshot AS jsonb), games.snapshot),
    snapshot_seq = CASE WHEN entry.snapshot IS NULL THEN games.snapshot_seq ELSE entry.seq END,
    status = CASE WHEN entry.result IS NULL THEN games.status ELSE 'finished' END,
    result = COALESCE(CAST(entry.result AS jsonb), games.result),
    finished_at = CASE WHEN entry.result IS NULL THEN games.finished_at ELSE entry.at END
  FROM entry
  WHERE games.id = entry.game_id AND games.seq = entry.seq - 1 AND games.status = 'playing'
  RETURNING games.id, games.seq, games.lobby_id
),
added AS (
  INSERT INTO actions (game_id, seq, seat, action, by, at)
  SELECT entry.game_id, entry.seq, entry.seat, CAST(entry.action AS jsonb), entry.by, entry.at
  FROM entry JOIN moved ON moved.id = entry.game_id
  RETURNING game_id
)
SELECT moved.id,
  CASE WHEN CAST(:sender AS text) IS NULL OR lobbies.code IS NULL THEN NULL ELSE pg_notify(
    CAST(:channel_prefix AS text) || lobbies.code, json_build_object(
      'game', moved.id, 'seq', moved.seq, 'from', CAST(:sender AS text))::text) END
FROM moved LEFT JOIN lobbies ON lobbies.id = moved.lobby_id
"""
)


def _json(value: Any) -> str | None:
    return None if value is None else dumps(value)


def postgres_writer(engine: AsyncEngine, sender: Callable[[], str | None]) -> Write:
    """Batches as one statement; `sender()`: this process's name in notices (None: none)."""

    async def write(entries: list[Entry]) -> set[int]:
        params = {
            "game_id": [e.game_id for e in entries],
            "seq": [e.seq for e in entries],
            "seat": [e.seat for e in entries],
            "action": [dumps(e.action) for e in entries],
            "by": [e.by for e in entries],
            "at": [e.at for e in entries],
            "clocks": [_json(e.clocks) for e in entries],
            "snapshot": [_json(e.snapshot) for e in entries],
            "result": [_json(e.result) for e in entries],
            "sender": sender(),
            "channel_prefix": CHANNEL_PREFIX,
        }
        async with engine.begin() as connection:
            moved = {row[0] for row in await connection.execute(_POSTGRES_BATCH, params)}
        return {entry.game_id for entry in entries} - moved

    return write


def sqlite_writer(engine: AsyncEngine) -> Write:
    """Batches as one transaction of plain statements (SQLite serves one process)."""
    games, actions = cast(Table, GameRecord.__table__), cast(Table, ActionRecord.__table__)

    async def write(entries: list[Entry]) -> set[int]:
        stale: set[int] = set()
        async with engine.begin() as connection:
            for entry in entries:
                values: dict[str, Any] = {
                    "seq": entry.seq,
                    "clocks": entry.clocks,
                    "updated_at": entry.at,
                }
                if entry.snapshot is not None:
                    values.update(snapshot=entry.snapshot, snapshot_seq=entry.seq)
                if entry.result is not None:
                    values.update(status=Status.FINISHED, result=entry.result, finished_at=entry.at)
                updated = await connection.execute(
                    update(games)
                    .where(
                        games.c.id == entry.game_id,
                        games.c.seq == entry.seq - 1,
                        games.c.status == Status.PLAYING,  # not a game its owner ended
                    )
                    .values(**values)
                )
                if updated.rowcount != 1:
                    stale.add(entry.game_id)
                    continue
                await connection.execute(
                    insert(actions).values(
                        game_id=entry.game_id,
                        seq=entry.seq,
                        seat=entry.seat,
                        action=entry.action,
                        by=entry.by,
                        at=entry.at,
                    )
                )
        return stale

    return write


def writer_for(engine: AsyncEngine, sender: Callable[[], str | None]) -> Write:
    if engine.dialect.name == "postgresql":
        return postgres_writer(engine, sender)
    return sqlite_writer(engine)
