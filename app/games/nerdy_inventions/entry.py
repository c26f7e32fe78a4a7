"""Nerdy Inventions' entry: what the server and the tests take from this package
(app/games/entry.py), declared in pyproject.toml under the entry point group `tinkertable.games`."""

from __future__ import annotations

from app.games.entry import Bench, Components, GameEntry, Progress, Recording, package_entry
from app.games.nerdy_inventions import NerdyInventions, progress
from app.games.nerdy_inventions.cards import load_cards
from app.games.nerdy_inventions.secrets import NerdyKeeper


def entry() -> GameEntry:
    return package_entry(
        __file__,
        NerdyInventions(),
        NerdyKeeper(),
        Progress(progress.MEASURE, progress.progress),
        (Recording("nerdy-inventions-3p", 3, 102, prefer=("build", "pay")),),
        Bench(prefer=("build", "pay"), cost=250, load_players=3),
        Components("NERDY_INVENTIONS_CARDS", lambda data: NerdyInventions(load_cards(data))),
    )
