"""Work that would stall the event loop leaves it (app/play/workers.py): replay steps and the
good bots' decisions run in worker processes; a replay step costs a few applies from the
worker's checkpoints; past a few at once, replay steps are refused at once; the loop's lag is
watched.

The guards measure CPU time, never the clock: the server (the threads of this test process
other than the test's own: the test client runs the app's event loop on a thread of its own)
may spend only a small part of what the same work costs when it is done here, however busy the
machine is.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import ROOT, Settings
from app.games.bots import EASY, bot_rng, bots_for
from app.games.core import Action, Game, Seat, State, canonical, clone
from app.lobby.store import new_code
from app.play.bots import BotDriver, Turn, decide
from app.play.checkpoints import EVERY, Checkpoints, Kept
from app.play.lag import LoopLag
from app.play.registry import games_for
from app.play.runner import Position
from app.play.views import rules_view
from app.play.workers import BACKGROUND, URGENT, Turns, Workers
from app.store.db import make_engine, make_sessions, unit_of_work
from app.store.tables.games import ActionRecord, GameRecord
from app.store.tables.lobbies import Lobby, Player
from tests.conftest import run
from tests.play.jobs import die_once, worker_pid
from tests.play.tables import Table, Viewer, serving
from tests.registered import a_game, with_secrets

GAMES = games_for(Settings(_env_file=None))
NAMES = ["Ann", "Bob", "Cy", "Dee"]
WAIT = 300  # seconds for a game of good bots to end on a busy machine
Moves = list[tuple[Seat, Action]]
# A game of hidden cards, whose steps cost something to compute, and whose random games may
# run long (250 actions and more).
HEAVY = a_game(players=2, where=with_secrets)


# --- finished games, straight into the database ----------------------------------------------


@cache
def random_game(game_id: str, at_least: int) -> tuple[int, Moves]:
    """The first seed from 1 whose 2-seat game of random legal actions takes `at_least`
    actions: the seed and the actions."""
    game = GAMES[game_id]
    for seed in range(1, 200):
        rng = random.Random(seed)
        state, moves = game.start(2, {}, seed), []
        while game.result(state) is None:
            seat = min(game.active(state))
            action = rng.choice(game.legal(state, seat))
            state = game.apply(state, seat, action)
            moves.append((seat, action))
        if len(moves) >= at_least:
            return seed, moves
    raise AssertionError(f"no {game_id} game of {at_least} actions")


async def _record(
    url: str,
    game: Game,
    seed: int,
    moves: Moves,
    *,
    players: int = 2,
    bots: str | None = None,
    keep_setup: bool = True,
    finished: bool | None = None,
) -> str:
    """A lobby and its game record as `moves` leave it, finished if they end it (or as
    `finished` says); `bots`: every seat a bot of that level. The lobby's code."""
    setup = game.start(players, {}, seed)
    state = setup
    for seat, action in moves:
        state = game.apply(state, seat, action)
    result = game.result(state)
    names = NAMES[:players]
    engine = make_engine(url)
    try:
        async with unit_of_work(make_sessions(engine)) as session:
            lobby = Lobby(code=new_code(), game=game.id, options={}, status="playing")
            session.add(lobby)
            await session.flush()
            for seat, name in enumerate(names):
                session.add(Player(lobby_id=lobby.id, seat=seat, name=name, bot=bots))
            record = GameRecord(
                lobby_id=lobby.id,
                game=game.id,
                rules_version=game.rules_version,
                seed=seed,
                players=players,
                seats=[{"name": name, "bot": bots is not None, "level": bots} for name in names],
                options={},
                setup=setup if keep_setup else None,
                seq=len(moves),
                snapshot=state,
                snapshot_seq=len(moves),
                status="finished" if (finished is None and result) or finished else "playing",
                result=result.to_json() if result is not None else None,
            )
            session.add(record)
            await session.flush()
            for seq, (seat, action) in enumerate(moves, 1):
                session.add(ActionRecord(game_id=record.id, seq=seq, seat=seat, action=action))
            return lobby.code
    finally:
        await engine.dispose()


def replayed_here(game: Game, seed: int, moves: Moves, step: int, seat: Seat) -> dict[str, Any]:
    """A replay step as the server computed it before it had workers: from the setup."""
    state = game.start(2, {}, seed)
    for mover, action in moves[:step]:
        state = game.apply(state, mover, action)
    return rules_view(game, state, seat, NAMES[:2], replay=True)


def server_cpu() -> float:
    """CPU seconds of this process's threads but the test's own: the app's event loop, the
    database driver's, any other the server starts (not its worker processes)."""
    return time.process_time() - time.thread_time()


def quiet(client: TestClient) -> None:
    """Stop the app's loop lag monitor, whose wake-ups cost CPU by the wall clock, not by the
    work: the CPU measured is then what the work cost, however long the machine made it take."""
    client.portal.call(client.app.state.lag.close)  # type: ignore[attr-defined]


def replay(client: TestClient, code: str, **params: object) -> dict[str, Any]:
    answer = client.get(f"/api/lobbies/{code}/replay", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


# --- the guards ------------------------------------------------------------------------------


def test_replay_steps_are_computed_off_the_event_loop(settings: Settings) -> None:
    game = GAMES[HEAVY]
    seed, moves = random_game(HEAVY, 250)
    last = len(moves)
    steps = [last, last - 1, last // 2, last - EVERY - 3, 7]
    with serving(settings) as client:
        code = run(_record(settings.database_url, game, seed, moves))
        replay(client, code, step=0)  # once: a worker process starts, the record is read
        quiet(client)
        used = server_cpu()
        answers = [replay(client, code, step=step, seat=step % 2) for step in steps]
        served = server_cpu() - used
    used = time.thread_time()
    views = [replayed_here(game, seed, moves, step, step % 2) for step in steps]
    cost = time.thread_time() - used
    for answer, step, view in zip(answers, steps, views, strict=True):
        assert (answer["step"], answer["steps"]) == (step, last)
        assert {key: value for key, value in answer["view"].items() if key != "players"} == view
    # What the server process spent on them (requests, database, answers): a small part.
    assert served < cost / 5, f"served in {served:.3f} s of CPU; {cost:.3f} s to compute here"


@cache
def thinks_longest(seed: int, decisions: int = 10) -> Game:
    """The game (of two seats) whose good bot spends the most CPU on its first `decisions`
    decisions from `seed`: its game of good bots, short, is mostly thinking."""
    spent = {}
    for game in GAMES.values():
        good = bots_for(game).get("good")
        if good is None or not game.min_players <= 2 <= game.max_players:
            continue
        state = game.start(2, {}, seed)
        seats = [{"name": name, "bot": True, "level": good.level} for name in NAMES[:2]]
        used = time.thread_time()
        for seq in range(decisions):
            if game.result(state) is not None:
                break
            seat = min(game.active(state))
            view = clone({**game.view(state, seat), "you": seat})
            legal = clone({"legal": game.legal(state, seat)})["legal"]
            chosen = decide(
                Position(1, game, seats, seq, state, seed), Turn(seat, good), view, legal
            )
            state = game.apply(state, seat, chosen)
        spent[game.id] = (time.thread_time() - used) / (seq + 1)
    return GAMES[max(spent, key=lambda game_id: spent[game_id])]


def test_good_bots_think_off_the_event_loop(settings: Settings) -> None:
    seed = 20240611
    game = thinks_longest(seed)  # for a short game that is mostly thinking
    good = bots_for(game)["good"]
    fast = settings.model_copy(update={"bot_delay": 0.0})
    with serving(fast) as client:
        code = run(_record(fast.database_url, game, seed, [], bots=good.level))
        quiet(client)
        used = server_cpu()
        # A spectator loads the game, which wakes its bots; they play it to the end.
        spectator = Table(client, code, []).connect(None)
        watch_to_the_end(spectator, time.monotonic() + WAIT)
        served = server_cpu() - used
        log = client.get(f"/api/lobbies/{code}/log").json()
    # The same decisions, made here: the same choices (the bots' draws come from the seed).
    state = game.start(2, {}, seed)
    seats = [{"name": name, "bot": True, "level": good.level} for name in NAMES[:2]]
    used = time.thread_time()
    for seq, entry in enumerate(log["actions"]):
        seat = entry["seat"]
        position = Position(1, game, seats, seq, state, seed)
        view = clone({**game.view(state, seat), "you": seat})
        legal = clone({"legal": game.legal(state, seat)})["legal"]
        chosen = decide(position, Turn(seat, good), view, legal)
        assert canonical(chosen) == canonical(entry["action"]), seq
        state = game.apply(state, seat, chosen)
    cost = time.thread_time() - used
    assert game.result(state) is not None and log["status"] == "finished"
    assert served < cost / 3, f"served in {served:.3f} s of CPU; {cost:.3f} s to decide here"


def watch_to_the_end(viewer: Viewer, deadline: float) -> None:
    while viewer.view is None or viewer.view["result"] is None:
        assert time.monotonic() < deadline, f"no result by seq {viewer.seq}"
        viewer.receive()
    assert viewer.errors == []


# --- replays: checkpoints and limits ---------------------------------------------------------


class Counting:
    """A game whose applies are counted."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.applies = 0

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        self.applies += 1
        return self.game.apply(state, seat, action)

    def __getattr__(self, name: str) -> Any:  # the rest of the game (the fold asks `undoable`)
        return getattr(self.game, name)


def test_checkpoints_give_every_step_from_fewer_than_every_applies() -> None:
    game = GAMES[HEAVY]
    seed, moves = random_game(HEAVY, 250)
    moves = moves[: 3 * EVERY + 5]  # a game cut short replays alike
    expected = [game.start(2, {}, seed)]
    for seat, action in moves:
        expected.append(game.apply(expected[-1], seat, action))
    counting = Counting(game)
    checkpoints = Checkpoints(counting, expected[0], moves)  # type: ignore[arg-type]
    assert checkpoints.state_after(len(moves)) == expected[-1]
    assert counting.applies == len(moves)  # the first time, the whole game
    steps = list(range(len(moves) + 1))
    random.Random(1).shuffle(steps)
    for step in steps:
        counting.applies = 0
        assert checkpoints.state_after(step) == expected[step]
        assert counting.applies == step % EVERY
    with pytest.raises(ValueError):
        checkpoints.state_after(len(moves) + 1)


def test_checkpoints_kept_stay_within_their_bytes_forgetting_the_least_recently_used() -> None:
    game = GAMES[HEAVY]
    seed, moves = random_game(HEAVY, 250)
    moves = moves[: 2 * EVERY]
    setup = game.start(2, {}, seed)

    def replayed() -> Checkpoints:
        checkpoints = Checkpoints(game, setup, moves)
        checkpoints.state_after(len(moves))
        return checkpoints

    one = replayed().size
    kept = Kept(limit=2 * one)
    for key in ("a", "b"):
        kept.add(key, replayed())
    kept.trim()
    assert "a" in kept and "b" in kept
    assert kept.get("a") is not None  # "b" is now the least recently used
    kept.add("c", replayed())
    kept.trim()
    assert ("a" in kept, "b" in kept, "c" in kept) == (True, False, True)
    lonely = Kept(limit=1)
    lonely.add("big", replayed())
    lonely.trim()
    assert "big" in lonely  # the latest is kept, whatever its size


def test_replay_steps_past_the_limits_are_refused_at_once_with_retry_after(
    settings: Settings,
) -> None:
    game = GAMES[a_game(players=2)]
    seed, moves = random_game(game.id, 1)
    two_at_once = settings.model_copy(update={"replays_at_once": 2})
    with serving(two_at_once) as client:
        finished = run(_record(settings.database_url, game, seed, moves))
        playing = run(_record(settings.database_url, game, seed, moves[:3]))
        in_flight = client.app.state.replays.in_flight  # type: ignore[attr-defined]

        def refused() -> str:
            answer = client.get(f"/api/lobbies/{finished}/replay", params={"step": 2})
            assert answer.status_code == 429, answer.text
            assert answer.headers["Retry-After"] == "1"
            assert answer.json()["error"] == "too_many"
            return answer.json()["message"]

        assert in_flight.enter("testclient") is None  # a step of this client's under way
        assert "one at a time" in refused()
        # Nothing to compute, nothing refused.
        assert client.get(f"/api/lobbies/{playing}/replay").status_code == 409
        in_flight.leave("testclient")
        assert in_flight.enter("192.0.2.1") is None  # the server computes two for others
        assert in_flight.enter("192.0.2.2") is None
        assert "already computing 2" in refused()
        in_flight.leave("192.0.2.1")
        assert replay(client, finished, step=2)["step"] == 2
        assert len(in_flight) == 1  # its own step is over


# --- the pool --------------------------------------------------------------------------------


def test_a_worker_that_dies_is_replaced_and_workers_give_way_to_the_server(tmp_path: Path) -> None:
    async def scenario() -> None:
        workers = Workers(Settings(_env_file=None))
        try:
            first = await workers.run(worker_pid)
            assert await workers.run(die_once, str(tmp_path / "mark")) == "answered"
            assert await workers.run(worker_pid) != first
            with pytest.raises(BrokenProcessPool):  # a job that kills every worker it meets
                await workers.run(os._exit, 1)
            assert await workers.run(worker_pid) > 0  # the pool still works
            # Workers give way to the server when both want the CPU.
            assert await workers.run(os.nice, 0) == min(19, os.nice(0) + 10)
        finally:
            await workers.close()

    run(scenario())


def test_the_workers_of_a_server_killed_by_sigkill_end_with_it(tmp_path: Path) -> None:
    pid_file = tmp_path / "worker.pid"
    crash = subprocess.run(
        [sys.executable, "-m", "tests.play.jobs", str(pid_file)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,  # (a worker left behind would keep a pipe open)
        stderr=subprocess.DEVNULL,
        timeout=120,
    )
    assert crash.returncode == -signal.SIGKILL
    worker = int(pid_file.read_text())
    try:
        deadline = time.monotonic() + 60
        while alive(worker):
            assert time.monotonic() < deadline, f"worker {worker} outlived its server"
            time.sleep(0.05)
    finally:
        if alive(worker):
            os.kill(worker, signal.SIGKILL)


def alive(pid: int) -> bool:
    """Whether the process runs (not gone, not a zombie waiting to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_the_easy_bot_decides_when_the_worker_dies_again_and_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class DeadWorkers:
        async def run(self, *args: Any, **kwargs: Any) -> Any:
            raise BrokenProcessPool("every worker died")

    game = GAMES[a_game(players=2, where=lambda entry: "good" in bots_for(entry.game))]
    state = game.start(2, {}, 5)
    seat = game.active(state)[0]
    position = Position(1, game, [{"name": "A", "bot": True, "level": "good"}] * 2, 0, state, 5)
    driver = BotDriver(SimpleNamespace(), 0.0, DeadWorkers())  # type: ignore[arg-type]
    action = run(driver.choice(position, Turn(seat, bots_for(game)["good"])))
    view = {**game.view(state, seat), "you": seat}
    legal = game.legal(state, seat)
    assert action == EASY.choose(game, view, legal, bot_rng(5, 0, seat))
    assert "worker deciding for the good bot died" in caplog.text


def test_waiting_jobs_get_a_worker_by_priority_then_in_order() -> None:
    async def scenario() -> tuple[list[str], int]:
        turns = Turns(1)
        await turns.wait(BACKGROUND)  # the one worker is busy
        order: list[str] = []

        async def job(name: str, priority: int) -> None:
            await turns.wait(priority)
            order.append(name)
            turns.release()

        jobs = [("bot 1", BACKGROUND), ("gives up", URGENT), ("bot 2", BACKGROUND)]
        tasks = [asyncio.create_task(job(name, priority)) for name, priority in jobs]
        tasks.append(asyncio.create_task(job("replay", URGENT)))
        await asyncio.sleep(0)  # every job is waiting
        tasks[1].cancel()
        turns.release()
        await asyncio.gather(*tasks, return_exceptions=True)
        return order, turns.free

    assert run(scenario()) == (["replay", "bot 1", "bot 2"], 1)


# --- the loop's lag ---------------------------------------------------------------------------


def test_the_lag_monitor_sees_the_loop_held_up() -> None:
    async def scenario() -> dict[str, Any]:
        lag = LoopLag()
        lag.start()
        try:
            await asyncio.sleep(0)  # the monitor sleeps
            time.sleep(0.05)  # and the loop is held up meanwhile
            while not lag.samples:
                await asyncio.sleep(0.001)
            return lag.figures(with_samples=True)
        finally:
            await lag.close()

    figures = run(scenario())
    assert figures["max_ms"] >= 39 and figures["samples_ms"][0] == figures["max_ms"]
    assert figures["samples"] >= 1 and figures["p50_ms"] is not None


def test_the_loop_lag_is_answered_only_when_the_setting_is_on(settings: Settings) -> None:
    with serving(settings) as client:
        assert client.get("/api/debug/lag").status_code == 404
    with serving(settings.model_copy(update={"debug_lag": True})) as client:
        answer = client.get("/api/debug/lag", params={"samples": "true", "reset": "true"})
        assert answer.status_code == 200
        figures = answer.json()
        assert figures["interval_ms"] == 10 and len(figures["samples_ms"]) == figures["samples"]
        assert set(figures) >= {"p50_ms", "p99_ms", "max_ms"}


def test_what_the_server_holds_from_its_start_is_out_of_the_collectors_passes(
    settings: Settings,
) -> None:
    """The collector's full passes stall the loop for as long as they take: the modules, games
    and settings of the server's start are frozen out of them while it runs."""
    with serving(settings):
        assert gc.get_freeze_count() > 10_000
    assert gc.get_freeze_count() == 0
