"""Record golden replays: whole seeded games whose every view is pinned down by a digest.

    .venv/bin/python scripts/record_golden.py                 # (re)record every game listed
    .venv/bin/python scripts/record_golden.py --only <game id>

Each file in a game's golden folder (its entry's `golden`) holds a game's id, players, options,
seed, every action in order (with its seat), the result, every seat's and the spectator's
final view, and one SHA-256 over every view after every action.
tests/games/test_golden_replays.py replays the actions and compares: any change to what a game
does or shows, anywhere in the game, changes the digest.
A change that is meant must be recorded again with this script, and the diff of the final
views reviewed before committing.

The players choose at random among the legal actions, seeded, preferring the action types
listed per game so that games reach their end in a reasonable number of steps.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.games.core import Game  # noqa: E402
from app.games.entry import GameEntry, Recording  # noqa: E402
from app.play.registry import entries_for  # noqa: E402
from tests.games.replays import replay, views_of  # noqa: E402

MAX_ACTIONS = 5000


def record(
    game: Game,
    players: int,
    options: dict[str, Any],
    seed: int,
    prefer: tuple[str, ...],
) -> list[dict[str, Any]]:
    """A whole game of seeded random choices: the actions in order, with their seats."""
    rng = random.Random(seed)
    state = game.start(players, options, seed)
    actions: list[dict[str, Any]] = []
    while game.result(state) is None:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{game.id} seed {seed}: no end after {MAX_ACTIONS} actions")
        seat = rng.choice(game.active(state))
        legal = game.legal(state, seat)
        preferred = [action for action in legal if action.get("type") in prefer]
        action = rng.choice(preferred if preferred and rng.random() < 0.8 else legal)
        actions.append({"seat": seat, "action": action})
        state = game.apply(state, seat, action)
    return actions


def golden_text(golden: dict[str, Any]) -> str:
    """The file's text: one action per line (short diffs), the final views indented."""
    compact: dict[str, Any] = {"sort_keys": True, "separators": (",", ":")}
    actions = ",\n  ".join(json.dumps(step, **compact) for step in golden["actions"])
    rest = {key: value for key, value in golden.items() if key != "actions"}
    body = json.dumps(rest, indent=1, sort_keys=True)
    return body[:-2] + f',\n "actions": [\n  {actions}\n ]\n}}\n'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="record only this game id")
    args = parser.parse_args()
    for game_id, entry in entries_for(Settings()).items():
        if args.only and game_id != args.only:
            continue
        for recording in entry.recordings:
            write(entry, recording)
    return 0


def write(entry: GameEntry, recording: Recording) -> None:
    """Record one golden game and write its file, in the entry's `golden` folder."""
    game = entry.game
    players, options, seed = recording.players, recording.options, recording.seed
    actions = record(game, players, options, seed, recording.prefer)
    state, digest = replay(game, players, options, seed, actions)
    result = game.result(state)
    assert result is not None
    golden = {
        "game": game.id,
        "players": players,
        "options": options,
        "seed": seed,
        "actions": actions,
        "result": result.to_json(),
        "final_views": views_of(game, state, players),
        "digest": digest,
    }
    entry.golden.mkdir(parents=True, exist_ok=True)
    path = entry.golden / f"{recording.name}.json"
    path.write_text(golden_text(golden))
    print(f"{path.relative_to(ROOT)}: {len(actions)} actions, {path.stat().st_size} bytes")


if __name__ == "__main__":
    sys.exit(main())
