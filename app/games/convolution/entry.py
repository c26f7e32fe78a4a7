"""Convolution's entry: what the server and the tests take from this package (app/games/entry.py),
declared in pyproject.toml under the entry point group `tinkertable.games`."""

from __future__ import annotations

from app.games.convolution import Convolution, progress
from app.games.convolution.secrets import ConvolutionKeeper
from app.games.entry import Bench, GameEntry, Progress, Recording, package_entry


def entry() -> GameEntry:
    return package_entry(
        __file__,
        Convolution(),
        ConvolutionKeeper(),
        Progress(progress.MEASURE, progress.progress, progress.breakdown),
        (Recording("convolution-2p", 2, 101),),
        # Its patches: 392 bytes on average, 251 of them the log's new lines, the legal
        # actions and the prompt: 0.141 of its small snapshot with no change of state at all.
        Bench(cost=10, load_games=250, load_rate=120, patch_share=0.23),
    )
