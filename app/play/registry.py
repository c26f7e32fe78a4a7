"""The games this server hosts: one line each, built once when the app starts.

A game whose components a host may replace (a card list, a map) is built here from the
settings that name the host's files.
"""

from __future__ import annotations

from app.config import Settings
from app.games.convolution import Convolution
from app.games.core import Game

Games = dict[str, Game]


def games_for(settings: Settings) -> Games:
    return {game.id: game for game in (Convolution(),)}
