"""Stepping through finished games: each step computed by a worker process, never on the loop.

A replay step is the game rebuilt from its record as it stood after `step` actions, seen from a
seat: applies and a view, tens of milliseconds to seconds of work that would hold up every
table of the process. So the step is a job for the worker processes (app.play.workers), which
keep checkpoints of the games they replayed lately (app.play.checkpoints).

Here, in the server process: the record's setup and actions, read once and kept (a finished
game never changes) as the JSON bytes a job carries, within INPUTS_BYTES for all games; and the
cost-aware limit: at most `REPLAYS_AT_ONCE` steps computed at once, one per client address,
past which a request is refused at once with 429 `too_many` and Retry-After.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import orjson
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.edge.errors import TooMany
from app.edge.limits import InFlight
from app.games.core import Seat
from app.play.workers import URGENT, ReplayJob, Workers, replay_step
from app.store.tables.games import ActionRecord, GameRecord

INPUTS_BYTES = 16 * 2**20  # the records kept for the workers' jobs, over all games
RETRY_AFTER = 1  # seconds a refused client is told to wait


class Replays:
    """Built by the composition root (app/main.py), which hands it to the finished games
    (app/lobby/finished.py)."""

    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], workers: Workers, at_once: int
    ) -> None:
        self.sessions = sessions
        self.workers = workers
        self.in_flight = InFlight(at_once)
        self._inputs: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        self._inputs_size = 0

    async def step(
        self, record: GameRecord, step: int, seat: Seat | None, address: str
    ) -> tuple[int, int, dict[str, Any]]:
        """A finished game's (step shown, number of actions, rules view after that step from
        `seat`'s side), computed for `address`; TooMany while it or the process has its fill."""
        refusal = self.in_flight.enter(address)
        if refusal is not None:
            raise TooMany(f"too many replay steps at once: {refusal}", retry_after=RETRY_AFTER)
        try:
            job = ReplayJob(
                record=(record.id, record.seed),
                game=record.game,
                inputs=await self.inputs_of(record),
                step=step,
                seat=seat,
                names=[sitting["name"] for sitting in record.seats],
            )
            return await self.workers.run(replay_step, job, priority=URGENT)
        finally:
            self.in_flight.leave(address)

    async def inputs_of(self, record: GameRecord) -> bytes:
        key = (record.id, record.seed)
        inputs = self._inputs.get(key)
        if inputs is not None:
            self._inputs.move_to_end(key)
            return inputs
        async with self.sessions() as session:
            actions = await session.execute(
                select(ActionRecord.seat, ActionRecord.action)
                .where(ActionRecord.game_id == record.id)
                .order_by(ActionRecord.seq)
            )
            inputs = replay_inputs(record, [(seat, action) for seat, action in actions])
        self._inputs[key] = inputs
        self._inputs_size += len(inputs)
        while self._inputs_size > INPUTS_BYTES and len(self._inputs) > 1:
            _, forgotten = self._inputs.popitem(last=False)
            self._inputs_size -= len(forgotten)
        return inputs


def replay_inputs(record: GameRecord, actions: list[tuple[Seat, dict[str, Any]]]) -> bytes:
    """What a worker needs to replay a game (app.play.checkpoints.Checkpoints.from_record)."""
    return orjson.dumps(
        {
            "setup": record.setup,
            "players": record.players,
            "options": record.options,
            "seed": record.seed,
            "actions": actions,
        }
    )
