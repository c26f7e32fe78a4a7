"""UNSCREWED's entry: what the server and the tests take from this package (app/games/entry.py),
declared in pyproject.toml under the entry point group `tinkertable.games`."""

from __future__ import annotations

from app.games.entry import Bench, Components, GameEntry, Progress, Recording, package_entry
from app.games.unscrewed import Unscrewed, progress
from app.games.unscrewed.component_file import load_components
from app.games.unscrewed.secrets import UnscrewedKeeper


def entry() -> GameEntry:
    return package_entry(
        __file__,
        Unscrewed(),
        UnscrewedKeeper(),
        Progress(progress.MEASURE, progress.progress, levels=progress.LEVELS),
        (
            Recording("unscrewed-3p-first-game", 3, 107, {"mode": "first"}),
            Recording("unscrewed-4p-full", 4, 108, {"mode": "full"}),
        ),
        # A round's execution is played back step by step (its events: a quarter of the patch
        # bytes), besides the log, legal actions and prompt: 0.14 to 0.17 by the games.
        Bench(cost=80, record_cost=40, load_players=4, hint_target=2.0, patch_share=0.18),
        Components("UNSCREWED_COMPONENTS", lambda data: Unscrewed(load_components(data))),
    )
