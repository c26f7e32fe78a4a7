"""Old games: lobbies nobody needs any more are deleted, a few at a time, in the background.

Finished games are kept for their replays, and lobbies nobody plays in for a while, in case
their players come back; each expires after its own number of days (the settings
EXPIRE_FINISHED_DAYS, EXPIRE_OPEN_DAYS, EXPIRE_ABANDONED_DAYS; 0 keeps them forever):

- a finished game, counted from its end;
- a lobby that never started, from the last time someone joined it, chatted in it or changed
  its options;
- a game nobody finished, from its last action or chat line.

Deleting a lobby deletes its players, chat lines, game and actions with it (the foreign keys
cascade, see migrations/versions/0001_initial.py); a finished game's "play again" link to a
deleted lobby is cleared.

A lobby someone is connected to stays, whichever process serves the connection:

- Lobbies this server process has a room for (someone is connected, or was a moment ago) are
  left for a later round. Which lobbies have a room is asked as each batch is deleted, not once
  per round: a socket may open a room while a round runs (a round waits on the database between
  its batches and statements). A room opened while the batch's delete ran undoes the batch (its
  lobbies wait for the next round).
- With several processes on one PostgreSQL database, each writes down its seats and spectators
  with an open connection (app/play/presence.py): a lobby with a row that is fresh (stamped
  within `presence.STALE`; older rows are a process that is gone) is neither picked nor
  deleted, in the batch's own statements. A row is written a moment after its socket opens: a
  connection to another process that opens as its lobby is deleted may miss the batch, and is
  then closed as below.

The batch's transaction also sends, for each lobby it deletes, the lobby notice of
app/play/notices.py on the lobby's channel, which the processes holding a room for it hear
(PostgreSQL delivers it on commit, never for a batch undone). A process
that holds a room for one of them reads the lobby again, finds it gone and closes the room's
sockets, as when the server's owner deletes a lobby (`Hub.lobby_changed`); this process does the
same for a room opened as the batch committed. SQLite: one process, no notices.

So that play never waits on the clean-up, each batch of `batch` lobbies is one short
transaction of its own, with a pause between batches; a round runs every `interval` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import (
    ColumnElement,
    String,
    and_,
    bindparam,
    delete,
    exists,
    false,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.config import Settings
from app.play.notices import channel, lobby_notice
from app.play.presence import STALE
from app.status import Status
from app.store.db import unit_of_work, utcnow
from app.store.tables.games import GameRecord, SeatPresence
from app.store.tables.lobbies import ChatMessage, Lobby, Player

log = logging.getLogger(__name__)

DAY = timedelta(days=1)
PAUSE = 0.05  # seconds between two batches of one round
FIRST_ROUND_AFTER = 60.0  # seconds after the server starts (or `interval`, if shorter)


@dataclass(frozen=True)
class Expiry:
    """How long each kind of lobby is kept (None: forever), and how many go per transaction."""

    finished: timedelta | None
    open: timedelta | None
    abandoned: timedelta | None
    batch: int = 100

    @classmethod
    def from_settings(cls, settings: Settings) -> Expiry:
        def days(value: float) -> timedelta | None:
            return value * DAY if value > 0 else None

        return cls(
            finished=days(settings.expire_finished_days),
            open=days(settings.expire_open_days),
            abandoned=days(settings.expire_abandoned_days),
            batch=settings.expiry_batch,
        )

    def expired(self, now: datetime) -> ColumnElement[bool]:
        """The condition a lobby row meets once it may go, as of `now`."""
        kinds = []
        if self.finished is not None:
            kinds.append(_finished_before(now - self.finished))
        if self.open is not None:
            kinds.append(_open_and_idle_since(now - self.open))
        if self.abandoned is not None:
            kinds.append(_abandoned_since(now - self.abandoned))
        return or_(*kinds) if kinds else false()


def _game(*conditions: ColumnElement[bool]) -> ColumnElement[bool]:
    return exists().where(GameRecord.lobby_id == Lobby.id, *conditions)


def _chat_since(moment: datetime) -> ColumnElement[bool]:
    return exists().where(ChatMessage.lobby_id == Lobby.id, ChatMessage.at >= moment)


def _finished_before(moment: datetime) -> ColumnElement[bool]:
    ended = func.coalesce(GameRecord.finished_at, GameRecord.updated_at)
    return _game(GameRecord.status == Status.FINISHED, ended < moment)


def _open_and_idle_since(moment: datetime) -> ColumnElement[bool]:
    joined_since = exists().where(Player.lobby_id == Lobby.id, Player.created_at >= moment)
    return and_(
        Lobby.status == Status.OPEN,
        ~_game(),
        Lobby.updated_at < moment,
        ~joined_since,
        ~_chat_since(moment),
    )


def _abandoned_since(moment: datetime) -> ColumnElement[bool]:
    return and_(
        _game(GameRecord.status == Status.PLAYING, GameRecord.updated_at < moment),
        Lobby.updated_at < moment,
        ~_chat_since(moment),
    )


def _connected_since(moment: datetime) -> ColumnElement[bool]:
    """Some process wrote down a connection to the lobby (a seat's or a spectator's) and has
    stamped it since `moment`."""
    return exists().where(SeatPresence.code == Lobby.code, SeatPresence.seen_at > moment)


_NOTIFY = text(
    "SELECT pg_notify(channel, notice)"
    " FROM unnest(CAST(:channels AS text[]), CAST(:notices AS text[])) AS notice(channel, notice)"
).bindparams(bindparam("channels", type_=ARRAY(String)), bindparam("notices", type_=ARRAY(String)))


class RoomOpened(Exception):
    """A room was opened for a lobby of the batch while it was being deleted."""

    def __init__(self, last: int) -> None:
        super().__init__(f"a lobby of the batch up to id {last} is in use")
        self.last = last


def nothing_in_use() -> set[str]:
    return set()


async def delete_batch(
    session: AsyncSession,
    expiry: Expiry,
    now: datetime,
    after: int,
    in_use: Callable[[], set[str]] = nothing_in_use,
    notify_as: str | None = None,
) -> tuple[int | None, list[str]]:
    """Delete up to `expiry.batch` expired lobbies with ids above `after`, except those with a
    connection written down by any process (fresh as of the clock, not `now`) and those
    `in_use()` names, asked once the candidates are read: (the last id looked at, None when
    there were no more; the codes deleted). RoomOpened if `in_use()` names one of them once
    they are deleted: the caller rolls the batch back. `notify_as`: this process's name among
    several (PostgreSQL), which sends a lobby notice for each lobby deleted, on commit."""
    condition = and_(expiry.expired(now), ~_connected_since(utcnow() - STALE))
    candidates = (
        await session.execute(
            select(Lobby.id, Lobby.code)
            .where(Lobby.id > after, condition)
            .order_by(Lobby.id)
            .limit(expiry.batch)
        )
    ).all()
    if not candidates:
        return None, []
    last = candidates[-1][0]
    keep = in_use()
    ids = [lobby_id for lobby_id, code in candidates if code not in keep]
    codes: list[str] = []
    if ids:
        # The condition again: a lobby someone joined since the select stays.
        deleted = await session.execute(
            delete(Lobby).where(Lobby.id.in_(ids), condition).returning(Lobby.code)
        )
        codes = list(deleted.scalars())
        if set(codes) & in_use():  # someone came in while the delete ran
            raise RoomOpened(last)
    if codes:
        await session.execute(
            update(Lobby).where(Lobby.next_code.in_(codes)).values(next_code=None)
        )
        if notify_as is not None:
            notices = [lobby_notice(notify_as, code) for code in codes]
            channels = [channel(code) for code in codes]  # each on its lobby's
            await session.execute(_NOTIFY, {"channels": channels, "notices": notices})
    return last, codes


async def sweep(
    sessions: async_sessionmaker[AsyncSession],
    expiry: Expiry,
    now: datetime,
    in_use: Callable[[], set[str]] = nothing_in_use,
    pause: float = PAUSE,
    notify_as: str | None = None,
    gone: Callable[[str], Awaitable[None]] | None = None,
) -> list[str]:
    """One round: delete every lobby expired as of `now` (but those in use, see `delete_batch`,
    as each batch goes), one batch per transaction; the codes deleted. `gone` is told of each
    once its batch is committed (this process's rooms)."""
    deleted: list[str] = []
    after = 0
    while True:
        try:
            async with unit_of_work(sessions) as session:
                last, codes = await delete_batch(session, expiry, now, after, in_use, notify_as)
        except RoomOpened as opened:  # rolled back: those lobbies wait for the next round
            last, codes = opened.last, []
        deleted += codes
        if gone is not None:
            for code in codes:
                await gone(code)
        if last is None:
            return deleted
        after = last
        await asyncio.sleep(pause)


async def run(
    sessions: async_sessionmaker[AsyncSession],
    expiry: Expiry,
    interval: float,
    in_use: Callable[[], set[str]],
    clock: Callable[[], datetime] = utcnow,
    notify_as: str | None = None,
    gone: Callable[[str], Awaitable[None]] | None = None,
) -> None:
    """Sweep every `interval` seconds, forever (the application's lifespan cancels it)."""
    await asyncio.sleep(min(interval, FIRST_ROUND_AFTER))
    while True:
        try:
            deleted = await sweep(sessions, expiry, clock(), in_use, notify_as=notify_as, gone=gone)
        except Exception:  # the database away, or anything else: this task must go on
            log.exception("could not delete old lobbies; trying again later")
        else:
            if deleted:
                log.info("deleted %d old lobbies", len(deleted))
        await asyncio.sleep(interval)
