"""The games the tests play, from the registry (app/play/registry.py): no test outside a game's
own folder (tests/games/<package>/) names a game. A test that needs "a game" takes one here by
what it needs of it; a test of one game's own rules, bots or page lives in that game's folder.
"""

from __future__ import annotations

from collections.abc import Callable

from app.config import Settings
from app.games.entry import GameEntry
from app.games.secrets import Keeper
from app.play.registry import entries_for

ENTRIES: dict[str, GameEntry] = entries_for(Settings())
GAME_IDS: list[str] = list(ENTRIES)


def a_game(players: int = 2, where: Callable[[GameEntry], bool] = lambda entry: True) -> str:
    """The first registered game (in the registry's order) that seats `players` and fits `where`."""
    for game_id, entry in ENTRIES.items():
        if entry.game.min_players <= players <= entry.game.max_players and where(entry):
            return game_id
    raise LookupError(f"no registered game seats {players} and fits")


def with_secrets(entry: GameEntry) -> bool:
    """Whether a seat keeps something from the others (more than the generator's next draws)."""
    return type(entry.keeper).canaries is not Keeper.canaries


def _seating(players: int) -> list[GameEntry]:
    seating = [
        entry
        for entry in ENTRIES.values()
        if entry.game.min_players <= players <= entry.game.max_players
    ]
    if not seating:
        raise LookupError(f"no registered game seats {players}")
    return seating


def a_short_game(players: int = 2) -> str:
    """The registered game seating `players` whose random games are the shortest (the least
    `bench.cost`): for a test that plays whole games."""
    return min(_seating(players), key=lambda entry: entry.bench.cost).id


def a_long_game(players: int = 2) -> str:
    """The registered game seating `players` whose random games are the longest (the greatest
    `bench.cost`): for a test that needs a game still going a while after it starts."""
    return max(_seating(players), key=lambda entry: entry.bench.cost).id
