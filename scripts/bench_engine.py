"""How long whole random games take in a rules engine alone (no server, no database).

    .venv/bin/python scripts/bench_engine.py --game <game id> --games 200 --players 2,3,4

Plays seeded games of random legal actions (preferring the game's `bench.prefer` action types,
app/games/entry.py, so that games end) through `Game.apply`, exactly as the server does, and
prints per player count: games, actions per game, mean / p50 / p95 / max seconds per game and
microseconds per action. A measurement to read, not a timed test.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.games.core import Game  # noqa: E402
from app.play.registry import entries_for  # noqa: E402


def play(
    game: Game, players: int, options: dict, seed: int, prefer: tuple[str, ...] = ()
) -> tuple[float, int]:
    """One whole game: its engine time in seconds and its number of actions."""
    rng = random.Random(seed)
    started = time.perf_counter()
    state = game.start(players, options, seed)
    actions = 0
    while game.result(state) is None:
        seat = rng.choice(game.active(state))
        legal = game.legal(state, seat)
        preferred = [action for action in legal if action.get("type") in prefer]
        action = rng.choice(preferred if preferred and rng.random() < 0.8 else legal)
        state = game.apply(state, seat, action)
        actions += 1
    return time.perf_counter() - started, actions


def main() -> int:
    entries = entries_for(Settings())
    shortest = min(entries.values(), key=lambda entry: entry.bench.cost).id
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        choices=list(entries),
        default=shortest,
        help=f"the game id (default: the one whose random games are the shortest, {shortest})",
    )
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", default="2", help="player counts, e.g. 2,3,4")
    parser.add_argument("--options", type=json.loads, default={}, help="lobby options as JSON")
    args = parser.parse_args()
    entry = entries[args.game]
    game = entry.game
    print(f"{game.name}, options {json.dumps(args.options)}")
    print("players  games  actions/game  mean s  p50 s  p95 s  max s  us/action")
    for players in (int(count) for count in args.players.split(",")):
        times, lengths = [], []
        for seed in range(args.games):
            seconds, actions = play(game, players, args.options, seed, entry.bench.prefer)
            times.append(seconds)
            lengths.append(actions)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        per_action = sum(times) / sum(lengths) * 1e6
        print(
            f"{players:>7}  {len(times):>5}  {statistics.mean(lengths):>12.0f}  "
            f"{statistics.mean(times):>6.3f}  {statistics.median(times):>5.3f}  {p95:>5.3f}  "
            f"{times[-1]:>5.3f}  {per_action:>9.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
