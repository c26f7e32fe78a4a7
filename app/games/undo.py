"""Taking a move back: the shared half of every game's `undoable` and `took_back` (each game
says in its own `undo` module which of its moves may be taken back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.determinism import clone
from app.games.log import log, seat_token
from app.games.terms import Action, Seat, State

if TYPE_CHECKING:
    from app.games.core import Game


def take_back(game: Game, before: State, now: State, seat: Seat, action: Action) -> State:
    """The state once `seat` has taken back `action`, which led from `before`: `before` again,
    but with the log as it is `now` and a line saying so (the log only grows: what the others
    saw happen stays in it)."""
    state = clone(before)
    state["log"] = clone(now.get("log", []))
    log(state, f"{seat_token(seat)} took back {game.took_back(action)}")
    return clone(state)


def drew_nothing(before: State, after: State) -> bool:
    """The shared half of every `undoable`: the action drew no randomness (the state's
    generator did not move: no die rolled, nothing shuffled)."""
    return before.get("rng") == after.get("rng")
