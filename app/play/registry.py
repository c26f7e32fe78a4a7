"""The games this server hosts: one line each."""

from __future__ import annotations

from app.games.convolution import Convolution
from app.games.core import Game

GAMES: dict[str, Game] = {game.id: game for game in (Convolution(),)}


def find_game(game_id: str) -> Game | None:
    return GAMES.get(game_id)
