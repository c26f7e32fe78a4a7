"""Taking seats: a new lobby with its host in the first seat, and a person taking the next seat
of an open lobby (a plain join, or "play again" taking a held seat).

Seats: people sit first, bots after them. A person who joins takes the seat after the last
person and the bots move one seat on; a player (person or bot) the host removes before the start
leaves no gap: everyone after them moves back one seat (app/lobby/service.py). That is the only
time a person's seat changes: the hub then closes the sockets of whoever was removed or moved
(`Hub.lobby_changed`), and their pages connect again as who their tokens now make them. Once the
game starts, seats never change.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict
from app.lobby import names, rows
from app.lobby.rows import LobbyRow, Seated
from app.lobby.store import (
    LobbyStore,
    hash_token,
    lobby_url,
    new_code,
    new_token,
    player_with_token,
    seats_held,
)
from app.play.rooms import LobbyInfo
from app.status import Status


async def open_lobby(
    connection: AsyncConnection,
    game_id: str,
    name: str,
    options: dict[str, Any],
    *,
    key_hash: str | None = None,
    after: LobbyRow | None = None,
) -> dict[str, Any]:
    """A new lobby with `name` as its host (its options checked by `checked_options`): what
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
        "player": player_with_token(host, token),
    }


async def take_seat(
    store: LobbyStore,
    connection: AsyncConnection,
    code: str,
    name: str,
    token: str,
    holder: str | None = None,
    *,
    key_hash: str | None = None,
) -> tuple[Seated, LobbyInfo]:
    """A person takes the next seat under `name`, with `token`. The seats held for the last
    game's players (app/lobby/again.py) are not free: only their own person, `holder` (the hash
    of their token in the last lobby), takes one, and nobody else the name it is held under.
    The player, and the lobby as it leaves it."""
    lobby = await store.lobby(connection, code, claim=True)
    game = store.games[lobby.game]
    if lobby.status != Status.OPEN:
        raise Conflict("the game has already started", code=ErrorCode.ALREADY_STARTED)
    if len(lobby.players) >= game.max_players:
        raise Conflict("the lobby is full", code=ErrorCode.LOBBY_FULL)
    names.check_unlike(name, [p.name for p in lobby.players])
    held = store.held(lobby)
    others = [seat for seat in held if seat["token_hash"] != holder]
    if names.look_alike(name, [seat["name"] for seat in others]):
        raise Conflict(
            "that name's seat is held for a player of the last game", code=ErrorCode.NAME_TAKEN
        )
    if len(lobby.players) + len(others) >= game.max_players:
        raise seats_held(lobby)
    if len(others) < len(held):  # the holder takes their seat
        await rows.change_lobby(connection, lobby.id, held_seats=others)
        lobby = replace(lobby, held_seats=others)
    seat = sum(1 for p in lobby.players if p.bot is None)
    seated = await rows.move_seats(connection, lobby.players, after=seat, by=1)  # bots
    player = await rows.seat(
        connection, lobby.id, seat, name, token_hash=hash_token(token), key_hash=key_hash
    )
    return player, store.info(lobby.with_players([*seated, player]))
