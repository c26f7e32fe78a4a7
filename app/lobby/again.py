"""Play again: the next lobby of a finished game (same game and options, the next game of its
series), its bots seated again and its other people's seats held for them for a while."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict
from app.lobby import rows
from app.lobby.rows import LobbyRow
from app.lobby.seating import open_lobby, take_seat
from app.lobby.store import (
    LobbyStore,
    checked_options,
    lobby_url,
    new_token,
    player_with_token,
    status,
)
from app.play.hub import Hub
from app.play.rooms import LobbyInfo
from app.status import Status


class Again:
    def __init__(self, store: LobbyStore, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def again(
        self, code: str, token: str | None, key_hash: str | None = None
    ) -> dict[str, Any]:
        """Play again, in one transaction: the first player to ask opens the next lobby (same
        game and options) as its host, the bots seated again and the other people's seats held
        for them for the store's `held_seats`; the others who ask take their seats, under the
        same names.

        The finished game's lobby is claimed first, then the next one: a plain join claims the
        next one alone, so nobody waits for a claim held by someone waiting for theirs."""
        store = self.store

        async def work(connection: AsyncConnection) -> tuple[dict[str, Any], LobbyInfo | None]:
            lobby, player = await store.lobby_as(connection, code, token)
            if status(lobby) != Status.FINISHED:
                raise Conflict("the game is not finished", code=ErrorCode.NOT_FINISHED)
            if lobby.next_code is None:
                game = store.find_game(lobby.game)
                options = checked_options(game, lobby.options)
                created = await open_lobby(
                    connection, game.id, player.name, options, key_hash=key_hash, after=lobby
                )
                await rows.change_lobby(connection, lobby.id, next_code=created["code"])
                await self._seat_again(connection, created["code"], lobby, player.id)
                return created, None
            token_there = new_token()
            joined, info = await take_seat(
                store,
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
                "player": player_with_token(joined, token_there),
            }
            return answer, info

        answer, info = await store.seating(work)
        if info is None:
            await self.hub.lobby_changed(code)  # the finished game's lobby links to the next
        else:
            await self.hub.lobby_changed(answer["code"], info=info)
        return answer

    async def _seat_again(
        self, connection: AsyncConnection, code: str, last: LobbyRow, host_id: int
    ) -> None:
        """The next lobby of a finished game, hosted by the player `host_id`: the game's bots
        seated again (same names and levels), and its other people's seats held for them."""
        lobby = await self.store.lobby(connection, code)
        seat = len(lobby.players)
        for player in last.players:
            if player.bot is not None:
                await rows.seat(connection, lobby.id, seat, player.name, bot=player.bot)
                seat += 1
        people = [p for p in last.players if p.token_hash is not None and p.id != host_id]
        if people and self.store.held_seats > timedelta(0):
            await rows.change_lobby(
                connection,
                lobby.id,
                held_seats=[{"name": p.name, "token_hash": p.token_hash} for p in people],
                held_until=self.store.now() + self.store.held_seats,
            )
