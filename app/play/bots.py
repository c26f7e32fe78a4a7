"""The bot driver: it plays the bot seats of every game this process holds, through the hub.

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
from app.play.runner import Position

log = logging.getLogger(__name__)

# Waits after a database failure or a busy game before trying again, in seconds.
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0)


@dataclass(frozen=True)
class Turn:
    """A bot seat the game is waiting for, and the bot that plays it."""

    seat: Seat
    bot: Bot


def waiting_bot(position: Position | None) -> Turn | None:
    """The first active seat of the game that a bot plays, or None (no game, over, people)."""
    if position is None or position.game.result(position.state) is not None:
        return None
    for seat in position.game.active(position.state):
        sitting = position.seats[seat]
        if sitting.get("bot"):
            bots = bots_for(position.game)
            return Turn(seat, bots.get(sitting.get("level") or EASY.level, EASY))
    return None


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
        self.closed = False
        hub.on_position = self.poke

    def start(self) -> None:
        """Resume every game that is being played with bots (after a restart)."""
        self._spawn("", self._resume())

    async def close(self) -> None:
        """Cancel every bot task and wait for them to end."""
        self.closed = True
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks.clear()

    def poke(self, room: Room) -> None:
        """A room's game was loaded or moved on: drive its bots if one is waiting."""
        if self.closed or waiting_bot(room.position) is None:
            return
        running = self.tasks.get(room.code)
        if running is not None and not running.done():
            return  # that task looks again after each action
        self._spawn(room.code, self._drive(room.code))

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
                if room is None or waiting_bot(room.position) is None:
                    return
                await asyncio.sleep(self.delay)
                # Fetched again: the room may have been swept and the game moved meanwhile.
                room = await self.hub.room(code)
                position = room.position if room is not None else None
                turn = waiting_bot(position)
                if room is None or position is None or turn is None:
                    return
                view = {**position.game.view(position.state, turn.seat), "you": turn.seat}
                legal = position.game.legal(position.state, turn.seat)
                # Copies: a bot on its thread never holds what the hub is using.
                action = await asyncio.to_thread(
                    decide, position, turn, clone(view), clone({"legal": legal})["legal"]
                )
                refused = await self.hub.act(room, turn.seat, action, chosen_at=position.seq)
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
