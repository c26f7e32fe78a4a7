"""Finding the moments the per-game take-back tests need: random legal play from a seed until
some seat may take an action of the kind wanted."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from app.games.core import Action, Game, Seat, State
from app.play import fold

Wanted = Callable[[State, Seat, Action], bool]


def moment(
    game: Game,
    players: int,
    wanted: Wanted,
    *,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> tuple[State, Seat, Action]:
    """The first state of a seeded random game where `wanted` holds for a legal action: (the
    state, the seat, the action)."""
    for attempt in range(50):
        rng = random.Random(seed * 1000 + attempt)
        state = game.start(players, options or {}, seed * 1000 + attempt)
        for _ in range(5000):
            if game.result(state) is not None:
                break
            choices = [
                (seat, action) for seat in range(players) for action in game.legal(state, seat)
            ]
            for seat, action in choices:
                if wanted(state, seat, action):
                    return state, seat, action
            seat, action = rng.choice(choices)
            state = game.apply(state, seat, action)
    raise AssertionError("no such moment in 50 random games")


def of_type(*types: str) -> Wanted:
    return lambda state, seat, action: action["type"] in types


def undoable(game: Game, state: State, seat: Seat, action: Action) -> bool:
    """Whether the play layer would let `seat` take `action` back right after it (the game's
    `undoable`, and the game not over): through the fold, as every reader sees it."""
    after = fold.step(game, fold.Fold(state), seat, action)
    return after.may_undo(seat)


def taken_back(game: Game, state: State, seat: Seat, action: Action) -> State:
    """The state once `seat` has taken `action` back: the state before it, but for the log."""
    after = fold.step(game, fold.Fold(state), seat, action)
    back = fold.step(game, after, seat, fold.UNDO)
    assert {**back.state, "log": None} == {**state, "log": None}
    assert back.state["log"][: len(after.state["log"])] == after.state["log"]
    return back.state
