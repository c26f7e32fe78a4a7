"""The referee: the one way into a game, for people and bots alike.

An action is checked against the rules at the room's position, recorded (the version check on
the game row: one process wins each `seq`), then published to every viewer (app.play.fanout).
Actions another process recorded are read and applied the same way. `moved` is told whenever a
room's game is loaded or moves on (the hub passes it to the bot driver).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.exc import SQLAlchemyError

from app.edge.error_codes import ErrorCode
from app.games.core import Action, GameError, Seat, canonical
from app.play import fanout, recorder
from app.play.fold import HINT, UNDO, CannotUndo, Fold, is_hint, is_undo, step
from app.play.listeners import Listeners
from app.play.recorder import StaleGame
from app.play.rooms import Room
from app.play.runner import AWAY, CLOCK, Position, Runner
from app.play.table import hints, takebacks

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


class RoomStuck(Exception):
    """The room's lock was held WAIT_SECONDS by another entry: its write or read hangs."""


@contextlib.asynccontextmanager
async def _held(lock: asyncio.Lock) -> AsyncIterator[None]:
    """The room's lock, or RoomStuck after the recorder's WAIT_SECONDS: an entry that finds
    the one before it hanging on the database (away) is refused as unavailable, as its write
    would be, instead of waiting with it for as long as the network takes."""
    try:
        await asyncio.wait_for(lock.acquire(), recorder.WAIT_SECONDS)
    except TimeoutError:
        raise RoomStuck from None
    try:
        yield
    finally:
        lock.release()


class Referee:
    def __init__(
        self, runner: Runner, now: Callable[[], float], moved: Callable[[Room], None]
    ) -> None:
        self.runner = runner
        self.now = now
        self.moved = moved
        # Told after this process recorded an action, with the positions before and after it
        # (app.notify tells the people the game turned to; the good bot's review starts with a
        # game's last): once per action, whatever the number of processes.
        self.on_recorded: Listeners[Room, Position, Position] = Listeners()

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
        if is_undo(action):  # the record's own entries: an undo is one, as ever
            return await self.undo(room, seat)
        if is_hint(action):  # a hint is given, never played
            return Refusal(ErrorCode.ILLEGAL_ACTION, "ask for a hint with a hint message")

        def judge(position: Position, now: float) -> Fold | Refusal:
            return _judge(room, position, seat, action, chosen_at, by, now)

        return await self._enter(room, seat, action, judge, by=by)

    async def undo(self, room: Room, seat: Seat) -> Refusal | None:
        """`seat`'s person takes back their last action (app.play.fold): recorded as an entry
        of its own and published like an action. None once accepted."""

        def judge(position: Position, now: float) -> Fold | Refusal:
            return _judge_undo(room, position, seat, now)

        return await self._enter(room, seat, UNDO, judge, look=ErrorCode.CANNOT_UNDO)

    async def hint(
        self, room: Room, seat: Seat, action: Action, answer: Callable[[Action], None]
    ) -> Refusal | None:
        """`seat` is given a hint, `action` (the good bot's choice: app.play.hints): the record's
        entry saying so is recorded and published, then `answer` is told the action as the
        seat's legal list holds it, before anything else can move the game. Refused (nothing
        recorded) when the game is over, the seat has nothing to decide, or `action` is no
        longer among its legal actions (STALE: the game moved on while the bot thought)."""

        def judge(position: Position, now: float) -> Fold | Refusal:
            return _judge_hint(room, position, seat, action, now)

        def published(position: Position) -> None:
            legal = _legal(room, position, seat)
            answer(next(option for option in legal if canonical(option) == canonical(action)))

        return await self._enter(room, seat, HINT, judge, published=published)

    async def _enter(
        self,
        room: Room,
        seat: Seat,
        entry: Action,
        judge: Callable[[Position, float], Fold | Refusal],
        *,
        by: str | None = None,
        look: str | None = None,
        published: Callable[[Position], None] | None = None,
    ) -> Refusal | None:
        """Judge, record and publish one entry of the record (an action, an undo, a hint), tried
        again on the newer position when another process recorded one first. `look`: a refusal
        given only once the actions other processes recorded have been read (what an undo is
        to take back may be one this process has not read yet). `published`: told of the new
        position under the room's lock, once every connection has its patch."""
        try:
            async with _held(room.lock):
                if room.position is None:
                    return Refusal(ErrorCode.CONFLICT, "the game has not started")
                looked = False  # for a refusal of `look`: whether the database was read since
                for _attempt in range(ATTEMPTS):
                    position = room.position
                    now = self.now()
                    after = judge(position, now)
                    if isinstance(after, Refusal):
                        if looked or after.code != look:
                            return after
                        looked = True
                        try:
                            await self.catch_up(room)
                        except SQLAlchemyError:
                            log.exception("could not read the actions another process recorded")
                            return UNAVAILABLE
                        if room.position is None or room.position.seq == position.seq:
                            return after
                        continue
                    at = datetime.fromtimestamp(round(now, 6), UTC)
                    moved = position.advance(
                        seat, after.state, by, at, back=after.back, undo=is_undo(entry)
                    )
                    try:
                        await self.runner.record(moved, seat, entry, by, at)
                    except StaleGame:
                        pass
                    except SQLAlchemyError:
                        log.exception("could not record an action")
                        return UNAVAILABLE
                    else:
                        self._publish(room, moved)
                        if published is not None:
                            published(moved)
                        self.on_recorded(room, position, moved)
                        return None
                    try:  # another process got there first: look at the game as it is now
                        await self.catch_up(room)
                    except SQLAlchemyError:
                        log.exception("could not read the actions another process recorded")
                        return UNAVAILABLE
                return Refusal(ErrorCode.CONFLICT, "the game is too busy; try again")
        except RoomStuck:  # the one holding it waits for a database that is away
            return UNAVAILABLE

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
            try:
                moved = position.then(record.seat, record.action, record.by, record.at)
            except CannotUndo:  # it took back what this process never saw: read it whole
                await self.load(room)
                fanout.snapshot_all(room, self.now())
                return
            self._publish(room, moved)

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
) -> Fold | Refusal:
    """The game after `action`, or why it is refused."""
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
        return step(position.game, position.folded, seat, action, by)
    except GameError as refused:
        return Refusal(refused.code, str(refused))


def _judge_undo(room: Room, position: Position, seat: Seat, now: float) -> Fold | Refusal:
    """The game once `seat` has taken back its last action, or why it may not."""
    if not takebacks(room.info.public.get("options", {})):
        return Refusal(ErrorCode.CANNOT_UNDO, "take-backs are off at this table")
    if position.game.result(position.state) is not None:
        return Refusal(ErrorCode.CANNOT_UNDO, "the game is over")
    if position.clocks is not None and position.clocks.expired(seat, now):
        return Refusal(ErrorCode.OUT_OF_TIME, "your time has run out: a bot decides this turn")
    if not position.folded.may_undo(seat):
        return Refusal(
            ErrorCode.CANNOT_UNDO,
            "nothing to take back: someone has acted since, or your last action drew or"
            " showed something",
        )
    return step(position.game, position.folded, seat, UNDO)


def _judge_hint(
    room: Room, position: Position, seat: Seat, action: Action, now: float
) -> Fold | Refusal:
    """The game once `seat` has been given the hint `action`, or why it may not be."""
    if not hints(room.info.public.get("options", {})):
        return Refusal(ErrorCode.HINTS_OFF, "hints are off at this table")
    refused = decision_refused(room, position, seat, now)
    if refused is not None:
        return refused
    if not any(canonical(option) == canonical(action) for option in _legal(room, position, seat)):
        return Refusal(STALE, "the game has moved on since the bot thought")
    return step(position.game, position.folded, seat, HINT)


def decision_refused(room: Room, position: Position, seat: Seat, now: float) -> Refusal | None:
    """Why `seat` has nothing to be given a hint for now (None: it has a decision to make):
    the game is over, a bot decides for the seat (its time has run out), or it has no legal
    action (it is not its turn)."""
    if position.game.result(position.state) is not None:
        return Refusal(ErrorCode.CONFLICT, "the game is over")
    if position.clocks is not None and position.clocks.expired(seat, now):
        return Refusal(
            ErrorCode.NOT_YOUR_DECISION, "your time has run out: a bot decides this turn"
        )
    if seat in room.away():
        return Refusal(ErrorCode.NOT_YOUR_DECISION, "a bot is playing for you")
    if not _legal(room, position, seat):
        return Refusal(ErrorCode.NOT_YOUR_DECISION, "you have nothing to decide now")
    return None


def _legal(room: Room, position: Position, seat: Seat) -> list[Action]:
    """The seat's legal actions at `position`, as its view holds them (the view the room last
    made for it, when it is of this position)."""
    view = room.views.get(seat) if room.position is position else None
    if view is not None:
        return list(view["legal"])
    return position.game.legal(position.state, seat)
