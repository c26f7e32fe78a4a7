"""Backups and moving house: `tinkertable export FILE`, `import FILE` and `backup DIR`.

The export file is JSON lines (UTF-8). Its first line says what it is:

    {"tinkertable": "export", "format": 1, "exported_at": "2026-12-01T16:00:00+00:00",
     "lobbies": 2}

then one line per lobby, with everything the database keeps of it:

    {"lobby": {...}, "players": [{...}], "chat": [{...}], "game": null or {..., "actions": [...]}}

A finished game's review by the good bot (`reviews`, app/play/reviews.py) is left out: it is
computed again from the game's record when next asked for.

Each object holds every column of its table (app/lobby/models.py, app/play/models.py) but the
database's own ids: `id`, and the id of the row it belongs to (its lobby, its game), which the
nesting says instead. Times are ISO 8601 in UTC. A player's `away_votes` (the ids of the players
who voted to hand their seat to a bot) are written as the voters' seats. Lobby codes, and the
hashes of the players' tokens, are kept: every link and every player's token works as before.

Export reads one snapshot of the database (a repeatable-read transaction on PostgreSQL, one
read transaction on SQLite), so a server may go on playing meanwhile; the file is written under
a temporary name and renamed once whole.

Import checks every line against the tables (each field, its type, its length; a game's actions
numbered 1 to its `seq`; the number of lobbies the first line announced) and writes everything
in one transaction: a file it cannot read changes nothing. A lobby whose code the database
already holds is refused, naming the codes, unless `skip_existing`: then those lobbies are left
as the database has them and the others are imported. A game's setup and snapshot written by
an earlier version of its rules are imported in today's shape (`Game.upgrade`).

Backup makes a consistent copy while the server runs: SQLite's online backup API to
`DIR/tinkertable-<time>.db`, or `pg_dump --format=custom` to `DIR/tinkertable-<time>.dump` for
PostgreSQL (its client tools must be installed).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Integer,
    String,
    Table,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.sql.schema import ScalarElementColumnDefault

from app.config import Settings
from app.lobby.models import ChatMessage, Lobby, Player
from app.play.models import ActionRecord, GameRecord
from app.play.registry import Games, games_for
from app.store.db import as_utc, make_engine

FORMAT = 1
KIND = "export"
PAGE = 200  # lobbies read per round of statements while exporting

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


def _engine(url: str) -> AsyncEngine:
    # One connection, and no statement timeout: a big file's statements may run long.
    if url.startswith("sqlite"):
        return make_engine(url)
    return make_engine(url, pool_size=1, connect_args={"command_timeout": None})


# --- rows to lines and back ---------------------------------------------------------------------


def _written(table: Table) -> list[str]:
    return [column.name for column in table.columns if column.name not in NOT_WRITTEN[table.name]]


def _out(table: Table, row: Any) -> dict[str, Any]:
    """A row as the file holds it."""
    values = {}
    for name in _written(table):
        value = getattr(row, name)
        values[name] = (
            as_utc(value).astimezone(UTC).isoformat() if isinstance(value, datetime) else value
        )
    return values


def _in(table: Table, values: Any, where: str) -> dict[str, Any]:
    """A row from the file, each field checked against its column; TransferError if any is
    missing, unknown or not what the column holds."""
    if not isinstance(values, dict):
        raise TransferError(f"{where}: expected an object")
    names = _written(table)
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


# --- export -------------------------------------------------------------------------------------


async def export(url: str, path: Path) -> Counts:
    """Write every lobby and game of the database at `url` to `path` (see the module)."""
    engine = _engine(url)
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
                "lobby": _out(LOBBIES, lobby),
                "players": [_player_out(p, seats) for p in players.get(lobby.id, [])],
                "chat": [_out(CHAT, line) for line in chat.get(lobby.id, [])],
                "game": None,
            }
            for game in games.get(lobby.id, []):  # one at most (unique)
                moves = actions.get(game.id, [])
                entry["game"] = {
                    **_out(GAMES, game),
                    "actions": [_out(ACTIONS, action) for action in moves],
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
    values = _out(PLAYERS, player)
    if player.away_votes is not None:
        values["away_votes"] = [seats[voter] for voter in player.away_votes if voter in seats]
    return values


# --- import -------------------------------------------------------------------------------------


async def import_(
    url: str, path: Path, *, skip_existing: bool = False, games: Games | None = None
) -> Counts:
    """Read `path` (written by `export`) into the database at `url`, all or nothing. A game's
    setup and snapshot written by an earlier version of its rules are imported in today's
    shape (`Game.upgrade` of `games`, by default the registry's)."""
    games = games if games is not None else games_for(Settings())
    try:
        source = open(path, encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as error:
        raise TransferError(f"cannot read {path}: {error.strerror or error}") from error
    engine = _engine(url)
    try:
        with source:
            lines = _numbered(source)
            announced = _read_header(lines)
            counts = Counts()
            existing: list[str] = []
            async with engine.begin() as connection:
                for number, entry in lines:
                    where = f"line {number}"
                    await _import_lobby(connection, entry, where, counts, existing, games)
                if counts.lobbies + len(existing) != announced:
                    raise TransferError(
                        f"the file announces {announced} lobbies but holds "
                        f"{counts.lobbies + len(existing)}: it is not whole"
                    )
                if existing and not skip_existing:
                    shown = ", ".join(existing[:10]) + (" ..." if len(existing) > 10 else "")
                    raise TransferError(
                        f"{len(existing)} lobbies of the file are already in the database "
                        f"({shown}); nothing was imported. Import into another database, or "
                        "pass --skip-existing to keep those as they are and import the others"
                    )
                counts.skipped = existing
            return counts
    except UnicodeDecodeError as error:
        raise TransferError(f"{path} is not UTF-8 text: {error}") from error
    except SQLAlchemyError as error:
        raise TransferError(
            f"the database refused the import, nothing was imported: {error}"
        ) from (error)
    finally:
        await engine.dispose()


def _numbered(source: Iterable[str]) -> Iterator[tuple[int, Any]]:
    for number, text in enumerate(source, start=1):
        if not text.strip():
            continue
        try:
            yield number, json.loads(text)
        except ValueError as error:
            raise TransferError(f"line {number}: not JSON ({error})") from error


def _read_header(lines: Iterator[tuple[int, Any]]) -> int:
    """The first line: what the file is; the number of lobbies it announces."""
    first = next(lines, None)
    if first is None:
        raise TransferError("the file is empty: expected a Tinkertable export")
    _, header = first
    if not isinstance(header, dict) or header.get("tinkertable") != KIND:
        raise TransferError("the first line does not say it is a Tinkertable export")
    version = header.get("format")
    if version != FORMAT:
        raise TransferError(
            f"the file is in export format {version!r}; this Tinkertable reads format {FORMAT}"
        )
    lobbies = header.get("lobbies")
    if not isinstance(lobbies, int) or isinstance(lobbies, bool) or lobbies < 0:
        raise TransferError("the first line does not say how many lobbies follow")
    return lobbies


ENTRY_FIELDS = {"lobby", "players", "chat", "game"}


async def _import_lobby(
    connection: AsyncConnection,
    entry: Any,
    where: str,
    counts: Counts,
    existing: list[str],
    games: Games,
) -> None:
    if not isinstance(entry, dict) or set(entry) != ENTRY_FIELDS:
        raise TransferError(f"{where}: expected an object with {sorted(ENTRY_FIELDS)}")
    lobby = _in(LOBBIES, entry["lobby"], f"{where}: lobby")
    players = [_in(PLAYERS, p, f"{where}: player") for p in _list(entry["players"], where)]
    chat = [_in(CHAT, line, f"{where}: chat") for line in _list(entry["chat"], where)]
    game, actions = _game_in(entry["game"], where, games)
    seats = [player["seat"] for player in players]
    if len(set(seats)) != len(seats):
        raise TransferError(f"{where}: two players in one seat")
    for player in players:
        votes = player["away_votes"]
        if votes is not None and (not isinstance(votes, list) or not set(votes) <= set(seats)):
            raise TransferError(f"{where}: player.away_votes: expected seats of the lobby")

    found = await connection.scalar(select(LOBBIES.c.id).where(LOBBIES.c.code == lobby["code"]))
    if found is not None:
        existing.append(lobby["code"])
        return
    lobby_id = await connection.scalar(insert(LOBBIES).values(**lobby).returning(LOBBIES.c.id))
    ids: dict[int, int] = {}
    for player in players:
        added = insert(PLAYERS).values(**{**player, "away_votes": None}, lobby_id=lobby_id)
        ids[player["seat"]] = await connection.scalar(added.returning(PLAYERS.c.id))
    for player in players:
        if player["away_votes"] is not None:
            votes = [ids[seat] for seat in player["away_votes"]]
            await connection.execute(
                update(PLAYERS).where(PLAYERS.c.id == ids[player["seat"]]).values(away_votes=votes)
            )
    if chat:
        await connection.execute(insert(CHAT), [{**line, "lobby_id": lobby_id} for line in chat])
    if game is not None:
        game_id = await connection.scalar(
            insert(GAMES).values(**game, lobby_id=lobby_id).returning(GAMES.c.id)
        )
        if actions:
            await connection.execute(
                insert(ACTIONS), [{**action, "game_id": game_id} for action in actions]
            )
        counts.games += 1
        counts.actions += len(actions)
    counts.lobbies += 1
    counts.players += len(players)
    counts.chat += len(chat)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise TransferError(f"{where}: expected a list of players and of chat lines")
    return value


def _game_in(
    value: Any, where: str, games: Games
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    if value is None:
        return None, []
    if not isinstance(value, dict) or not isinstance(value.get("actions"), list):
        raise TransferError(f"{where}: game: expected an object with its actions")
    fields = {key: item for key, item in value.items() if key != "actions"}
    game = _in(GAMES, fields, f"{where}: game")
    rules = games.get(game["game"])
    for stored in ("setup", "snapshot"):
        if rules is not None and isinstance(game.get(stored), dict):
            game[stored] = rules.upgrade(game[stored])
    actions = [_in(ACTIONS, action, f"{where}: action") for action in value["actions"]]
    if [action["seq"] for action in actions] != list(range(1, game["seq"] + 1)):
        raise TransferError(
            f"{where}: game: its actions are not numbered 1 to {game['seq']}, the game's seq"
        )
    return game, actions


# --- backup -------------------------------------------------------------------------------------


def backup(url: str, directory: Path, now: datetime | None = None) -> Path:
    """A consistent copy of the database at `url` in `directory`, taken while the server runs;
    the copy's path."""
    directory.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_backup(parsed.database, directory / f"tinkertable-{stamp}.db")
    if parsed.get_backend_name() == "postgresql":
        return _postgres_backup(url, directory / f"tinkertable-{stamp}.dump")
    raise TransferError(f"no backup for {parsed.get_backend_name()} databases")


def _fresh(path: Path) -> Path:
    if path.exists():
        raise TransferError(f"{path} exists already; nothing was written")
    return path.with_name(f".{path.name}.partial")


def _sqlite_backup(database: str | None, path: Path) -> Path:
    if not database or database == ":memory:" or not Path(database).is_file():
        raise TransferError(f"no SQLite database file at {database}")
    partial = _fresh(path)
    try:
        source = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)  # the online backup API: one consistent copy
            finally:
                copy.close()
        finally:
            source.close()
        os.replace(partial, path)
    except (sqlite3.Error, OSError) as error:
        raise TransferError(f"the backup failed, nothing was written: {error}") from error
    finally:
        partial.unlink(missing_ok=True)
    return path


def libpq_url(url: str) -> tuple[str, str | None]:
    """The SQLAlchemy URL as libpq's tools take it, without its password; the password."""
    parsed = make_url(url)
    plain = parsed.set(drivername="postgresql", password=None, query={})
    return plain.render_as_string(hide_password=False), parsed.password


def _postgres_backup(url: str, path: Path) -> Path:
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise TransferError(
            "pg_dump was not found on the PATH: install PostgreSQL's client tools "
            "(Debian, Ubuntu: apt-get install postgresql-client), of your server's version or "
            "later, or run pg_dump where it is installed (see the README)"
        )
    partial = _fresh(path)
    target, password = libpq_url(url)
    env = dict(os.environ)
    if password is not None:
        env["PGPASSWORD"] = password
    try:
        done = subprocess.run(
            [pg_dump, "--format=custom", "--no-owner", f"--file={partial}", f"--dbname={target}"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise TransferError(f"pg_dump failed, nothing was written: {done.stderr.strip()}")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return path
