"""Load a game, check and apply an action, and record it: the game record in the database.

Every accepted action is committed, with the version check on the game row that makes two
actions for one game (from one process or several) apply one after the other, before anyone
sees its effect.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.db import unit_of_work, utcnow
from app.errors import NotFound
from app.games.core import Action, Game, Seat, State, clone
from app.play.models import ActionRecord, GameRecord
from app.play.registry import Games


class StaleGame(Exception):
    """Another action was recorded for this game first; reload and check again."""


@dataclass(frozen=True)
class Position:
    """A game as it stands after `seq` accepted actions."""

    record_id: int
    game: Game
    seats: list[dict[str, Any]]
    seq: int
    state: State
    seed: int  # secret while the game is on: bots draw from generators made from it

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.seats]

    def advance(self, state: State) -> Position:
        return replace(self, seq=self.seq + 1, state=state)


def new_seed() -> int:
    return secrets.randbits(53)  # exact in every JSON reader, JavaScript too


async def create_game(
    session: AsyncSession,
    *,
    lobby_id: int,
    game: Game,
    seats: list[dict[str, Any]],
    options: dict[str, Any],
) -> GameRecord:
    """Set a game up from a fresh seed and add its record to the session (not committed)."""
    seed = new_seed()
    options = game.check_options(options)
    state = game.start(len(seats), options, seed)
    record = GameRecord(
        lobby_id=lobby_id,
        game=game.id,
        rules_version=game.rules_version,
        seed=seed,
        players=len(seats),
        seats=seats,
        options=options,
        setup=state,
        seq=0,
        snapshot=state,
        snapshot_seq=0,
        status="playing",
    )
    session.add(record)
    await session.flush()
    return record


def replay(game: Game, state: State, actions: list[tuple[Seat, Action]]) -> State:
    for seat, action in actions:
        state = game.apply(state, seat, action)
    return state


def initial_state(game: Game, record: GameRecord) -> State:
    """The state before the first action: as recorded, else set up again from the seed."""
    if record.setup is not None:
        return clone(record.setup)  # in the key order of a state fresh from `start`
    return game.start(record.players, record.options, record.seed)


class Runner:
    """Reads and writes game records; knows nothing of sockets."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], games: Games) -> None:
        self.sessions = sessions
        self.games = games

    async def load(self, record_id: int) -> Position:
        """The game as recorded: its snapshot, plus any actions recorded after it."""
        async with self.sessions() as session:
            record = await session.get(GameRecord, record_id)
            if record is None:
                raise NotFound("no such game")
            later = await self._actions(session, record_id, after=record.snapshot_seq)
        game = self.games[record.game]
        state = replay(game, clone(record.snapshot), [(a.seat, a.action) for a in later])
        seq = record.snapshot_seq + len(later)
        return Position(record.id, game, record.seats, seq, state, record.seed)

    async def replay(self, record_id: int, step: int) -> tuple[Position, int]:
        """The game rebuilt from its seed and record as it stood after `step` actions, and how
        many actions the record holds."""
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

    async def record(self, position: Position, seat: Seat, action: Action, after: State) -> None:
        """Commit `action` as number position.seq + 1; StaleGame if someone got there first."""
        result = position.game.result(after)
        now = utcnow()
        values: dict[str, Any] = {
            "seq": position.seq + 1,
            "snapshot": after,
            "snapshot_seq": position.seq + 1,
            "updated_at": now,
        }
        if result is not None:
            values.update(status="finished", result=result.to_json(), finished_at=now)
        async with unit_of_work(self.sessions) as session:
            updated = await session.execute(
                update(GameRecord)
                .where(GameRecord.id == position.record_id, GameRecord.seq == position.seq)
                .values(**values)
            )
            if updated.rowcount != 1:
                raise StaleGame()
            session.add(
                ActionRecord(
                    game_id=position.record_id,
                    seq=position.seq + 1,
                    seat=seat,
                    action=action,
                    at=now,
                )
            )
