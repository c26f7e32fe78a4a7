"""A game is one entry (app/games/entry.py), found through the entry point group
`tinkertable.games`: a test here fails when a registered game lacks any part of its entry."""

from __future__ import annotations

import json
from importlib.metadata import entry_points

from app.config import Settings
from app.games.bots import bots_for
from app.games.core import Game
from app.games.entry import ENTRY_POINTS, PAGE_FILES, GameEntry, Progress
from app.games.secrets import Keeper
from app.play.registry import entries_for

ENTRIES = entries_for(Settings())


def test_every_game_is_found_through_its_entry_point() -> None:
    names = {point.name for point in entry_points(group=ENTRY_POINTS)}
    assert names == set(ENTRIES)
    assert len(ENTRIES) >= 5  # ours, and any other installed


def test_every_entry_has_every_part() -> None:
    for game_id, entry in ENTRIES.items():
        assert isinstance(entry, GameEntry), game_id
        assert isinstance(entry.game, Game) and entry.game.id == game_id
        assert isinstance(entry.keeper, Keeper) and entry.keeper.game.id == game_id
        assert entry.keeper.variants, game_id  # player counts and options to look at
        assert isinstance(entry.progress, Progress) and entry.progress.measure, game_id
        assert entry.rules.is_file() and entry.rules.read_text().strip(), game_id
        for name in PAGE_FILES:
            assert (entry.page / name).is_file(), f"{game_id} has no {name} in {entry.page}"
        assert entry.bench.cost >= 1, game_id


def test_every_game_has_a_good_bot_beside_the_easy_one() -> None:
    for entry in ENTRIES.values():
        assert list(bots_for(entry.game)) == ["easy", "good"], entry.game.id


def test_every_game_has_golden_recordings_and_every_file_is_registered() -> None:
    for game_id, entry in ENTRIES.items():
        assert entry.recordings, game_id
        files = {path.stem for path in entry.golden.glob("*.json")}
        assert files == {recording.name for recording in entry.recordings}, game_id
        for recording in entry.recordings:
            golden = json.loads((entry.golden / f"{recording.name}.json").read_text())
            assert golden["game"] == game_id
            assert (golden["players"], golden["options"], golden["seed"]) == (
                recording.players,
                recording.options,
                recording.seed,
            )


def test_a_host_component_setting_names_a_file_the_game_is_made_from() -> None:
    for game_id, entry in ENTRIES.items():
        if entry.components is not None:
            assert entry.components.setting.isupper(), game_id  # an environment variable
