"""The one fold of a game record into a state: every reader of a record goes through here.

A record is its setup and its entries in order, each a seat and an action. Most entries are the
game's own actions, applied by `Game.apply`. Two are ours (docs/protocol.md):

- `{"type": "undo"}` (`UNDO`), a seat taking back its own last action. The record stays
  append-only, so an undo is an entry of its own, and the state after it is the state before the
  action it took back, with the log grown by a line saying so (`undo.take_back`).
- `{"type": "hint"}` (`HINT`), a seat that asked the good bot for a hint (app.play.hints) and was
  answered: the log grows by a line saying so, for everyone to read (fair play among friends),
  and nothing else changes. It is no action of the game: no seat has acted, so the actions that
  may be taken back stay as they were (an undo after a hint takes back the action before it).

To fold an undo, the fold keeps, beside the state, the states before the effective actions
that may still be taken back (`Fold.back`): the run of undoable actions (`Game.undoable`) since
the last one that was not. Only the latest of them may be taken back, by its own seat, and then
the one before it, and so on; an action that may not be taken back closes the run for good, as
nothing before it can ever be taken back again. So the fold needs nothing older than that
action, and a stored state whose run is empty (`Fold.back == ()`) is a complete starting point:
the play layer writes its snapshots only there (app.play.runner), and the replays' checkpoints
keep their run beside the state (app.play.checkpoints).

Readers: the room's load and the actions read from other processes (app.play.runner,
app.play.referee), the replays (app.play.checkpoints), the score charts (app.play.progress),
and the tests of export and import.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from app.edge.error_codes import ErrorCode
from app.games.core import Action, Game, GameError, Seat, State, clone
from app.games.log import log, seat_token
from app.games.undo import take_back

# The record's entry for a take-back, exactly.
UNDO: Action = {"type": "undo"}
# ... and for a hint given to the seat.
HINT: Action = {"type": "hint"}


class CannotUndo(GameError):
    """The seat may not take anything back now."""

    code = ErrorCode.CANNOT_UNDO


def is_undo(action: Any) -> bool:
    return isinstance(action, dict) and action == UNDO


def is_hint(action: Any) -> bool:
    return isinstance(action, dict) and action == HINT


@dataclass(frozen=True)
class Step:
    """An effective action that may still be taken back: who took it, what, from which state,
    and `by` whom when a bot chose it for the seat's person (its person may not take it back)."""

    seat: Seat
    action: Action
    before: State
    by: str | None = None


@dataclass(frozen=True)
class Fold:
    """A record folded so far: the state, and the run of actions that may be taken back."""

    state: State
    back: tuple[Step, ...] = ()

    def last(self) -> Step | None:
        """The latest effective action, when it may be taken back."""
        return self.back[-1] if self.back else None

    def may_undo(self, seat: Seat) -> bool:
        """Whether the rules let `seat` take back its last action now: it is the game's latest
        (nobody has acted since), undoable, and chosen by the seat's own player."""
        last = self.last()
        return last is not None and last.seat == seat and last.by is None


def step(game: Game, fold: Fold, seat: Seat, action: Action, by: str | None = None) -> Fold:
    """The fold after one more entry; IllegalAction (a game's action) or CannotUndo (an undo)
    when the entry may not follow, and nothing changes. A hint always may (the referee checks
    that the seat had something to decide before it records one)."""
    if is_undo(action):
        return undo(game, fold, seat)
    if is_hint(action):
        return hinted(fold, seat)
    after = game.apply(fold.state, seat, action)
    if game.result(after) is None and game.undoable(fold.state, after, seat, action):
        return Fold(after, (*fold.back, Step(seat, action, fold.state, by)))
    return Fold(after)


def undo(game: Game, fold: Fold, seat: Seat) -> Fold:
    """`seat` takes back its last action: the state before it, the log grown by a line."""
    last = fold.last()
    if last is None or last.seat != seat:
        raise CannotUndo("you have no action to take back now")
    return Fold(take_back(game, last.before, fold.state, seat, last.action), fold.back[:-1])


def hinted(fold: Fold, seat: Seat) -> Fold:
    """`seat` was given a hint: the log grown by a line saying so, nothing else changed."""
    state = clone(fold.state)
    log(state, f"{seat_token(seat)} asked for a hint")
    return Fold(clone(state), fold.back)


def fold(game: Game, start: Fold, entries: Iterable[tuple[Seat, Action]]) -> Fold:
    """`start` (a setup: `Fold(setup)`) with `entries` folded in."""
    for seat, action in entries:
        start = step(game, start, seat, action)
    return start


def states(game: Game, start: Fold, entries: Iterable[tuple[Seat, Action]]) -> Iterator[State]:
    """The state at `start`, then after each entry in turn (the score charts' series)."""
    yield start.state
    for seat, action in entries:
        start = step(game, start, seat, action)
        yield start.state


# --- stored beside a state (the replays' checkpoints) -------------------------------------------


def back_to_json(back: tuple[Step, ...]) -> list[Any]:
    return [[s.seat, s.action, s.before, s.by] for s in back]


def back_from_json(data: list[Any]) -> tuple[Step, ...]:
    return tuple(Step(seat, action, before, by) for seat, action, before, by in data)
