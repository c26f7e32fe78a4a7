"""How long a finished game's review takes (app/play/review.py), engine only.

    .venv/bin/python scripts/bench_review.py                  # every game, one game each
    .venv/bin/python scripts/bench_review.py --game <game id> --seed 7

Plays a two-player game of the good bot against the easy one (a person's game against a bot,
as played by a person who is not the good bot), then reviews seat 0 as a person: the time to
fold the record and find the decisions to judge, and to judge them (one `consider` each), in
this process. The server does the same work in its worker processes, CHUNK decisions per job
(app/play/reviews.py). A measurement to read, not a timed test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.games.bots import EASY, bot_rng  # noqa: E402
from app.games.core import Game, clone  # noqa: E402
from app.play.checkpoints import Checkpoints  # noqa: E402
from app.play.registry import games_for  # noqa: E402
from app.play.review import Entry, decisions, good_bot, judge  # noqa: E402

MAX_ACTIONS = 20_000


def play(game: Game, seed: int) -> list[Entry]:
    """Seat 0 the easy bot (the person), seat 1 the good bot; the record's entries."""
    bots = [EASY, good_bot(game)]
    state, entries = game.start(2, {}, seed), []
    while game.result(state) is None and len(entries) < MAX_ACTIONS:
        seat = min(game.active(state))
        view = {**game.view(state, seat), "you": seat}
        legal = game.legal(state, seat)
        action = bots[seat].choose(
            game, clone(view), clone(legal), bot_rng(seed, len(entries), seat)
        )
        state = game.apply(state, seat, action)
        entries.append((seat, action, None))
    return entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game's id (repeatable; all if none)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    games = games_for(Settings(_env_file=None))
    for game_id in args.game or list(games):
        game = games[game_id]
        bot = good_bot(game)
        entries = play(game, args.seed)
        setup = game.start(2, {}, args.seed)
        started = time.perf_counter()
        found = decisions(game, setup, entries, [0])
        folded = time.perf_counter() - started
        checkpoints = Checkpoints(game, setup, [(seat, action) for seat, action, _ in entries])
        names = ["Ann", "Bot"]
        started = time.perf_counter()
        moments = 0
        for decision in found:
            state = checkpoints.state_after(decision.seq)
            action = entries[decision.seq][1]
            moments += judge(game, bot, state, decision, action, args.seed, names) is not None
        judged = time.perf_counter() - started
        each = 1000 * judged / max(1, len(found))
        print(
            f"{game_id}: {len(entries)} actions, {len(found)} of the person's decisions judged;"
            f" fold {folded:.1f} s, judging {judged:.1f} s ({each:.0f} ms each),"
            f" {moments} with a cost",
            flush=True,
        )


if __name__ == "__main__":
    main()
