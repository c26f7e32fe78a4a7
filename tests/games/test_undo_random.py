"""Take-backs in random games of every game: seats play random legal actions and, where the
rules let them, take their last action back at random (app.play.fold).

Checked at every step: the log only grows; an undo brings every seat's view (its table, prompt,
active seats and legal actions) back to what it was before the undone action, so the undoing
seat is never shown more than before; and at the end, the record (actions and undo entries)
folded again from the setup, and a replay's checkpoints at any step, give exactly the states
every client was shown along the way.

TT_RANDOM_GAMES (default 1000) sets the length: each game plays
TT_RANDOM_GAMES // (UNDO_COST x its bench cost) games (at least one), each cut at MAX_ENTRIES
entries.
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
from typing import Any

import pytest

from app.config import Settings
from app.games.core import Action, Game, Seat, State, canonical
from app.games.log import visible_log
from app.games.undo import drew_nothing
from app.play import fold
from app.play.checkpoints import Checkpoints
from app.play.registry import entries_for

GAMES = int(os.environ.get("TT_RANDOM_GAMES", "1000"))
UNDO_COST = 2  # a random game with undos costs about twice its entry's bench cost
UNDO_CHANCE = 0.4  # when some seat may take something back
MAX_ENTRIES = 400  # a game's record is cut there (random play can go round in circles)
ENTRIES = entries_for(Settings())
ALL_GAMES = {game_id: entry.game for game_id, entry in ENTRIES.items()}


def seen(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    """What a seat is shown, its log apart: the table, the prompt, who is waited on, and what
    it may do."""
    view = game.view(state, seat)
    legal = game.legal(state, seat) if seat is not None else []
    return {
        "active": view["active"],
        "prompt": view["prompt"],
        "state": view["state"],
        "legal": legal,
    }


def digest(state: State) -> str:
    return hashlib.sha256(canonical(state).encode()).hexdigest()


def whole_log(state: State, seat: Seat | None) -> list[str]:
    return visible_log(state, seat, last=sys.maxsize)


def play(game: Game, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    seats: list[Seat | None] = [*range(players), None]
    folded = fold.Fold(game.start(players, {}, seed))
    setup = folded.state
    record: list[tuple[Seat, Action]] = []
    digests = [digest(folded.state)]
    # Each seat's view before each action that may still be taken back, latest last.
    before_views: list[dict[Seat | None, dict[str, Any]]] = []
    counts = {"undos": 0, "actions": 0}
    while game.result(folded.state) is None and len(record) < MAX_ENTRIES:
        undoers = [seat for seat in range(players) if folded.may_undo(seat)]
        assert len(undoers) <= 1, "only the latest action may be taken back"
        logs = {seat: whole_log(folded.state, seat) for seat in seats}
        if undoers and rng.random() < UNDO_CHANCE:
            (seat,) = undoers
            action: Action = fold.UNDO
            expected = before_views.pop()
            folded = fold.step(game, folded, seat, action)
            for viewer in seats:
                assert seen(game, folded.state, viewer) == expected[viewer], (game.id, viewer)
                log = whole_log(folded.state, viewer)
                assert log[:-1] == logs[viewer] and "took back" in log[-1]
            counts["undos"] += 1
        else:
            movers = [seat for seat in range(players) if game.legal(folded.state, seat)]
            seat = rng.choice(movers)
            action = rng.choice(game.legal(folded.state, seat))
            for undoer in range(players):  # only the latest may ever be taken back
                if undoer not in undoers:
                    with pytest.raises(fold.CannotUndo):
                        fold.undo(game, folded, undoer)
            after = fold.step(game, folded, seat, action)
            if after.back:
                assert after.back[:-1] == folded.back
                assert drew_nothing(folded.state, after.state)
                before_views.append({viewer: seen(game, folded.state, viewer) for viewer in seats})
            else:
                before_views.clear()
            folded = after
            for viewer in seats:
                assert whole_log(folded.state, viewer)[: len(logs[viewer])] == logs[viewer]
            counts["actions"] += 1
        assert len(before_views) == len(folded.back)
        record.append((seat, action))
        digests.append(digest(folded.state))
    again = fold.fold(game, fold.Fold(setup), record)
    assert digest(again.state) == digests[-1]
    for viewer in seats:
        assert game.view(again.state, viewer) == game.view(folded.state, viewer)
    checkpoints = Checkpoints(game, setup, record)
    steps = sorted({len(record), *rng.sample(range(len(record) + 1), min(8, len(record) + 1))})
    for step in steps:
        assert digest(checkpoints.state_after(step)) == digests[step], (game.id, step)
    return counts


@pytest.mark.parametrize("game_id", sorted(ALL_GAMES))
def test_random_games_with_take_backs(game_id: str) -> None:
    game = ALL_GAMES[game_id]
    total = {"undos": 0, "actions": 0}
    for index in range(max(1, GAMES // (UNDO_COST * ENTRIES[game_id].bench.cost))):
        counts = play(game, 7919 * index + 17)
        total = {key: total[key] + counts[key] for key in total}
    assert total["undos"] > 0, "the random games took something back"
