"""The score chart at the end of a game: each seat's standing after every action, from the record.

Each game says what its chart counts in its entry's `progress` (app/games/entry.py `Progress`:
the words for the measure, `standings(state) -> {seat: number}`; and, optionally,
`breakdown(state) -> [(label, {seat: number})]`, the columns of the result banner, in the
rulebook's order, and `levels`, the words for the standings 0, 1, ... where a standing is a
state rather than a count: "Out" and "Standing"). The series is the game
rebuilt from its seed and record, action by action: work for a worker process (app.play.workers),
never for the event loop, like a replay step. Only finished games have a chart (a finished game
never changes), so each series is computed once and kept (`KEPT` games, the least recently asked
forgotten first); computations count against the replays' limit (one per address, a few at once).

The series is sent as the points where some seat's standing changes:
`{"measure", "levels", "steps", "points": [[step, [standing of seat 0, seat 1, ...]], ...],
"columns": [{"label", "values": [seat 0's, ...]}]}`, points from step 0 to the last (both always
listed).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import orjson

from app.edge.errors import TooMany
from app.games import entry as game_entry
from app.games.core import Seat, State
from app.play import fold, workers
from app.play.checkpoints import Checkpoints
from app.play.replays import RETRY_AFTER, Replays
from app.play.workers import URGENT
from app.store.tables.games import GameRecord

KEPT = 256  # finished games whose series are kept


def series(progress: game_entry.Progress, states: Iterable[State]) -> dict[str, Any]:
    """The chart's points from the states after 0, 1, 2, ... actions, and the result's columns
    (the game's `breakdown` of the last state, else its measure)."""
    points: list[list[Any]] = []
    last: list[Any] | None = None
    step, state = -1, None
    for step, state in enumerate(states):
        values = in_seat_order(progress.standings(state))
        if values != last:
            points.append([step, values])
            last = values
    if points and points[-1][0] != step:
        points.append([step, last])
    columns = []
    if state is not None:
        breakdown = progress.breakdown
        named = breakdown(state) if breakdown else [(progress.measure, progress.standings(state))]
        columns = [{"label": label, "values": in_seat_order(by)} for label, by in named]
    return {
        "measure": progress.measure,
        "levels": list(progress.levels),
        "steps": max(step, 0),
        "points": points,
        "columns": columns,
    }


def in_seat_order(by_seat: dict[Seat, Any]) -> list[Any]:
    return [by_seat[seat] for seat in sorted(by_seat)]


@dataclass(frozen=True)
class ProgressJob:
    """A finished game's chart, from its record (app.play.replays.replay_inputs)."""

    game: str
    inputs: bytes


def progress_series(job: ProgressJob) -> dict[str, Any]:
    """In a worker: the game applied action by action, its standings after each."""
    entry = workers.entries()[job.game]
    checkpoints = Checkpoints.from_record(entry.game, orjson.loads(job.inputs))

    setup = orjson.loads(checkpoints.states[0])
    states = fold.states(entry.game, fold.Fold(setup), checkpoints.actions)
    return series(entry.progress, states)


class Progress:
    """Owned by the application's lifespan, beside the replays (whose record inputs and limit
    it shares)."""

    def __init__(self, replays: Replays) -> None:
        self.replays = replays
        self._kept: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()
        self._under_way: dict[tuple[int, int], asyncio.Future[dict[str, Any]]] = {}

    async def of(self, record: GameRecord, address: str) -> dict[str, Any]:
        """The finished game's series (kept, or computed now for `address`; TooMany while it or
        the process has its fill of costly computations)."""
        key = (record.id, record.seed)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        under_way = self._under_way.get(key)
        if under_way is not None:
            return await asyncio.shield(under_way)
        refusal = self.replays.in_flight.enter(address)
        if refusal is not None:
            raise TooMany(f"too many replay steps at once: {refusal}", retry_after=RETRY_AFTER)
        done: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._under_way[key] = done
        try:
            job = ProgressJob(game=record.game, inputs=await self.replays.inputs_of(record))
            answer = await self.replays.workers.run(progress_series, job, priority=URGENT)
        except BaseException as error:
            done.set_exception(error)
            done.exception()  # retrieved: nobody else need be waiting
            raise
        finally:
            self._under_way.pop(key, None)
            self.replays.in_flight.leave(address)
        done.set_result(answer)
        self._kept[key] = answer
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return answer
