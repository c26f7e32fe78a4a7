"""The lobby service: creating a lobby, joining it, seating bots, changing the table's options,
removing a player, starting the game; and a seat taken back by its token.

How seats are taken and given back: app/lobby/seating.py. The other parts of the lobby layer,
each an object of its own: away seats and the bots that play them (app/lobby/away.py), play
again (app/lobby/again.py), games as recorded (app/lobby/records.py), finished games seen
again (app/lobby/finished.py), and what the hub asks of lobbies (app/lobby/directory.py); all
of them read and change lobbies through the store (app/lobby/store.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from app.edge.error_codes import ErrorCode
from app.edge.errors import BadInput, Conflict, Forbidden, NotFound
from app.games.bots import bots_for
from app.lobby import names, rows, schemas
from app.lobby.changes import changed, connected
from app.lobby.rows import Seated
from app.lobby.seating import open_lobby, take_seat
from app.lobby.store import (
    LobbyStore,
    bot_name,
    checked_options,
    new_token,
    player_with_token,
    seats_held,
)
from app.play.hub import Hub
from app.play.rooms import LobbyInfo
from app.play.runner import create_game
from app.status import Status


class Lobbies:
    """The lobby service. Each public method is one unit of work of the store."""

    def __init__(self, store: LobbyStore, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def create(
        self, game_id: str, name: str, options: dict[str, Any], key_hash: str | None = None
    ) -> dict[str, Any]:
        """A new lobby hosted by `name`; `key_hash`: the hash of the host's browser's player key
        (app/lobby/keys.py), kept on the seat for "Your games"."""
        game = self.store.find_game(game_id)
        names.check(name)
        options = checked_options(game, options)
        async with self.store.changing() as connection:
            return await open_lobby(connection, game.id, name, options, key_hash=key_hash)

    async def describe(self, code: str) -> dict[str, Any]:
        async with self.store.reading() as connection:
            lobby = await self.store.lobby(connection, code)
        return connected(self.hub, self.store.public(lobby))

    async def join(self, code: str, name: str, key_hash: str | None = None) -> dict[str, Any]:
        names.check(name)
        token = new_token()

        async def work(connection: AsyncConnection) -> tuple[Seated, LobbyInfo]:
            return await take_seat(self.store, connection, code, name, token, key_hash=key_hash)

        player, info = await self.store.seating(work)
        await self.hub.lobby_changed(code, info=info)
        return {"player": player_with_token(player, token)}

    async def start(self, code: str, token: str | None) -> dict[str, Any]:
        try:
            async with self.store.changing() as connection:
                lobby = await self.store.host(connection, code, token, "start the game")
                if lobby.status != Status.OPEN:
                    raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
                game = self.store.games[lobby.game]
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
        info = self.store.info(started)
        # The hub has the game as it starts: no socket need read it back.
        await self.hub.lobby_changed(code, info=info, position=position)
        return connected(self.hub, info.public)

    async def set_options(
        self, code: str, token: str | None, options: dict[str, Any]
    ) -> dict[str, Any]:
        """The host changes the table's options before the game starts."""
        async with self.store.changing() as connection:
            lobby = await self.store.host(connection, code, token, "change the options")
            if lobby.status != Status.OPEN:
                raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
            game = self.store.games[lobby.game]
            options = checked_options(game, {**lobby.options, **options})
            await rows.change_lobby(connection, lobby.id, options=options)
        return await changed(self.hub, self.store, replace(lobby, options=options))

    async def add_bot(self, code: str, token: str | None, level: str) -> dict[str, Any]:
        """The host seats a bot of `level` in the next seat, under a name of its own."""

        async def work(connection: AsyncConnection) -> tuple[Seated, LobbyInfo]:
            lobby = await self.store.host(connection, code, token, "add bots")
            if lobby.status != Status.OPEN:
                raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
            game = self.store.games[lobby.game]
            bots = bots_for(game)
            if level not in bots:
                known = ", ".join(bots)
                raise BadInput(f"{game.name} has no {level!r} bot; levels: {known}")
            if len(lobby.players) >= game.max_players:
                raise Conflict("the lobby is full", code=ErrorCode.LOBBY_FULL)
            if len(lobby.players) + len(self.store.held(lobby)) >= game.max_players:
                raise seats_held(lobby)
            name = bot_name(lobby, bots[level].label)
            bot = await rows.seat(connection, lobby.id, len(lobby.players), name, bot=level)
            return bot, self.store.info(lobby.with_players([*lobby.players, bot]))

        bot, info = await self.store.seating(work)
        await self.hub.lobby_changed(code, info=info)
        return {"player": schemas.public_player(bot)}

    async def remove_player(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """The host takes a person or a bot out of the lobby before the start; everyone after
        them moves back one seat. A person's token stops working at once."""
        async with self.store.changing() as connection:
            lobby = await self.store.host(connection, code, token, "remove players")
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
        return await changed(self.hub, self.store, lobby.with_players(seated))

    async def resume(self, code: str, token: str | None) -> dict[str, Any]:
        """The seat of a token, for a browser to take it back: its lobby cookie was lost, or
        replaced by a response from another port of the same host."""
        async with self.store.reading() as connection:
            _lobby, player = await self.store.lobby_as(connection, code, token, claim=False)
        assert token is not None  # lobby_as refuses a missing one
        return {"player": player_with_token(player, token)}

    # --- for the site's pages ---
