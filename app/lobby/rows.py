"""A lobby's rows as plain data, read and written with SQLAlchemy Core statements (no ORM: the
lobby calls open tables, and the ORM's unit of work cost more than the database there).

A lobby is read in one statement, with its players and its game's id and status. A call that
changes a lobby claims its row first (`read(..., claim=True)`): see `CLAIM`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from app.status import Status
from app.store.tables.games import GameRecord
from app.store.tables.lobbies import Lobby, Player

lobbies = cast(Table, Lobby.__table__)
players = cast(Table, Player.__table__)
games = cast(Table, GameRecord.__table__)


@dataclass(frozen=True)
class Seated:
    """A player in their seat: a person (with a token's hash) or a bot (with its level)."""

    id: int
    seat: int
    name: str
    token_hash: str | None = None
    host: bool = False
    bot: str | None = None
    away_bot: str | None = None  # the level of a bot playing for this person while away
    away_votes: tuple[int, ...] = ()  # who voted to hand this person's seat to a bot


@dataclass(frozen=True)
class SeriesGame:
    """A finished game of a series of "play again": who sat where, and who won."""

    number: int  # its place in the series, from 1
    names: tuple[str, ...]  # the players' names by seat
    winners: tuple[int, ...]  # their seats; none: nobody won (or the server's owner ended it)


@dataclass(frozen=True)
class LobbyRow:
    """A lobby as read (see app/store/tables/lobbies.py for what each column means), its players by
    seat, and its game's id and status once it started."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    status: str
    version: int
    next_code: str | None
    held_seats: list[dict[str, str]]
    held_until: datetime | None
    players: tuple[Seated, ...]
    record_id: int | None = None
    record_status: str | None = None
    series_code: str | None = None
    series_number: int = 1
    # The series' finished games up to this lobby's own (from its second game on): series.py.
    series_games: tuple[SeriesGame, ...] = ()

    def player(self, player_id: int) -> Seated | None:
        return next((p for p in self.players if p.id == player_id), None)

    def with_players(self, seated: list[Seated]) -> LobbyRow:
        return replace(self, players=tuple(sorted(seated, key=lambda p: p.seat)))


# The claim: raise the lobby's version, the first statement of a transaction that changes the
# lobby, so that those transactions run one after another, each reading the lobby as the one
# before it left it. PostgreSQL locks the row until the commit; SQLite takes its one write lock.
# (A SELECT ... FOR UPDATE would do on PostgreSQL only: SQLite ignores it, and its driver opens a
# transaction only at the first write, so reads before that hold no lock at all.) The read comes
# after it, as a statement of its own: one that read the lobby in the same statement would see it
# as it was before the claim waited for the lock. `updated_at` is kept: a claim is not an
# activity that keeps an old lobby from expiring.
CLAIM = (
    update(lobbies)
    .where(lobbies.c.code == bindparam("claimed"))
    .values(version=lobbies.c.version + 1, updated_at=lobbies.c.updated_at)
)

_PLAYER = (
    players.c.id,
    players.c.seat,
    players.c.name,
    players.c.token_hash,
    players.c.host,
    players.c.bot,
    players.c.away_bot,
    players.c.away_votes,
)
_READ = (
    select(
        lobbies.c.id,
        lobbies.c.code,
        lobbies.c.game,
        lobbies.c.options,
        lobbies.c.status,
        lobbies.c.version,
        lobbies.c.next_code,
        lobbies.c.held_seats,
        lobbies.c.held_until,
        lobbies.c.series_code,
        lobbies.c.series_number,
        games.c.id.label("record_id"),
        games.c.status.label("record_status"),
        *(column.label(f"player_{column.name}") for column in _PLAYER),
    )
    .select_from(
        lobbies.outerjoin(games, games.c.lobby_id == lobbies.c.id).outerjoin(
            players, players.c.lobby_id == lobbies.c.id
        )
    )
    .where(lobbies.c.code == bindparam("wanted"))
    .order_by(players.c.seat)
)


async def read(connection: AsyncConnection, code: str, *, claim: bool = False) -> LobbyRow | None:
    """The lobby of `code` (claimed first with `claim`), or None."""
    if claim and (await connection.execute(CLAIM, {"claimed": code})).rowcount == 0:
        return None
    rows = (await connection.execute(_READ, {"wanted": code})).all()
    if not rows:
        return None
    first = rows[0]
    series_games: tuple[SeriesGame, ...] = ()
    if first.series_number > 1:
        series_games = await _series_games(connection, first.series_code, first.series_number)
    seated = tuple(
        Seated(
            id=row.player_id,
            seat=row.player_seat,
            name=row.player_name,
            token_hash=row.player_token_hash,
            host=row.player_host,
            bot=row.player_bot,
            away_bot=row.player_away_bot,
            away_votes=tuple(row.player_away_votes or ()),
        )
        for row in rows
        if row.player_id is not None
    )
    return LobbyRow(
        id=first.id,
        code=first.code,
        game=first.game,
        options=first.options,
        status=first.status,
        version=first.version,
        next_code=first.next_code,
        held_seats=first.held_seats or [],
        held_until=first.held_until,
        players=seated,
        record_id=first.record_id,
        record_status=first.record_status,
        series_code=first.series_code,
        series_number=first.series_number,
        series_games=series_games,
    )


async def _series_games(
    connection: AsyncConnection, series_code: str | None, number: int
) -> tuple[SeriesGame, ...]:
    """The finished games of the series `series_code` (its first lobby's code), up to game
    `number`. A lobby deleted by expiry takes its game out of the count."""
    if series_code is None:
        return ()
    found = await connection.execute(
        select(lobbies.c.series_number, games.c.seats, games.c.result)
        .join(games, games.c.lobby_id == lobbies.c.id)
        .where(
            or_(lobbies.c.code == series_code, lobbies.c.series_code == series_code),
            lobbies.c.series_number <= number,
            games.c.status == Status.FINISHED,
        )
        .order_by(lobbies.c.series_number)
    )
    return tuple(
        SeriesGame(
            number=row.series_number,
            names=tuple(seat["name"] for seat in row.seats),
            winners=tuple((row.result or {}).get("winners", ())),
        )
        for row in found
    )


# Statements made once: SQLAlchemy then finds each one's compiled form without working out its
# cache key again (the values come with each execution).
_ADD_LOBBY = insert(lobbies).returning(lobbies.c.id)
_SEAT = insert(players).returning(players.c.id)


async def add_lobby(
    connection: AsyncConnection,
    code: str,
    game: str,
    options: dict[str, Any],
    *,
    series_code: str | None = None,
    number: int = 1,
) -> int:
    """A new open lobby, game `number` of the series of `series_code`: its id."""
    values = {
        "code": code,
        "game": game,
        "options": options,
        "status": Status.OPEN,
        "series_code": series_code,
        "series_number": number,
    }
    lobby_id: int = (await connection.execute(_ADD_LOBBY, values)).scalar_one()
    return lobby_id


async def seat(
    connection: AsyncConnection,
    lobby_id: int,
    seat: int,
    name: str,
    *,
    token_hash: str | None = None,
    host: bool = False,
    bot: str | None = None,
    key_hash: str | None = None,
) -> Seated:
    """A new player in `seat` (IntegrityError when someone took it at the same moment);
    `key_hash`: the hash of the player key of the browser taking it (app/lobby/keys.py)."""
    values = {
        "lobby_id": lobby_id,
        "seat": seat,
        "name": name,
        "token_hash": token_hash,
        "host": host,
        "bot": bot,
        "key_hash": key_hash,
    }
    player_id = (await connection.execute(_SEAT, values)).scalar_one()
    return Seated(player_id, seat, name, token_hash, host, bot)


async def move_seats(
    connection: AsyncConnection, seated: tuple[Seated, ...], *, after: int, by: int
) -> list[Seated]:
    """Move the players in seats from `after` on by `by` seats (one at a time, in the order
    that keeps every seat number unique at each step); everyone, as they now sit."""
    moving = sorted((p for p in seated if p.seat >= after), key=lambda p: p.seat, reverse=by > 0)
    for player in moving:
        await connection.execute(
            update(players).where(players.c.id == player.id).values(seat=player.seat + by)
        )
    return [replace(p, seat=p.seat + by) if p.seat >= after else p for p in seated]


async def change_lobby(connection: AsyncConnection, lobby_id: int, **values: Any) -> None:
    await connection.execute(update(lobbies).where(lobbies.c.id == lobby_id).values(**values))


async def change_player(connection: AsyncConnection, player_id: int, **values: Any) -> None:
    await connection.execute(update(players).where(players.c.id == player_id).values(**values))


async def remove_player(connection: AsyncConnection, player_id: int) -> None:
    await connection.execute(delete(players).where(players.c.id == player_id))
