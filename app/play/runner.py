"""Load a game, check and apply an action, and record it: the game record in the database.

Every accepted action is committed, with the version check on the game row that makes two
actions for one game (from one process or several) apply one after the other, before anyone
sees its effect.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker

from app.edge.errors import NotFound
from app.games.core import Action, Game, Seat, State, clone
from app.play import logbook
from app.play.clocks import Clocks
from app.play.ended import as_recorded
from app.play.fold import CannotUndo, Fold, Step, fold, is_undo, step
from app.play.recorder import Entry, Recorder, writer_for
from app.play.registry import Games
from app.play.table import clocks_for, split
from app.status import Status
from app.store.db import utcnow
from app.store.tables.games import ActionRecord, GameRecord


@dataclass(frozen=True)
class Position:
    """A game as it stands after `seq` accepted actions."""

    record_id: int
    game: Game
    seats: list[dict[str, Any]]
    seq: int
    state: State
    seed: int  # secret while the game is on: bots draw from generators made from it
    clocks: Clocks | None = None  # None: the table plays without a clock
    # The latest actions a bot chose for a person whose time had run out: (seq, seat, what it
    # did in words).
    timeouts: tuple[tuple[int, Seat, str], ...] = ()
    # The actions that may still be taken back, latest last (app.play.fold), and the seq of the
    # latest snapshot written: snapshots are written only where `back` is empty.
    back: tuple[Step, ...] = ()
    snapshot_seq: int = 0

    @property
    def folded(self) -> Fold:
        return Fold(self.state, self.back)

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]

    def advance(
        self,
        seat: Seat,
        state: State,
        by: str | None,
        at: datetime,
        *,
        back: tuple[Step, ...] = (),
        undo: bool = False,
    ) -> Position:
        """The position after `seat`'s action (chosen by `by`, see ActionRecord) made at `at`,
        with `back` the actions that may then be taken back; `undo`: the action took one back
        (the clocks turn back to the seats waited on again, with no increment: it is no new
        turn)."""
        seq = self.seq + 1
        clocks = self.clocks
        if clocks is not None:
            clocks = clocks.turned(self.game.active(state), stamp(at), increment=not undo)
        timeouts = self.timeouts
        if by == CLOCK:
            did = logbook.added(self.state, state)  # what the bot did, in the log's words
            timeouts = (*timeouts, (seq, seat, did))[-TIMEOUTS_KEPT:]
        ended = self.game.result(state) is not None
        due = seq - self.snapshot_seq >= SNAPSHOT_EVERY and not back
        snapshot_seq = seq if ended or due else self.snapshot_seq
        return replace(
            self,
            seq=seq,
            state=state,
            clocks=clocks,
            timeouts=timeouts,
            back=back,
            snapshot_seq=snapshot_seq,
        )

    def then(self, seat: Seat, action: Action, by: str | None, at: datetime) -> Position:
        """The position after a recorded entry of the game's record (app.play.fold): an action,
        or an undo; IllegalAction or CannotUndo when it may not follow."""
        after = step(self.game, self.folded, seat, action, by)
        return self.advance(seat, after.state, by, at, back=after.back, undo=is_undo(action))


# ActionRecord.by for an action a bot chose because the player's time had run out.
CLOCK = "clock"
# ... and for one a bot chose while playing for a player who is away.
AWAY = "away"
TIMEOUTS_KEPT = 5
# The state is written whole every this many actions or a little later, where nothing may be
# taken back (app.play.fold), and at the end; loading a game replays the actions recorded since.
# Fewer bytes to write per action, a few more to replay.
SNAPSHOT_EVERY = 16


def stamp(moment: datetime) -> float:
    """Epoch seconds of a recorded time (SQLite hands back naive datetimes, all of them UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def new_seed() -> int:
    return secrets.randbits(53)  # exact in every JSON reader, JavaScript too


_GAMES = cast(Table, GameRecord.__table__)
_ADD_GAME = insert(_GAMES).returning(_GAMES.c.id)


async def create_game(
    connection: AsyncConnection,
    *,
    lobby_id: int,
    game: Game,
    seats: list[dict[str, Any]],
    options: dict[str, Any],
    now: datetime | None = None,
) -> Position:
    """Set a game up from a fresh seed and insert its record (not committed): the game as it
    starts. `options` are the lobby's: the game's own, and the table's pace and clock
    (app.play.table)."""
    seed = new_seed()
    now = now or utcnow()
    options, table = split(options)
    options = game.check_options(options)
    state = game.start(len(seats), options, seed)
    bots = [bool(seat.get("bot")) for seat in seats]
    clocks = clocks_for(table, bots, game.active(state), stamp(now))
    values = {
        "lobby_id": lobby_id,
        "game": game.id,
        "rules_version": game.rules_version,
        "seed": seed,
        "players": len(seats),
        "seats": seats,
        "options": options,
        "setup": state,
        "seq": 0,
        "snapshot": state,
        "snapshot_seq": 0,
        "clocks": clocks.to_json() if clocks is not None else None,
        "status": Status.PLAYING,
        "created_at": now,
        "updated_at": now,
    }
    record_id = (await connection.execute(_ADD_GAME, values)).scalar_one()
    return Position(record_id, game, seats, 0, clone(state), seed, clocks)


def replay(game: Game, state: State, actions: list[tuple[Seat, Action]]) -> State:
    """The state after the record's entries (undos too), from the setup `state`."""
    return fold(game, Fold(state), actions).state


def initial_state(game: Game, record: GameRecord) -> State:
    """The state before the first action: as recorded (in today's shape, `Game.upgrade`), else
    set up again from the seed."""
    if record.setup is not None:
        return game.upgrade(clone(record.setup))  # in the key order of a fresh state
    return game.start(record.players, record.options, record.seed)


def _folded(position: Position, actions: list[ActionRecord]) -> Position:
    """`position` with the recorded `actions` after it folded in (app.play.fold)."""
    for action in actions:
        position = position.then(action.seat, action.action, action.by, action.at)
    return position


class Runner:
    """Reads and writes game records; knows nothing of sockets."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        games: Games,
        *,
        notice_from: str | None = None,
    ) -> None:
        self.sessions = sessions
        self.games = games
        # This process's name in notices (app.play.notices): given on PostgreSQL, where each
        # recorded action tells the other processes; None: no notices (SQLite).
        self.notice_from = notice_from
        self.recorder = Recorder(writer_for(sessions.kw["bind"], lambda: self.notice_from))

    async def load(self, record_id: int) -> Position:
        """The game as recorded: its snapshot, plus any actions recorded after it."""
        async with self.sessions() as session:
            record = await session.get(GameRecord, record_id)
            if record is None:
                raise NotFound("no such game")
            later = await self._actions(session, record_id, after=record.snapshot_seq)
            timeouts = await session.scalars(
                select(ActionRecord)
                .where(ActionRecord.game_id == record_id, ActionRecord.by == CLOCK)
                .order_by(ActionRecord.seq.desc())
                .limit(TIMEOUTS_KEPT)
            )
            latest_timeouts = tuple(
                (
                    a.seq,
                    a.seat,
                    logbook.action_words(self.games[record.game].action_for_log(a.action)),
                )
                for a in reversed(list(timeouts))
            )
            recorded = self.position(record)  # its clocks: as recorded with the latest action
            game = self.games[record.game]
            try:
                position = _folded(replace(recorded, clocks=None, game=game), later)
            except CannotUndo:  # a snapshot from before take-backs: fold the whole record
                start = replace(recorded, seq=0, state=initial_state(game, record), clocks=None)
                whole = await self._actions(session, record_id, after=0)
                position = _folded(replace(start, game=game), whole)
        return replace(
            position, game=recorded.game, clocks=recorded.clocks, timeouts=latest_timeouts
        )

    def position(self, record: GameRecord) -> Position:
        """The game at its record's snapshot (a game just started: as it starts; a snapshot
        stored by an earlier version in today's shape, `Game.upgrade`), with its clocks as
        recorded."""
        clocks = Clocks.from_json(record.clocks) if record.clocks is not None else None
        game = self.games[record.game]
        return Position(
            record.id,
            as_recorded(game, record.result),  # ended by the owner?
            record.seats,
            record.snapshot_seq,
            game.upgrade(clone(record.snapshot)),
            record.seed,
            clocks,
            snapshot_seq=record.snapshot_seq,
        )

    async def replay(self, record_id: int, step: int) -> tuple[Position, int]:
        """The game rebuilt from its seed and record as it stood after `step` actions, and how
        many actions the record holds, here and now (the API's replay steps are computed by
        the worker processes instead: app.play.replays)."""
        async with self.sessions() as session:
            record = await session.get(GameRecord, record_id)
            if record is None:
                raise NotFound("no such game")
            actions = await self._actions(session, record_id, after=0)
        game = self.games[record.game]
        step = max(0, min(step, len(actions)))
        moves = [(a.seat, a.action) for a in actions[:step]]
        state = replay(game, initial_state(game, record), moves)
        return Position(record.id, game, record.seats, step, state, record.seed), len(actions)

    async def actions_after(self, record_id: int, seq: int) -> list[ActionRecord]:
        async with self.sessions() as session:
            return await self._actions(session, record_id, after=seq)

    async def _actions(
        self, session: AsyncSession, record_id: int, *, after: int
    ) -> list[ActionRecord]:
        rows = await session.scalars(
            select(ActionRecord)
            .where(ActionRecord.game_id == record_id, ActionRecord.seq > after)
            .order_by(ActionRecord.seq)
        )
        return list(rows)

    async def record(
        self, position: Position, seat: Seat, action: Action, by: str | None, at: datetime
    ) -> None:
        """Commit the action that made `position` (number position.seq) as `seat`'s, chosen by
        `by` at `at`; StaleGame if someone got there first."""
        result = position.game.result(position.state)
        snapshot = position.snapshot_seq == position.seq
        await self.recorder.record(
            Entry(
                game_id=position.record_id,
                seq=position.seq,
                seat=seat,
                action=action,
                by=by,
                at=at,
                clocks=position.clocks.to_json() if position.clocks is not None else None,
                snapshot=position.state if snapshot else None,
                result=result.to_json() if result is not None else None,
            )
        )
