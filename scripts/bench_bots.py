"""How well and how fast a game's bots play: one level against another, engine only.

    .venv/bin/python scripts/bench_bots.py --games 200
    .venv/bin/python scripts/bench_bots.py --game <game id> --games 40 --challenger good
    .venv/bin/python scripts/bench_bots.py --game <game id> --games 400 --jobs 2

The game is any registered one (app/play/registry.py); by default the one whose random games
are the shortest.

Plays two-player games (or --players N: one challenger against N-1 opponents) with the seats
alternated game by game, each bot seeing only its seat's view and legal actions, exactly as the
server's bot driver gives them. Prints the challenger's win rate (ties and shared wins count
half, games without a winner count zero), and the mean and p95 time per decision of each
level. `--jobs N` plays N games at once in worker processes (game k still has seed k, so the
win rate is the same as one process gives; the times are then per process). A measurement to
read, not a timed test.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.games.bots import Bot, bot_rng, bots_for  # noqa: E402
from app.games.core import Game  # noqa: E402
from app.play.registry import entries_for, games_for  # noqa: E402

MAX_ACTIONS = 20_000


def play(game: Game, bots: list[Bot], seed: int, timings: dict[str, list[float]]) -> list[int]:
    """One whole game; the winning seats."""
    state = game.start(len(bots), {}, seed)
    seq = 0
    while game.result(state) is None:
        if seq >= MAX_ACTIONS:
            raise RuntimeError(f"{game.id} seed {seed}: no end after {MAX_ACTIONS} actions")
        seat = min(game.active(state))
        view = {**game.view(state, seat), "you": seat}
        legal = game.legal(state, seat)
        bot = bots[seat]
        started = time.perf_counter()
        action = bot.choose(game, view, legal, bot_rng(seed, seq, seat))
        timings[bot.level].append(time.perf_counter() - started)
        state = game.apply(state, seat, action)
        seq += 1
    result = game.result(state)
    assert result is not None
    return list(result.winners)


def one_game(job: tuple[str, str, str, int, int]) -> tuple[float, dict[str, list[float]]]:
    """Game `number` of a run: the challenger's share of its win and the decisions' times."""
    game_id, challenger, opponent, players, number = job
    game = games_for(Settings())[game_id]
    levels = {**bots_for(game), **game.sparring_bots()}
    challenger_seat = number % players
    bots = [
        levels[challenger] if seat == challenger_seat else levels[opponent]
        for seat in range(players)
    ]
    timings: dict[str, list[float]] = {challenger: [], opponent: []}
    winners = play(game, bots, number, timings)
    return (1 / len(winners) if challenger_seat in winners else 0.0), timings


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
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--challenger", default="good", help="the level measured")
    parser.add_argument("--opponent", default="easy", help="the level it plays against")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    args = parser.parse_args()
    game = entries[args.game].game
    levels = {**bots_for(game), **game.sparring_bots()}
    for level in (args.challenger, args.opponent):
        if level not in levels:
            parser.error(f"{game.name} has no {level!r} bot (it has {', '.join(levels)})")
    timings: dict[str, list[float]] = {args.challenger: [], args.opponent: []}
    points = 0.0
    started = time.perf_counter()
    jobs = [
        (args.game, args.challenger, args.opponent, args.players, number)
        for number in range(args.games)
    ]
    with multiprocessing.Pool(args.jobs) as pool:
        for done, (share, times) in enumerate(pool.imap_unordered(one_game, jobs), 1):
            points += share
            for level, spent in times.items():
                timings[level].extend(spent)
            if done % 25 == 0 and done < args.games:
                print(f"... {done} games: {points / done:.1%}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    print(f"{game.name}: {args.challenger} against {args.opponent}, {args.players} players")
    print(f"games: {args.games} in {elapsed:.0f} s, seats alternated")
    print(f"{args.challenger} win rate: {points / args.games:.1%}")
    for level, times in timings.items():
        if times:
            times.sort()
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            print(
                f"{level}: {len(times)} decisions, mean {statistics.mean(times) * 1000:.2f} ms, "
                f"p95 {p95 * 1000:.2f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
