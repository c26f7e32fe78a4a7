"""The store of lobbies: reading and changing lobby rows in units of work, codes and tokens,
options, held seats, and the lobby as the hub and the API see it.

Each unit of work is one transaction on a plain connection (`changing`) for a change, one
statement or a few for a read (`reading`); `seating` tries a change again when someone took
the seat it gave at the same moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict, Forbidden, Invalid, NotFound, Unauthorized
from app.games.core import BadOptions, Game
from app.lobby import names, rows, schemas, series
from app.lobby.rows import LobbyRow, Seated
from app.play import table
from app.play.registry import Games
from app.play.rooms import LobbyInfo
from app.status import Status
from app.store.db import as_utc, iso, utcnow

T = TypeVar("T")
AUTOCOMMIT = "AUTOCOMMIT"

# 31 letters and digits that cannot be mistaken for one another when read aloud or copied.
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 13  # 13 x log2(31) = 64.4 random bits
_CODE_CHARACTERS = frozenset(CODE_ALPHABET)

# How long the next lobby of "play again" holds the last game's players' seats for them (the
# default of the setting HELD_SEAT_MINUTES).
HELD_SEATS = timedelta(minutes=10)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def lobby_url(code: str) -> str:
    return f"/l/{code}"


class LobbyStore:
    """The lobby rows of one database, for every part of the lobby layer."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        games: Games,
        *,
        held_seats: timedelta = HELD_SEATS,
    ) -> None:
        self.sessions = sessions
        self.engine: AsyncEngine = sessions.kw["bind"]
        self.games = games
        self.held_seats = held_seats
        # The time, UTC, that held seats lapse by (tests move it on).
        self.now: Callable[[], datetime] = utcnow
        # SQLite has one write lock, which a writer waits for by sleeping and trying again: the
        # changes of this process take their turns here instead (one process serves a SQLite
        # file). PostgreSQL locks one lobby's row at a time (the claim, rows.CLAIM).
        self._sqlite = self.engine.dialect.name == "sqlite"
        self._writer = asyncio.Lock()
        # Reads take no transaction (each statement sees what is committed): on PostgreSQL no
        # BEGIN and ROLLBACK round trips.
        self._reader = (
            self.engine
            if self._sqlite
            else self.engine.execution_options(isolation_level=AUTOCOMMIT)
        )

    @asynccontextmanager
    async def changing(self) -> AsyncIterator[AsyncConnection]:
        """One unit of work: committed when the block succeeds, rolled back when it raises."""
        turn = self._writer if self._sqlite else contextlib.nullcontext()
        async with turn, self.engine.begin() as connection:
            yield connection

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncConnection]:
        async with self._reader.connect() as connection:
            yield connection

    async def seating(self, work: Callable[[AsyncConnection], Awaitable[T]]) -> T:
        """`work` in a unit of work of its own, tried again (up to 5 times in all) when
        someone took the seat it gave at the same moment."""
        for _attempt in range(5):
            try:
                async with self.changing() as connection:
                    return await work(connection)
            except IntegrityError:
                continue  # look again
        raise Conflict("the lobby is busy; try again", code=ErrorCode.BUSY)

    def find_game(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            known = ", ".join(self.games)
            raise Invalid(f"unknown game {game_id!r}; games: {known}", code=ErrorCode.UNKNOWN_GAME)
        return game

    # --- lobbies by code, and by a player's token ---

    async def find(
        self, connection: AsyncConnection, code: str, *, claim: bool = False
    ) -> LobbyRow | None:
        if len(code) != CODE_LENGTH or not set(code) <= _CODE_CHARACTERS:
            return None  # not a code we could have made: no need to ask the database
        return await rows.read(connection, code, claim=claim)

    async def lobby(
        self, connection: AsyncConnection, code: str, *, claim: bool = False
    ) -> LobbyRow:
        lobby = await self.find(connection, code, claim=claim)
        if lobby is None:
            raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)
        return lobby

    async def lobby_as(
        self, connection: AsyncConnection, code: str, token: str | None, *, claim: bool = True
    ) -> tuple[LobbyRow, Seated]:
        """The lobby, claimed (rows.CLAIM) unless only read, and the player whose token this
        is.

        A lobby that does not exist answers as a token that is not of it does, 401 alike: the
        calls that need a token tell nobody without one of the lobby whether it exists."""
        if not token:
            raise Unauthorized("this needs the player's token", code=ErrorCode.NO_TOKEN)
        lobby = await self.find(connection, code, claim=claim)
        player = authenticate(lobby, token) if lobby is not None else None
        if lobby is None or player is None:
            raise Unauthorized("unknown token for this lobby", code=ErrorCode.UNKNOWN_TOKEN)
        return lobby, player

    async def host(
        self, connection: AsyncConnection, code: str, token: str | None, doing: str
    ) -> LobbyRow:
        """The lobby, claimed, when the token is its host's; else Forbidden: only the host
        can do `doing`."""
        lobby, player = await self.lobby_as(connection, code, token)
        if not player.host:
            raise Forbidden(f"only the host can {doing}", code=ErrorCode.NOT_HOST)
        return lobby

    # --- held seats ---

    def held(self, lobby: LobbyRow) -> list[dict[str, str]]:
        """The seats still held for the last game's people: none once `held_until` is past."""
        if lobby.held_until is None or as_utc(lobby.held_until) <= self.now():
            return []
        return lobby.held_seats

    # --- the lobby as the hub and the API see it ---

    def info(self, lobby: LobbyRow) -> LobbyInfo:
        return LobbyInfo(lobby.code, lobby.record_id, self.public(lobby), lobby.version)

    def public(self, lobby: LobbyRow) -> dict[str, Any]:
        """The lobby as GET /api/lobbies/{code} answers it, nobody connected yet."""
        game = self.games[lobby.game]
        until = iso(lobby.held_until) if lobby.held_until is not None else ""
        return schemas.public_lobby(
            lobby.players,
            code=lobby.code,
            game=lobby.game,
            status=status(lobby),
            options=table.with_defaults(lobby.options),
            next=lobby.next_code,
            held=[{"name": seat["name"], "until": until} for seat in self.held(lobby)],
            series=series.score(
                lobby.series_number, lobby.series_games, [p.name for p in lobby.players]
            ),
            min_players=game.min_players,
            max_players=game.max_players,
        )


def checked_options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """A lobby's options for `game`, checked, with their defaults (else Invalid)."""
    try:
        return table.check(game, options)
    except BadOptions as error:
        raise Invalid(str(error), code=error.code) from None


def status(lobby: LobbyRow) -> str:
    return Status.FINISHED if lobby.record_status == Status.FINISHED else lobby.status


def seats_held(lobby: LobbyRow) -> Conflict:
    assert lobby.held_until is not None
    until = as_utc(lobby.held_until)
    return Conflict(
        f"the free seats are held for the last game's players until {until:%H:%M} UTC",
        code=ErrorCode.SEATS_HELD,
    )


def bot_name(lobby: LobbyRow, label: str) -> str:
    """ "Easy bot", else "Easy bot 2", 3...: a name nobody in the lobby has."""
    taken = [p.name for p in lobby.players]
    name, number = f"{label} bot", 1
    while names.look_alike(name, taken) is not None:
        number += 1
        name = f"{label} bot {number}"
    return name


def authenticate(lobby: LobbyRow, token: str) -> Seated | None:
    hashed = hash_token(token)
    for player in lobby.players:
        if player.token_hash is not None and secrets.compare_digest(player.token_hash, hashed):
            return player
    return None


def player_with_token(player: Seated, token: str) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "seat": player.seat,
        "host": player.host,
        "token": token,
    }
