"""Lobbies: create, join, seat bots, start; tokens and codes; the lobby as the hub and the API
see it.

Seats: people sit first, bots after them. A person who joins takes the seat after the last
person and the bots move one seat on; a bot that is removed leaves no gap (the bots after it
move back). So a person's seat never changes once given: their page and their sockets know it.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db import iso, unit_of_work
from app.errors import BadInput, Conflict, Forbidden, Invalid, NotFound, Unauthorized
from app.games.bots import bots_for
from app.games.core import BadOptions, Game
from app.lobby.models import ChatMessage, Lobby, Player
from app.play import table
from app.play.hub import Hub, LobbyInfo
from app.play.models import ActionRecord, GameRecord
from app.play.registry import Games
from app.play.replays import Replays
from app.play.runner import Runner, create_game
from app.play.views import full_view, named_result

# 31 letters and digits that cannot be mistaken for one another when read aloud or copied.
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 13  # 13 x log2(31) = 64.4 random bits
_CODE_CHARACTERS = frozenset(CODE_ALPHABET)


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

    def __init__(self, sessions: async_sessionmaker[AsyncSession], games: Games) -> None:
        self.sessions = sessions
        self.games = games
        self.runner = Runner(sessions, games)

    def find_game(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            known = ", ".join(self.games)
            raise Invalid(f"unknown game {game_id!r}; games: {known}", code="unknown_game")
        return game

    # --- the API ---

    async def create(self, game_id: str, name: str, options: dict[str, Any]) -> dict[str, Any]:
        game = self.find_game(game_id)
        try:
            options = table.check(game, options)
        except BadOptions as error:
            raise Invalid(str(error), code=error.code) from None
        token = new_token()
        async with unit_of_work(self.sessions) as session:
            lobby = Lobby(code=new_code(), game=game.id, options=options, status="open")
            session.add(lobby)
            await session.flush()
            player = Player(
                lobby_id=lobby.id, seat=0, name=name, token_hash=hash_token(token), host=True
            )
            session.add(player)
            await session.flush()
        return {
            "code": lobby.code,
            "url": lobby_url(lobby.code),
            "player": self._player_with_token(player, token),
        }

    async def describe(self, code: str) -> dict[str, Any]:
        async with self.sessions() as session:
            lobby = await self._lobby(session, code)
            public = await self._public(session, lobby)
        connected = self.hub.connected_seats(code)
        for player in public["players"]:
            player["connected"] = player["seat"] in connected
        return public

    async def join(self, code: str, name: str) -> dict[str, Any]:
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
                    if any(p.name.casefold() == name.casefold() for p in lobby.players):
                        raise Conflict("that name is taken in this lobby", code="name_taken")
                    seat = sum(1 for p in lobby.players if p.bot is None)
                    await self._move_bots(session, lobby.players, after=seat, by=1)
                    player = Player(
                        lobby_id=lobby.id, seat=seat, name=name, token_hash=hash_token(token)
                    )
                    session.add(player)
                    await session.flush()
                break
            except IntegrityError:
                continue  # someone took that seat at the same moment: look again
        else:
            raise Conflict("the lobby is busy; try again", code="busy")
        await self.hub.lobby_changed(code)
        return {"player": self._player_with_token(player, token)}

    async def start(self, code: str, token: str | None) -> dict[str, Any]:
        try:
            async with unit_of_work(self.sessions) as session:
                lobby = await self._lobby(session, code, for_update=True)
                player = self._authenticate(lobby, token)
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
                await create_game(
                    session, lobby_id=lobby.id, game=game, seats=seats, options=lobby.options
                )
                lobby.status = "playing"
        except IntegrityError:
            raise Conflict("the game has already started", code="already_started") from None
        await self.hub.lobby_changed(code)
        return await self.describe(code)

    async def set_options(
        self, code: str, token: str | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        """The host changes the table's options before the game starts."""
        async with unit_of_work(self.sessions) as session:
            lobby = await self._lobby(session, code, for_update=True)
            player = self._authenticate(lobby, token)
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
                    lobby = await self._lobby(session, code, for_update=True)
                    player = self._authenticate(lobby, token)
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

    async def remove_bot(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """The host takes a bot out of its seat before the start; the bots after it move back."""
        async with unit_of_work(self.sessions) as session:
            lobby = await self._lobby(session, code, for_update=True)
            player = self._authenticate(lobby, token)
            if not player.host:
                raise Forbidden("only the host can remove bots", code="not_host")
            bot = next((p for p in lobby.players if p.id == player_id), None)
            if bot is None:
                raise NotFound("no such player in this lobby", code="unknown_player")
            if bot.bot is None:
                raise Forbidden("only bots can be removed from their seats", code="not_a_bot")
            if lobby.status != "open":
                raise Conflict("the game has already started", code="already_started")
            seat = bot.seat
            await session.delete(bot)
            await session.flush()
            others = [p for p in lobby.players if p is not bot]
            await self._move_bots(session, others, after=seat, by=-1)
        await self.hub.lobby_changed(code)
        return await self.describe(code)

    async def hand_to_bot(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """A vote (or the host's word) to let a bot play for a person who is away.

        The person must have had no connection for the lobby's `away_minutes`. The host hands
        the seat over at once; otherwise it goes once more than half of the other people voted.
        The person takes the seat back as soon as they connect again (`came_back`)."""
        async with unit_of_work(self.sessions) as session:
            lobby = await self._lobby(session, code, for_update=True)
            voter = self._authenticate(lobby, token)
            away = next((p for p in lobby.players if p.id == player_id), None)
            if away is None:
                raise NotFound("no such player in this lobby", code="unknown_player")
            if away.bot is not None:
                raise Conflict(f"{away.name} is a bot", code="not_a_person")
            if self._status(lobby, await self._game_record(session, lobby.id)) != "playing":
                raise Conflict("the game is not being played", code="not_playing")
            if away.away_bot is None:
                await self._check_away(lobby, away)
                votes = sorted({*(away.away_votes or []), voter.id})
                others = [p for p in lobby.players if p.bot is None and p.id != away.id]
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
        its host; the others who ask join it under the same names."""
        async with unit_of_work(self.sessions) as session:
            lobby = await self._lobby(session, code, for_update=True)
            player = self._authenticate(lobby, token)
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
                    await self._seat_bots_again(session, created["code"], current.players)
                else:
                    next_code = current.next_code  # someone else was quicker: join theirs
            if next_code is None:
                await self.hub.lobby_changed(code)
                return created
        joined = await self.join(next_code, player.name)
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

    # --- for the hub (app.play.hub.Directory and app.play.websocket.Seats) ---

    async def lobby_info(self, code: str) -> LobbyInfo | None:
        async with self.sessions() as session:
            lobby = await self._find(session, code)
            if lobby is None:
                return None
            record = await self._game_record(session, lobby.id)
            public = await self._public(session, lobby, record)
        return LobbyInfo(code, record.id if record else None, public)

    async def seat_for_token(self, code: str, token: str) -> tuple[int, str] | None:
        async with self.sessions() as session:
            player = await session.scalar(
                select(Player)
                .join(Lobby)
                .where(Lobby.code == code, Player.token_hash == hash_token(token))
            )
        return (player.seat, player.name) if player else None

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
            rows = await session.scalars(
                select(ChatMessage)
                .join(Lobby)
                .where(Lobby.code == code)
                .order_by(ChatMessage.id.desc())
                .limit(limit)
            )
            return [(row.name, row.text, row.at) for row in reversed(list(rows))]

    # --- helpers ---

    async def _find(
        self, session: AsyncSession, code: str, for_update: bool = False
    ) -> Lobby | None:
        if len(code) != CODE_LENGTH or not set(code) <= _CODE_CHARACTERS:
            return None  # not a code we could have made: no need to ask the database
        query = select(Lobby).where(Lobby.code == code)
        if for_update:
            query = query.with_for_update()
        return await session.scalar(query)

    async def _lobby(self, session: AsyncSession, code: str, for_update: bool = False) -> Lobby:
        lobby = await self._find(session, code, for_update)
        if lobby is None:
            raise NotFound("no such lobby", code="unknown_lobby")
        return lobby

    @staticmethod
    async def _move_bots(
        session: AsyncSession, players: list[Player], *, after: int, by: int
    ) -> None:
        """Move the bots in seats from `after` on by `by` seats (one at a time, in the order
        that keeps every seat number unique at each step)."""
        bots = sorted(
            (p for p in players if p.bot is not None and p.seat >= after),
            key=lambda p: p.seat,
            reverse=by > 0,
        )
        for bot in bots:
            bot.seat += by
            await session.flush()

    async def _seat_bots_again(
        self, session: AsyncSession, code: str, players: list[Player]
    ) -> None:
        """Seat the bots of a finished game, same names and levels, in the next lobby."""
        lobby = await self._lobby(session, code)
        seat = len(lobby.players)
        for player in players:
            if player.bot is not None:
                session.add(Player(lobby_id=lobby.id, seat=seat, name=player.name, bot=player.bot))
                seat += 1
        await session.flush()

    @staticmethod
    def _bot_name(lobby: Lobby, label: str) -> str:
        """ "Easy bot", else "Easy bot 2", 3...: a name nobody in the lobby has."""
        taken = {p.name.casefold() for p in lobby.players}
        name, number = f"{label} bot", 1
        while name.casefold() in taken:
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

    @staticmethod
    def _authenticate(lobby: Lobby, token: str | None) -> Player:
        if not token:
            raise Unauthorized("this needs the player's token", code="no_token")
        hashed = hash_token(token)
        for player in lobby.players:
            if player.token_hash is not None and secrets.compare_digest(player.token_hash, hashed):
                return player
        raise Unauthorized("unknown token", code="unknown_token")

    @staticmethod
    def _player_with_token(player: Player, token: str) -> dict[str, Any]:
        return {
            "id": player.id,
            "name": player.name,
            "seat": player.seat,
            "host": player.host,
            "token": token,
        }
