"""Patches stay small (issue #34): over whole games of random play, the patch messages of every
seat and of a spectator are at most 15% of the snapshots they spare (tests/play/patch_sizes.py
measures; `python -m tests.play.patch_sizes` prints the table).

TT_PATCH_GAMES (default 3) sets the random games per game."""

from __future__ import annotations

import os

import pytest

from tests.play.patch_sizes import measure
from tests.registered import ENTRIES

GAMES = int(os.environ.get("TT_PATCH_GAMES", "3"))
# The games hosted here (an outside game's pieces are its own affair).
HOSTED = [
    game_id
    for game_id, entry in ENTRIES.items()
    if type(entry.game).__module__.startswith("app.games.")
]


@pytest.mark.parametrize("game_id", HOSTED)
def test_patches_are_small_against_the_snapshots_they_spare(game_id: str) -> None:
    """At most 15% (issue #34), or the game's own bound (its entry's `patch_share`, which says
    why it is higher)."""
    entry = ENTRIES[game_id]
    sizes = measure(entry.game, entry.bench.load_players, GAMES, seed=11)
    assert sizes.patches > 0
    assert sizes.ratio <= entry.bench.patch_share, (
        f"{game_id}: patches are {sizes.ratio:.1%} of the snapshots they spare"
        f" ({sizes.patch_average:.0f} bytes a patch message on average)"
    )
