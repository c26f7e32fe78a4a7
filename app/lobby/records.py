"""A lobby's game as recorded, read back: its log (the whole of it once the game is finished),
the log lines a seat may read as the game stands, its result, and when it ended."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, select

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict
from app.lobby import rows
from app.lobby.store import LobbyStore, authenticate, status
from app.play import logbook, table
from app.play.hub import Hub
from app.play.views import name_seats, named_result
from app.status import Status
from app.store.db import as_utc, iso
from app.store.tables.games import ActionRecord

_ACTIONS = cast(Table, ActionRecord.__table__)


class Records:
    def __init__(self, store: LobbyStore, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def log(self, code: str) -> dict[str, Any]:
        async with self.store.reading() as connection:
            lobby = await self.store.lobby(connection, code)
            record: Any = None  # the game's seed, seats and result
            actions: Sequence[Any] = ()
            if lobby.record_id is not None:
                found = await connection.execute(
                    select(rows.games.c.seed, rows.games.c.seats, rows.games.c.result).where(
                        rows.games.c.id == lobby.record_id
                    )
                )
                record = found.one()
                actions = (
                    await connection.execute(
                        select(_ACTIONS)
                        .where(_ACTIONS.c.game_id == lobby.record_id)
                        .order_by(_ACTIONS.c.seq)
                    )
                ).all()
        game = self.store.games[lobby.game]
        finished = lobby.record_status == Status.FINISHED
        return {
            "code": lobby.code,
            "game": lobby.game,
            "status": status(lobby),
            # The game's own options, which set it up with the seed; the table's apart.
            "options": table.split(lobby.options)[0],
            "table": table.split(lobby.options)[1],
            "players": [
                {"seat": p.seat, "name": p.name, "bot": p.bot is not None} for p in lobby.players
            ],
            "seed": record.seed if record is not None and finished else None,
            "actions": [
                {
                    "seq": row.seq,
                    "seat": row.seat,
                    "action": row.action if finished else game.action_for_log(row.action),
                    "at": iso(row.at),
                    "by": row.by,
                }
                for row in actions
            ],
            "result": (
                named_result(record.result, [seat["name"] for seat in record.seats])
                if record is not None and record.result is not None
                else None
            ),
        }

    async def log_lines(
        self, code: str, token: str | None, before: int, limit: int
    ) -> dict[str, Any]:
        """The log lines before line `before` that the token's seat may read (no token, or
        one not of this lobby: a spectator's), as the game stands now."""
        async with self.store.reading() as connection:
            lobby = await self.store.lobby(connection, code)
        player = authenticate(lobby, token) if token else None
        room = await self.hub.room(code)
        if room is None or room.position is None:
            raise Conflict("the game has not started", code=ErrorCode.NOT_STARTED)
        position = room.position
        seat = player.seat if player is not None else None
        readable = logbook.readable(position.state, seat)
        lines = [name_seats(line, position.names) for line in readable]
        return logbook.page(lines, before, limit)

    async def result(self, code: str) -> dict[str, Any] | None:
        """A finished game's result, the players' names in its reason; None before."""
        games = rows.games
        async with self.store.reading() as connection:
            lobby = await self.store.lobby(connection, code)
            found = None
            if lobby.record_id is not None:
                found = (
                    await connection.execute(
                        select(games.c.result, games.c.seats).where(games.c.id == lobby.record_id)
                    )
                ).first()
        if found is None or found.result is None:
            return None
        return named_result(found.result, [seat["name"] for seat in found.seats])

    async def ended_at(self, record_id: int) -> datetime | None:
        """When the game of this record ended (None: it goes on)."""
        async with self.store.reading() as connection:
            at = await connection.scalar(
                select(rows.games.c.finished_at).where(rows.games.c.id == record_id)
            )
        return as_utc(at) if at is not None else None
