"""Noughts in the Dark's entry: what the server and the tests take from this package
(app/games/entry.py), declared in ../pyproject.toml under the entry point group
`tinkertable.games`."""

from __future__ import annotations

from noughts_in_the_dark import NoughtsInTheDark, progress
from noughts_in_the_dark.secrets import DarkKeeper

from app.games.entry import Bench, GameEntry, Progress, Recording, package_entry


def entry() -> GameEntry:
    return package_entry(
        __file__,
        NoughtsInTheDark(),
        DarkKeeper(),
        Progress(progress.MEASURE, progress.progress),
        (
            Recording("noughts-in-the-dark-2p", 2, 33, prefer=("hide",)),
            Recording("noughts-in-the-dark-guest", 2, 34, {"first_player": "guest"}),
        ),
        Bench(),
    )
