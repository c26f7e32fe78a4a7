"""What the hub and the pages ask of lobbies by code, token or player key: the lobby as the hub
holds it, the seat of a token, the chat, the games that may wait on a bot, a person come back to
a seat a bot played for them; the seats a browser's player key took.

Made before the hub, which asks it (`app.play.rooms.Directory`, `app.play.websocket.Seats`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, insert, or_, select

from app.edge.error_codes import ErrorCode
from app.edge.errors import NotFound
from app.lobby import rows
from app.lobby.store import LobbyStore, authenticate, hash_token
from app.play.rooms import LobbyInfo
from app.status import Status
from app.store.db import as_utc, utcnow
from app.store.tables.lobbies import ChatMessage

_CHAT = cast(Table, ChatMessage.__table__)


class Directory:
    def __init__(self, store: LobbyStore) -> None:
        self.store = store

    async def lobby_info(self, code: str) -> LobbyInfo | None:
        async with self.store.reading() as connection:
            lobby = await self.store.find(connection, code)
        return self.store.info(lobby) if lobby is not None else None

    async def seat_for_token(self, code: str, token: str) -> tuple[int, str] | None:
        players, lobbies = rows.players, rows.lobbies
        async with self.store.reading() as connection:
            found = await connection.execute(
                select(players.c.seat, players.c.name)
                .join(lobbies, lobbies.c.id == players.c.lobby_id)
                .where(lobbies.c.code == code, players.c.token_hash == hash_token(token))
            )
            row = found.first()
        return (row.seat, row.name) if row else None

    async def player_for_token(self, code: str, token: str | None) -> dict[str, Any] | None:
        """The player a token belongs to in this lobby, as the pages need it."""
        if not token:
            return None
        async with self.store.reading() as connection:
            lobby = await self.store.lobby(connection, code)
        player = authenticate(lobby, token)
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
        async with self.store.reading() as connection:
            found = (await connection.execute(query)).all()
        return [
            (
                row.code,
                {"id": row.id, "name": row.name, "seat": row.seat, "host": row.host},
                as_utc(row.finished_at) if row.finished_at is not None else None,
            )
            for row in found
        ]

    # --- the chat ---

    async def save_chat(self, code: str, name: str, text: str) -> datetime:
        at = utcnow()
        async with self.store.changing() as connection:
            lobby_id = await connection.scalar(
                select(rows.lobbies.c.id).where(rows.lobbies.c.code == code)
            )
            if lobby_id is None:
                raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)
            await connection.execute(
                insert(_CHAT).values(lobby_id=lobby_id, name=name, text=text, at=at)
            )
        return at

    async def recent_chat(self, code: str, limit: int) -> list[tuple[str, str, datetime]]:
        async with self.store.reading() as connection:
            found = await connection.execute(
                select(_CHAT.c.name, _CHAT.c.text, _CHAT.c.at)
                .join(rows.lobbies, rows.lobbies.c.id == _CHAT.c.lobby_id)
                .where(rows.lobbies.c.code == code)
                .order_by(_CHAT.c.id.desc())
                .limit(limit)
            )
            return [(row.name, row.text, row.at) for row in reversed(found.all())]

    # --- bots, and away seats (app/lobby/away.py hands them to bots) ---

    async def bot_games(self) -> list[str]:
        """The codes of the lobbies whose game may wait on a bot: a bot's seat, a bot playing
        for a player who is away, or a clock that may run out."""
        players, lobbies, games = rows.players, rows.lobbies, rows.games
        played_by_bots = (
            select(players.c.id)
            .where(
                players.c.lobby_id == lobbies.c.id,
                or_(players.c.bot.is_not(None), players.c.away_bot.is_not(None)),
            )
            .exists()
        )
        async with self.store.reading() as connection:
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

    async def came_back(self, code: str, seat: int) -> LobbyInfo | None:
        """The person in `seat` is back: the bot playing for them leaves, votes are forgotten."""
        async with self.store.changing() as connection:
            lobby = await self.store.lobby(connection, code, claim=True)
            player = next((p for p in lobby.players if p.seat == seat), None)
            if player is None or (player.away_bot is None and not player.away_votes):
                return None
            await rows.change_player(connection, player.id, away_bot=None, away_votes=None)
        back = replace(player, away_bot=None, away_votes=())
        return self.store.info(
            lobby.with_players([*(p for p in lobby.players if p is not player), back])
        )
