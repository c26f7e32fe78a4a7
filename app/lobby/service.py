"""Lobbies: create, join, seat bots, start; tokens and codes; the lobby as the hub and the API
see it.

Seats: people sit first, bots after them. A person who joins takes the seat after the last
person and the bots move one seat on; a player (person or bot) the host removes before the start
leaves no gap: everyone after them moves back one seat. That is the only time a person's seat
changes: the hub then closes the sockets of whoever was removed or moved (`Hub.lobby_changed`),
and their pages connect again as who their tokens now make them. Once the game starts, seats
never change.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, TypeVar, cast

from sqlalchemy import Table, insert, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from app.edge.error_codes import ErrorCode
from app.edge.errors import BadInput, Conflict, Forbidden, Invalid, NotFound, Unauthorized
from app.games.bots import bots_for
from app.games.core import BadOptions, Game
from app.lobby import names, rows, schemas, series
from app.lobby.models import ChatMessage
from app.lobby.rows import LobbyRow, Seated
from app.play import logbook, table
from app.play.hub import Hub
from app.play.lobby_message import with_connected
from app.play.models import ActionRecord, GameRecord
from app.play.progress import Progress
from app.play.registry import Games
from app.play.replays import Replays
from app.play.reviews import Reviews
from app.play.rooms import LobbyInfo
from app.play.runner import Runner, create_game
from app.play.views import full_view, name_seats, named_result
from app.status import Status
from app.store.db import as_utc, iso, utcnow

T = TypeVar("T")
_CHAT = cast(Table, ChatMessage.__table__)
_ACTIONS = cast(Table, ActionRecord.__table__)
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


class Lobbies:
    """The lobby service. Each public method is one unit of work: one transaction on a plain
    connection (`_changing`) for a change, one statement or a few for a read (`_reading`)."""

    hub: Hub  # set by the application once the hub exists (the hub also needs us)
    replays: Replays  # set by the application with its worker processes
    progress: Progress  # ... and the score charts of finished games, beside the replays
    reviews: Reviews  # ... and their reviews by the good bot

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
        self.runner = Runner(sessions, games)
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
    async def _changing(self) -> AsyncIterator[AsyncConnection]:
        """One unit of work: committed when the block succeeds, rolled back when it raises."""
        turn = self._writer if self._sqlite else contextlib.nullcontext()
        async with turn, self.engine.begin() as connection:
            yield connection

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[AsyncConnection]:
        async with self._reader.connect() as connection:
            yield connection

    def find_game(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            known = ", ".join(self.games)
            raise Invalid(f"unknown game {game_id!r}; games: {known}", code=ErrorCode.UNKNOWN_GAME)
        return game

    # --- the API ---

    async def create(
        self, game_id: str, name: str, options: dict[str, Any], key_hash: str | None = None
    ) -> dict[str, Any]:
        """A new lobby hosted by `name`; `key_hash`: the hash of the host's browser's player key
        (app/lobby/keys.py), kept on the seat for "Your games"."""
        game = self.find_game(game_id)
        names.check(name)
        options = self._options(game, options)
        async with self._changing() as connection:
            return await self._open(connection, game.id, name, options, key_hash=key_hash)

    @staticmethod
    def _options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
        """A lobby's options for `game`, checked, with their defaults (else Invalid)."""
        try:
            return table.check(game, options)
        except BadOptions as error:
            raise Invalid(str(error), code=error.code) from None

    async def _open(
        self,
        connection: AsyncConnection,
        game_id: str,
        name: str,
        options: dict[str, Any],
        *,
        key_hash: str | None = None,
        after: LobbyRow | None = None,
    ) -> dict[str, Any]:
        """A new lobby with `name` as its host (its options checked by `_options`): what
        POST /api/lobbies answers. `after`: the finished game's lobby whose "play again" this
        is: the new lobby holds the next game of its series."""
        token, code = new_token(), new_code()
        series_code, series_number = None, 1
        if after is not None:
            series_code, series_number = after.series_code or after.code, after.series_number + 1
        lobby_id = await rows.add_lobby(
            connection, code, game_id, options, series_code=series_code, number=series_number
        )
        host = await rows.seat(
            connection,
            lobby_id,
            0,
            name,
            token_hash=hash_token(token),
            host=True,
            key_hash=key_hash,
        )
        return {
            "code": code,
            "url": lobby_url(code),
            "player": self._player_with_token(host, token),
        }

    async def describe(self, code: str) -> dict[str, Any]:
        async with self._reading() as connection:
            lobby = await self._lobby(connection, code)
        return self._with_connected(self._public(lobby))

    def _with_connected(self, public: dict[str, Any]) -> dict[str, Any]:
        return with_connected(public, self.hub.connected_seats(public["code"]))

    async def join(self, code: str, name: str, key_hash: str | None = None) -> dict[str, Any]:
        names.check(name)
        token = new_token()

        async def work(connection: AsyncConnection) -> tuple[Seated, LobbyInfo]:
            return await self._join(connection, code, name, token, key_hash=key_hash)

        player, info = await self._seating(work)
        await self.hub.lobby_changed(code, info=info)
        return {"player": self._player_with_token(player, token)}

    async def _join(
        self,
        connection: AsyncConnection,
        code: str,
        name: str,
        token: str,
        holder: str | None = None,
        *,
        key_hash: str | None = None,
    ) -> tuple[Seated, LobbyInfo]:
        """A person takes the next seat under `name`, with `token`. The seats held for the last
        game's players (`again`) are not free: only their own person, `holder` (the hash of
        their token in the last lobby), takes one, and nobody else the name it is held under.
        The player, and the lobby as it leaves it."""
        lobby = await self._lobby(connection, code, claim=True)
        game = self.games[lobby.game]
        if lobby.status != Status.OPEN:
            raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
        if len(lobby.players) >= game.max_players:
            raise Conflict("the lobby is full", code=ErrorCode.LOBBY_FULL)
        names.check_unlike(name, [p.name for p in lobby.players])
        held = self._held(lobby)
        others = [seat for seat in held if seat["token_hash"] != holder]
        if names.look_alike(name, [seat["name"] for seat in others]):
            raise Conflict(
                "that name's seat is held for a player of the last game", code=ErrorCode.NAME_TAKEN
            )
        if len(lobby.players) + len(others) >= game.max_players:
            raise self._seats_held(lobby)
        if len(others) < len(held):  # the holder takes their seat
            await rows.change_lobby(connection, lobby.id, held_seats=others)
            lobby = replace(lobby, held_seats=others)
        seat = sum(1 for p in lobby.players if p.bot is None)
        seated = await rows.move_seats(connection, lobby.players, after=seat, by=1)  # bots
        player = await rows.seat(
            connection, lobby.id, seat, name, token_hash=hash_token(token), key_hash=key_hash
        )
        return player, self._info(lobby.with_players([*seated, player]))

    async def start(self, code: str, token: str | None) -> dict[str, Any]:
        try:
            async with self._changing() as connection:
                lobby = await self._host(connection, code, token, "start the game")
                if lobby.status != Status.OPEN:
                    raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
                game = self.games[lobby.game]
                count = len(lobby.players)
                if not game.min_players <= count <= game.max_players:
                    raise Conflict(
                        f"{game.name} needs {game.min_players} to {game.max_players} players;"
                        f" the lobby has {count}",
                        code=ErrorCode.PLAYER_COUNT,
                    )
                seats = [
                    {"name": p.name, "bot": p.bot is not None, "level": p.bot}
                    for p in lobby.players
                ]
                position = await create_game(
                    connection, lobby_id=lobby.id, game=game, seats=seats, options=lobby.options
                )
                await rows.change_lobby(connection, lobby.id, status=Status.PLAYING)
        except IntegrityError:
            raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED) from None
        started = replace(
            lobby, status=Status.PLAYING, record_id=position.record_id, record_status=Status.PLAYING
        )
        info = self._info(started)
        # The hub has the game as it starts: no socket need read it back.
        await self.hub.lobby_changed(code, info=info, position=position)
        return self._with_connected(info.public)

    async def set_options(
        self, code: str, token: str | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        """The host changes the table's options before the game starts."""
        async with self._changing() as connection:
            lobby = await self._host(connection, code, token, "change the options")
            if lobby.status != Status.OPEN:
                raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
            options = self._options(self.games[lobby.game], {**lobby.options, **options})
            await rows.change_lobby(connection, lobby.id, options=options)
        return await self._changed(replace(lobby, options=options))

    async def add_bot(self, code: str, token: str | None, level: str) -> dict[str, Any]:
        """The host seats a bot of `level` in the next seat, under a name of its own."""

        async def work(connection: AsyncConnection) -> tuple[Seated, LobbyInfo]:
            lobby = await self._host(connection, code, token, "add bots")
            if lobby.status != Status.OPEN:
                raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
            game = self.games[lobby.game]
            bots = bots_for(game)
            if level not in bots:
                known = ", ".join(bots)
                raise BadInput(f"{game.name} has no {level!r} bot; levels: {known}")
            if len(lobby.players) >= game.max_players:
                raise Conflict("the lobby is full", code=ErrorCode.LOBBY_FULL)
            if len(lobby.players) + len(self._held(lobby)) >= game.max_players:
                raise self._seats_held(lobby)
            name = self._bot_name(lobby, bots[level].label)
            bot = await rows.seat(connection, lobby.id, len(lobby.players), name, bot=level)
            return bot, self._info(lobby.with_players([*lobby.players, bot]))

        bot, info = await self._seating(work)
        await self.hub.lobby_changed(code, info=info)
        return {"player": schemas.public_player(bot)}

    async def remove_player(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """The host takes a person or a bot out of the lobby before the start; everyone after
        them moves back one seat. A person's token stops working at once."""
        async with self._changing() as connection:
            lobby = await self._host(connection, code, token, "remove players")
            leaving = lobby.player(player_id)
            if leaving is None:
                raise NotFound("no such player in this lobby", code=ErrorCode.UNKNOWN_PLAYER)
            if leaving.host:
                raise Forbidden("the host keeps their seat", code=ErrorCode.IS_HOST)
            if lobby.status != Status.OPEN:
                raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
            await rows.remove_player(connection, leaving.id)
            others = tuple(p for p in lobby.players if p.id != leaving.id)
            seated = await rows.move_seats(connection, others, after=leaving.seat, by=-1)
        return await self._changed(lobby.with_players(seated))

    async def hand_to_bot(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """A vote (or the host's word) to let a bot play for a person who is away.

        The person must have had no connection for the lobby's `away_minutes` (at a
        turn-based table that waits: their time to move must have run out; at one that does
        not, a bot moves for them by itself and no vote is taken). The host hands
        the seat over at once; otherwise it goes once more than half of the other people voted
        (the person's own vote is refused: only the others' count). The person takes the seat
        back as soon as they connect again (`came_back`)."""
        # How long they have been away, asked of the hub before the lobby is claimed: the hub
        # may wait for its room's lock, which the room's holder may keep while it waits for the
        # lobby (a person coming back, `came_back`). Seats never change once the game is on.
        async with self._reading() as connection:
            seen = await self._find(connection, code)
        sitting = seen.player(player_id) if seen is not None else None
        absent = await self.hub.absent_for(code, sitting.seat) if sitting is not None else None
        overdue = sitting is not None and await self.hub.overdue(code, sitting.seat)
        async with self._changing() as connection:
            lobby, voter = await self._lobby_as(connection, code, token)
            away = lobby.player(player_id)
            if away is None:
                raise NotFound("no such player in this lobby", code=ErrorCode.UNKNOWN_PLAYER)
            if away.bot is not None:
                raise Conflict(f"{away.name} is a bot", code=ErrorCode.NOT_A_PERSON)
            if away.id == voter.id:
                raise Forbidden(
                    "only the other players can let a bot play for you", code=ErrorCode.OWN_SEAT
                )
            if self._status(lobby) != Status.PLAYING:
                raise Conflict("the game is not being played", code=ErrorCode.NOT_PLAYING)
            handed = away
            if away.away_bot is None:
                self._check_away(lobby, away, absent, overdue)
                others = {p.id for p in lobby.players if p.bot is None and p.id != away.id}
                votes = tuple(sorted({*away.away_votes, voter.id} & others))
                if voter.host or len(votes) > len(others) / 2:
                    strongest = list(bots_for(self.games[lobby.game]))[-1]
                    handed = replace(away, away_bot=strongest, away_votes=())
                else:
                    handed = replace(away, away_votes=votes)
                await rows.change_player(
                    connection,
                    away.id,
                    away_bot=handed.away_bot,
                    away_votes=list(handed.away_votes) or None,
                )
            others_seated = [p for p in lobby.players if p.id != away.id]
        return await self._changed(lobby.with_players([*others_seated, handed]))

    @staticmethod
    def _check_away(lobby: LobbyRow, player: Seated, absent: float | None, overdue: bool) -> None:
        """Conflict unless a bot may now play for `player`: at a live table, once they have
        been without a connection (for `absent` seconds; None: connected) for the lobby's time;
        at a turn-based table, only one that waits, once their time to move has run out
        (`overdue`) and they are not connected (being away is normal there)."""
        if absent is None:
            raise Conflict(f"{player.name} is connected", code=ErrorCode.NOT_AWAY)
        if table.turn_based(lobby.options):
            if not table.waits(lobby.options):
                raise Conflict(
                    "at this turn-based table a bot moves for a player only when their time"
                    " runs out",
                    code=ErrorCode.NOT_AWAY,
                )
            if not overdue:
                raise Conflict(
                    f"{player.name} still has time to move; a bot can take their seat once it"
                    " has run out",
                    code=ErrorCode.NOT_AWAY,
                )
            return
        wait = lobby.options.get(table.AWAY_MINUTES.name, table.AWAY_MINUTES.default) * 60
        if absent < wait:
            raise Conflict(
                f"{player.name} has been away {absent:.0f} s; a bot can take their seat after"
                f" {wait // 60} min",
                code=ErrorCode.NOT_AWAY,
            )

    async def came_back(self, code: str, seat: int) -> LobbyInfo | None:
        """The person in `seat` is back: the bot playing for them leaves, votes are forgotten."""
        async with self._changing() as connection:
            lobby = await self._lobby(connection, code, claim=True)
            player = next((p for p in lobby.players if p.seat == seat), None)
            if player is None or (player.away_bot is None and not player.away_votes):
                return None
            await rows.change_player(connection, player.id, away_bot=None, away_votes=None)
        back = replace(player, away_bot=None, away_votes=())
        return self._info(
            lobby.with_players([*(p for p in lobby.players if p is not player), back])
        )

    async def log(self, code: str) -> dict[str, Any]:
        async with self._reading() as connection:
            lobby = await self._lobby(connection, code)
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
        game = self.games[lobby.game]
        finished = lobby.record_status == Status.FINISHED
        return {
            "code": lobby.code,
            "game": lobby.game,
            "status": self._status(lobby),
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

    async def replay(self, code: str, step: int, seat: int | None, address: str) -> dict[str, Any]:
        """A finished game's view after `step` actions, from `seat`'s side (None: spectator),
        computed by a worker process for the client at `address` (TooMany: it or the server
        has too many under way)."""
        record = await self._finished(code, "replays open once the game is finished")
        if seat is not None and not 0 <= seat < record.players:
            raise Invalid(f"seat must be between 0 and {record.players - 1}")
        shown, steps, view = await self.replays.step(record, step, seat, address)
        players = [
            {"seat": index, "name": s["name"], "bot": s["bot"], "connected": False}
            for index, s in enumerate(record.seats)
        ]
        return {"step": shown, "steps": steps, "view": full_view(view, players)}

    async def review(self, code: str) -> dict[str, Any]:
        """A finished game's review (app.play.reviews): whoever may see its replay may."""
        record = await self._finished(code, "the review opens once the game is finished")
        return await self.reviews.of(record)

    async def _finished(self, code: str, refusal: str) -> GameRecord:
        """The whole record of the lobby's finished game (the worker processes' replays and
        charts start from it); Conflict with `refusal` before the game is finished."""
        async with self._reading() as connection:
            lobby = await self._lobby(connection, code)
        if lobby.record_id is None or lobby.record_status != Status.FINISHED:
            raise Conflict(refusal, code=ErrorCode.NOT_FINISHED)
        async with self.sessions() as session:
            record = await session.get(GameRecord, lobby.record_id)
        if record is None:
            raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)  # deleted since
        return record

    async def result(self, code: str) -> dict[str, Any] | None:
        """A finished game's result, the players' names in its reason; None before."""
        games = rows.games
        async with self._reading() as connection:
            lobby = await self._lobby(connection, code)
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

    async def log_lines(
        self, code: str, token: str | None, before: int, limit: int
    ) -> dict[str, Any]:
        """The log lines before line `before` that the token's seat may read (no token, or
        one not of this lobby: a spectator's), as the game stands now."""
        async with self._reading() as connection:
            lobby = await self._lobby(connection, code)
        player = self._authenticate(lobby, token) if token else None
        room = await self.hub.room(code)
        if room is None or room.position is None:
            raise Conflict("the game has not started", code=ErrorCode.NOT_STARTED)
        position = room.position
        seat = player.seat if player is not None else None
        readable = logbook.readable(position.state, seat)
        lines = [name_seats(line, position.names) for line in readable]
        return logbook.page(lines, before, limit)

    async def score_chart(self, code: str, address: str) -> dict[str, Any]:
        """A finished game's standings after each action (app.play.progress), with the
        players' names."""
        record = await self._finished(code, "the chart opens once the game is finished")
        chart = await self.progress.of(record, address)
        return {**chart, "names": [seat["name"] for seat in record.seats]}

    async def again(
        self, code: str, token: str | None, key_hash: str | None = None
    ) -> dict[str, Any]:
        """Play again, in one transaction: the first player to ask opens the next lobby (same
        game and options) as its host, the bots seated again and the other people's seats held
        for them for `held_seats`; the others who ask take their seats, under the same names.

        The finished game's lobby is claimed first, then the next one: a plain join claims the
        next one alone, so nobody waits for a claim held by someone waiting for theirs."""

        async def work(connection: AsyncConnection) -> tuple[dict[str, Any], LobbyInfo | None]:
            lobby, player = await self._lobby_as(connection, code, token)
            if self._status(lobby) != Status.FINISHED:
                raise Conflict("the game is not finished", code=ErrorCode.NOT_FINISHED)
            if lobby.next_code is None:
                game = self.find_game(lobby.game)
                options = self._options(game, lobby.options)
                created = await self._open(
                    connection, game.id, player.name, options, key_hash=key_hash, after=lobby
                )
                await rows.change_lobby(connection, lobby.id, next_code=created["code"])
                await self._seat_again(connection, created["code"], lobby, player.id)
                return created, None
            token_there = new_token()
            joined, info = await self._join(
                connection,
                lobby.next_code,
                player.name,
                token_there,
                holder=player.token_hash,
                key_hash=key_hash,
            )
            answer = {
                "code": lobby.next_code,
                "url": lobby_url(lobby.next_code),
                "player": self._player_with_token(joined, token_there),
            }
            return answer, info

        answer, info = await self._seating(work)
        if info is None:
            await self.hub.lobby_changed(code)  # the finished game's lobby links to the next
        else:
            await self.hub.lobby_changed(answer["code"], info=info)
        return answer

    async def player_for_token(self, code: str, token: str | None) -> dict[str, Any] | None:
        """The player a token belongs to in this lobby, as the pages need it."""
        if not token:
            return None
        async with self._reading() as connection:
            lobby = await self._lobby(connection, code)
        player = self._authenticate(lobby, token)
        if player is None:
            return None
        return {"id": player.id, "name": player.name, "seat": player.seat, "host": player.host}

    async def seats_of_key(
        self, key_hash: str, *, finished: bool, limit: int
    ) -> list[tuple[str, dict[str, Any], datetime | None]]:
        """The seats a browser's player key took (app/lobby/keys.py), as `player_for_token`
        gives them, with their lobby's code and when its game ended: the finished games', the
        latest to end first, or the others' (open, playing), the latest taken first."""
        players, lobbies, games = rows.players, rows.lobbies, rows.games
        query = (
            select(
                lobbies.c.code,
                players.c.id,
                players.c.name,
                players.c.seat,
                players.c.host,
                games.c.finished_at,
            )
            .select_from(
                players.join(lobbies, lobbies.c.id == players.c.lobby_id).outerjoin(
                    games, games.c.lobby_id == lobbies.c.id
                )
            )
            .where(players.c.key_hash == key_hash)
            .limit(limit)
        )
        if finished:
            query = query.where(games.c.status == Status.FINISHED).order_by(
                games.c.finished_at.desc().nulls_last(), players.c.id.desc()
            )
        else:
            query = query.where(
                or_(games.c.id.is_(None), games.c.status != Status.FINISHED)
            ).order_by(players.c.id.desc())
        async with self._reading() as connection:
            found = (await connection.execute(query)).all()
        return [
            (
                row.code,
                {"id": row.id, "name": row.name, "seat": row.seat, "host": row.host},
                as_utc(row.finished_at) if row.finished_at is not None else None,
            )
            for row in found
        ]

    async def ended_at(self, record_id: int) -> datetime | None:
        """When the game of this record ended (None: it goes on)."""
        async with self._reading() as connection:
            at = await connection.scalar(
                select(rows.games.c.finished_at).where(rows.games.c.id == record_id)
            )
        return as_utc(at) if at is not None else None

    async def resume(self, code: str, token: str | None) -> dict[str, Any]:
        """The seat of a token, for a browser to take it back: its lobby cookie was lost, or
        replaced by a response from another port of the same host."""
        async with self._reading() as connection:
            _lobby, player = await self._lobby_as(connection, code, token, claim=False)
        assert token is not None  # _lobby_as refuses a missing one
        return {"player": self._player_with_token(player, token)}

    # --- for the hub (app.play.hub.Directory and app.play.websocket.Seats) ---

    async def lobby_info(self, code: str) -> LobbyInfo | None:
        async with self._reading() as connection:
            lobby = await self._find(connection, code)
        return self._info(lobby) if lobby is not None else None

    async def seat_for_token(self, code: str, token: str) -> tuple[int, str] | None:
        players, lobbies = rows.players, rows.lobbies
        async with self._reading() as connection:
            found = await connection.execute(
                select(players.c.seat, players.c.name)
                .join(lobbies, lobbies.c.id == players.c.lobby_id)
                .where(lobbies.c.code == code, players.c.token_hash == hash_token(token))
            )
            row = found.first()
        return (row.seat, row.name) if row else None

    async def save_chat(self, code: str, name: str, text: str) -> datetime:
        at = utcnow()
        async with self._changing() as connection:
            lobby_id = await connection.scalar(
                select(rows.lobbies.c.id).where(rows.lobbies.c.code == code)
            )
            if lobby_id is None:
                raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)
            await connection.execute(
                insert(_CHAT).values(lobby_id=lobby_id, name=name, text=text, at=at)
            )
        return at

    async def bot_games(self) -> list[str]:
        players, lobbies, games = rows.players, rows.lobbies, rows.games
        played_by_bots = (
            select(players.c.id)
            .where(
                players.c.lobby_id == lobbies.c.id,
                or_(players.c.bot.is_not(None), players.c.away_bot.is_not(None)),
            )
            .exists()
        )
        async with self._reading() as connection:
            found = await connection.scalars(
                select(lobbies.c.code)
                .join(games, games.c.lobby_id == lobbies.c.id)
                .where(
                    games.c.status == Status.PLAYING,
                    or_(played_by_bots, games.c.clocks.is_not(None)),
                )
                .order_by(games.c.updated_at)
            )
            return list(found)

    async def recent_chat(self, code: str, limit: int) -> list[tuple[str, str, datetime]]:
        async with self._reading() as connection:
            found = await connection.execute(
                select(_CHAT.c.name, _CHAT.c.text, _CHAT.c.at)
                .join(rows.lobbies, rows.lobbies.c.id == _CHAT.c.lobby_id)
                .where(rows.lobbies.c.code == code)
                .order_by(_CHAT.c.id.desc())
                .limit(limit)
            )
            return [(row.name, row.text, row.at) for row in reversed(found.all())]

    # --- helpers ---

    async def _seating(self, work: Callable[[AsyncConnection], Awaitable[T]]) -> T:
        """`work` in a unit of work of its own, tried again (up to 5 times in all) when
        someone took the seat it gave at the same moment."""
        for _attempt in range(5):
            try:
                async with self._changing() as connection:
                    return await work(connection)
            except IntegrityError:
                continue  # look again
        raise Conflict("the lobby is busy; try again", code=ErrorCode.BUSY)

    async def _find(
        self, connection: AsyncConnection, code: str, *, claim: bool = False
    ) -> LobbyRow | None:
        if len(code) != CODE_LENGTH or not set(code) <= _CODE_CHARACTERS:
            return None  # not a code we could have made: no need to ask the database
        return await rows.read(connection, code, claim=claim)

    async def _lobby(
        self, connection: AsyncConnection, code: str, *, claim: bool = False
    ) -> LobbyRow:
        lobby = await self._find(connection, code, claim=claim)
        if lobby is None:
            raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)
        return lobby

    async def _seat_again(
        self, connection: AsyncConnection, code: str, last: LobbyRow, host_id: int
    ) -> None:
        """The next lobby of a finished game, hosted by the player `host_id`: the game's bots
        seated again (same names and levels), and its other people's seats held for them."""
        lobby = await self._lobby(connection, code)
        seat = len(lobby.players)
        for player in last.players:
            if player.bot is not None:
                await rows.seat(connection, lobby.id, seat, player.name, bot=player.bot)
                seat += 1
        people = [p for p in last.players if p.token_hash is not None and p.id != host_id]
        if people and self.held_seats > timedelta(0):
            await rows.change_lobby(
                connection,
                lobby.id,
                held_seats=[{"name": p.name, "token_hash": p.token_hash} for p in people],
                held_until=self.now() + self.held_seats,
            )

    def _held(self, lobby: LobbyRow) -> list[dict[str, str]]:
        """The seats still held for the last game's people: none once `held_until` is past."""
        if lobby.held_until is None or as_utc(lobby.held_until) <= self.now():
            return []
        return lobby.held_seats

    @staticmethod
    def _seats_held(lobby: LobbyRow) -> Conflict:
        assert lobby.held_until is not None
        until = as_utc(lobby.held_until)
        return Conflict(
            f"the free seats are held for the last game's players until {until:%H:%M} UTC",
            code=ErrorCode.SEATS_HELD,
        )

    @staticmethod
    def _bot_name(lobby: LobbyRow, label: str) -> str:
        """ "Easy bot", else "Easy bot 2", 3...: a name nobody in the lobby has."""
        taken = [p.name for p in lobby.players]
        name, number = f"{label} bot", 1
        while names.look_alike(name, taken) is not None:
            number += 1
            name = f"{label} bot {number}"
        return name

    async def _changed(self, lobby: LobbyRow) -> dict[str, Any]:
        """Tell the hub of the lobby as a change left it; the lobby as the API answers it."""
        info = self._info(lobby)
        await self.hub.lobby_changed(lobby.code, info=info)
        return self._with_connected(info.public)

    def _info(self, lobby: LobbyRow) -> LobbyInfo:
        return LobbyInfo(lobby.code, lobby.record_id, self._public(lobby), lobby.version)

    def _public(self, lobby: LobbyRow) -> dict[str, Any]:
        """The lobby as GET /api/lobbies/{code} answers it, nobody connected yet."""
        game = self.games[lobby.game]
        until = iso(lobby.held_until) if lobby.held_until is not None else ""
        return schemas.public_lobby(
            lobby.players,
            code=lobby.code,
            game=lobby.game,
            status=self._status(lobby),
            options=table.with_defaults(lobby.options),
            next=lobby.next_code,
            held=[{"name": seat["name"], "until": until} for seat in self._held(lobby)],
            series=series.score(
                lobby.series_number, lobby.series_games, [p.name for p in lobby.players]
            ),
            min_players=game.min_players,
            max_players=game.max_players,
        )

    @staticmethod
    def _status(lobby: LobbyRow) -> str:
        return Status.FINISHED if lobby.record_status == Status.FINISHED else lobby.status

    async def _lobby_as(
        self, connection: AsyncConnection, code: str, token: str | None, *, claim: bool = True
    ) -> tuple[LobbyRow, Seated]:
        """The lobby, claimed (rows.CLAIM) unless only read, and the player whose token this
        is.

        A lobby that does not exist answers as a token that is not of it does, 401 alike: the
        calls that need a token tell nobody without one of the lobby whether it exists."""
        if not token:
            raise Unauthorized("this needs the player's token", code=ErrorCode.NO_TOKEN)
        lobby = await self._find(connection, code, claim=claim)
        player = self._authenticate(lobby, token) if lobby is not None else None
        if lobby is None or player is None:
            raise Unauthorized("unknown token for this lobby", code=ErrorCode.UNKNOWN_TOKEN)
        return lobby, player

    async def _host(
        self, connection: AsyncConnection, code: str, token: str | None, doing: str
    ) -> LobbyRow:
        """The lobby, claimed, when the token is its host's; else Forbidden: only the host
        can do `doing`."""
        lobby, player = await self._lobby_as(connection, code, token)
        if not player.host:
            raise Forbidden(f"only the host can {doing}", code=ErrorCode.NOT_HOST)
        return lobby

    @staticmethod
    def _authenticate(lobby: LobbyRow, token: str) -> Seated | None:
        hashed = hash_token(token)
        for player in lobby.players:
            if player.token_hash is not None and secrets.compare_digest(player.token_hash, hashed):
                return player
        return None

    @staticmethod
    def _player_with_token(player: Seated, token: str) -> dict[str, Any]:
        return {
            "id": player.id,
            "name": player.name,
            "seat": player.seat,
            "host": player.host,
            "token": token,
        }
