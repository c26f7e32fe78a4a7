"""The review after a game (app/play/review.py, app/play/reviews.py) over HTTP: for every game,
each person's own decisions judged by the good bot (at most three kept, bots' seats none), for
whoever may see the replay; "working", then "ready"; stored, and computed again after a restart.
Its ranking, with a bot of our own: test_review_ranking.py."""

from __future__ import annotations

import asyncio
import random
import time
from datetime import datetime, timedelta
from functools import cache
from types import SimpleNamespace
from typing import Any, cast

import pytest
from sqlalchemy import delete, select
from starlette.testclient import TestClient

from app.config import Settings
from app.games.core import Action, Game, Seat
from app.lobby.store import new_code
from app.play import fold, review
from app.play.checkpoints import Checkpoints
from app.play.reviews import CATCH_UP, Reviews
from app.play.runner import AWAY
from app.store.db import make_engine, make_sessions, unit_of_work, utcnow
from app.store.tables.games import ActionRecord, GameRecord, ReviewRecord
from app.store.tables.lobbies import Lobby, Player
from tests.conftest import run
from tests.play.tables import Table, serving
from tests.play.test_off_loop import GAMES

OWN = 5  # decisions a person makes in the recorded games; a bot plays the rest for them
WAIT = 120  # seconds for a review on a busy machine
Entries = list[tuple[Seat, Action, str | None]]


# --- games to review -----------------------------------------------------------------------------


def some_kind(rng: random.Random, legal: list[Action]) -> Action:
    """A random legal action of a random kind (its `type`): games end sooner so than with any
    action as likely as another (a kind of many actions that changes little is not favoured)."""
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(str(action.get("type") if isinstance(action, dict) else ""), []).append(
            action
        )
    return rng.choice(kinds[rng.choice(sorted(kinds))])


@cache
def played(game_id: str) -> tuple[int, Entries]:
    """A finished 2-seat game of random legal actions (`some_kind`; seat 0 a person, seat 1 a
    bot): the person's first OWN decisions among several actions are their own, a bot played
    the rest for them (`by` "away"), so a review judges a few. The seed and the entries."""
    game = GAMES[game_id]
    rng = random.Random(1)
    state, entries, own = game.start(2, {}, 1), [], 0
    while game.result(state) is None:
        seat = min(game.active(state))
        legal = game.legal(state, seat)
        by = None if seat == 1 or (own < OWN and len(legal) > 1) else AWAY
        own += seat == 0 and by is None and len(legal) > 1
        action = some_kind(rng, legal)
        state = game.apply(state, seat, action)
        entries.append((seat, action, by))
    return 1, entries


async def _record(url: str, game: Game, seed: int, entries: Entries, ended: datetime) -> str:
    """A lobby and its finished game as `entries` leave it, ended at `ended` (seat 1 a bot)."""
    setup = game.start(2, {}, seed)
    state = fold.fold(game, fold.Fold(setup), [(s, a) for s, a, _ in entries]).state
    result = game.result(state)
    assert result is not None
    seats = [{"name": "Ann", "bot": False, "level": None}, {"name": "Bot", "bot": True}]
    engine = make_engine(url)
    try:
        async with unit_of_work(make_sessions(engine)) as session:
            lobby = Lobby(code=new_code(), game=game.id, options={}, status="playing")
            session.add(lobby)
            await session.flush()
            session.add(Player(lobby_id=lobby.id, seat=0, name="Ann"))
            session.add(Player(lobby_id=lobby.id, seat=1, name="Bot", bot="easy"))
            record = GameRecord(
                lobby_id=lobby.id,
                game=game.id,
                rules_version=game.rules_version,
                seed=seed,
                players=2,
                seats=seats,
                options={},
                setup=setup,
                seq=len(entries),
                snapshot=state,
                snapshot_seq=len(entries),
                status="finished",
                result=result.to_json(),
                finished_at=ended,
            )
            session.add(record)
            await session.flush()
            for seq, (seat, action, by) in enumerate(entries, 1):
                session.add(
                    ActionRecord(game_id=record.id, seq=seq, seat=seat, action=action, by=by)
                )
            return lobby.code
    finally:
        await engine.dispose()


def record(settings: Settings, game_id: str, *, lately: bool = False) -> str:
    """A finished game's lobby: ended `lately` (a server reviews it as it starts), or long
    enough ago that it is reviewed only when asked for."""
    seed, entries = played(game_id)
    ended = utcnow() - (timedelta(0) if lately else 2 * CATCH_UP)
    return run(_record(settings.database_url, GAMES[game_id], seed, entries, ended))


def ready(client: TestClient, code: str) -> dict[str, Any]:
    """The review, asked for until it is ready (politely: twice a second)."""
    deadline = time.monotonic() + WAIT
    while True:
        answer = client.get(f"/api/lobbies/{code}/review")
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["status"] in ("ready", "working")
        if body["status"] == "ready":
            return body
        assert body["players"] == []
        assert time.monotonic() < deadline, "the review never came"
        time.sleep(0.5)


def stored(url: str) -> list[int]:
    async def read() -> list[int]:
        engine = make_engine(url)
        try:
            async with make_sessions(engine)() as session:
                return list(await session.scalars(select(ReviewRecord.game_id)))
        finally:
            await engine.dispose()

    return run(read())


def states_before(game: Game, seed: int, entries: Entries) -> list[Any]:
    """The state before each entry, folded as the record is."""
    return list(fold.states(game, fold.Fold(game.start(2, {}, seed)), [e[:2] for e in entries]))


@pytest.fixture
def sqlite_settings(sqlite_template: Any, tmp_path: Any) -> Settings:
    import shutil

    path = tmp_path / "tinkertable.db"
    shutil.copy(sqlite_template, path)
    url = f"sqlite+aiosqlite:///{path}"
    return Settings(database_url=url, migrate_on_start=False, bot_delay=0, _env_file=None)


# --- over HTTP, every game -----------------------------------------------------------------------


def test_a_finished_games_review_judges_its_persons_own_decisions(
    sqlite_settings: Settings,
) -> None:
    """Every game, on one server: a person's few decisions (a bot played the rest for them)."""
    codes = {game_id: record(sqlite_settings, game_id) for game_id in sorted(GAMES)}
    with serving(sqlite_settings) as client:
        for code in codes.values():  # nobody asked before: each is computed now
            first = client.get(f"/api/lobbies/{code}/review")
            assert first.status_code == 200 and first.json() == {"status": "working", "players": []}
        reviews = {game_id: ready(client, code) for game_id, code in codes.items()}
    for game_id, body in reviews.items():
        game = GAMES[game_id]
        seed, entries = played(game_id)
        assert [(p["seat"], p["name"]) for p in body["players"]] == [(0, "Ann")]  # not the bot's
        moments = body["players"][0]["moments"]
        assert len(moments) <= review.KEEP
        replayed = Checkpoints(game, game.start(2, {}, seed), [e[:2] for e in entries])
        for moment in moments:
            seat, action, by = entries[moment["seq"]]
            assert (seat, by, moment["chose"]) == (0, None, action)  # the person's own decision
            legal = game.legal(replayed.state_after(moment["seq"]), 0)
            assert review.is_legal(moment["better"], legal) and len(legal) > 1
            assert moment["lost"] > 0 and moment["unit"] in ("points", "chance")
            assert moment["chose_text"] and moment["better_text"]
        assert [m["seq"] for m in moments] == sorted(m["seq"] for m in moments)


def test_the_review_is_the_replays_to_see_and_not_before_the_end(
    sqlite_settings: Settings,
) -> None:
    game_id = sorted(GAMES)[0]
    code = record(sqlite_settings, game_id)
    with serving(sqlite_settings) as client:
        # Anyone with the lobby's code, as the replay: no token needed, none refused.
        assert client.get(f"/api/lobbies/{code}/replay").status_code == 200
        assert client.get(f"/api/lobbies/{code}/review").status_code == 200
        assert client.get("/api/lobbies/23456789abcde/review").json()["error"] == "unknown_lobby"
        table = Table.open(client, game=game_id)
        refused = client.get(f"/api/lobbies/{table.code}/review")  # not started
        assert refused.status_code == 409 and refused.json()["error"] == "not_finished"
        table.start()
        refused = client.get(f"/api/lobbies/{table.code}/review")  # being played
        assert refused.status_code == 409 and refused.json()["error"] == "not_finished"


def test_a_game_played_to_its_end_is_reviewed_without_being_asked(
    sqlite_settings: Settings,
) -> None:
    """Over the protocol: a person against a bot; the review starts with the last action."""
    game_id = min(GAMES, key=lambda g: len(played(g)[1]))  # the shortest to play
    with serving(sqlite_settings) as client:
        client.app.state.reviews.grace = 0  # type: ignore[attr-defined]
        table = Table.open(client, names=("Ann",), game=game_id)
        added = client.post(
            f"/api/lobbies/{table.code}/bots",
            json={"level": "easy"},
            headers={"Authorization": f"Bearer {table.tokens[0]}"},
        )
        assert added.status_code == 201, added.text
        table.start()
        ann = table.connect(0)
        ann.until("snapshot")
        refused, choices = 0, random.Random(1)
        while ann.view is not None and ann.view["result"] is None:
            if 0 in ann.view["active"] and ann.view["legal"]:
                seq = ann.seq or 0
                ann.act(choices.choice(ann.view["legal"]), ref=seq)
                # Until the game moves on (the bot may move first), or the action is refused.
                while (ann.seq or 0) == seq and not any(e["ref"] == seq for e in ann.errors):
                    ann.receive()
                # Refused only when the bot's move (not yet received) changed what is legal.
                assert all(e["error"] == "illegal_action" for e in ann.errors), ann.errors
                refused += len(ann.errors)
                assert refused < 20, "too many actions refused"
                ann.errors.clear()
            else:
                ann.receive()
        deadline = time.monotonic() + WAIT
        while not stored(sqlite_settings.database_url):
            assert time.monotonic() < deadline, "the finished game was never reviewed"
            time.sleep(0.2)
        body = client.get(f"/api/lobbies/{table.code}/review").json()
        assert body["status"] == "ready" and [p["name"] for p in body["players"]] == ["Ann"]


def test_a_review_under_way_when_the_server_stops_is_computed_after_its_start(
    settings: Settings,
) -> None:
    code = record(settings, sorted(GAMES)[-1], lately=True)
    held = asyncio.Event()  # never set: the review's first job never ends

    async def stuck(*_: Any, **__: Any) -> Any:
        await held.wait()

    with serving(settings) as client:
        client.app.state.reviews.run = stuck  # type: ignore[attr-defined]
        assert client.get(f"/api/lobbies/{code}/review").json()["status"] == "working"
        assert client.app.state.reviews.under_way()  # type: ignore[attr-defined]
    assert stored(settings.database_url) == []  # stopped mid-way: nothing kept
    with serving(settings) as client:
        # Computed again from the start (a game ended lately), before anyone asks.
        deadline = time.monotonic() + WAIT
        while not stored(settings.database_url):
            assert time.monotonic() < deadline, "the review was not computed again"
            time.sleep(0.2)
        assert client.get(f"/api/lobbies/{code}/review").json()["status"] == "ready"
    with serving(settings) as client:  # and kept: ready at once
        assert client.get(f"/api/lobbies/{code}/review").json()["status"] == "ready"


def test_a_review_goes_with_its_lobby(settings: Settings) -> None:
    code = record(settings, sorted(GAMES)[0])

    async def review_then_expire() -> list[int]:
        engine = make_engine(settings.database_url)
        try:
            sessions = make_sessions(engine)
            async with unit_of_work(sessions) as session:
                game_id = await session.scalar(
                    select(GameRecord.id).join(Lobby).where(Lobby.code == code)
                )
                session.add(ReviewRecord(game_id=game_id, players=[]))
            async with unit_of_work(sessions) as session:
                kept = list(await session.scalars(select(ReviewRecord.game_id)))
                await session.execute(delete(Lobby).where(Lobby.code == code))  # as expiry does
            return kept
        finally:
            await engine.dispose()

    assert len(run(review_then_expire())) == 1
    assert stored(settings.database_url) == []


def test_a_review_waiting_after_its_games_end_starts_at_once_when_asked_for(
    sqlite_settings: Settings,
) -> None:
    async def scenario() -> None:
        engine = make_engine(sqlite_settings.database_url)
        reviews = Reviews(make_sessions(engine), cast(Any, SimpleNamespace(run=None, size=1)))
        try:
            reviews.start(404, after=3600)  # as a game's end does: in its grace
            await asyncio.sleep(0)
            waiting = reviews._under_way[404]
            reviews.start(404, after=3600)  # the game's end again: nothing changes
            assert reviews._under_way[404] is waiting
            reviews.start(404)  # asked for: no more waiting (no such game: nothing to do)
            await asyncio.wait_for(reviews._under_way[404], timeout=WAIT)
            assert waiting.cancelled() and not reviews.under_way()
        finally:
            await reviews.close()
            await engine.dispose()

    run(scenario())
