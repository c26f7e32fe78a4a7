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
