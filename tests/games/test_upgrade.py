"""`Game.upgrade`: a state stored by an earlier version of a game, in today's shape.

For every registered game, a state of today's shape comes back unchanged (every state of its
golden games). For each stored file (tests/games/stored.py), the old setup, mid-game snapshot
and finished state become exactly the states today's code reaches with the same actions, and
the finished one has the recorded result; `upgrade` is pure and idempotent.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.config import Settings
from app.games.core import clone
from app.play.registry import entries_for
from tests.games.replays import golden_file
from tests.games.stored import STORED, name, same_end, stored_game

ENTRIES = entries_for(Settings())
RECORDINGS = [
    (game_id, recording.name)
    for game_id, entry in ENTRIES.items()
    for recording in entry.recordings
]


@pytest.mark.parametrize(("game_id", "recording"), RECORDINGS, ids=[r for _, r in RECORDINGS])
def test_upgrade_leaves_a_state_of_today_as_it_is(game_id: str, recording: str) -> None:
    golden = json.loads(golden_file(recording).read_text())
    game = ENTRIES[game_id].game
    state = game.start(golden["players"], golden["options"], golden["seed"])
    for step in [None, *golden["actions"]]:
        if step is not None:
            state = game.apply(state, step["seat"], step["action"])
        assert game.upgrade(clone(state)) == state
    assert game.result(state) is not None


@pytest.mark.parametrize("path", STORED, ids=[name(path) for path in STORED])
def test_a_stored_state_becomes_the_state_of_today(path: Path) -> None:
    stored = stored_game(path)
    game = ENTRIES[stored["game"]].game
    state = game.start(stored["players"], stored["options"], stored["seed"])
    reached = {0: state}
    for seq, step in enumerate(stored["actions"], start=1):
        state = game.apply(state, step["seat"], step["action"])
        reached[seq] = state
    last = len(stored["actions"])
    for seq, old in ((0, stored["setup"]), (stored["snapshot_seq"], stored["snapshot"])):
        assert game.result(reached[seq]) is None
        kept = clone(old)
        upgraded = game.upgrade(old)
        assert old == kept, "upgrade changed the state it was given"
        assert upgraded != old and upgraded == reached[seq]
        assert game.upgrade(upgraded) == upgraded
    finished = game.upgrade(stored["final"])
    assert same_end(stored["game"], finished, reached[last])
    result = game.result(finished)
    assert result is not None and result.to_json() == stored["result"]
    assert game.active(finished) == [] and game.legal(finished, 0) == []
