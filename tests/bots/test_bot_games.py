"""Bots play through the runner and the hub like people: games of bots only for every game,
a person playing against bots over a real websocket, several processes driving one game, and a
game waiting on a bot when the server restarts."""

from __future__ import annotations

import random
import shutil
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient

from app.config import Settings
from app.games.bots import EASY, bot_rng
from app.games.core import canonical
from app.lobby.store import new_code
from app.play.referee import STALE
from app.play.registry import games_for
from app.play.runner import Runner, create_game
from app.play.views import rules_view
from app.store.db import make_engine, make_sessions, unit_of_work
from app.store.tables.games import ActionRecord
from app.store.tables.lobbies import Lobby, Player
from tests.conftest import run
from tests.play.tables import Table, Viewer, serving
from tests.registered import a_game

GAMES = games_for(Settings(_env_file=None))
WAIT = 120  # seconds for a game of bots to end
# Games of bots only are a function of their seed (the bots draw from generators made from it):
# with this one, easy bots end the longest of the registered games in about 1250 actions rather
# than 3000 or more.
SEED = 6


@pytest.fixture
def fast(settings: Settings) -> Settings:
    """The test database's settings with bots that do not wait."""
    return settings.model_copy(update={"bot_delay": 0.0})


@pytest.fixture
def fast_sqlite(sqlite_template: Path, tmp_path: Path) -> Settings:
    """Settings on a fresh SQLite database alone (for the longer games), bots without delay."""
    path = tmp_path / "tinkertable.db"
    shutil.copy(sqlite_template, path)
    url = f"sqlite+aiosqlite:///{path}"
    return Settings(database_url=url, migrate_on_start=False, bot_delay=0.0, _env_file=None)


async def _seat_bots_only(url: str, game_id: str, players: int) -> str:
    """A lobby whose every seat is an easy bot, its game started; the lobby's code."""
    engine = make_engine(url)
    try:
        async with unit_of_work(make_sessions(engine)) as session:
            lobby = Lobby(code=new_code(), game=game_id, options={}, status="playing")
            session.add(lobby)
            await session.flush()
            names = [f"Bot {seat + 1}" for seat in range(players)]
            for seat, name in enumerate(names):
                session.add(Player(lobby_id=lobby.id, seat=seat, name=name, bot="easy"))
            seats = [{"name": name, "bot": True, "level": "easy"} for name in names]
            await create_game(
                await session.connection(),
                lobby_id=lobby.id,
                game=GAMES[game_id],
                seats=seats,
                options={},
            )
            return lobby.code
    finally:
        await engine.dispose()


async def _count_actions(url: str) -> int:
    engine = make_engine(url)
    try:
        async with make_sessions(engine)() as session:
            return await session.scalar(select(func.count()).select_from(ActionRecord)) or 0
    finally:
        await engine.dispose()


def watch_to_the_end(viewer: Viewer, deadline: float) -> dict[str, Any]:
    """Read until the viewer's view holds a result; the view."""
    while viewer.view is None or viewer.view["result"] is None:
        assert time.monotonic() < deadline, f"no result by seq {viewer.seq}"
        viewer.receive()
    return viewer.view


def check_the_record(client: TestClient, code: str, view: dict[str, Any]) -> dict[str, Any]:
    """The record holds every action once, in order, and replays to the view that was seen;
    each bot action is the easy bot's choice from its seat's view at that point."""
    log = client.get(f"/api/lobbies/{code}/log").json()
    assert log["status"] == "finished" and log["seed"] is not None
    actions = log["actions"]
    assert [a["seq"] for a in actions] == list(range(1, len(actions) + 1)) == view["seqs"]
    game = GAMES[log["game"]]
    state = game.start(len(log["players"]), log["options"], log["seed"])
    names = [p["name"] for p in log["players"]]
    for seq, entry in enumerate(actions):
        seat = entry["seat"]
        if log["players"][seat]["bot"]:
            seen = {**game.view(state, seat), "you": seat}
            legal = game.legal(state, seat)
            chosen = EASY.choose(game, seen, legal, bot_rng(log["seed"], seq, seat))
            assert canonical(chosen) == canonical(entry["action"]), (seq, seat)
        state = game.apply(state, seat, entry["action"])
    assert game.result(state) is not None
    final = rules_view(game, state, view["you"], names)
    assert {k: v for k, v in view.items() if k in final} == final
    return log


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_of_bots_only_plays_to_the_end(
    fast: Settings, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.play.runner.new_seed", lambda: SEED)
    game = GAMES[game_id]
    players = max(game.min_players, 2)
    code = run(_seat_bots_only(fast.database_url, game_id, players))
    with serving(fast) as client:
        # The server found the game waiting on its bots when it started; a spectator watches.
        spectator = Table(client, code, []).connect(None)
        view = watch_to_the_end(spectator, time.monotonic() + WAIT)
        view["seqs"] = list(range(1, spectator.seq + 1))
        assert spectator.errors == []
        assert check_the_record(client, code, view)["seed"] == SEED
        assert client.get(f"/api/lobbies/{code}").json()["status"] == "finished"


def _play_against_bots(
    client: TestClient, game_id: str, seed: int, stop: int | None = None
) -> tuple[Table, Viewer]:
    """Ann alone with easy bots (the game's minimum, at least one), choosing at random until
    the game ends (or its `stop`-th action)."""
    game = GAMES[game_id]
    table = Table.open(client, ("Ann",), game=game_id)
    for _ in range(max(game.min_players - 1, 1)):
        added = client.post(
            f"/api/lobbies/{table.code}/bots",
            json={"level": "easy"},
            headers={"Authorization": f"Bearer {table.tokens[0]}"},
        )
        assert added.status_code == 201, added.text
    ann = table.connect(0)
    ann.until("lobby")
    table.start()
    choices = random.Random(seed)
    deadline = time.monotonic() + WAIT
    waiting_for: int | None = None  # the seq Ann chose at, until her answer comes back
    while ann.view is None or (ann.view["result"] is None and (stop is None or ann.seq < stop)):
        assert time.monotonic() < deadline, f"no result by seq {ann.seq}"
        message = ann.receive()
        if message["type"] in ("patch", "snapshot") or (
            message["type"] == "error" and message["ref"] == waiting_for
        ):
            waiting_for = None if waiting_for != ann.seq else waiting_for
        view = ann.view
        if view is not None and waiting_for is None and view["legal"] and view["result"] is None:
            waiting_for = ann.seq
            ann.act(choices.choice(view["legal"]), ref=ann.seq)
    return table, ann


def test_a_person_and_a_bot_take_turns_over_the_websocket(fast: Settings) -> None:
    with serving(fast) as client:
        table, ann = _play_against_bots(client, a_game(players=2), seed=3)
        view = dict(ann.view or {})
        view["seqs"] = ann.seqs
        log = check_the_record(client, table.code, view)
        seats = [entry["seat"] for entry in log["actions"]]
        assert set(seats) == {0, 1}
        # Turns alternate: one seat's actions, then the other's.
        assert any(a != b for a, b in zip(seats, seats[1:], strict=False))
        assert [p["bot"] for p in ann.view["players"]] == [False, True]
        # Play again: the next lobby has the same bot in it, waiting for the start.
        again = client.post(
            f"/api/lobbies/{table.code}/again",
            headers={"Authorization": f"Bearer {table.tokens[0]}"},
        )
        assert again.status_code == 201, again.text
        following = client.get(f"/api/lobbies/{again.json()['code']}").json()
        assert [(p["name"], p["bot"], p["level"]) for p in following["players"]] == [
            ("Ann", False, None),
            ("Easy bot", True, "easy"),
        ]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_person_and_bots_interleave_in_every_game(fast_sqlite: Settings, game_id: str) -> None:
    """Ann plays the first 150 actions of each game with bots; the record holds both."""
    with serving(fast_sqlite) as client:
        table, ann = _play_against_bots(client, game_id, seed=11, stop=150)
        ann.close()
        log = client.get(f"/api/lobbies/{table.code}/log").json()
        game = GAMES[game_id]
        seats = [entry["seat"] for entry in log["actions"]]
        assert 0 in seats and set(seats) - {0}, seats
        assert len(seats) >= min(ann.seq or 0, 150)
        # The record, replayed from the seed, is the game Ann saw.
        lobby = client.get(f"/api/lobbies/{table.code}").json()
        assert lobby["status"] in ("playing", "finished")
        state = run(_state_after(fast_sqlite.database_url, ann.seq or 0))
        names = [p["name"] for p in lobby["players"]]
        seen = {k: v for k, v in (ann.view or {}).items() if k != "players"}
        assert isinstance(seen.pop("undo"), bool)  # take-backs: tests/play/test_undo.py
        assert seen == {**rules_view(game, state, 0, names), "clocks": None, "timeouts": []}


async def _state_after(url: str, seq: int) -> dict[str, Any]:
    """The only game's state after `seq` actions, replayed from its seed."""
    engine = make_engine(url)
    try:
        runner = Runner(make_sessions(engine), GAMES)
        position, _ = await runner.replay(1, seq)
        return position.state
    finally:
        await engine.dispose()


def test_two_processes_driving_one_game_of_bots_record_each_action_once(
    fast: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.play.runner.new_seed", lambda: SEED)
    # Three seats, in the first game that seats three (its seats may act at the same time).
    code = run(_seat_bots_only(fast.database_url, a_game(players=3), 3))
    with serving(fast) as one, serving(fast) as two:
        # Both servers found the game at start and drive its bots at the same time.
        here = Table(one, code, []).connect(None)
        there = Table(two, code, []).connect(None)
        deadline = time.monotonic() + WAIT
        view = watch_to_the_end(here, deadline)
        watch_to_the_end(there, deadline)
        assert here.errors == [] and there.errors == []
        view["seqs"] = list(range(1, here.seq + 1))
        check_the_record(one, code, view)


def test_an_action_chosen_on_a_position_the_game_has_left_is_refused_as_stale(
    fast: Settings,
) -> None:
    """Hub.act, the one way in: a bot's action names the seq it was chosen at and is refused
    once the game has moved past it; a person's is checked again on the newer position."""
    with serving(fast) as client:
        table = Table.open(client, ("Ann", "Bob"), first_player="host")
        table.start()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        portal = client.portal  # type: ignore[attr-defined]
        room = portal.call(hub.room, table.code)
        roll = {"type": "roll"}

        def actions() -> int:
            return len(client.get(f"/api/lobbies/{table.code}/log").json()["actions"])

        refused = portal.call(partial(hub.act, room, 0, roll, chosen_at=3))
        assert refused is not None and refused.code == STALE and actions() == 0
        assert portal.call(partial(hub.act, room, 0, roll, chosen_at=0)) is None
        assert actions() == 1
        refused = portal.call(partial(hub.act, room, 0, roll, chosen_at=0))
        assert refused is not None and refused.code == STALE
        refused = portal.call(partial(hub.act, room, 0, roll))
        assert refused is not None and refused.code == "illegal_action" and actions() == 1


def test_bots_play_a_game_started_while_nobody_is_connected(fast: Settings) -> None:
    with serving(fast) as client:
        table = Table.open(client, ("Ann",), first_player="guest")
        added = client.post(
            f"/api/lobbies/{table.code}/bots",
            headers={"Authorization": f"Bearer {table.tokens[0]}"},
        )
        assert added.status_code == 201
        table.start()
        deadline = time.monotonic() + 30
        while len(client.get(f"/api/lobbies/{table.code}/log").json()["actions"]) < 2:
            assert time.monotonic() < deadline, "the bot never moved"
            time.sleep(0.05)
        actions = client.get(f"/api/lobbies/{table.code}/log").json()["actions"]
        # The bot rolled and scored; now the game waits on Ann, and the bot stops.
        assert [a["seat"] for a in actions] == [1, 1]
        time.sleep(0.3)
        assert len(client.get(f"/api/lobbies/{table.code}/log").json()["actions"]) == 2


def test_a_game_waiting_on_a_bot_gets_its_move_after_a_restart(settings: Settings) -> None:
    slow = settings.model_copy(update={"bot_delay": 30.0})
    with serving(slow) as client:
        table = Table.open(client, ("Ann",), first_player="guest")
        added = client.post(
            f"/api/lobbies/{table.code}/bots",
            headers={"Authorization": f"Bearer {table.tokens[0]}"},
        )
        assert added.status_code == 201
        table.start()
        ann = table.connect(0)
        assert ann.until("snapshot")["view"]["active"] == [1]  # the bot rolls first
        ann.close()
        stopping = time.monotonic()
    # The bot was still waiting out its delay: shutting down cancelled it at once.
    assert time.monotonic() - stopping < 5
    assert run(_count_actions(settings.database_url)) == 0

    fast = settings.model_copy(update={"bot_delay": 0.0})
    with serving(fast) as client:
        table.client = client
        deadline = time.monotonic() + 30
        while not (actions := client.get(f"/api/lobbies/{table.code}/log").json()["actions"]):
            assert time.monotonic() < deadline, "the bot never moved after the restart"
            time.sleep(0.05)
        assert actions[0]["seat"] == 1 and actions[0]["action"] == {"type": "roll"}
        # Nobody had connected: the server found the game when it started. Now it is Ann's.
        ann = table.connect(0)
        snapshot = ann.until("snapshot")
        while 0 not in (ann.view or {}).get("active", []):
            ann.receive()
        assert snapshot["seq"] >= 1 and ann.view["legal"]
