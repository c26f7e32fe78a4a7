"""The websocket's `lobby` message (and GET /api/lobbies/{code}): the lobby as the lobby layer
made it (app.lobby.schemas.public_lobby), with who is connected now and, once its game has ended,
the series counting that game: what the hub's room adds to the lobby it read."""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any


def with_connected(lobby: dict[str, Any], connected: Container[int]) -> dict[str, Any]:
    """`lobby` (as `public_lobby` made it) with the players whose seat is in `connected`:
    what GET /api/lobbies/{code} answers and the websocket's `lobby` message holds."""
    players = [{**player, "connected": player["seat"] in connected} for player in lobby["players"]]
    return {**lobby, "players": players}


def with_ended(
    series: dict[str, Any] | None, winners: Sequence[int], names: Sequence[str]
) -> dict[str, Any] | None:
    """A lobby's `series` once its own game has ended with `winners` (seats; `names` by seat),
    for a lobby read before that last action (the hub's room keeps the lobby as it read it);
    as it was when it counts the game already."""
    if series is None or series["played"] >= series["number"]:
        return series
    won = {names[seat] for seat in winners if 0 <= seat < len(names)}
    score = [{**entry, "wins": entry["wins"] + (entry["name"] in won)} for entry in series["score"]]
    draws = series["draws"] + (not won)
    return {**series, "played": series["played"] + 1, "draws": draws, "score": score}
