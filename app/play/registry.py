"""The games this server hosts: one line each, built once when the app starts.

A game whose components a host may replace (a card list, a map) is built here from the
settings that name the host's files; a file that does not fit stops the server at start with a
message saying what is wrong with it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from app.config import Settings
from app.games.convolution import Convolution
from app.games.core import Game
from app.games.innovation import Innovation
from app.games.nerdy_inventions import CardError, NerdyInventions, load_cards
from app.games.unscrewed import ComponentError, Unscrewed
from app.games.unscrewed import load_components as load_unscrewed
from app.games.unvention import Unvention

Games = dict[str, Game]
T = TypeVar("T")


class ComponentsError(ValueError):
    """A host's component file cannot be used."""


def games_for(settings: Settings) -> Games:
    games: list[Game] = [
        Convolution(),
        NerdyInventions(_host_file(settings.nerdy_inventions_cards, load_cards, CardError)),
        Unvention(),
        Innovation(),
        Unscrewed(_host_file(settings.unscrewed_components, load_unscrewed, ComponentError)),
    ]
    return {game.id: game for game in games}


def _host_file(path: Path | None, load: Callable[[Any], T], error: type[Exception]) -> T | None:
    """The host's components from a JSON file, or None (the stand-ins) when none is set."""
    if path is None:
        return None
    try:
        return load(json.loads(Path(path).read_text()))
    except (OSError, ValueError, error) as problem:
        raise ComponentsError(f"cannot use {path}: {problem}") from None
