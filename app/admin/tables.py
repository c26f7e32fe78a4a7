"""What the owner's page shows and does with tables: the games being played (players,
connections, clocks, last action), the lobbies waiting to start, the finished games (with their
replays), and ending or deleting a table.

Ending a game writes its record as finished with the owner's result (app/play/ended.py): every
process's room reads it again and sends each seat and spectator a snapshot of the game over,
with the reason; no action is recorded after it (the recorder writes only to games being
played). Deleting a lobby deletes its players, chat, game and actions (as the expiry does) and
closes its sockets on every process (`Hub.lobby_changed` finds it gone).

Connections are this process's own: a process knows only the sockets it holds.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict, NotFound
from app.play.clocks import Clocks
from app.play.ended import ended_result
from app.play.hub import Hub
from app.play.registry import Games
from app.play.views import name_seats
from app.status import Status
from app.store.db import as_utc, iso, unit_of_work, utcnow
from app.store.tables.games import ActionRecord, GameRecord
from app.store.tables.lobbies import Lobby

log = logging.getLogger(__name__)

# Rows each list shows, the latest first.
SHOWN = 200
FINISHED_SHOWN = 50


@dataclass(frozen=True)
class Seat:
    name: str
    bot: bool
    connections: int  # to this process
    clock: float | None = None  # seconds left; None: no clock
    clock_running: bool = False


@dataclass(frozen=True)
class LastAction:
    seq: int
    name: str  # who it was for
    at: datetime
    by: str | None  # "clock" or "away": a bot chose it for them


@dataclass(frozen=True)
class Table:
    code: str
    game: str  # the game's name
    status: str  # "open", "playing" or "finished"
    created_at: datetime
    seats: list[Seat]
    actions: int = 0
    spectators: int = 0  # sockets to this process
    last_action: LastAction | None = None
    finished_at: datetime | None = None
    reason: str | None = None  # how a finished game ended

    @property
    def url(self) -> str:
        return f"/l/{self.code}"

    @property
    def replay_url(self) -> str | None:
        return f"/l/{self.code}/replay" if self.status == Status.FINISHED else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = _with_iso_times(asdict(self))
        return {**data, "url": self.url, "replay_url": self.replay_url}


@dataclass(frozen=True)
class Overview:
    playing: list[Table]
    waiting: list[Table]  # lobbies not started yet
    finished: list[Table]

    def to_json(self) -> dict[str, Any]:
        return {
            "playing": [table.to_json() for table in self.playing],
            "waiting": [table.to_json() for table in self.waiting],
            "finished": [table.to_json() for table in self.finished],
        }


def _with_iso_times(value: Any) -> Any:
    if isinstance(value, datetime):
        return iso(value)
    if isinstance(value, dict):
        return {key: _with_iso_times(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_with_iso_times(item) for item in value]
    return value


class Tables:
    """The owner's service over every table in the database."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], hub: Hub, games: Games):
        self.sessions = sessions
        self.hub = hub
        self.games = games

    def _connections(self, code: str) -> Counter[int | None]:
        """The sockets this process holds to the lobby, by seat (None: spectators)."""
        room = self.hub.rooms.get(code)
        return Counter(conn.seat for conn in room.connections) if room else Counter()

    def _name(self, game_id: str) -> str:
        game = self.games.get(game_id)
        return game.name if game is not None else game_id

    async def overview(self) -> Overview:
        async with self.sessions() as session:
            return Overview(
                playing=await self._playing(session),
                waiting=await self._waiting(session),
                finished=await self._finished(session),
            )

    async def _playing(self, session: AsyncSession) -> list[Table]:
        rows = await session.execute(
            select(Lobby.code, GameRecord, ActionRecord)
            .join(GameRecord, GameRecord.lobby_id == Lobby.id)
            .outerjoin(
                ActionRecord,
                and_(ActionRecord.game_id == GameRecord.id, ActionRecord.seq == GameRecord.seq),
            )
            .where(GameRecord.status == Status.PLAYING)
            .order_by(GameRecord.updated_at.desc())
            .limit(SHOWN)
        )
        now = time.time()
        tables = []
        for code, record, last in rows:
            names = [seat["name"] for seat in record.seats]
            clocks = Clocks.from_json(record.clocks) if record.clocks is not None else None
            connected = self._connections(code)
            seats = [
                Seat(
                    name=seat["name"],
                    bot=bool(seat.get("bot")),
                    connections=connected[index],
                    clock=_left(clocks, index, now),
                    clock_running=clocks is not None and clocks.since[index] is not None,
                )
                for index, seat in enumerate(record.seats)
            ]
            last_action = (
                LastAction(last.seq, names[last.seat], as_utc(last.at), last.by)
                if last is not None
                else None
            )
            tables.append(
                Table(
                    code=code,
                    game=self._name(record.game),
                    status=Status.PLAYING,
                    created_at=as_utc(record.created_at),
                    seats=seats,
                    actions=record.seq,
                    spectators=connected[None],
                    last_action=last_action,
                )
            )
        return tables

    async def _waiting(self, session: AsyncSession) -> list[Table]:
        lobbies = await session.scalars(
            select(Lobby).where(Lobby.status == Status.OPEN).order_by(Lobby.id.desc()).limit(SHOWN)
        )
        tables = []
        for lobby in lobbies:
            connected = self._connections(lobby.code)
            seats = [
                Seat(name=p.name, bot=p.bot is not None, connections=connected[p.seat])
                for p in lobby.players
            ]
            tables.append(
                Table(
                    lobby.code, self._name(lobby.game), Status.OPEN, as_utc(lobby.created_at), seats
                )
            )
        return tables

    async def _finished(self, session: AsyncSession) -> list[Table]:
        rows = await session.execute(
            select(Lobby.code, GameRecord)
            .join(GameRecord, GameRecord.lobby_id == Lobby.id)
            .where(GameRecord.status == Status.FINISHED)
            .order_by(GameRecord.finished_at.desc(), GameRecord.id.desc())
            .limit(FINISHED_SHOWN)
        )
        tables = []
        for code, record in rows:
            seats = [Seat(s["name"], bool(s.get("bot")), 0) for s in record.seats]
            reason = (record.result or {}).get("reason")
            if reason is not None:
                reason = name_seats(reason, [seat.name for seat in seats])
            finished_at = as_utc(record.finished_at) if record.finished_at else None
            tables.append(
                Table(
                    code=code,
                    game=self._name(record.game),
                    status=Status.FINISHED,
                    created_at=as_utc(record.created_at),
                    seats=seats,
                    actions=record.seq,
                    finished_at=finished_at,
                    reason=reason,
                )
            )
        return tables

    async def end(self, code: str) -> None:
        """End the lobby's game now: it is over for everyone, nobody wins."""
        async with unit_of_work(self.sessions) as session:
            record = await self._record(session, code)
            if record is None or record.status != Status.PLAYING:
                raise Conflict("only a game being played can be ended", code=ErrorCode.NOT_PLAYING)
            ended = await session.scalar(
                update(GameRecord)
                .where(GameRecord.id == record.id, GameRecord.status == Status.PLAYING)
                .values(status=Status.FINISHED, result=ended_result(), finished_at=utcnow())
                .returning(GameRecord.id)
            )
            if ended is None:  # it ended by itself meanwhile
                raise Conflict("only a game being played can be ended", code=ErrorCode.NOT_PLAYING)
        log.info("the owner ended the game of lobby %s", code)
        await self.hub.lobby_changed(code)

    async def delete(self, code: str) -> None:
        """Delete the lobby, its players, chat, game and actions; its sockets close."""
        async with unit_of_work(self.sessions) as session:
            deleted = await session.scalar(
                delete(Lobby).where(Lobby.code == code).returning(Lobby.id)
            )
            if deleted is None:
                raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)
            await session.execute(
                update(Lobby).where(Lobby.next_code == code).values(next_code=None)
            )
        log.info("the owner deleted lobby %s", code)
        await self.hub.lobby_changed(code)

    async def _record(self, session: AsyncSession, code: str) -> GameRecord | None:
        """The lobby's game (None: not started); NotFound for no such lobby."""
        lobby_id = await session.scalar(select(Lobby.id).where(Lobby.code == code))
        if lobby_id is None:
            raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)
        return await session.scalar(select(GameRecord).where(GameRecord.lobby_id == lobby_id))


def _left(clocks: Clocks | None, seat: int, now: float) -> float | None:
    if clocks is None or clocks.left[seat] is None:
        return None
    return round(clocks.remaining(seat, now), 1)
