"""The referee: the one way into a game, for people and bots alike.

An action is checked against the rules at the room's position, recorded (the version check on
the game row: one process wins each `seq`), then published to every viewer (app.play.fanout).
Actions another process recorded are read and applied the same way. `moved` is told whenever a
room's game is loaded or moves on (the hub passes it to the bot driver).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.exc import SQLAlchemyError

from app.error_codes import ErrorCode
from app.games.core import Action, GameError, Seat, State
from app.play import fanout
from app.play.recorder import StaleGame
from app.play.rooms import Room
from app.play.runner import AWAY, CLOCK, Position, Runner

log = logging.getLogger(__name__)

# The refusal `act` gives a bot's action chosen on a position the game has since left.
STALE = ErrorCode.STALE


@dataclass(frozen=True)
class Refusal:
    """Why `act` did not accept an action (nothing changed): a protocol error code."""

    code: str
    message: str


UNAVAILABLE = Refusal(ErrorCode.UNAVAILABLE, "the database is unavailable; try again")

# How many times a person's action is tried again on a newer position, after other processes
# recorded theirs first.
ATTEMPTS = 5


class Referee:
    def __init__(
        self, runner: Runner, now: Callable[[], float], moved: Callable[[Room], None]
    ) -> None:
        self.runner = runner
        self.now = now
        self.moved = moved
        # Told after this process recorded an action, with the positions before and after it
        # (app.notify tells the people the game turned to): once per action, whatever the
        # number of processes.
        self.on_recorded: Callable[[Room, Position, Position], None] = lambda *_: None

    async def load(self, room: Room, position: Position | None = None) -> None:
        """The room's game: `position` (the game as it starts, from the start), else as
        recorded."""
        assert room.info.game_record_id is not None
        room.position = position or await self.runner.load(room.info.game_record_id)
        room.views.clear()
        room.snapshots.clear()  # the same seq may now be another game: one its owner ended
        room.buffer.clear()
        self.moved(room)

    async def act(
        self,
        room: Room,
        seat: Seat,
        action: Action,
        *,
        chosen_at: int | None = None,
        by: str | None = None,
    ) -> Refusal | None:
        """Check `action` against the rules, record it, publish it. None once accepted.

        A person's action that loses the race to another process is tried again on the newer
        position (and refused if no longer legal there). A bot says `chosen_at`, the `seq` it
        decided at: once the game has moved past it the bot is refused with STALE and decides
        again on what it sees now. A bot playing a person's seat says `by`: AWAY while they are
        away, CLOCK once their time has run out; STALE when that is no longer so.
        """
        async with room.lock:
            if room.position is None:
                return Refusal(ErrorCode.CONFLICT, "the game has not started")
            for _attempt in range(ATTEMPTS):
                position = room.position
                now = self.now()
                after = _judge(room, position, seat, action, chosen_at, by, now)
                if isinstance(after, Refusal):
                    return after
                at = datetime.fromtimestamp(round(now, 6), UTC)
                moved = position.advance(seat, after, by, at)
                try:
                    await self.runner.record(moved, seat, action, by, at)
                except StaleGame:
                    pass
                except SQLAlchemyError:
                    log.exception("could not record an action")
                    return UNAVAILABLE
                else:
                    self._publish(room, moved)
                    self.on_recorded(room, position, moved)
                    return None
                try:  # another process got there first: look at the game as it is now
                    await self.catch_up(room)
                except SQLAlchemyError:
                    log.exception("could not read the actions another process recorded")
                    return UNAVAILABLE
            return Refusal(ErrorCode.CONFLICT, "the game is too busy; try again")

    async def catch_up(self, room: Room) -> None:
        """Apply and publish the actions that another process recorded for this game (the
        caller holds the room's lock)."""
        assert room.position is not None
        for record in await self.runner.actions_after(room.position.record_id, room.position.seq):
            position = room.position
            if record.seq != position.seq + 1:
                await self.load(room)
                fanout.snapshot_all(room, self.now())
                return
            after = position.game.apply(position.state, record.seat, record.action)
            self._publish(room, position.advance(record.seat, after, record.by, record.at))

    def _publish(self, room: Room, position: Position) -> None:
        fanout.publish(room, position, self.now())
        self.moved(room)


def _judge(
    room: Room,
    position: Position,
    seat: Seat,
    action: Action,
    chosen_at: int | None,
    by: str | None,
    now: float,
) -> State | Refusal:
    """The game's state after `action`, or why it is refused."""
    if chosen_at is not None and position.seq != chosen_at:
        return Refusal(STALE, "the game has moved on since this was chosen")
    out_of_time = position.clocks is not None and position.clocks.expired(seat, now)
    if by == AWAY and seat not in room.away():
        return Refusal(STALE, "the player is back")
    if by == CLOCK and not out_of_time:
        return Refusal(STALE, "the player's clock is not out of time")
    if by is None and out_of_time:
        return Refusal(ErrorCode.OUT_OF_TIME, "your time has run out: a bot decides this turn")
    try:
        return position.game.apply(position.state, seat, action)
    except GameError as refused:
        return Refusal(refused.code, str(refused))
