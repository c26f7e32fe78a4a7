"""Golden replays: replaying a recorded game and the digest of every view along the way.

Recorded by scripts/record_golden.py into each game's golden folder (its entry's `golden`);
checked by tests/games/test_golden_replays.py.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from app.config import Settings
from app.games.core import Game, canonical
from app.play.registry import entries_for


def golden_files() -> list[Path]:
    """Every registered game's golden recordings, by name."""
    entries = entries_for(Settings()).values()
    return sorted((path for entry in entries for path in entry.golden.glob("*.json")), key=str)


def golden_file(name: str) -> Path:
    """The golden recording `name`, in whichever game's folder it is."""
    (path,) = [path for path in golden_files() if path.stem == name]
    return path


def views_of(game: Game, state: dict[str, Any], players: int) -> dict[str, Any]:
    """Every seat's view and the spectator's ("spectator"), with the legal actions."""
    views: dict[str, Any] = {}
    for seat in [*range(players), None]:
        view: dict[str, Any] = {**game.view(state, seat)}
        if seat is not None:
            view["legal"] = game.legal(state, seat)
        views["spectator" if seat is None else str(seat)] = view
    return views


def replay(
    game: Game, players: int, options: dict[str, Any], seed: int, actions: list[dict[str, Any]]
) -> tuple[dict[str, Any], str]:
    """Play the recorded actions; the final state and the digest of every view on the way."""
    digest = hashlib.sha256()
    state = game.start(players, options, seed)
    digest.update(canonical(views_of(game, state, players)).encode())
    for step in actions:
        state = game.apply(state, step["seat"], step["action"])
        digest.update(canonical(views_of(game, state, players)).encode())
    return state, digest.hexdigest()
