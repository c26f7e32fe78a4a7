"""Import: an export file into a database, every line checked, all in one transaction (a file
that cannot be read changes nothing); lobbies already there are refused, or left as they are.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection

from app.games.core import Game
from app.store.transfer.lines import (
    ACTIONS,
    CHAT,
    FORMAT,
    GAMES,
    KIND,
    LOBBIES,
    PLAYERS,
    Counts,
    TransferError,
    engine_for,
    row_in,
)

Games = dict[str, Game]  # the games whose records are imported, by id


async def import_(url: str, path: Path, *, games: Games, skip_existing: bool = False) -> Counts:
    """Read `path` (written by `export`) into the database at `url`, all or nothing. A game's
    setup and snapshot written by an earlier version of its rules are imported in today's
    shape (`Game.upgrade` of `games`: the registry's, app/play/registry.py)."""
    try:
        source = open(path, encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as error:
        raise TransferError(f"cannot read {path}: {error.strerror or error}") from error
    engine = engine_for(url)
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
    lobby = row_in(LOBBIES, entry["lobby"], f"{where}: lobby")
    players = [row_in(PLAYERS, p, f"{where}: player") for p in _list(entry["players"], where)]
    chat = [row_in(CHAT, line, f"{where}: chat") for line in _list(entry["chat"], where)]
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
    game = row_in(GAMES, fields, f"{where}: game")
    rules = games.get(game["game"])
    for stored in ("setup", "snapshot"):
        if rules is not None and isinstance(game.get(stored), dict):
            game[stored] = rules.upgrade(game[stored])
    actions = [row_in(ACTIONS, action, f"{where}: action") for action in value["actions"]]
    if [action["seq"] for action in actions] != list(range(1, game["seq"] + 1)):
        raise TransferError(
            f"{where}: game: its actions are not numbered 1 to {game['seq']}, the game's seq"
        )
    return game, actions
