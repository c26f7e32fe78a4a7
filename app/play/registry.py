"""The games this server hosts, found through the entry point group `tinkertable.games`, one
entry each (app/games/entry.py), built once when the app starts.

Any installed distribution may declare a game (this repository declares its five in
pyproject.toml); the server, the tests and the scripts take their lists of games from here, and
nothing outside a game's package names one. docs/games.md says how to write a game and lists
every place it touches.

A game whose components a host may replace (a card list, a map) is made here from the file that
the host's setting names (the entry's `components.setting`); a file that does not fit stops the
server at start with a message saying what is wrong with it.
"""

from __future__ import annotations

import dataclasses
import json
from importlib.metadata import entry_points
from pathlib import Path

from app.config import Settings
from app.games.core import Game
from app.games.entry import ENTRY_POINTS, GameEntry

Games = dict[str, Game]
Entries = dict[str, GameEntry]


class ComponentsError(ValueError):
    """A host's component file cannot be used."""


class RegistryError(RuntimeError):
    """An installed game cannot be served (two games of one id, an entry that is not one)."""


def discovered() -> Entries:
    """Every installed game's entry, with our stand-in components, in the order of their names."""
    entries: Entries = {}
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda point: point.name):
        made = point.load()
        entry = made() if callable(made) else made
        if not isinstance(entry, GameEntry):
            raise RegistryError(f"the game entry point {point.value} is not a GameEntry")
        if entry.id in entries:
            raise RegistryError(f"two installed games have the id {entry.id!r}")
        entries[entry.id] = entry
    return entries


def entries_for(settings: Settings) -> Entries:
    """Every game, each with the host's own components where a setting names a file of them."""
    return {
        game_id: _with_host_components(entry, settings) for game_id, entry in discovered().items()
    }


def games_for(settings: Settings) -> Games:
    return {game_id: entry.game for game_id, entry in entries_for(settings).items()}


def _with_host_components(entry: GameEntry, settings: Settings) -> GameEntry:
    components = entry.components
    if components is None:
        return entry
    path = settings.component_file(components.setting)
    if path is None:
        return entry
    try:
        game = components.make(json.loads(Path(path).read_text()))
    except (OSError, ValueError) as problem:
        raise ComponentsError(f"cannot use {path}: {problem}") from None
    return dataclasses.replace(entry, game=game)
