"""The games this server hosts: one entry each, built once when the app starts.

An entry pairs a game (its rules, and through `Game.bots()` its own bots) with what it brings
beside them: its page module under static/js/ and its golden recordings (tests/games/golden/).
The tests and scripts take their lists of games from here, and tests fail when a registered
game lacks a page module, a recording, a secrets keeper (tests/games/secrets.py) or a typed
contract. docs/games.md lists every place a new game touches.

A game whose components a host may replace (a card list, a map) is built here from the
settings that name the host's files; a file that does not fit stops the server at start with a
message saying what is wrong with it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class Recording:
    """A golden game: `scripts/record_golden.py` plays it (random legal actions from the seed,
    the `prefer`red types four times in five when listed) into tests/games/golden/<name>.json."""

    name: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    prefer: tuple[str, ...] = ()


@dataclass(frozen=True)
class Entry:
    game: Game
    page: str  # the page module that draws the game, under static/js/ (the table and replay
    # pages import it from `module`)
    recordings: tuple[Recording, ...]

    @property
    def module(self) -> str:
        """The page module's address, as the table and replay pages import it."""
        return f"/static/js/{self.page}"


def entries_for(settings: Settings) -> dict[str, Entry]:
    entries = [
        Entry(Convolution(), "convolution.js", (Recording("convolution-2p", 2, 101),)),
        Entry(
            NerdyInventions(_host_file(settings.nerdy_inventions_cards, load_cards, CardError)),
            "nerdy-inventions.js",
            (Recording("nerdy-inventions-3p", 3, 102, prefer=("build", "pay")),),
        ),
        Entry(
            Unvention(),
            "unvention.js",
            (
                Recording(
                    "unvention-2p",
                    2,
                    103,
                    prefer=(
                        "journal",
                        "circle",
                        "build_start",
                        "build_add",
                        "build_place",
                        "present",
                    ),
                ),
            ),
        ),
        Entry(
            Innovation(),
            "innovation.js",
            (
                Recording("innovation-2p", 2, 104, prefer=("achieve", "dogma", "draw")),
                Recording(
                    "innovation-3p-first-edition", 3, 105, {"edition": "first"}, ("achieve",)
                ),
                Recording("innovation-4p-teams", 4, 106, {"teams": True}, ("achieve", "dogma")),
            ),
        ),
        Entry(
            Unscrewed(_host_file(settings.unscrewed_components, load_unscrewed, ComponentError)),
            "unscrewed.js",
            (
                Recording("unscrewed-3p-first-game", 3, 107, {"mode": "first"}),
                Recording("unscrewed-4p-full", 4, 108, {"mode": "full"}),
            ),
        ),
    ]
    return {entry.game.id: entry for entry in entries}


def modules_for(entries: dict[str, Entry]) -> dict[str, str]:
    """Each game's page module by game id, as the table and replay pages import it."""
    return {game_id: entry.module for game_id, entry in entries.items()}


def games_for(settings: Settings) -> Games:
    return {game_id: entry.game for game_id, entry in entries_for(settings).items()}


def _host_file(path: Path | None, load: Callable[[Any], T], error: type[Exception]) -> T | None:
    """The host's components from a JSON file, or None (the stand-ins) when none is set."""
    if path is None:
        return None
    try:
        return load(json.loads(Path(path).read_text()))
    except (OSError, ValueError, error) as problem:
        raise ComponentsError(f"cannot use {path}: {problem}") from None
