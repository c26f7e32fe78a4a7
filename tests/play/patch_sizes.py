"""How big the patches are, against the snapshot they spare: whole games of random play.

For every registered game, seeded games of random legal moves are played in the process, and
after each action every seat's rules view is made as the hub makes it (app.play.views) and
diffed against the seat's previous one (app.play.patches). A patch is measured as the message
that carries it (`messages.patch`), against the snapshot message a client would need instead
at that same moment (`messages.snapshot`, with a players list as the hub sends it). The
snapshots sent when seats connect at a game's start (what scripts/bench.py's ratio divides by)
are reported beside it.

    .venv/bin/python -m tests.play.patch_sizes [--games N] [game ...]
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from app.config import Settings
from app.games.core import Game
from app.play import messages
from app.play.patches import diff
from app.play.registry import entries_for
from app.play.views import full_view, rules_view

MOST_STEPS = 5000  # a random game longer than this is cut there (none is, today)


@dataclass
class Sizes:
    patches: int = 0  # messages
    patch_bytes: int = 0
    snapshot_bytes: int = 0  # of the snapshot at the moment of each patch
    starts: int = 0
    start_bytes: int = 0  # of the snapshots at each game's start

    @property
    def patch_average(self) -> float:
        return self.patch_bytes / self.patches

    @property
    def ratio(self) -> float:
        """Patch bytes against the bytes of the snapshot each patch spares."""
        return self.patch_bytes / self.snapshot_bytes

    @property
    def start_ratio(self) -> float:
        """The average patch against the average snapshot at a game's start."""
        return self.patch_average / (self.start_bytes / self.starts)


def _players(count: int) -> list[dict[str, object]]:
    return [
        {
            "seat": seat,
            "name": f"Player {seat + 1}",
            "bot": None,
            "away_bot": None,
            "connected": True,
            "away_since": None,
        }
        for seat in range(count)
    ]


def _snapshot(seq: int, view: dict[str, object], players: list[dict[str, object]]) -> str:
    return messages.snapshot(seq, messages.dump(full_view(view, players)), 1_700_000_000.0)


def measure(game: Game, players: int, games: int, seed: int = 0) -> Sizes:
    sizes = Sizes()
    names = [f"Player {seat + 1}" for seat in range(players)]
    who = _players(players)
    for number in range(games):
        rng = random.Random(seed + number)
        state = game.start(players, None, seed + number)
        viewers = [*range(players), None]
        views = {viewer: rules_view(game, state, viewer, names) for viewer in viewers}
        for view in views.values():
            sizes.starts += 1
            sizes.start_bytes += len(_snapshot(0, view, who))
        seq = 0
        while game.result(state) is None and seq < MOST_STEPS:
            seat = rng.choice(game.active(state))
            state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
            seq += 1
            for viewer in viewers:
                view = rules_view(game, state, viewer, names)
                sizes.patches += 1
                sizes.patch_bytes += len(messages.patch(seq, diff(views[viewer], view)))
                sizes.snapshot_bytes += len(_snapshot(seq, view, who))
                views[viewer] = view
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game")
    parser.add_argument("ids", nargs="*", help="game ids (default: every registered game)")
    args = parser.parse_args()
    entries = entries_for(Settings())
    print("| game | seats | patches | patch B | against the snapshot then | against a start one |")
    print("|---|---|---|---|---|---|")
    for game_id in args.ids or list(entries):
        entry = entries[game_id]
        seats = entry.bench.load_players
        sizes = measure(entry.game, seats, args.games)
        print(
            f"| {game_id} | {seats} | {sizes.patches} | {sizes.patch_average:.0f}"
            f" | {sizes.ratio:.3f} | {sizes.start_ratio:.3f} |"
        )


if __name__ == "__main__":
    main()
