"""Golden replays: recorded whole games replay to the same views, step by step, and result.

Each game's recordings (its entry's `recordings`, in its `golden` folder) were recorded by
scripts/record_golden.py. A failure here means a game now plays or shows something differently
from when it was recorded: if that change is meant, record again and review the diff of the
final views.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.config import Settings
from app.play.registry import games_for
from tests.games.replays import golden_files, replay, views_of

GAMES = games_for(Settings())
FILES = golden_files()


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_recorded_game_replays_identically(path: Path) -> None:
    golden = json.loads(path.read_text())
    game = GAMES[golden["game"]]
    state, digest = replay(
        game, golden["players"], golden["options"], golden["seed"], golden["actions"]
    )
    result = game.result(state)
    assert result is not None and result.to_json() == golden["result"]
    assert views_of(game, state, golden["players"]) == golden["final_views"]
    assert digest == golden["digest"]
