"""The bot driver: it plays the bot seats of every game this process holds, through the hub,
and the seats of people who are away (handed to a bot) or whose clock has run out.

Whenever a room's game is loaded or moves on (`Hub.on_position`), and once when the server
starts (every game being played with a bot, so that none waits on a bot after a restart), the
driver looks for active bot seats. For each, after `delay` seconds so that people can follow,
the seat's bot chooses from what the seat sees (`game.view` and `game.legal`, never the state)
and the action goes in through `Hub.act`, the path a person's action takes from the websocket:
checked against the rules, recorded with the version check, published to every socket.

One task per room drives its bots one action at a time until no bot is waiting. When another
process recorded an action first (several processes may serve one database), the hub refuses
the bot's action as STALE and the bot decides again on the newer position. A bot that fails
(raises, or answers something not in `legal`) is replaced for that decision by the easy bot,
so that a game never waits forever; a database that cannot be reached is tried again later.

Clocks: whenever a room's game moves on, the driver sets a timer for the moment the first
running clock runs out; then the strongest bot the game has decides for that player (the hub
records the action as the clock's) until the game turns away from them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from app.games.bots import EASY, Bot, bot_rng, bots_for
from app.games.core import Action, Seat, canonical, clone
from app.play.hub import STALE, Hub, Room
from app.play.runner import AWAY, CLOCK, Position

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
    """The bot's choice from the seat's view and legal actions (run on a worker thread)."""
    game = position.game
    rng = bot_rng(position.seed, position.seq, turn.seat)
    try:
        action = turn.bot.choose(game, view, legal, rng)
    except Exception:  # a bot's bug must not stall the game: the easy bot decides instead
        log.exception("the %s bot of %s failed; the easy bot decides", turn.bot.level, game.id)
        return EASY.choose(game, view, legal, rng)
    if not any(canonical(action) == canonical(option) for option in legal):
        log.error("the %s bot of %s chose %r, not a legal action", turn.bot.level, game.id, action)
        return EASY.choose(game, view, legal, rng)
    return action


class BotDriver:
    """Owned by the application's lifespan: `start()` after the hub exists, `close()` last."""

    def __init__(self, hub: Hub, delay: float) -> None:
        self.hub = hub
        self.delay = delay
        self.tasks: dict[str, asyncio.Task[None]] = {}
        # A timer per room with a running clock: (when it rings, its task).
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        self.closed = False
        hub.on_position = self.poke

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
                view = {**position.game.view(position.state, turn.seat), "you": turn.seat}
                legal = position.game.legal(position.state, turn.seat)
                # Copies: a bot on its thread never holds what the hub is using.
                action = await asyncio.to_thread(
                    decide, position, turn, clone(view), clone({"legal": legal})["legal"]
                )
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
