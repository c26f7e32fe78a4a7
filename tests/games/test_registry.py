"""A game is one registry entry (app/play/registry.py): a test here fails when a registered game
lacks any of what the entry pairs it with, or what the tests keep beside it."""

from __future__ import annotations

import json

from app.config import ROOT, Settings
from app.games.bots import bots_for
from app.play.registry import entries_for
from tests.games.replays import GOLDEN
from tests.games.secrets import KEEPERS

ENTRIES = entries_for(Settings())


def test_every_game_has_its_page_module() -> None:
    for entry in ENTRIES.values():
        assert (ROOT / "static" / "js" / entry.page).is_file(), entry.game.id


def test_every_game_has_a_good_bot_beside_the_easy_one() -> None:
    for entry in ENTRIES.values():
        assert list(bots_for(entry.game)) == ["easy", "good"], entry.game.id


def test_every_game_has_a_secrets_keeper() -> None:
    assert set(KEEPERS) == set(ENTRIES)
    for game_id, keeper in KEEPERS.items():
        assert keeper.game.id == game_id


def test_every_game_has_golden_recordings_and_every_file_is_registered() -> None:
    registered = {
        recording.name: (game_id, recording)
        for game_id, entry in ENTRIES.items()
        for recording in entry.recordings
    }
    assert all(entry.recordings for entry in ENTRIES.values())
    assert {path.stem for path in GOLDEN.glob("*.json")} == set(registered)
    for name, (game_id, recording) in registered.items():
        golden = json.loads((GOLDEN / f"{name}.json").read_text())
        assert golden["game"] == game_id
        assert (golden["players"], golden["options"], golden["seed"]) == (
            recording.players,
            recording.options,
            recording.seed,
        )


def test_every_game_has_its_rules_page() -> None:
    for game_id in ENTRIES:
        assert (ROOT / "app" / "games" / game_id.replace("-", "_") / "rules.md").is_file()
