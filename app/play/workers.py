"""Worker processes: the work that would stall the event loop, done beside it.

One event loop serves every table of a server process, and rules engines and bots are Python
that holds the interpreter while it runs: a good bot thinking for 50 ms (on a thread, too) or a
replay rebuilding a 300-action game from its seed holds up every other table, socket and request
for as long. So that work goes to a pool of `WORKERS` processes, one pool per server process,
created and shut down by the application's lifespan (`Workers`). They are started with `spawn`
(a forked copy of a process that holds an event loop and database connections would hold them
too) and run at a lower priority than the server (NICENESS). Each worker builds the games
once, at its start, from the server's own settings (a host's component files included), and
finds them by id. What crosses to a worker and back is plain data: game ids, levels, states as
JSON bytes, seats, seeds, actions, views.

The jobs (functions of this module, run in a worker):
- `bot_choice`: a bot's decision for a seat, from the seat's view and legal actions (made in
  the worker from the state), with the driver's safety net (`choose`);
- `replay_step`: a finished game's rules view after some actions, from the states the worker
  keeps every few actions (app.play.checkpoints);
- jobs of other modules, by the same rules: a hint (app.play.hints), a score chart
  (app.play.progress).

Jobs wait for a free worker in the server process, replay steps (someone waiting on a click)
before bot decisions (which wait BOT_DELAY anyway): a pool busy with bots answers a replay
step after the jobs under way, not after every bot waiting. A worker that dies (killed, out of
memory) breaks the pool: `Workers.run` starts a new one and tries the job once more, so that no
game waits on a dead process.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import os
import signal
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson

from app.config import Settings
from app.games.bots import EASY, Bot, bot_rng, bots_for
from app.games.core import Action, Game, Rng, Seat, State, canonical, clone
from app.play.checkpoints import Checkpoints, Kept
from app.play.registry import Entries, Games, entries_for
from app.play.views import rules_view

log = logging.getLogger(__name__)

T = TypeVar("T")

# Who goes first when jobs wait for a worker (lower first; in order of arrival within one).
URGENT = 0  # a person waits on the answer
BACKGROUND = 1  # a bot's decision


class Workers:
    """The server process's pool of worker processes; `close()` ends them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.size = settings.workers
        self.closed = False
        self._pool = self._new_pool()
        self._turns = Turns(self.size)

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.size,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start,
            initargs=(self.settings,),
        )

    async def run(self, job: Callable[..., T], *args: Any, priority: int = BACKGROUND) -> T:
        """`job(*args)` in a worker, once one is free for it (see the module's docstring).
        BrokenProcessPool if the job's worker dies twice: the job itself kills it."""
        for attempt in (1, 2):
            await self._turns.wait(priority)
            pool = self._pool
            try:
                return await self._submit(pool, job, args)
            except BrokenProcessPool:
                if attempt == 2 or self.closed:
                    raise
                self._renew(pool)
        raise AssertionError("unreachable")

    async def _submit(self, pool: ProcessPoolExecutor, job: Callable[..., T], args: Any) -> T:
        """The job in `pool`, on the turn just taken: it ends when the worker is done with the
        job, even if the one waiting here gives up first."""
        try:
            done = pool.submit(job, *args)
        except BaseException:
            self._turns.release()
            raise
        loop = asyncio.get_running_loop()

        def release(_: object) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(self._turns.release)

        done.add_done_callback(release)
        return await asyncio.wrap_future(done)

    def _renew(self, broken: ProcessPoolExecutor) -> None:
        """A worker died: start a new pool (once, whoever notices first)."""
        if self._pool is not broken:
            return
        log.error("a worker process died; starting new ones")
        self._pool = self._new_pool()
        broken.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """End the worker processes (the jobs not started yet are dropped)."""
        self.closed = True
        await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)


class Turns:
    """`count` workers' turns, handed out by priority, then in order of arrival."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def wait(self, priority: int) -> None:
        if self.free and not self._waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # handed a turn just as it gave up: pass it on
            raise

    def release(self) -> None:
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1


# --- in a worker process ---------------------------------------------------------------------

# Workers run at a lower priority than the server: when both want the CPU, the event loop
# (every table's next patch, every request) goes first, and PostgreSQL too.
NICENESS = 10
PR_SET_PDEATHSIG = 1  # prctl(2)

_entries: Entries = {}  # built by _start from the server's settings
_games: Games = {}
_kept = Kept()


def games() -> Games:
    """In a worker: the games it built at its start, by id."""
    return _games


def entries() -> Entries:
    """In a worker: each game's entry (its score chart's measure too)."""
    return _entries


def kept() -> Kept:
    """In a worker: the checkpoints of the games it replayed (or reviewed) lately."""
    return _kept


def _start(settings: Settings) -> None:
    """Each worker's first step: the games, as the server builds them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's: it ends its workers
    _end_with_the_server()
    with contextlib.suppress(OSError, AttributeError):  # (no niceness on some systems)
        os.nice(NICENESS)
    _entries.update(entries_for(settings))
    _games.update({game_id: entry.game for game_id, entry in _entries.items()})


def _end_with_the_server() -> None:
    """Linux: the worker is killed as soon as its server process ends, however it ends (the
    workers of a server killed with SIGKILL would wait for jobs forever)."""
    server = multiprocessing.parent_process()
    with contextlib.suppress(Exception):  # not Linux: nothing to ask for
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if server is not None and os.getppid() != server.pid:  # it ended before that
        os._exit(1)


@dataclass(frozen=True)
class BotJob:
    """A bot's decision for `seat` in a game after `seq` actions."""

    game: str
    level: str
    state: bytes  # JSON: the state as the server holds it
    seat: Seat
    seed: int
    seq: int


def bot_choice(job: BotJob) -> tuple[Action, str | None]:
    """`choose` for the job's bot, from its seat's view and legal actions."""
    game = _games[job.game]
    bot = bots_for(game).get(job.level, EASY)
    view, legal = seen(game, orjson.loads(job.state), job.seat)
    return choose(game, bot, view, legal, bot_rng(job.seed, job.seq, job.seat))


def seen(game: Game, state: State, seat: Seat) -> tuple[dict[str, Any], list[Action]]:
    """What a bot is shown of `state` in `seat`: the seat's view (with `you`) and its legal
    actions, as the driver always handed them to bots: every object's keys in sorted order."""
    view = {**game.view(state, seat), "you": seat}
    return clone(view), clone({"legal": game.legal(state, seat)})["legal"]


def choose(
    game: Game, bot: Bot, view: dict[str, Any], legal: list[Action], rng: Rng
) -> tuple[Action, str | None]:
    """The bot's choice, and None; or, when the bot fails (raises, or answers something not in
    `legal`), the easy bot's choice and what went wrong: a bot's bug must not stall a game."""
    try:
        action = bot.choose(game, view, legal, rng)
    except Exception:
        problem = f"the {bot.level} bot of {game.id} failed; the easy bot decides"
        return EASY.choose(game, view, legal, rng), f"{problem}\n{traceback.format_exc()}"
    if not any(canonical(action) == canonical(option) for option in legal):
        problem = f"the {bot.level} bot of {game.id} chose {action!r}, not a legal action"
        return EASY.choose(game, view, legal, rng), problem
    return action, None


@dataclass(frozen=True)
class ReplayJob:
    """A finished game's rules view after `step` actions, from `seat`'s side."""

    record: tuple[int, int]  # the game record's id and seed: which game, even if ids are reused
    game: str
    inputs: bytes  # JSON: the record's setup and actions (app.play.replays.replay_inputs)
    step: int
    seat: Seat | None
    names: list[str]


def replay_step(job: ReplayJob) -> tuple[int, int, dict[str, Any]]:
    """(the step shown, the game's number of actions, the rules view after that step)."""
    game = _games[job.game]
    checkpoints = _kept.get(job.record)
    if checkpoints is None:
        checkpoints = _kept.add(job.record, Checkpoints.from_record(game, orjson.loads(job.inputs)))
    step = max(0, min(job.step, checkpoints.steps))
    state = checkpoints.state_after(step)
    _kept.trim()
    return step, checkpoints.steps, rules_view(game, state, job.seat, job.names, replay=True)
