"""The bot driver: it plays the bot seats of every game this process holds, through the hub,
and the seats of people who are away (handed to a bot) or whose clock has run out.

Whenever a room's game is loaded or moves on (`Hub.on_position`: the application adds `poke`
there), and once when the server starts (every game being played with a bot, so that none waits
on a bot after a restart), the driver looks for active bot seats. For each, after `delay`
seconds so that people can follow, the seat's bot chooses from what the seat sees (`game.view`
and `game.legal`, never the state): the easy bot here (a random legal action), any other in a
worker process (app.play.workers), where its tens of milliseconds of thinking hold up no other
table. The action goes in through `Hub.act`, the path a person's action takes from the
websocket: checked against the rules, recorded with the version check, published to every
socket.

One task per room drives its bots one action at a time until no bot is waiting. When another
process recorded an action first (several processes may serve one database), the hub refuses
the bot's action as STALE and the bot decides again on the newer position. A bot that fails
(raises, or answers something not in `legal`) is replaced for that decision by the easy bot,
so that a game never waits forever; a database that cannot be reached is tried again later.

Clocks: whenever a room's game moves on, the driver sets a timer for the moment the first
running clock runs out; then the strongest bot the game has decides for that player (the hub
records the action as the clock's) until the game turns away from them. A turn-based table's
time per move is such a clock too, of hours or days; at one that waits for a player out of
time no timer is set and no bot decides by itself (`Clocks.expired`): the others may vote a
bot in, which then plays as for a player who is away.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any

import orjson
from sqlalchemy.exc import SQLAlchemyError

from app.games.bots import EASY, Bot, bot_rng, bots_for
from app.games.core import Action, Seat
from app.play.hub import Hub
from app.play.listeners import Listeners
from app.play.referee import STALE
from app.play.rooms import Room
from app.play.runner import AWAY, CLOCK, Position
from app.play.workers import BotJob, Workers, bot_choice, choose

log = logging.getLogger(__name__)

# Waits after a database failure or a busy game before trying again, in seconds.
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0)


@dataclass(frozen=True)
class Turn:
    """A seat the game is waiting for that a bot plays, the bot, and why a bot plays it: None
    for a bot's own seat, AWAY or CLOCK for a person's (see ActionRecord.by)."""

    seat: Seat
    bot: Bot
    by: str | None = None


def waiting_bot(
    position: Position | None, away: dict[Seat, str] | None = None, now: float | None = None
) -> Turn | None:
    """The first active seat of the game that a bot plays now, or None (no game, game over,
    only people to wait on). `away`: the seats handed to a bot, and its level; `now`: the time,
    for the clocks."""
    if position is None or position.game.result(position.state) is not None:
        return None
    bots = bots_for(position.game)
    for seat in position.game.active(position.state):
        sitting = position.seats[seat]
        if sitting.get("bot"):
            return Turn(seat, bots.get(sitting.get("level") or EASY.level, EASY))
        if away and seat in away:
            return Turn(seat, bots.get(away[seat], EASY), AWAY)
        clocks = position.clocks
        if clocks is not None and now is not None and clocks.expired(seat, now):
            return Turn(seat, strongest(position), CLOCK)
    return None


def strongest(position: Position) -> Bot:
    """The game's strongest bot: the last of its levels (easy comes first)."""
    return list(bots_for(position.game).values())[-1]


def clock_deadline(position: Position | None, now: float) -> float | None:
    """When the game's next running clock runs out; None: none will, or the game is over."""
    if position is None or position.clocks is None or position.game.result(position.state):
        return None
    return position.clocks.deadline(now)


def decide(position: Position, turn: Turn, view: dict[str, Any], legal: list[Action]) -> Action:
    """The bot's choice from the seat's view and legal actions, here and now (a failing bot is
    replaced by the easy bot, and logged)."""
    rng = bot_rng(position.seed, position.seq, turn.seat)
    action, problem = choose(position.game, turn.bot, view, legal, rng)
    if problem is not None:
        log.error("%s", problem)
    return action


def bot_job(position: Position, turn: Turn) -> BotJob:
    """The decision as a worker process's job: plain data, the state as JSON bytes (made now,
    so that nothing the hub holds is read while the worker takes it)."""
    return BotJob(
        game=position.game.id,
        level=turn.bot.level,
        state=orjson.dumps(position.state),
        seat=turn.seat,
        seed=position.seed,
        seq=position.seq,
    )


class BotDriver:
    """Owned by the application's lifespan: `start()` after the hub exists, `close()` last."""

    def __init__(self, hub: Hub, delay: float, workers: Workers) -> None:
        self.hub = hub
        self.delay = delay
        self.workers = workers
        self.tasks: dict[str, asyncio.Task[None]] = {}
        # A timer per room with a running clock: (when it rings, its task).
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        self.closed = False
        # Told of each decision a bot made: the position, the turn, the seconds it took
        # (app.ops.metrics).
        self.on_choice: Listeners[Position, Turn, float] = Listeners()

    def start(self) -> None:
        """Resume every game that is being played with bots (after a restart)."""
        self._spawn("", self._resume())

    async def close(self) -> None:
        """Cancel every bot task and wait for them to end."""
        self.closed = True
        tasks = [*self.tasks.values(), *(task for _, task in self.timers.values())]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks.clear()
        self.timers.clear()

    def waiting(self, room: Room) -> Turn | None:
        return waiting_bot(room.position, room.away(), self.hub.now())

    def poke(self, room: Room) -> None:
        """A room's game was loaded or moved on: drive its bots if one is waiting, and set its
        clock's timer."""
        if self.closed:
            return
        self._set_timer(room)
        if self.waiting(room) is None:
            return
        running = self.tasks.get(room.code)
        if running is not None and not running.done():
            return  # that task looks again after each action
        self._spawn(room.code, self._drive(room.code))

    def _set_timer(self, room: Room) -> None:
        """Ring when the room's first running clock runs out (once per deadline)."""
        deadline = clock_deadline(room.position, self.hub.now())
        current = self.timers.get(room.code)
        if current is not None:
            if current[0] == deadline and not current[1].done():
                return
            current[1].cancel()
            del self.timers[room.code]
        if deadline is not None:
            task = asyncio.create_task(self._ring(room.code, deadline), name=f"clock {room.code}")
            self.timers[room.code] = (deadline, task)

    async def _ring(self, code: str, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.hub.now()) + 0.01)
        if self.timers.get(code, (None,))[0] == deadline:
            del self.timers[code]
        try:
            room = await self.hub.room(code)
        except SQLAlchemyError:
            log.exception("clock of lobby %s: the database failed; the bots look again", code)
            if code not in self.tasks:
                self._spawn(code, self._drive(code))  # which tries again until it can
            return
        if room is not None:
            self.poke(room)

    def _spawn(self, key: str, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work, name=f"bots {key or 'resume'}")
        self.tasks[key] = task

        def forget(done: asyncio.Task[None]) -> None:
            if self.tasks.get(key) is done:
                del self.tasks[key]
            if not done.cancelled() and done.exception() is not None:
                log.error("bot task %s ended", key, exc_info=done.exception())

        task.add_done_callback(forget)

    async def _resume(self) -> None:
        for attempt in range(len(RETRY_DELAYS) + 1):
            try:
                codes = await self.hub.directory.bot_games()
                break
            except SQLAlchemyError:
                if attempt == len(RETRY_DELAYS):
                    log.exception("could not find the games played with bots")
                    return
                await asyncio.sleep(RETRY_DELAYS[attempt])
        for code in codes:
            try:
                await self.hub.room(code)  # loading the game pokes its bots
            except SQLAlchemyError:
                log.exception("could not load the game of lobby %s for its bots", code)
                if code not in self.tasks:
                    self._spawn(code, self._drive(code))  # which tries again until it can

    async def choice(self, position: Position, turn: Turn) -> Action:
        """The bot's decision: the easy bot's here (a random legal action, microseconds), any
        other's in a worker process, off the event loop (the easy bot's if the job's worker
        dies again and again, so that the game goes on)."""
        if turn.bot is not EASY:
            try:
                action, problem = await self.workers.run(bot_choice, bot_job(position, turn))
            except BrokenProcessPool:
                log.exception("the worker deciding for the %s bot died", turn.bot.level)
                turn = replace(turn, bot=EASY)
            else:
                if problem is not None:
                    log.error("%s", problem)
                return action
        game, seat = position.game, turn.seat
        view = {**game.view(position.state, seat), "you": seat}
        return decide(position, turn, view, game.legal(position.state, seat))

    async def _drive(self, code: str) -> None:
        """Play the room's bots, one action at a time, until the game waits on no bot."""
        failures = 0
        while not self.closed:
            if failures:
                await asyncio.sleep(RETRY_DELAYS[min(failures, len(RETRY_DELAYS)) - 1])
            try:
                room = await self.hub.room(code)
                if room is None or self.waiting(room) is None:
                    return
                await asyncio.sleep(self.delay)
                # Fetched again: the room may have been swept and the game moved meanwhile.
                room = await self.hub.room(code)
                turn = self.waiting(room) if room is not None else None
                if room is None or room.position is None or turn is None:
                    return
                position = room.position
                began = time.perf_counter()
                action = await self.choice(position, turn)
                self.on_choice(position, turn, time.perf_counter() - began)
                refused = await self.hub.act(
                    room, turn.seat, action, chosen_at=position.seq, by=turn.by
                )
            except SQLAlchemyError:
                log.exception("bots of lobby %s: the database failed; trying again", code)
                failures += 1
                continue
            if refused is None or refused.code == STALE:
                failures = 0
            elif refused.code in ("unavailable", "conflict"):
                failures += 1
            else:  # a legal action refused: the rules and the bot disagree; a bug
                log.error("bots of lobby %s: seat %s refused: %s", code, turn.seat, refused)
                return
