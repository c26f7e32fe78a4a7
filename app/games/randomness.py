"""A game's own seeded randomness: the generator a state carries, started from the game's seed
and borrowed whenever the rules roll a die or shuffle (app/games/determinism.py makes it)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from app.games.determinism import Rng
from app.games.terms import State


def seed_state(state: State, seed: int) -> None:
    """Start the state's generator from the game's seed."""
    state["rng"] = format(Rng.from_seed(seed).state, "016x")


@contextmanager
def randomness(state: State) -> Iterator[Rng]:
    """Borrow the state's generator; its new position is written back on leaving."""
    rng = Rng(int(state["rng"], 16))
    yield rng
    state["rng"] = format(rng.state, "016x")
