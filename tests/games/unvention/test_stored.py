"""Unvention: states stored by earlier code still load (`Game.upgrade`, stored.py).

tests/games/unvention/stored/ holds a whole seeded two-seat game of the good bot (`game.json`:
its seed, every action with its seat, and the result the old code gave) and states the old code
stored along the way (`state-<actions played>-<what>.json`): the setup, a build of two parts, a
build with the Torque, a Presentation and the end. They were written by the code before the
turn record was called "asking" and before the end went through core.finish, and must never be
written again by today's code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.games.core import State, clone
from app.games.unvention import Unvention

game = Unvention()
STORED = Path(__file__).parent / "stored"
RECORD = json.loads((STORED / "game.json").read_text())
SNAPSHOTS = sorted(STORED.glob("state-*.json"), key=lambda path: int(path.name.split("-")[1]))


def played(steps: int) -> State:
    """The recorded game after its first `steps` actions, played by today's code."""
    state = game.start(RECORD["players"], RECORD["options"], RECORD["seed"])
    for step in RECORD["actions"][:steps]:
        state = game.apply(state, step["seat"], step["action"])
    return state


def play_on(state: State, steps: int) -> State:
    """`state` after the recorded actions from `steps` on, each checked legal as it comes."""
    for step in RECORD["actions"][steps:]:
        assert step["action"] in game.legal(state, step["seat"])
        state = game.apply(state, step["seat"], step["action"])
    return state


def stored(path: Path) -> tuple[int, State]:
    return int(path.name.split("-")[1]), json.loads(path.read_text())


def test_the_fixtures_are_the_old_shape() -> None:
    """If these fail, the files were written again by today's code and test nothing."""
    names = [path.name for path in SNAPSHOTS]
    assert names == [
        "state-0-setup.json",
        "state-50-build.json",
        "state-76-torque.json",
        "state-234-present.json",
        "state-380-over.json",
    ]
    for path in SNAPSHOTS:
        _, old = stored(path)
        assert "result" not in old
        assert all("doing" in sheet and "asking" not in sheet for sheet in old["sheets"])
    assert stored(SNAPSHOTS[-1])[1]["phase"] == "over"
    assert len(stored(SNAPSHOTS[2])[1]["sheets"][0]["doing"]["building"]["parts"]) >= 2


@pytest.mark.parametrize("path", SNAPSHOTS, ids=lambda path: path.stem)
def test_an_old_state_upgrades_to_the_state_todays_code_reaches(path: Path) -> None:
    steps, old = stored(path)
    kept = clone(old)
    upgraded = game.upgrade(old)
    assert old == kept  # pure: the stored state is not changed
    assert upgraded == played(steps)
    assert json.dumps(upgraded) == json.dumps(played(steps))  # keys in the same order too


@pytest.mark.parametrize("path", SNAPSHOTS[1:-1], ids=lambda path: path.stem)
def test_an_upgraded_game_plays_on_to_the_old_result(path: Path) -> None:
    steps, old = stored(path)
    upgraded = game.upgrade(old)
    for seat in range(RECORD["players"]):
        assert game.view(upgraded, seat) == game.view(played(steps), seat)
        assert game.legal(upgraded, seat) == game.legal(played(steps), seat)
    end = play_on(upgraded, steps)
    assert end == played(len(RECORD["actions"]))
    result = game.result(end)
    assert result is not None and result.to_json() == RECORD["result"]


def test_an_old_finished_game_keeps_its_result_and_log() -> None:
    _, old = stored(SNAPSHOTS[-1])
    upgraded = game.upgrade(old)
    result = game.result(upgraded)
    assert result is not None and result.to_json() == RECORD["result"]
    assert result.reason == "{seat1} wins with 86 points"
    assert upgraded["log"] == old["log"]  # the end is not logged twice
    assert old["log"][-1]["text"] == "The competition is over: " + result.reason
    assert game.active(upgraded) == [] and game.legal(upgraded, 1) == []
    assert game.view(upgraded, None)["prompt"] is None


def every_state() -> list[State]:
    state = game.start(RECORD["players"], RECORD["options"], RECORD["seed"])
    states = [state]
    for step in RECORD["actions"]:
        state = game.apply(state, step["seat"], step["action"])
        states.append(state)
    return states


def test_upgrade_leaves_todays_states_alone() -> None:
    for state in every_state():
        assert game.upgrade(state) == state
    for path in SNAPSHOTS:
        once = game.upgrade(stored(path)[1])
        assert game.upgrade(once) == once


def test_upgrade_gives_a_copy() -> None:
    state: dict[str, Any] = game.start(2, {}, 5)
    stage = state["sheets"][0]["asking"]["stage"]
    upgraded = game.upgrade(state)
    upgraded["sheets"][0]["asking"]["stage"] = "done"
    assert state["sheets"][0]["asking"]["stage"] == stage != "done"
