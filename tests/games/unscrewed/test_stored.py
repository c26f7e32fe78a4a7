"""Games stored before the printed components left the state still load and play on.

The files in stored/ were written by the code before that change (commit 4666e69): a game's
setup, its state after some actions (in the middle of a script, waiting for an answer), the
actions that took it to its end then and its result; first-2p also holds its finished state.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from app.games.unscrewed import Unscrewed
from app.games.unscrewed.box import UnknownBox
from app.games.unscrewed.stored import PRINTED

from .helpers import GAME

STORED = Path(__file__).parent / "stored"
NAMES = ("full-3p", "first-2p")


def stored(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((STORED / f"{name}.json").read_text())
    return data


def played(state: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    for step in steps:
        state = GAME.apply(state, step["seat"], step["action"])
    return state


@pytest.mark.parametrize("name", NAMES)
def test_a_stored_setup_comes_back_as_todays_setup(name: str) -> None:
    old = stored(name)
    assert "grid" in old["setup"] and "improv_cards" in old["setup"]
    setup = GAME.upgrade(old["setup"])
    assert setup == GAME.start(old["players"], old["options"], old["seed"])
    assert not set(PRINTED) & set(setup)
    assert list(setup) == sorted(setup)  # the key order `start` gives
    assert old["setup"]["grid"]  # the stored state itself is left alone


@pytest.mark.parametrize("name", NAMES)
def test_a_game_stored_in_the_middle_of_a_script_plays_on_as_today(name: str) -> None:
    old = stored(name)
    assert old["snapshot"]["script"]["answers"] is not None
    today = played(GAME.start(old["players"], old["options"], old["seed"]), old["actions"])
    upgraded = GAME.upgrade(old["snapshot"])
    assert upgraded == today
    assert "script" not in upgraded
    assert not set(PRINTED) & set(upgraded["asking"]["base"])
    for seat in range(old["players"]):
        assert GAME.view(upgraded, seat) == GAME.view(today, seat)
    # Played on, the upgraded game goes exactly where the stored one went then.
    state, today = upgraded, today
    for step in old["then"]:
        state = GAME.apply(state, step["seat"], step["action"])
        today = GAME.apply(today, step["seat"], step["action"])
        assert state == today
    result = GAME.result(state)
    assert result is not None and result.to_json() == old["result"]


def test_a_finished_stored_game_keeps_its_result_and_ends_in_no_phase_over() -> None:
    old = stored("first-2p")
    assert old["final"]["phase"] == "over" and "scores" not in old["final"]["result"]
    final = GAME.upgrade(old["final"])
    result = GAME.result(final)
    assert result is not None and result.to_json() == old["result"]
    assert final["phase"] == "aftermath"
    assert GAME.active(final) == [] and GAME.legal(final, 0) == []
    everything = played(
        GAME.start(old["players"], old["options"], old["seed"]), old["actions"] + old["then"]
    )
    assert final["result"] == everything["result"]
    assert GAME.view(final, 0)["log"] == GAME.view(everything, 0)["log"]


@pytest.mark.parametrize("name", NAMES)
def test_upgrading_todays_state_changes_nothing(name: str) -> None:
    old = stored(name)
    today = played(GAME.start(old["players"], old["options"], old["seed"]), old["actions"])
    assert GAME.upgrade(today) is today
    upgraded = GAME.upgrade(old["snapshot"])
    assert GAME.upgrade(upgraded) == upgraded


def test_a_game_stored_with_components_the_server_no_longer_has_is_refused() -> None:
    old = stored("first-2p")
    changed = json.loads(json.dumps(old["snapshot"]))
    changed["improv_cards"]["big_hammer"]["text"] = "Another text."
    with pytest.raises(UnknownBox):
        GAME.upgrade(changed)
    other_box = dataclasses.replace(
        GAME.box, friend={"name": "Another Friend", "text": "Another text."}
    )
    assert other_box.digest != GAME.box.digest
    with pytest.raises(UnknownBox):
        Unscrewed(other_box).upgrade(old["setup"])
    # Today's states of such a game are refused too, by the rules, once its box is unknown.
    state = GAME.start(2, {"mode": "first"}, 5)
    state = GAME.apply(state, 0, {"type": "character", "name": "slappy"})
    assert GAME.legal(state, 1)[0] == {"type": "character", "name": "dr_piddles"}
    state = json.loads(json.dumps(state).replace(GAME.box.digest, "0123456789abcdef"))
    with pytest.raises(UnknownBox):  # spawning needs the map
        GAME.apply(state, 1, {"type": "character", "name": "dr_piddles"})
