"""The reviews of finished games (app.play.review), in the server process: computed once, kept.

A review is computed by the worker processes after every bot decision waiting for them
(`LATER`: a review waits a few seconds more, a game of bots would wait for a whole review): the
record folded once, then its decisions judged CHUNK at a time, one job after the other, so that
a bot's decision that comes meanwhile waits at most a chunk, two of a bot's decisions (with
several workers, as many chunks at once as there are workers).

It starts when someone asks for a review not stored yet (`of`: the table's page does as the
game ends); END_GRACE seconds after this process records a game's last action, when nobody
asked by then (`recorded`: a server stopped at once, as the tests stop theirs, starts no worker
process for it); and at the server's start, for the games that ended in the last CATCH_UP
without one (a restart loses a review under way: it is computed again). One review at a time
per process (`AT_ONCE`), never twice the same game at once; once whole it is written to
`reviews` (a second process that computed it too writes nothing: the first one's stays).

`of` answers at once: the stored review (`ready`), else `working` with no players yet, the
computation started if it was not under way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace
from datetime import timedelta
from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.play import review
from app.play.runner import Position
from app.play.workers import BACKGROUND, Workers
from app.status import Status
from app.store.db import unit_of_work, utcnow
from app.store.tables.games import ActionRecord, GameRecord, ReviewRecord

log = logging.getLogger(__name__)

READY = "ready"
WORKING = "working"
CHUNK = 2  # decisions judged per job
LATER = BACKGROUND + 1  # after the bots' decisions (app.play.workers.Turns)
AT_ONCE = 1  # reviews computed at once by one process
END_GRACE = 10.0  # seconds after a game's end before its review starts unasked
CATCH_UP = timedelta(hours=1)  # games ended this long before a start are reviewed at the start

_REVIEWS = cast(Table, ReviewRecord.__table__)
_GAMES = cast(Table, GameRecord.__table__)
_ACTIONS = cast(Table, ActionRecord.__table__)


class Reviews:
    """Owned by the application's lifespan, beside the replays."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], workers: Workers) -> None:
        self.sessions = sessions
        # How a job runs: in the worker processes (the tests may run them in this one).
        self.run = workers.run
        # Jobs of one review at once: one per worker (a review takes the workers a bot leaves).
        self.streams = workers.size
        self._under_way: dict[int, asyncio.Task[None]] = {}
        self._in_grace: set[int] = set()  # started by a game's end, waiting `grace`
        # Seconds a review started by its game's end waits first (see the module's docstring).
        self.grace = END_GRACE
        self._turn = asyncio.Semaphore(AT_ONCE)
        self._closed = False

    async def of(self, record: GameRecord) -> dict[str, Any]:
        """The finished game's review: {"status", "players"} (docs/protocol.md)."""
        players = await self._stored(record.id)
        if players is not None:
            return {"status": READY, "players": players}
        self.start(record.id)
        return {"status": WORKING, "players": []}

    def start(self, record_id: int, *, after: float = 0) -> None:
        """Compute the review of this finished game (`after` seconds), unless it is under way
        (a review asked for now no longer waits for its grace)."""
        under_way = self._under_way.get(record_id)
        if self._closed or (under_way is not None and (after or record_id not in self._in_grace)):
            return
        if under_way is not None:
            under_way.cancel()
        review = self._review(record_id, after)
        task = asyncio.create_task(review, name=f"review of game {record_id}")
        self._under_way[record_id] = task
        task.add_done_callback(lambda done: self._ended(record_id, done))

    def under_way(self) -> set[int]:
        return set(self._under_way)

    def recorded(self, position: Position) -> None:
        """An action was recorded (app.play.referee): the game's review, if it ended."""
        if position.game.result(position.state) is not None:
            self.start(position.record_id, after=self.grace)

    async def catch_up(self) -> None:
        """At the start: the games that ended in the last CATCH_UP without a review."""
        since = utcnow() - CATCH_UP
        reviewed = select(_REVIEWS.c.game_id).where(_REVIEWS.c.game_id == _GAMES.c.id).exists()
        try:
            async with self.sessions() as session:
                found = await session.scalars(
                    select(_GAMES.c.id)
                    .where(
                        _GAMES.c.status == Status.FINISHED,
                        _GAMES.c.finished_at >= since,
                        ~reviewed,
                    )
                    .order_by(_GAMES.c.finished_at)
                )
                missing = list(found)
        except SQLAlchemyError:
            log.exception("could not look for the games to review")
            return
        for record_id in missing:
            self.start(record_id)

    async def close(self) -> None:
        """Stop the reviews under way (each is computed again when next asked for)."""
        self._closed = True
        tasks = list(self._under_way.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _ended(self, record_id: int, task: asyncio.Task[None]) -> None:
        if self._under_way.get(record_id) is task:
            del self._under_way[record_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("the review of game %s failed", record_id, exc_info=task.exception())

    async def _stored(self, record_id: int) -> list[dict[str, Any]] | None:
        async with self.sessions() as session:
            return await session.scalar(
                select(_REVIEWS.c.players).where(_REVIEWS.c.game_id == record_id)
            )

    async def _review(self, record_id: int, after: float) -> None:
        if after:
            self._in_grace.add(record_id)
            try:
                await asyncio.sleep(after)
            finally:
                self._in_grace.discard(record_id)
        async with self._turn:
            if await self._stored(record_id) is not None:
                return
            async with self.sessions() as session:
                record = await session.get(GameRecord, record_id)
                if record is None or record.status != Status.FINISHED:
                    return
                rows = await session.execute(
                    select(_ACTIONS.c.seat, _ACTIONS.c.action, _ACTIONS.c.by)
                    .where(_ACTIONS.c.game_id == record_id)
                    .order_by(_ACTIONS.c.seq)
                )
                entries = [(row.seat, row.action, row.by) for row in rows]
            fields = ("setup", "players", "options", "seed", "seats")
            inputs = review.review_inputs({f: getattr(record, f) for f in fields}, entries)
            job = review.ReviewJob((record.id, record.seed), record.game, inputs)
            found = await self.run(review.decisions_of, job, priority=LATER)
            chunks = [tuple(found[first : first + CHUNK]) for first in range(0, len(found), CHUNK)]

            async def judged(stream: int) -> list[dict[str, Any]]:
                """Every `streams`-th chunk from `stream` on, one after the other."""
                moments: list[dict[str, Any]] = []
                for chunk in chunks[stream :: self.streams]:
                    part = replace(job, decisions=chunk)
                    moments += await self.run(review.judge_some, part, priority=LATER)
                return moments

            async with asyncio.TaskGroup() as group:  # one fails: the others stop
                parts = [group.create_task(judged(stream)) for stream in range(self.streams)]
            players = review.players(record.seats, [m for part in parts for m in part.result()])
            await self._store(record_id, players)

    async def _store(self, record_id: int, players: list[dict[str, Any]]) -> None:
        """Written once: another process's, or a game deleted meanwhile, leaves it."""
        try:
            async with unit_of_work(self.sessions) as session:
                await session.execute(
                    insert(_REVIEWS).values(game_id=record_id, players=players, created_at=utcnow())
                )
        except IntegrityError:
            pass
