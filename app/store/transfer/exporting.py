"""Export: every lobby and game of a database, from one snapshot, to an export file (written
under a temporary name and renamed once whole).
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Table, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.store.transfer.lines import (
    ACTIONS,
    CHAT,
    FORMAT,
    GAMES,
    KIND,
    LOBBIES,
    PLAYERS,
    Counts,
    TransferError,
    engine_for,
    row_out,
)

PAGE = 200  # lobbies read per round of statements while exporting


async def export(url: str, path: Path) -> Counts:
    """Write every lobby and game of the database at `url` to `path` (see the module)."""
    engine = engine_for(url)
    partial = path.with_name(f".{path.name}.partial")
    try:
        async with _snapshot(engine) as connection:
            total = await connection.scalar(select(func.count()).select_from(LOBBIES))
            counts = Counts()
            with open(partial, "w", encoding="utf-8") as out:
                _line(out, _header(total or 0))
                async for entry in _entries(connection, counts):
                    _line(out, entry)
            os.replace(partial, path)
            return counts
    except SQLAlchemyError as error:
        raise TransferError(f"could not read the database: {error}") from error
    except OSError as error:
        raise TransferError(f"could not write {path}: {error.strerror or error}") from error
    finally:
        partial.unlink(missing_ok=True)
        await engine.dispose()


def _header(lobbies: int) -> dict[str, Any]:
    return {
        "tinkertable": KIND,
        "format": FORMAT,
        "exported_at": datetime.now(UTC).isoformat(),
        "lobbies": lobbies,
    }


def _line(out: IO[str], value: Any) -> None:
    out.write(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    out.write("\n")


class _snapshot:
    """One connection reading one snapshot of the database, whatever is written meanwhile."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.connection: AsyncConnection | None = None

    async def __aenter__(self) -> AsyncConnection:
        connection = await self.engine.connect()
        self.connection = connection
        if self.engine.dialect.name == "postgresql":
            await connection.execution_options(isolation_level="REPEATABLE READ")
            await connection.exec_driver_sql("SET TRANSACTION READ ONLY")
        else:  # pysqlite starts no transaction for reads: one read transaction, by hand
            await connection.exec_driver_sql("BEGIN")
        return connection

    async def __aexit__(self, *_: object) -> None:
        assert self.connection is not None
        try:
            await self.connection.rollback()
        finally:
            await self.connection.close()


async def _entries(connection: AsyncConnection, counts: Counts) -> AsyncIterator[dict[str, Any]]:
    after = 0
    while True:
        lobbies = (
            await connection.execute(
                select(LOBBIES).where(LOBBIES.c.id > after).order_by(LOBBIES.c.id).limit(PAGE)
            )
        ).all()
        if not lobbies:
            return
        after = lobbies[-1].id
        ids = [lobby.id for lobby in lobbies]
        players = await _by(connection, PLAYERS, "lobby_id", ids, PLAYERS.c.seat)
        chat = await _by(connection, CHAT, "lobby_id", ids, CHAT.c.id)
        games = await _by(connection, GAMES, "lobby_id", ids, GAMES.c.id)
        game_ids = [game.id for rows in games.values() for game in rows]
        actions = await _by(connection, ACTIONS, "game_id", game_ids, ACTIONS.c.seq)
        for lobby in lobbies:
            seats = {player.id: player.seat for player in players.get(lobby.id, [])}
            entry: dict[str, Any] = {
                "lobby": row_out(LOBBIES, lobby),
                "players": [_player_out(p, seats) for p in players.get(lobby.id, [])],
                "chat": [row_out(CHAT, line) for line in chat.get(lobby.id, [])],
                "game": None,
            }
            for game in games.get(lobby.id, []):  # one at most (unique)
                moves = actions.get(game.id, [])
                entry["game"] = {
                    **row_out(GAMES, game),
                    "actions": [row_out(ACTIONS, action) for action in moves],
                }
                counts.games += 1
                counts.actions += len(moves)
            counts.lobbies += 1
            counts.players += len(entry["players"])
            counts.chat += len(entry["chat"])
            yield entry


async def _by(
    connection: AsyncConnection, table: Table, key: str, ids: list[int], order: Any
) -> dict[int, list[Any]]:
    found: dict[int, list[Any]] = {}
    for start in range(0, len(ids), PAGE):
        rows = await connection.execute(
            select(table).where(table.c[key].in_(ids[start : start + PAGE])).order_by(order)
        )
        for row in rows:
            found.setdefault(row._mapping[key], []).append(row)
    return found


def _player_out(player: Any, seats: dict[int, int]) -> dict[str, Any]:
    values = row_out(PLAYERS, player)
    if player.away_votes is not None:
        values["away_votes"] = [seats[voter] for voter in player.away_votes if voter in seats]
    return values
