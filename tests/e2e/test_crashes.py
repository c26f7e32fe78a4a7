"""Crashes lose nothing, and the database going away (issue #11, part 4).

Real server processes (`python -m app.ops.cli serve`), driven through the public protocol only.

SIGKILL under load: several games at once, every seat a websocket client playing random legal
actions as fast as the server answers, a spectator watching each game. At seeded random moments
the server is SIGKILLed and started again on the same port and database; every client
reconnects with `since=<its seq>`. Checked:

- after every restart, and at the end, each client's view equals a fresh snapshot;
- every action a seat saw acknowledged is in the record at a `seq` it could have had, with the
  action the seat sent; every recorded action is one a seat sent and was not refused; `seq`
  runs 1..N without gaps or repeats; `GET /api/lobbies/{code}/log` lists exactly that record;
- each game replayed by the rules engine from its seed and recorded actions gives, for every
  seat and a spectator, the view a fresh snapshot shows.

SIGTERM (a host's restart), the same run: every client is told 1012 (service restart) and
nothing acknowledged is lost.

Settings (environment): TT_CRASH_KILLS (SIGKILLs, or SIGTERMs, per run, default 5),
TT_CRASH_SEED (default 1), TT_CRASH_SECONDS (how long the games play in all, default 8; games
still on are checked as they stand), TT_CRASH_GAMES (the tables, as "<game id>:<tables>,...";
by default six of the registered game with the shortest random games and one of every other
game that seats two).

The database going away (PostgreSQL): the server reaches the database through a TCP proxy in
the test (tests/e2e/proxy.py), which is cut, so the PostgreSQL server other tests use is never
touched. Both ways a database goes away: refusing connections (it stopped) and answering nothing
(the network to it is down).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import os
import random
import time
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

import httpx
import pytest
from sqlalchemy.engine import make_url

from app.config import Settings
from app.play.registry import games_for
from tests.conftest import run
from tests.e2e.players import Player, ProtocolFailure
from tests.e2e.proxy import DatabaseProxy
from tests.e2e.servers import ServerProcess
from tests.e2e.tables import (
    Table,
    call,
    check_views_are_fresh,
    connect_table,
    first_difference,
    ledger_problems,
    log_problems,
    open_table,
    recorded_game,
    replayed_views,
    rules_part,
)
from tests.registered import ENTRIES, a_short_game

T = TypeVar("T")
Stop = Literal["kill", "term"]
# The close code of a server going away to restart (RFC 6455 registry): uvicorn sends it to
# every websocket on SIGTERM.
CLOSE_SERVICE_RESTART = 1012

KILLS = int(os.environ.get("TT_CRASH_KILLS", "5"))
SEED = int(os.environ.get("TT_CRASH_SEED", "1"))
PLAY_SECONDS = float(os.environ.get("TT_CRASH_SECONDS", "8"))
SEATS = 2  # per table
SHORT_GAME = a_short_game(players=SEATS)  # the game of most tables, and of the database's tests
GAMES = os.environ.get(
    "TT_CRASH_GAMES",
    ",".join(
        f"{game_id}:{6 if game_id == SHORT_GAME else 1}"
        for game_id, entry in ENTRIES.items()
        if entry.game.min_players <= SEATS <= entry.game.max_players
    ),
)
# Seconds of play before each SIGKILL, drawn from the seed: some kills come right after a
# restart, while the clients are still catching up.
KILL_DELAY = (0.05, 1.2)
# The server of the load test: all its clients share one address, which the per-address rate
# limits would throttle; its database is migrated already (conftest).
LOAD_TEST_ENV = {"RATE_LIMITS": "false", "MIGRATE_ON_START": "false"}
# How long anything may take while the database is away, at most. The server's own bounds
# (app/store/db.py): 5 s for a pooled connection to answer, 5 s to connect.
ANSWER_WITHIN = 20.0
# In a server's log: an exception nothing handled (a 500, a socket dropped), and any traceback.
UNHANDLED = "Exception in ASGI application"
TRACEBACK = "Traceback"


# --- SIGKILL under load ------------------------------------------------------------------------


@dataclass
class Tally:
    kills: int = 0
    restart_seconds: list[float] = field(default_factory=list)
    acked: int = 0
    refused: int = 0
    in_flight: int = 0
    recorded: int = 0
    finished: int = 0

    def count(self, table: Table, recorded: int, finished: bool) -> None:
        self.recorded += recorded
        self.finished += finished
        for player in table.seats:
            for sent in player.ledger:
                self.acked += sent.outcome == "acked"
                self.refused += sent.outcome == "refused"
                self.in_flight += sent.outcome == "in_flight"

    def summary(self, tables: int, seconds: float) -> str:
        slowest = max(self.restart_seconds, default=0.0)
        return (
            f"{tables} games, {self.kills} SIGKILLs (restarts took up to {slowest:.1f}s):"
            f" {self.recorded} actions recorded, {self.acked} of them acknowledged and"
            f" {self.recorded - self.acked} of {self.in_flight} in flight at a kill;"
            f" {self.refused} refused as stale; {self.finished}/{tables} games finished;"
            f" {seconds:.1f}s in all"
        )


def table_plan(spec: str) -> list[str]:
    """'one:6,two:2' -> six tables of the game `one` and two of the game `two`."""
    plan = []
    for part in spec.split(","):
        game, _, count = part.partition(":")
        plan += [game.strip()] * int(count or 1)
    return plan


def raise_failures(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        if task.done() and not task.cancelled() and (error := task.exception()) is not None:
            raise error


async def play_for(seconds: float, tasks: list[asyncio.Task[None]]) -> None:
    """Let the seats play for `seconds` (less once every game is over); a seat's failure
    fails the test at once."""
    pending = [task for task in tasks if not task.done()]
    if pending and seconds > 0:
        await asyncio.wait(pending, timeout=seconds, return_when=asyncio.FIRST_EXCEPTION)
    raise_failures(tasks)


async def crash_and_restart(
    server: ServerProcess,
    tables: list[Table],
    tasks: list[asyncio.Task[None]],
    tally: Tally,
    how: Stop,
) -> None:
    """SIGKILL (or SIGTERM) the server mid-play, start it again, reconnect everyone with
    since=<seq>, and compare every view with a fresh snapshot while the games stand still.
    After a SIGTERM every connection was told the server is restarting (close code 1012)."""
    server.kill() if how == "kill" else server.terminate()
    tally.kills += 1
    players = [player for table in tables for player in table.players]
    for player in players:
        await player.wait_closed()
        if how == "term" and player.close_codes[-1] != CLOSE_SERVICE_RESTART:
            raise ProtocolFailure(
                f"{player.name}: closed with {player.close_codes[-1]} at a SIGTERM, not 1012"
            )
    for player in players:
        await asyncio.wait_for(player.parked.wait(), ANSWER_WITHIN)
    raise_failures(tasks)
    tally.restart_seconds.append(await server.start())
    for table in tables:
        for player in table.players:
            await player.reconnect(server.ws_base, table.code)
        held = {player.seq for player in table.players}
        if len(held) != 1:
            raise ProtocolFailure(f"{table.code}: after the restart the clients hold seqs {held}")
        await check_views_are_fresh(table, server.ws_base)
    for player in players:
        player.release()


async def stop_playing(stop: asyncio.Event, tables: list[Table], tasks: list[asyncio.Task[None]]):
    stop.set()
    for table in tables:
        for player in table.players:
            player.changed.set()
    await asyncio.wait_for(asyncio.gather(*tasks), ANSWER_WITHIN)
    for table in tables:
        for player in table.players:
            await player.barrier()  # everything the server sent has arrived


async def table_problems(
    http: httpx.AsyncClient, server: ServerProcess, database_url: str, table: Table, tally: Tally
) -> list[str]:
    """Every check of one game: views, its record against the seats' ledgers, its log, and its
    replay by the rules engine."""
    await check_views_are_fresh(table, server.ws_base)
    game = games_for(Settings(_env_file=None))[table.game]
    seed, entries = await recorded_game(database_url, table.code)
    log = await call(http, "GET", f"/api/lobbies/{table.code}/log", 200)
    problems = ledger_problems(table, entries) + log_problems(game, log, seed, entries)
    replayed = replayed_views(game, log, seed, entries)
    for player in table.players:
        assert player.view is not None
        if rules_part(player.view) != replayed[player.seat]:
            problems.append(
                f"{player.name}: the view differs from the replay of the record:"
                f" {first_difference(rules_part(player.view), replayed[player.seat])}"
            )
    for player in table.seats:
        stale = [sent for sent in player.ledger if sent.outcome == "refused"]
        problems += [
            f"{player.name}: {sent.action} refused with {sent.error!r}, not as stale"
            for sent in stale
            if sent.error != "illegal_action"
        ]
    tally.count(table, len(entries), log["status"] == "finished")
    return problems


async def close_all(tables: list[Table]) -> None:
    for table in tables:
        for player in table.players:
            with contextlib.suppress(Exception):
                await player.close()


async def crash_run(database_url: str, log_path: Path, how: Stop = "kill") -> str:
    """The whole SIGKILL (or SIGTERM) run; its summary."""
    began = time.monotonic()
    server = ServerProcess(database_url, log_path, env=LOAD_TEST_ENV)
    tally, stop = Tally(), asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    tables: list[Table] = []
    try:
        await server.start()
        async with httpx.AsyncClient(base_url=server.base_url, timeout=ANSWER_WITHIN) as http:
            for game in table_plan(GAMES):
                tables.append(await open_table(http, game, SEATS))
            for table in tables:
                await connect_table(table, server.ws_base)
            for number, table in enumerate(tables):
                for player in table.seats:
                    choices = random.Random(f"{SEED}-{number}-{player.seat}")
                    tasks.append(asyncio.create_task(player.play(choices, stop)))
            chaos = random.Random(f"{SEED}-kills")
            deadline = time.monotonic() + PLAY_SECONDS
            for _kill in range(KILLS):
                await play_for(chaos.uniform(*KILL_DELAY), tasks)
                await crash_and_restart(server, tables, tasks, tally, how)
                deadline += tally.restart_seconds[-1]  # the restarts are not play
            await play_for(deadline - time.monotonic(), tasks)
            await stop_playing(stop, tables, tasks)
        async with httpx.AsyncClient(base_url=server.base_url, timeout=ANSWER_WITHIN) as http:
            problems = []
            for table in tables:
                problems += await table_problems(http, server, database_url, table, tally)
        assert not problems, "\n".join(problems)
    except BaseException:
        print(f"the server's log ({log_path}) ends with:\n{server.log_tail(80)}")
        raise
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await close_all(tables)
        server.stop()
    faults = [fault for fault in (UNHANDLED, TRACEBACK) if fault in server.log_text()]
    assert not faults, f"the server logged {faults}:\n{server.log_text()[-6000:]}"
    return tally.summary(len(tables), time.monotonic() - began)


@pytest.mark.slow
def test_sigkills_under_load_lose_nothing(database_url: str, tmp_path: Path) -> None:
    print(run(crash_run(database_url, tmp_path / "server.log")))


@pytest.mark.slow
def test_restarts_mid_game_tell_everyone_and_lose_nothing(
    database_url: str, tmp_path: Path
) -> None:
    """A host's restart (SIGTERM, issue 20): the server finishes what is in flight, tells
    every client it is restarting (1012), and every client resumes with `since`."""
    print(run(crash_run(database_url, tmp_path / "server.log", how="term")))


# --- the database going away -------------------------------------------------------------------


@asynccontextmanager
async def behind_a_proxy(
    database_url: str, log_path: Path
) -> AsyncIterator[tuple[ServerProcess, DatabaseProxy]]:
    """A server whose database connections all pass through a proxy the test can cut."""
    url = make_url(database_url)
    proxy = DatabaseProxy(url.host or "127.0.0.1", url.port or 5432)
    port = await proxy.start()
    proxied = url.set(host="127.0.0.1", port=port).render_as_string(hide_password=False)
    server = ServerProcess(proxied, log_path, env={"MIGRATE_ON_START": "false"})
    try:
        await server.start()
        yield server, proxy
    finally:
        server.stop()
        await proxy.close()


async def timed(what: str, awaitable: Awaitable[T]) -> tuple[T, float]:
    """The result, and how long it took; a failure if longer than ANSWER_WITHIN (a hang)."""
    began = time.monotonic()
    try:
        result = await asyncio.wait_for(awaitable, ANSWER_WITHIN)
    except TimeoutError:
        raise AssertionError(f"{what}: no answer within {ANSWER_WITHIN}s") from None
    return result, time.monotonic() - began


async def health(http: httpx.AsyncClient) -> tuple[int, Any]:
    answer = await http.get("/api/health")
    return answer.status_code, answer.json()


async def new_lobby(http: httpx.AsyncClient) -> tuple[int, str, Any]:
    body = {"game": SHORT_GAME, "name": "Late", "options": {}}
    answer = await http.post("/api/lobbies", json=body)
    return answer.status_code, answer.headers.get("content-type", ""), answer.json()


async def socket_refused(server: ServerProcess, table: Table) -> tuple[list[Any], int | None]:
    """A new connection while the database is away: the errors it is sent, its close code."""
    newcomer = Player("newcomer", 0, table.seats[0].token)
    newcomer.awaited.add(None)  # its error has no ref
    await newcomer.connect(server.ws_base, table.code)
    websocket = newcomer.ws
    assert websocket is not None
    await newcomer.wait_closed()
    return list(newcomer.errors.values()), websocket.close_code


def mover(table: Table) -> Player:
    """A seat with an action to take."""
    for player in table.seats:
        assert player.view is not None
        if player.view["legal"]:
            return player
    raise ProtocolFailure(f"{table.code}: no seat has an action to take")


async def database_away_run(database_url: str, log_path: Path, cut: Literal["refuse", "silent"]):
    async with (
        behind_a_proxy(database_url, log_path) as (server, proxy),
        httpx.AsyncClient(base_url=server.base_url, timeout=ANSWER_WITHIN + 5) as http,
    ):
        table = await open_table(http, SHORT_GAME, SEATS)
        try:
            await connect_table(table, server.ws_base)
            for _ in range(2):
                seat = mover(table)
                assert (await seat.act(copy.deepcopy(seat.view["legal"][0]))).outcome == "acked"
            proxy.cut(cut)
            seat, action = await while_away(http, server, table, cut)
            proxy.mend()
            await once_back(http, server, table, seat, action)
            _seed, entries = await recorded_game(database_url, table.code)
            assert [entry.seq for entry in entries] == [1, 2, 3]
            assert not ledger_problems(table, entries)
        finally:
            await close_all([table])
    # (Tracebacks are expected here: the hub logs the database errors it answers.)
    assert UNHANDLED not in server.log_text(), server.log_text()[-6000:]


async def while_away(
    http: httpx.AsyncClient, server: ServerProcess, table: Table, cut: str
) -> tuple[Player, dict[str, Any]]:
    """Health, a new lobby, a new socket and an action on an open one, all at once while the
    database is away: each answered (soon) with `unavailable`, nothing changed. The seat that
    acted and its action."""
    before = {player.name: (player.seq, copy.deepcopy(player.view)) for player in table.players}
    seat = mover(table)
    action = copy.deepcopy(seat.view["legal"][0])
    (checked, lobby, refused, sent), seconds = await timed(
        "the server with its database away",
        asyncio.gather(
            timed("GET /api/health", health(http)),
            timed("POST /api/lobbies", new_lobby(http)),
            timed("a new websocket", socket_refused(server, table)),
            timed("an action", seat.act(action)),
        ),
    )
    took = {"health": checked[1], "lobby": lobby[1], "socket": refused[1], "action": sent[1]}
    print(f"database away ({cut}): all answered within {seconds:.1f}s: {took}")
    assert checked[0] == (503, {"status": "degraded", "database": "unavailable"})
    status, content_type, body = lobby[0]
    assert (status, content_type, body["error"]) == (503, "application/json", "unavailable")
    assert body["message"]
    errors, close_code = refused[0]
    assert [error["error"] for error in errors] == ["unavailable"]
    assert close_code == 1013  # try again later
    assert (sent[0].outcome, sent[0].error) == ("refused", "unavailable")
    for player in table.players:
        assert player.connected, f"{player.name}: its socket closed"
        await player.barrier()
        assert (player.seq, player.view) == before[player.name], f"{player.name}: it moved"
    return seat, action


async def once_back(
    http: httpx.AsyncClient,
    server: ServerProcess,
    table: Table,
    seat: Player,
    action: dict[str, Any],
) -> None:
    """The database is back: healthy again, and the same socket's same action is accepted,
    with no restart of the server."""
    (status, answer), _ = await timed("health once the database is back", until_healthy(http))
    assert (status, answer) == (200, {"status": "ok", "database": "ok"})
    again = await seat.act(action)
    assert again.outcome == "acked", again
    for player in table.players:
        await player.barrier()
        assert player.seq == again.upto
    status, _, body = await new_lobby(http)
    assert status == 201, body
    await check_views_are_fresh(table, server.ws_base)


async def until_healthy(http: httpx.AsyncClient) -> tuple[int, Any]:
    while True:
        with contextlib.suppress(httpx.HTTPError):
            status, answer = await health(http)
            if status == 200:
                return status, answer
        await asyncio.sleep(0.1)


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.parametrize("cut", ["refuse", "silent"])
def test_database_going_away_and_coming_back(
    postgres_server: str, tmp_path: Path, cut: Literal["refuse", "silent"]
) -> None:
    run(database_away_run(postgres_server, tmp_path / "server.log", cut))
