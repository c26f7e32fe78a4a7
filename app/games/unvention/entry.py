"""Unvention's entry: what the server and the tests take from this package (app/games/entry.py),
declared in pyproject.toml under the entry point group `tinkertable.games`."""

from __future__ import annotations

from app.games.entry import Bench, GameEntry, Progress, Recording, package_entry
from app.games.unvention import Unvention, progress
from app.games.unvention.secrets import UnventionKeeper

# What a random player mostly does, so that random games end: write numbers, build, present.
PREFER = ("journal", "circle", "build_start", "build_add", "build_place", "present")


def entry() -> GameEntry:
    return package_entry(
        __file__,
        Unvention(),
        UnventionKeeper(),
        Progress(progress.MEASURE, progress.progress, progress.breakdown),
        (Recording("unvention-2p", 2, 103, prefer=PREFER),),
        Bench(prefer=PREFER, cost=1000, load_players=3),
    )
