"""The export file's lines: the tables they hold, a row as a line holds it and back (each field
checked against its column), and what export and import share (the error, the counts, the
database connection).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Integer, String, Table
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql.schema import ScalarElementColumnDefault

from app.store.db import as_utc, make_engine
from app.store.tables.games import ActionRecord, GameRecord
from app.store.tables.lobbies import ChatMessage, Lobby, Player

FORMAT = 1
KIND = "export"

LOBBIES: Table = Lobby.__table__  # type: ignore[assignment]
PLAYERS: Table = Player.__table__  # type: ignore[assignment]
CHAT: Table = ChatMessage.__table__  # type: ignore[assignment]
GAMES: Table = GameRecord.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRecord.__table__  # type: ignore[assignment]

# Columns the file does not hold: the database's ids, said by the nesting instead.
NOT_WRITTEN = {
    "lobbies": {"id"},
    "players": {"id", "lobby_id"},
    "chat_messages": {"id", "lobby_id"},
    "games": {"id", "lobby_id"},
    "actions": {"id", "game_id"},
}
INT32 = 2**31
INT64 = 2**63


class TransferError(Exception):
    """A file that cannot be read or written, a database that refuses it: the message says
    what and where, for the person at the command line."""


@dataclass
class Counts:
    """What an import or export moved."""

    lobbies: int = 0
    games: int = 0
    actions: int = 0
    players: int = 0
    chat: int = 0
    skipped: list[str] = field(default_factory=list)  # codes left as the database had them

    def __str__(self) -> str:
        text = (
            f"{self.lobbies} lobbies, {self.players} players, {self.chat} chat lines, "
            f"{self.games} games, {self.actions} actions"
        )
        if self.skipped:
            text += f"; {len(self.skipped)} lobbies already there were left as they are"
        return text


def engine_for(url: str) -> AsyncEngine:
    # One connection, and no statement timeout: a big file's statements may run long.
    if url.startswith("sqlite"):
        return make_engine(url)
    return make_engine(url, pool_size=1, connect_args={"command_timeout": None})


def written(table: Table) -> list[str]:
    return [column.name for column in table.columns if column.name not in NOT_WRITTEN[table.name]]


def row_out(table: Table, row: Any) -> dict[str, Any]:
    """A row as the file holds it."""
    values = {}
    for name in written(table):
        value = getattr(row, name)
        values[name] = (
            as_utc(value).astimezone(UTC).isoformat() if isinstance(value, datetime) else value
        )
    return values


def row_in(table: Table, values: Any, where: str) -> dict[str, Any]:
    """A row from the file, each field checked against its column; TransferError if any is
    missing, unknown or not what the column holds."""
    if not isinstance(values, dict):
        raise TransferError(f"{where}: expected an object")
    names = written(table)
    unknown = sorted(set(values) - set(names))
    if unknown:
        raise TransferError(f"{where}: unknown field {unknown[0]!r}")
    values = dict(values)
    for name in names:
        if name not in values:
            values[name] = _left_out(table, name, where)
    return {name: _checked(table, name, values[name], f"{where}.{name}") for name in names}


def _left_out(table: Table, name: str, where: str) -> Any:
    """The value of a field the file lacks: a file written by an earlier version has no columns
    added since, and those take their default (a fixed value, else null); any other missing
    field is a TransferError."""
    column = table.columns[name]
    default = column.default
    if isinstance(default, ScalarElementColumnDefault):
        return default.arg
    if default is None and column.server_default is None and column.nullable:
        return None
    raise TransferError(f"{where}: missing field {name!r}")


def _checked(table: Table, name: str, value: Any, where: str) -> Any:
    column = table.columns[name]
    kind = column.type
    if value is None:
        if not column.nullable:
            raise TransferError(f"{where}: must not be null")
        return None
    if isinstance(kind, JSON):
        return value
    if isinstance(kind, DateTime):
        moment = None
        if isinstance(value, str):
            try:
                moment = datetime.fromisoformat(value)
            except ValueError:
                moment = None
        if moment is None or moment.tzinfo is None:
            raise TransferError(f"{where}: expected a time in ISO 8601 with its UTC offset")
        return moment.astimezone(UTC)
    if isinstance(kind, Boolean):
        if not isinstance(value, bool):
            raise TransferError(f"{where}: expected true or false")
        return value
    if isinstance(kind, Integer):
        limit = INT64 if isinstance(kind, BigInteger) else INT32
        if not isinstance(value, int) or isinstance(value, bool) or not -limit <= value < limit:
            raise TransferError(f"{where}: expected a whole number")
        return value
    if isinstance(kind, String):
        if not isinstance(value, str) or "\x00" in value:
            raise TransferError(f"{where}: expected text")
        if kind.length is not None and len(value) > kind.length:
            raise TransferError(f"{where}: longer than {kind.length} characters")
        return value
    raise AssertionError(f"no check for {table.name}.{name} ({kind!r})")  # a new column type
