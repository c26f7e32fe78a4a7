"""Nerdy Inventions stored before migration 0007 (migrations/versions/0007_first_player.py):
its option and state key "starting_player" became "first_player"."""

from __future__ import annotations

import json
from typing import Any

from app.config import Settings
from app.games.core import canonical
from app.play.registry import games_for
from app.store.db import migrate
from tests import test_migrations
from tests.conftest import run
from tests.test_migrations import _execute, _scalar, assert_at_head

# The databases of tests/test_migrations.py: an empty SQLite one and an empty PostgreSQL one.
empty_url = test_migrations.empty_url
fresh_postgres = test_migrations.fresh_postgres


def test_a_nerdy_game_stored_before_0007_loads_with_first_player(empty_url: str) -> None:
    """Nerdy Inventions' option and state key "starting_player" became "first_player": a lobby
    and a game stored before keep their setting, and the game plays on from its snapshot."""
    game = games_for(Settings())["nerdy-inventions"]
    new = game.start(3, {"first_player": "second"}, 7)
    seat = game.active(new)[0]
    after = game.apply(new, seat, game.legal(new, seat)[0])

    def old(value: dict[str, Any]) -> str:
        renamed = {("starting_player" if k == "first_player" else k): v for k, v in value.items()}
        return canonical(renamed)

    migrate(empty_url, "0006")
    run(
        _execute(
            empty_url,
            "INSERT INTO lobbies (id, code, game, options, status, created_at, updated_at) "
            "VALUES (1, 'nerd', 'nerdy-inventions', :options, 'playing', CURRENT_TIMESTAMP, "
            "CURRENT_TIMESTAMP)",
            options=old({"first_player": "second"}),
        )
    )
    run(
        _execute(
            empty_url,
            "INSERT INTO games (lobby_id, game, rules_version, seed, players, seats, options, "
            "setup, seq, snapshot, snapshot_seq, status, created_at, updated_at) VALUES "
            "(1, 'nerdy-inventions', '1', 7, 3, '[]', :options, :setup, 1, :snapshot, 1, "
            "'playing', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
            options=old({"first_player": "second"}),
            setup=old(new),
            snapshot=old(after),
        )
    )
    migrate(empty_url)
    assert_at_head(empty_url)
    lobby_options = run(_scalar(empty_url, "SELECT options FROM lobbies"))
    stored = {
        column: run(_scalar(empty_url, f"SELECT {column} FROM games"))
        for column in ("options", "setup", "snapshot")
    }
    loaded = {
        column: value if isinstance(value, dict) else json.loads(value)
        for column, value in [("lobby", lobby_options), *stored.items()]
    }
    assert loaded["lobby"] == loaded["options"] == {"first_player": "second"}
    assert loaded["setup"] == new and loaded["snapshot"] == after
    assert game.view(loaded["snapshot"], 0) == game.view(after, 0)
    assert game.start(3, loaded["options"], 7) == loaded["setup"]
