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

import hashlib
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db import as_utc, iso, unit_of_work, utcnow
from app.errors import BadInput, Conflict, Forbidden, Invalid, NotFound, Unauthorized
from app.games.bots import bots_for
from app.games.core import BadOptions, Game
from app.lobby import names
from app.lobby.models import ChatMessage, Lobby, Player
from app.play import table
from app.play.hub import Hub
from app.play.models import ActionRecord, GameRecord
from app.play.registry import Games
from app.play.replays import Replays
from app.play.rooms import LobbyInfo
from app.play.runner import Runner, create_game
from app.play.views import full_view, named_result

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
    """The lobby service. Each public method is one unit of work."""

    hub: Hub  # set by the application once the hub exists (the hub also needs us)
    replays: Replays  # set by the application with its worker processes

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        games: Games,
        *,
        held_seats: timedelta = HELD_SEATS,
    ) -> None:
        self.sessions = sessions
        self.games = games
        self.runner = Runner(sessions, games)
        self.held_seats = held_seats
        # The time, UTC, that held seats lapse by (tests move it on).
        self.now: Callable[[], datetime] = utcnow

    def find_game(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            known = ", ".join(self.games)
            raise Invalid(f"unknown game {game_id!r}; games: {known}", code="unknown_game")
        return game

    # --- the API ---

    async def create(self, game_id: str, name: str, options: dict[str, Any]) -> dict[str, Any]:
        game = self.find_game(game_id)
        names.check(name)
        try:
            options = table.check(game, options)
        except BadOptions as error:
            raise Invalid(str(error), code=error.code) from None
        token, code = new_token(), new_code()
        # Two plain INSERTs: the ORM's unit of work costs more than the database here.
        async with unit_of_work(self.sessions) as session:
            lobby_id = await session.scalar(
                insert(Lobby)
                .values(code=code, game=game.id, options=options, status="open")
                .returning(Lobby.id)
            )
            player_id = await session.scalar(
                insert(Player)
                .values(
                    lobby_id=lobby_id, seat=0, name=name, token_hash=hash_token(token), host=True
                )
                .returning(Player.id)
            )
        player = {"id": player_id, "name": name, "seat": 0, "host": True, "token": token}
        return {"code": code, "url": lobby_url(code), "player": player}

    async def describe(self, code: str) -> dict[str, Any]:
        async with self.sessions() as session:
            lobby = await self._lobby(session, code)
            public = await self._public(session, lobby)
        return self._with_connected(public)

    def _with_connected(self, public: dict[str, Any]) -> dict[str, Any]:
        connected = self.hub.connected_seats(public["code"])
        players = [{**p, "connected": p["seat"] in connected} for p in public["players"]]
        return {**public, "players": players}

    async def join(self, code: str, name: str, *, holder: str | None = None) -> dict[str, Any]:
        """A person takes the next seat under `name`. The seats held for the last game's
        players (`again`) are not free: only their own person, `holder` (the hash of their
        token in the last lobby), takes one, and nobody else the name it is held under."""
        names.check(name)
        token = new_token()
        for _attempt in range(5):
            try:
                async with unit_of_work(self.sessions) as session:
                    lobby = await self._lobby(session, code, for_update=True)
                    game = self.games[lobby.game]
                    if lobby.status != "open":
                        raise Conflict("the game has already started", code="already_started")
                    if len(lobby.players) >= game.max_players:
                        raise Conflict("the lobby is full", code="lobby_full")
                    names.check_unlike(name, [p.name for p in lobby.players])
                    held = self._held(lobby)
                    others = [seat for seat in held if seat["token_hash"] != holder]
                    if names.look_alike(name, [seat["name"] for seat in others]):
                        raise Conflict(
                            "that name's seat is held for a player of the last game",
                            code="name_taken",
                        )
                    if len(lobby.players) + len(others) >= game.max_players:
                        raise self._seats_held(lobby)
                    if len(others) < len(held):
                        lobby.held_seats = others  # the holder takes their seat
                    seat = sum(1 for p in lobby.players if p.bot is None)
                    await self._move_seats(session, lobby.players, after=seat, by=1)  # bots
                    player = Player(
                        lobby_id=lobby.id, seat=seat, name=name, token_hash=hash_token(token)
                    )
                    session.add(player)
                    await session.flush()
                    await session.refresh(lobby, ["players"])
                    info = await self._info(session, lobby)
                break
            except IntegrityError:
                continue  # someone took that seat at the same moment: look again
        else:
            raise Conflict("the lobby is busy; try again", code="busy")
        await self.hub.lobby_changed(code, info=info)
        return {"player": self._player_with_token(player, token)}

    async def start(self, code: str, token: str | None) -> dict[str, Any]:
        try:
            async with unit_of_work(self.sessions) as session:
                lobby, player = await self._lobby_as(session, code, token)
                if not player.host:
                    raise Forbidden("only the host can start the game", code="not_host")
                if lobby.status != "open":
                    raise Conflict("the game has already started", code="already_started")
                game = self.games[lobby.game]
                count = len(lobby.players)
                if not game.min_players <= count <= game.max_players:
                    raise Conflict(
                        f"{game.name} needs {game.min_players} to {game.max_players} players;"
                        f" the lobby has {count}",
                        code="player_count",
                    )
                seats = [
                    {"name": p.name, "bot": p.bot is not None, "level": p.bot}
                    for p in lobby.players
                ]
                record = await create_game(
                    session, lobby_id=lobby.id, game=game, seats=seats, options=lobby.options
                )
                lobby.status = "playing"
                info = await self._info(session, lobby, record)
        except IntegrityError:
            raise Conflict("the game has already started", code="already_started") from None
        # The hub has the game as it starts: no socket need read it back.
        await self.hub.lobby_changed(code, info=info, position=self.runner.position(record))
        return self._with_connected(info.public)

    async def set_options(
        self, code: str, token: str | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        """The host changes the table's options before the game starts."""
        async with unit_of_work(self.sessions) as session:
            lobby, player = await self._lobby_as(session, code, token)
            if not player.host:
                raise Forbidden("only the host can change the options", code="not_host")
            if lobby.status != "open":
                raise Conflict("the game has already started", code="already_started")
            try:
                lobby.options = table.check(self.games[lobby.game], {**lobby.options, **options})
            except BadOptions as error:
                raise Invalid(str(error), code=error.code) from None
        await self.hub.lobby_changed(code)
        return await self.describe(code)

    async def add_bot(self, code: str, token: str | None, level: str) -> dict[str, Any]:
        """The host seats a bot of `level` in the next seat, under a name of its own."""
        for _attempt in range(5):
            try:
                async with unit_of_work(self.sessions) as session:
                    lobby, player = await self._lobby_as(session, code, token)
                    if not player.host:
                        raise Forbidden("only the host can add bots", code="not_host")
                    if lobby.status != "open":
                        raise Conflict("the game has already started", code="already_started")
                    game = self.games[lobby.game]
                    bots = bots_for(game)
                    if level not in bots:
                        known = ", ".join(bots)
                        raise BadInput(f"{game.name} has no {level!r} bot; levels: {known}")
                    if len(lobby.players) >= game.max_players:
                        raise Conflict("the lobby is full", code="lobby_full")
                    if len(lobby.players) + len(self._held(lobby)) >= game.max_players:
                        raise self._seats_held(lobby)
                    bot = Player(
                        lobby_id=lobby.id,
                        seat=len(lobby.players),
                        name=self._bot_name(lobby, bots[level].label),
                        bot=level,
                    )
                    session.add(bot)
                    await session.flush()
                break
            except IntegrityError:
                continue  # someone took that seat at the same moment: look again
        else:
            raise Conflict("the lobby is busy; try again", code="busy")
        await self.hub.lobby_changed(code)
        return {"player": self._public_player(bot)}

    async def remove_player(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """The host takes a person or a bot out of the lobby before the start; everyone after
        them moves back one seat. A person's token stops working at once."""
        async with unit_of_work(self.sessions) as session:
            lobby, host = await self._lobby_as(session, code, token)
            if not host.host:
                raise Forbidden("only the host can remove players", code="not_host")
            leaving = next((p for p in lobby.players if p.id == player_id), None)
            if leaving is None:
                raise NotFound("no such player in this lobby", code="unknown_player")
            if leaving.host:
                raise Forbidden("the host keeps their seat", code="is_host")
            if lobby.status != "open":
                raise Conflict("the game has already started", code="already_started")
            seat = leaving.seat
            await session.delete(leaving)
            await session.flush()
            others = [p for p in lobby.players if p is not leaving]
            await self._move_seats(session, others, after=seat, by=-1)
        await self.hub.lobby_changed(code)
        return await self.describe(code)

    async def hand_to_bot(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """A vote (or the host's word) to let a bot play for a person who is away.

        The person must have had no connection for the lobby's `away_minutes`. The host hands
        the seat over at once; otherwise it goes once more than half of the other people voted
        (the person's own vote is refused: only the others' count). The person takes the seat
        back as soon as they connect again (`came_back`)."""
        async with unit_of_work(self.sessions) as session:
            lobby, voter = await self._lobby_as(session, code, token)
            away = next((p for p in lobby.players if p.id == player_id), None)
            if away is None:
                raise NotFound("no such player in this lobby", code="unknown_player")
            if away.bot is not None:
                raise Conflict(f"{away.name} is a bot", code="not_a_person")
            if away.id == voter.id:
                raise Forbidden(
                    "only the other players can let a bot play for you", code="own_seat"
                )
            if self._status(lobby, await self._game_record(session, lobby.id)) != "playing":
                raise Conflict("the game is not being played", code="not_playing")
            if away.away_bot is None:
                await self._check_away(lobby, away)
                others = {p.id for p in lobby.players if p.bot is None and p.id != away.id}
                votes = sorted({*(away.away_votes or []), voter.id} & others)
                if voter.host or len(votes) > len(others) / 2:
                    away.away_bot = list(bots_for(self.games[lobby.game]))[-1]  # the strongest
                    away.away_votes = None
                else:
                    away.away_votes = votes
        await self.hub.lobby_changed(code)
        return await self.describe(code)

    async def _check_away(self, lobby: Lobby, player: Player) -> None:
        """Conflict unless `player` has been without a connection for the lobby's time."""
        absent = await self.hub.absent_for(lobby.code, player.seat)
        if absent is None:
            raise Conflict(f"{player.name} is connected", code="not_away")
        wait = lobby.options.get(table.AWAY_MINUTES.name, table.AWAY_MINUTES.default) * 60
        if absent < wait:
            raise Conflict(
                f"{player.name} has been away {absent:.0f} s; a bot can take their seat after"
                f" {wait // 60} min",
                code="not_away",
            )

    async def came_back(self, code: str, seat: int) -> LobbyInfo | None:
        """The person in `seat` is back: the bot playing for them leaves, votes are forgotten."""
        async with unit_of_work(self.sessions) as session:
            lobby = await self._lobby(session, code, for_update=True)
            player = next((p for p in lobby.players if p.seat == seat), None)
            if player is None or (player.away_bot is None and not player.away_votes):
                return None
            player.away_bot = None
            player.away_votes = None
        return await self.lobby_info(code)

    async def log(self, code: str) -> dict[str, Any]:
        async with self.sessions() as session:
            lobby = await self._lobby(session, code)
            record = await self._game_record(session, lobby.id)
            actions = []
            if record is not None:
                rows = await session.scalars(
                    select(ActionRecord)
                    .where(ActionRecord.game_id == record.id)
                    .order_by(ActionRecord.seq)
                )
                actions = list(rows)
        game = self.games[lobby.game]
        finished = record is not None and record.status == "finished"
        return {
            "code": lobby.code,
            "game": lobby.game,
            "status": self._status(lobby, record),
            # The game's own options, which set it up with the seed; the table's apart.
            "options": table.split(lobby.options)[0],
            "table": table.split(lobby.options)[1],
            "players": [
                {"seat": p.seat, "name": p.name, "bot": p.bot is not None} for p in lobby.players
            ],
            "seed": record.seed if finished else None,
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
        async with self.sessions() as session:
            lobby = await self._lobby(session, code)
            record = await self._game_record(session, lobby.id)
        if record is None or record.status != "finished":
            raise Conflict("replays open once the game is finished", code="not_finished")
        if seat is not None and not 0 <= seat < record.players:
            raise Invalid(f"seat must be between 0 and {record.players - 1}")
        shown, steps, view = await self.replays.step(record, step, seat, address)
        players = [
            {"seat": index, "name": s["name"], "bot": s["bot"], "connected": False}
            for index, s in enumerate(record.seats)
        ]
        return {"step": shown, "steps": steps, "view": full_view(view, players)}

    async def again(self, code: str, token: str | None) -> dict[str, Any]:
        """Play again: the first player to ask opens the next lobby (same game and options) as
        its host, the bots seated again and the other people's seats held for them for
        `held_seats`; the others who ask take their seats, under the same names."""
        async with unit_of_work(self.sessions) as session:
            lobby, player = await self._lobby_as(session, code, token)
            if self._status(lobby, await self._game_record(session, lobby.id)) != "finished":
                raise Conflict("the game is not finished", code="not_finished")
            next_code = lobby.next_code
        if next_code is None:
            created = await self.create(lobby.game, player.name, lobby.options)
            async with unit_of_work(self.sessions) as session:
                current = await self._lobby(session, code, for_update=True)
                if current.next_code is None:
                    current.next_code = created["code"]
                    next_code = None
                    await self._seat_again(session, created["code"], current.players, player.id)
                else:
                    next_code = current.next_code  # someone else was quicker: join theirs
            if next_code is None:
                await self.hub.lobby_changed(code)
                return created
        joined = await self.join(next_code, player.name, holder=player.token_hash)
        return {"code": next_code, "url": lobby_url(next_code), "player": joined["player"]}

    async def player_for_token(self, code: str, token: str | None) -> dict[str, Any] | None:
        """The player a token belongs to in this lobby, as the pages need it."""
        if not token:
            return None
        async with self.sessions() as session:
            lobby = await self._lobby(session, code)
            player = next((p for p in lobby.players if p.token_hash == hash_token(token)), None)
        if player is None:
            return None
        return {"id": player.id, "name": player.name, "seat": player.seat, "host": player.host}

    async def resume(self, code: str, token: str | None) -> dict[str, Any]:
        """The seat of a token, for a browser to take it back: its lobby cookie was lost, or
        replaced by a response from another port of the same host."""
        async with self.sessions() as session:
            _lobby, player = await self._lobby_as(session, code, token, claim=False)
        assert token is not None  # _lobby_as refuses a missing one
        return {"player": self._player_with_token(player, token)}

    # --- for the hub (app.play.hub.Directory and app.play.websocket.Seats) ---

    async def lobby_info(self, code: str) -> LobbyInfo | None:
        async with self.sessions() as session:
            lobby = await self._find(session, code)
            if lobby is None:
                return None
            return await self._info(session, lobby)

    async def _info(
        self, session: AsyncSession, lobby: Lobby, record: GameRecord | None = None
    ) -> LobbyInfo:
        if record is None and lobby.status != "open":  # an open lobby has no game yet
            record = await self._game_record(session, lobby.id)
        public = await self._public(session, lobby, record)
        return LobbyInfo(lobby.code, record.id if record else None, public, lobby.version)

    async def seat_for_token(self, code: str, token: str) -> tuple[int, str] | None:
        # Columns, not objects: every socket that opens asks this.
        async with self.sessions() as session:
            found = await session.execute(
                select(Player.seat, Player.name)
                .join(Lobby)
                .where(Lobby.code == code, Player.token_hash == hash_token(token))
            )
            row = found.first()
        return (row.seat, row.name) if row else None

    async def save_chat(self, code: str, name: str, text: str) -> datetime:
        async with unit_of_work(self.sessions) as session:
            lobby = await self._lobby(session, code)
            message = ChatMessage(lobby_id=lobby.id, name=name, text=text)
            session.add(message)
            await session.flush()
        return message.at

    async def bot_games(self) -> list[str]:
        async with self.sessions() as session:
            played_by_bots = (
                select(Player.id)
                .where(
                    Player.lobby_id == Lobby.id,
                    or_(Player.bot.is_not(None), Player.away_bot.is_not(None)),
                )
                .exists()
            )
            rows = await session.scalars(
                select(Lobby.code)
                .join(GameRecord, GameRecord.lobby_id == Lobby.id)
                .where(
                    GameRecord.status == "playing",
                    or_(played_by_bots, GameRecord.clocks.is_not(None)),
                )
                .order_by(GameRecord.updated_at)
            )
            return list(rows)

    async def recent_chat(self, code: str, limit: int) -> list[tuple[str, str, datetime]]:
        async with self.sessions() as session:
            rows = await session.execute(
                select(ChatMessage.name, ChatMessage.text, ChatMessage.at)
                .join(Lobby)
                .where(Lobby.code == code)
                .order_by(ChatMessage.id.desc())
                .limit(limit)
            )
            return [(row.name, row.text, row.at) for row in reversed(rows.all())]

    # --- helpers ---

    async def _find(
        self, session: AsyncSession, code: str, for_update: bool = False
    ) -> Lobby | None:
        if len(code) != CODE_LENGTH or not set(code) <= _CODE_CHARACTERS:
            return None  # not a code we could have made: no need to ask the database
        query = select(Lobby).where(Lobby.code == code)
        if for_update:
            await self._claim(session, code)
            query = query.execution_options(populate_existing=True)
        return await session.scalar(query)

    @staticmethod
    async def _claim(session: AsyncSession, code: str) -> None:
        """Claim the lobby for this unit of work before reading it, so that the calls that change
        a lobby (join, start, ...) run one after another, each reading the lobby as the one
        before it left it.

        The claim is an UPDATE of the lobby's row, the first statement of the transaction:
        PostgreSQL locks the row until the commit; SQLite takes its one write lock, waiting for
        it as long as its busy timeout. (A SELECT ... FOR UPDATE would do on PostgreSQL only:
        SQLite ignores it, and its driver opens a transaction only at the first write, so reads
        before that hold no lock at all.) `updated_at` is kept: a claim is not an activity that
        keeps an old lobby from expiring."""
        await session.execute(
            update(Lobby)
            .where(Lobby.code == code)
            .values(version=Lobby.version + 1, updated_at=Lobby.updated_at)
            .execution_options(synchronize_session=False)
        )

    async def _lobby(self, session: AsyncSession, code: str, for_update: bool = False) -> Lobby:
        lobby = await self._find(session, code, for_update)
        if lobby is None:
            raise NotFound("no such lobby", code="unknown_lobby")
        return lobby

    @staticmethod
    async def _move_seats(
        session: AsyncSession, players: list[Player], *, after: int, by: int
    ) -> None:
        """Move the players in seats from `after` on by `by` seats (one at a time, in the order
        that keeps every seat number unique at each step)."""
        moving = sorted(
            (p for p in players if p.seat >= after), key=lambda p: p.seat, reverse=by > 0
        )
        for player in moving:
            player.seat += by
            await session.flush()

    async def _seat_again(
        self, session: AsyncSession, code: str, players: list[Player], host_id: int
    ) -> None:
        """The next lobby of a finished game, hosted by the player `host_id`: the game's bots
        seated again (same names and levels), and its other people's seats held for them."""
        lobby = await self._lobby(session, code)
        seat = len(lobby.players)
        for player in players:
            if player.bot is not None:
                session.add(Player(lobby_id=lobby.id, seat=seat, name=player.name, bot=player.bot))
                seat += 1
        people = [p for p in players if p.token_hash is not None and p.id != host_id]
        if people and self.held_seats > timedelta(0):
            lobby.held_seats = [{"name": p.name, "token_hash": p.token_hash} for p in people]
            lobby.held_until = self.now() + self.held_seats
        await session.flush()

    def _held(self, lobby: Lobby) -> list[dict[str, str]]:
        """The seats still held for the last game's people: none once `held_until` is past."""
        if lobby.held_until is None or as_utc(lobby.held_until) <= self.now():
            return []
        return lobby.held_seats or []

    def _public_held(self, lobby: Lobby) -> list[dict[str, str]]:
        """The held seats as the lobby shows them: whose, and until when (no token hashes)."""
        held = self._held(lobby)
        if not held or lobby.held_until is None:
            return []
        until = iso(lobby.held_until)
        return [{"name": seat["name"], "until": until} for seat in held]

    @staticmethod
    def _seats_held(lobby: Lobby) -> Conflict:
        assert lobby.held_until is not None
        until = as_utc(lobby.held_until)
        return Conflict(
            f"the free seats are held for the last game's players until {until:%H:%M} UTC",
            code="seats_held",
        )

    @staticmethod
    def _bot_name(lobby: Lobby, label: str) -> str:
        """ "Easy bot", else "Easy bot 2", 3...: a name nobody in the lobby has."""
        taken = [p.name for p in lobby.players]
        name, number = f"{label} bot", 1
        while names.look_alike(name, taken) is not None:
            number += 1
            name = f"{label} bot {number}"
        return name

    async def _game_record(self, session: AsyncSession, lobby_id: int) -> GameRecord | None:
        return await session.scalar(select(GameRecord).where(GameRecord.lobby_id == lobby_id))

    async def _public(
        self, session: AsyncSession, lobby: Lobby, record: GameRecord | None = None
    ) -> dict[str, Any]:
        if record is None and lobby.status != "open":
            record = await self._game_record(session, lobby.id)
        game = self.games[lobby.game]
        return {
            "code": lobby.code,
            "game": lobby.game,
            "status": self._status(lobby, record),
            "options": lobby.options,
            "next": lobby.next_code,
            "held": self._public_held(lobby),
            "min_players": game.min_players,
            "max_players": game.max_players,
            "players": [self._public_player(p) for p in lobby.players],
        }

    @staticmethod
    def _public_player(player: Player) -> dict[str, Any]:
        return {
            "id": player.id,
            "name": player.name,
            "seat": player.seat,
            "host": player.host,
            "bot": player.bot is not None,
            "level": player.bot,
            "away_bot": player.away_bot,
            "away_votes": len(player.away_votes or []),
            "connected": False,
        }

    @staticmethod
    def _status(lobby: Lobby, record: GameRecord | None) -> str:
        if record is not None and record.status == "finished":
            return "finished"
        return lobby.status

    async def _lobby_as(
        self, session: AsyncSession, code: str, token: str | None, *, claim: bool = True
    ) -> tuple[Lobby, Player]:
        """The lobby, claimed (`_claim`) unless only read, and the player whose token this is.

        A lobby that does not exist answers as a token that is not of it does, 401 alike: the
        calls that need a token tell nobody without one of the lobby whether it exists."""
        if not token:
            raise Unauthorized("this needs the player's token", code="no_token")
        lobby = await self._find(session, code, for_update=claim)
        player = self._authenticate(lobby, token) if lobby is not None else None
        if lobby is None or player is None:
            raise Unauthorized("unknown token for this lobby", code="unknown_token")
        return lobby, player

    @staticmethod
    def _authenticate(lobby: Lobby, token: str) -> Player | None:
        hashed = hash_token(token)
        for player in lobby.players:
            if player.token_hash is not None and secrets.compare_digest(player.token_hash, hashed):
                return player
        return None

    @staticmethod
    def _player_with_token(player: Player, token: str) -> dict[str, Any]:
        return {
            "id": player.id,
            "name": player.name,
            "seat": player.seat,
            "host": player.host,
            "token": token,
        }
