"""Hints at the table: the game's good bot, asked what it would do in a person's seat now.

A seated person sends `{"type": "hint", "id": ID}` (docs/protocol.md) and that connection alone
is answered with one of the seat's legal actions, exactly as the client would send it, and the
bot's reason and estimate. The hint is the first of `consider` (app.games.bots) of the game's
strongest bot (the one a clock hands the seat to: app.play.bots.strongest), from the seat's view
and legal actions, with the generator that bot draws from there (`bot_rng` at the current seq):
exactly what it would choose for the seat now. Its thinking runs in a worker process
(app.play.workers, URGENT: a person waits), never on the event loop.

Once the hint is answered, the record gets an entry `{"type": "hint"}` (app.play.fold), whose
log line every seat sees, "Ann asked for a hint" (fair play among friends), and replays show;
it changes nothing else. A refused or failed hint leaves no trace. The entry is recorded and
published, and the hint sent, under the room's lock (`Referee.hint`): nothing moves the game
in between.

Refusals, an `error` with the message's `ref`: `hints_off` (the table's `hints` option is off),
`not_your_decision` (a spectator; a seat with no legal action now; one whose clock ran out or
that a bot plays while its person is away), `busy` (the seat's hint before it is still being
computed: one at a time per seat, in each server process), `conflict` (no game going on),
`unavailable` (the bot failed, its worker died, or the database could not record the entry).

The game may move on while the bot thinks (another seat acts, a bot plays, another seat is given
a hint). The hint is still given when its action is still one of the seat's legal actions (the
game moved elsewhere: the seat's decision is the same one); else the bot thinks again on the
game as it is now, up to ATTEMPTS times in all, after which the hint is refused with `conflict`
("ask again").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import traceback
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import orjson

from app.edge.error_codes import ErrorCode
from app.games.bots import bot_rng, bots_for
from app.games.core import Action, Seat, canonical
from app.play import messages, workers
from app.play.bots import strongest
from app.play.hub import Hub
from app.play.referee import STALE, Refusal, decision_refused
from app.play.rooms import Connection, Room
from app.play.runner import Position
from app.play.table import hints
from app.play.views import name_seats
from app.play.workers import URGENT, Workers

log = logging.getLogger(__name__)

# How many times the bot thinks for one hint while the game moves on under it (see above).
ATTEMPTS = 3


@dataclass(frozen=True)
class HintJob:
    """The `level` bot's hint for `seat` in a game after `seq` entries of its record."""

    game: str
    level: str
    state: bytes  # JSON: the state as the server holds it
    seat: Seat
    seed: int
    seq: int


@dataclass(frozen=True)
class Advice:
    """The bot's best action and what it said of it: the first of its `consider`, its unit."""

    action: Action
    value: float
    reason: str
    unit: str


def hint_job(position: Position, seat: Seat) -> HintJob:
    return HintJob(
        game=position.game.id,
        level=strongest(position).level,
        state=orjson.dumps(position.state),
        seat=seat,
        seed=position.seed,
        seq=position.seq,
    )


def weigh(job: HintJob) -> Advice | str:
    """In a worker: the bot's first choice from the seat's view and legal actions, as it would
    choose there (the same view, legal list and generator as `workers.bot_choice`); or, when
    the bot fails (raises, or answers something not legal), what went wrong."""
    game = workers.games()[job.game]
    bot = bots_for(game)[job.level]
    view, legal = workers.seen(game, orjson.loads(job.state), job.seat)
    try:
        best = bot.consider(game, view, legal, bot_rng(job.seed, job.seq, job.seat))[0]
    except Exception:
        return f"the {bot.level} bot of {game.id} failed on a hint\n{traceback.format_exc()}"
    if not any(canonical(best.action) == canonical(option) for option in legal):
        return f"the {bot.level} bot of {game.id} hinted {best.action!r}, not a legal action"
    value = float(best.value)
    return Advice(best.action, value if math.isfinite(value) else 0.0, best.reason, bot.unit)


class Hints:
    """Owned by the application's lifespan: answers the hub's `hint` messages (its `ask` is
    what the application adds to `Hub.on_hint`); `close()`."""

    def __init__(self, hub: Hub, workers: Workers) -> None:
        self.hub = hub
        self.workers = workers
        # The hints being computed, by lobby and seat (one at a time per seat).
        self.asking: dict[tuple[str, Seat], asyncio.Task[None]] = {}

    def ask(self, conn: Connection, room: Room, message: messages.HintMessage) -> None:
        """A `hint` message: refused at once, or answered by a task of its own (the socket goes
        on meanwhile: its person may still act, chat, or take back)."""
        refused = self._refused(conn, room)
        if refused is not None:
            conn.push(messages.error(refused.code, refused.message, message.id))
            return
        assert conn.seat is not None
        key = (room.code, conn.seat)
        task = asyncio.create_task(
            self._answer(conn, room, conn.seat, message.id), name=f"hint {room.code}"
        )
        self.asking[key] = task
        task.add_done_callback(lambda done: self._done(key, done))

    def _done(self, key: tuple[str, Seat], task: asyncio.Task[None]) -> None:
        if self.asking.get(key) is task:
            del self.asking[key]

    def _refused(self, conn: Connection, room: Room) -> Refusal | None:
        if conn.seat is None:
            return Refusal(ErrorCode.NOT_YOUR_DECISION, "spectators get no hints")
        if not hints(room.info.public.get("options", {})):
            return Refusal(ErrorCode.HINTS_OFF, "hints are off at this table")
        if room.position is None:
            return Refusal(ErrorCode.CONFLICT, "the game has not started")
        refused = decision_refused(room, room.position, conn.seat, self.hub.now())
        if refused is not None:
            return refused
        if (room.code, conn.seat) in self.asking:
            return Refusal(ErrorCode.BUSY, "the bot is still thinking about your last hint")
        return None

    async def _answer(
        self, conn: Connection, room: Room, seat: Seat, ref: int | str | None
    ) -> None:
        try:
            refused = await self._give(conn, room, seat, ref)
        except BrokenProcessPool:
            log.exception("the worker computing a hint died")
            refused = Refusal(ErrorCode.UNAVAILABLE, "the bot could not think; try again")
        except Exception:  # a bug: the person is told, the server goes on
            log.exception("a hint failed")
            refused = Refusal(ErrorCode.UNAVAILABLE, "the hint failed; try again")
        if refused is not None:
            conn.push(messages.error(refused.code, refused.message, ref))

    async def _give(
        self, conn: Connection, room: Room, seat: Seat, ref: int | str | None
    ) -> Refusal | None:
        """The hint, given: None; else why not."""
        for _attempt in range(ATTEMPTS):
            position = room.position
            if position is None:
                return Refusal(ErrorCode.CONFLICT, "the game has not started")
            refused = decision_refused(room, position, seat, self.hub.now())
            if refused is not None:
                return refused
            advice = await self.workers.run(weigh, hint_job(position, seat), priority=URGENT)
            if isinstance(advice, str):
                log.error("%s", advice)
                return Refusal(ErrorCode.UNAVAILABLE, "the bot could not weigh this decision")

            reason = name_seats(advice.reason, position.names)  # "{seat1}" as on the pages

            def answer(action: Action, advice: Advice = advice, reason: str = reason) -> None:
                conn.push(messages.hint(ref, action, reason, advice.value, advice.unit))

            refused = await self.hub.referee.hint(room, seat, advice.action, answer)
            if refused is None or refused.code != STALE:
                return refused
        return Refusal(ErrorCode.CONFLICT, "the game moved on while the bot thought; ask again")

    async def close(self) -> None:
        """Stop every hint being computed (the server is stopping)."""
        tasks = list(self.asking.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.asking.clear()
