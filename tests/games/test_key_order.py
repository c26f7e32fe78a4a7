"""A state read back from a database is the same state: every game's states leave `start` and
`apply` with their keys in one order, so the order of keys (PostgreSQL's JSONB sorts them its
own way) can never change what `legal` lists, what a view shows, or what an action does."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.config import Settings
from app.games.core import clone
from app.play.registry import games_for

GAMES = games_for(Settings(_env_file=None))
STEPS = 400  # per game: enough to pass through every phase of the shorter games


def keys_reversed(value: Any) -> Any:
    """The same data with every object's keys in reverse order."""
    if isinstance(value, dict):
        return {key: keys_reversed(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [keys_reversed(item) for item in value]
    return value


def text(value: Any) -> str:
    """The JSON text with keys in the order the data holds them."""
    return json.dumps(value)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_state_in_another_key_order_plays_on_identically(game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(game_id)
    for seed in range(3):
        players = max(game.min_players, min(game.max_players, 3))
        state = game.start(players, {}, seed)
        for _ in range(STEPS):
            assert text(state) == json.dumps(state, sort_keys=True), "keys out of order"
            if game.result(state) is not None:
                break
            read_back = clone(keys_reversed(state))  # as the runner loads a snapshot
            for seat in [*range(players), None]:
                assert text(game.view(read_back, seat)) == text(game.view(state, seat))
                if seat is not None:
                    assert game.legal(read_back, seat) == game.legal(state, seat)
            seat = rng.choice(game.active(state))
            action = rng.choice(game.legal(state, seat))
            after = game.apply(state, seat, action)
            assert text(game.apply(keys_reversed(state), seat, action)) == text(after)
            state = after
