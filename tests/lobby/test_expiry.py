"""Old games expire (app/lobby/expiry.py): finished games after their days, lobbies nobody
started or finished after theirs; recent ones and games still played stay, and so do their
replays. Deleting a lobby takes its players, chat, game and actions with it. On SQLite and
PostgreSQL: the cascades and the date comparisons are the database's own. With two processes
on one PostgreSQL database, a lobby someone is connected to through either stays, and one that
goes has its room closed in the other.
"""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select, update
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.config import Settings
from app.lobby.expiry import Expiry, delete_batch, sweep
from app.play.rooms import SPECTATORS
from app.play.websocket import CLOSE_UNKNOWN_LOBBY
from app.store.db import make_engine, make_sessions, utcnow
from app.store.tables.games import ActionRecord, GameRecord, SeatPresence
from app.store.tables.lobbies import ChatMessage, Lobby, Player
from tests.conftest import _truncate, run
from tests.lobby.test_replay_and_again import finished_game
from tests.notify.test_push import present, wait_for
from tests.play.tables import Table, Viewer, play_one, serving

DEFAULTS = Expiry(finished=timedelta(days=30), open=timedelta(days=7), abandoned=timedelta(days=30))


# --- helpers ------------------------------------------------------------------------------------


async def _backdate(url: str, code: str, moment: datetime) -> None:
    """Everything that happened in the lobby happened at `moment` instead."""
    engine = make_engine(url)
    try:
        async with engine.begin() as connection:
            lobby_id = await connection.scalar(select(Lobby.id).where(Lobby.code == code))
            assert lobby_id is not None, code
            await connection.execute(
                update(Lobby)
                .where(Lobby.id == lobby_id)
                .values(created_at=moment, updated_at=moment)
            )
            await connection.execute(
                update(Player).where(Player.lobby_id == lobby_id).values(created_at=moment)
            )
            await connection.execute(
                update(ChatMessage).where(ChatMessage.lobby_id == lobby_id).values(at=moment)
            )
            games = GameRecord.lobby_id == lobby_id
            await connection.execute(
                update(GameRecord).where(games).values(created_at=moment, updated_at=moment)
            )
            await connection.execute(
                update(GameRecord)
                .where(games, GameRecord.finished_at.is_not(None))
                .values(finished_at=moment)
            )
    finally:
        await engine.dispose()


def backdate(settings: Settings, code: str, days: float) -> None:
    run(_backdate(settings.database_url, code, utcnow() - timedelta(days=days)))


async def _rows(url: str) -> dict[str, dict[int, int]]:
    """Rows per lobby in each table that hangs off a lobby (actions: per lobby of their game)."""
    engine = make_engine(url)
    counted: dict[str, dict[int, int]] = {}
    try:
        async with engine.connect() as connection:
            for name, column in (
                ("players", Player.lobby_id),
                ("chat", ChatMessage.lobby_id),
                ("games", GameRecord.lobby_id),
            ):
                found = await connection.execute(select(column, func.count()).group_by(column))
                counted[name] = {key: value for key, value in found}
            actions = await connection.execute(
                select(GameRecord.lobby_id, func.count())
                .join(ActionRecord, ActionRecord.game_id == GameRecord.id)
                .group_by(GameRecord.lobby_id)
            )
            counted["actions"] = {key: value for key, value in actions}
    finally:
        await engine.dispose()
    return counted


async def _ids(url: str, codes: list[str]) -> dict[str, int]:
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            found = await connection.execute(
                select(Lobby.code, Lobby.id).where(Lobby.code.in_(codes))
            )
            return {key: value for key, value in found}
    finally:
        await engine.dispose()


async def _sweep(url: str, expiry: Expiry, keep: set[str] | None = None) -> list[str]:
    engine = make_engine(url)
    try:
        # The tests' sockets are closed, but a server takes a moment to strike them out of
        # what it has written down (PostgreSQL, app/play/presence.py), and a round leaves a
        # lobby with a connection written down alone.
        for _ in range(600):
            async with engine.connect() as connection:
                if not await connection.scalar(select(func.count()).select_from(SeatPresence)):
                    break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("a connection stays written down")
        return await sweep(make_sessions(engine), expiry, utcnow(), lambda: keep or set(), pause=0)
    finally:
        await engine.dispose()


def expire(settings: Settings, expiry: Expiry = DEFAULTS, keep: set[str] | None = None) -> set[str]:
    """One round of the clean-up, now: the codes of the lobbies it deleted."""
    return set(run(_sweep(settings.database_url, expiry, keep)))


def finished(client: TestClient) -> tuple[Table, Viewer]:
    """A finished game, its players' pages closed (a lobby someone is connected to stays);
    Bob's view."""
    table, ann, bob = finished_game(client)
    ann.close()
    bob.close()
    return table, bob


def open_lobby(client: TestClient) -> str:
    return Table.open(client, names=("Ann",)).code


def playing(client: TestClient, actions: int = 1) -> str:
    table = Table.open(client, first_player="host")
    table.start()
    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    for _ in range(actions):
        play_one([ann, bob], {0: ann, 1: bob})
    ann.close()
    bob.close()
    return table.code


def chat_in(table: Table, text: str) -> None:
    ann = table.connect(0)
    ann.socket.send_json({"type": "chat", "text": text})
    ann.until("chat", text=text)
    ann.close()


def exists(client: TestClient, code: str) -> bool:
    status = client.get(f"/api/lobbies/{code}").status_code
    assert status in (200, 404)
    return status == 200


# --- tests --------------------------------------------------------------------------------------


def test_old_lobbies_go_and_recent_and_playing_ones_stay(
    client: TestClient, settings: Settings
) -> None:
    old_finished, _ = finished(client)
    recent_finished, bob_view = finished(client)
    old_open = open_lobby(client)
    joined_lately = Table.open(client, names=("Ann",))
    talked_lately = Table.open(client, names=("Ann",))
    recent_open = open_lobby(client)
    old_playing = playing(client)
    playing_a_while = playing(client)
    for code, days in [
        (old_finished.code, 31),
        (recent_finished.code, 29),
        (old_open, 8),
        (joined_lately.code, 8),
        (talked_lately.code, 8),
        (recent_open, 6),
        (old_playing, 31),
        (playing_a_while, 10),  # past an open lobby's days, not an abandoned game's
    ]:
        backdate(settings, code, days)
    client.post(f"/api/lobbies/{joined_lately.code}/players", json={"name": "Bob"})
    chat_in(talked_lately, "still here?")
    codes = [old_finished.code, old_open, old_playing]
    ids = run(_ids(settings.database_url, codes))
    before = run(_rows(settings.database_url))
    assert all(before["players"][ids[code]] for code in codes)
    assert before["games"][ids[old_finished.code]] and before["actions"][ids[old_finished.code]]

    assert expire(settings) == set(codes)

    for code in codes:
        assert not exists(client, code)
    for code in (recent_finished.code, joined_lately.code, talked_lately.code, recent_open):
        assert exists(client, code)
    assert exists(client, playing_a_while)
    after = run(_rows(settings.database_url))
    for table in ("players", "chat", "games", "actions"):
        assert not set(after[table]) & set(ids.values()), table  # nothing left behind
    # The replay of a game that was kept works as ever, to its last step.
    last = client.get(f"/api/lobbies/{recent_finished.code}/replay", params={"step": 27})
    assert last.status_code == 200, last.text
    assert last.json()["view"]["result"] == bob_view.view["result"]
    log = client.get(f"/api/lobbies/{recent_finished.code}/log").json()
    assert len(log["actions"]) == 27 and log["seed"] is not None
    assert expire(settings) == set()  # a second round finds nothing more


def test_the_days_are_settings_and_zero_keeps_forever(
    client: TestClient, settings: Settings
) -> None:
    table, _ = finished(client)
    lobby = open_lobby(client)
    for code in (table.code, lobby):
        backdate(settings, code, 400)
    assert expire(settings, Expiry(finished=None, open=None, abandoned=None)) == set()
    longer = Expiry(finished=timedelta(days=500), open=None, abandoned=None)
    assert expire(settings, longer) == set()
    shorter = Settings(
        database_url=settings.database_url,
        expire_finished_days=0,
        expire_open_days=365,
        _env_file=None,
    )
    assert expire(settings, Expiry.from_settings(shorter)) == {lobby}
    assert exists(client, table.code)


def test_play_again_forgets_a_next_lobby_that_expired(
    client: TestClient, settings: Settings
) -> None:
    table, _ = finished(client)
    host = {"Authorization": f"Bearer {table.tokens[0]}"}
    again = client.post(f"/api/lobbies/{table.code}/again", json={}, headers=host)
    assert again.status_code == 201, again.text
    client.cookies.clear()
    next_code = again.json()["code"]
    assert client.get(f"/api/lobbies/{table.code}").json()["next"] == next_code
    backdate(settings, next_code, 8)  # nobody started it

    assert expire(settings) == {next_code}

    assert client.get(f"/api/lobbies/{table.code}").json()["next"] is None
    fresh = client.post(f"/api/lobbies/{table.code}/again", json={}, headers=host)
    assert fresh.status_code == 201, fresh.text
    assert fresh.json()["code"] != next_code and exists(client, fresh.json()["code"])


async def _one_batch(url: str, expiry: Expiry) -> list[str]:
    engine = make_engine(url)
    try:
        async with make_sessions(engine)() as session, session.begin():
            _, codes = await delete_batch(session, expiry, utcnow(), 0)
            return codes
    finally:
        await engine.dispose()


def test_a_round_goes_in_small_batches_and_spares_lobbies_in_use(
    client: TestClient, settings: Settings
) -> None:
    codes = [open_lobby(client) for _ in range(5)]
    for code in codes:
        backdate(settings, code, 8)
    small = Expiry(finished=None, open=timedelta(days=7), abandoned=None, batch=2)
    first = run(_one_batch(settings.database_url, small))
    assert len(first) == 2 and set(first) < set(codes)  # one transaction: two lobbies
    in_use = next(code for code in codes if code not in first)
    rest = expire(settings, small, keep={in_use})
    assert rest == set(codes) - set(first) - {in_use}
    assert exists(client, in_use)
    assert expire(settings, small) == {in_use}  # once nobody is in it


class RoomsOpening:
    """`in_use` for a round: no rooms at the first question, then a room for `code` (a watcher
    came in while the round ran)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.asked = 0

    def __call__(self) -> set[str]:
        self.asked += 1
        return set() if self.asked == 1 else {self.code}


async def _sweep_with(url: str, expiry: Expiry, in_use: RoomsOpening) -> list[str]:
    engine = make_engine(url)
    try:
        return await sweep(make_sessions(engine), expiry, utcnow(), in_use, pause=0)
    finally:
        await engine.dispose()


def test_a_room_opened_while_a_round_runs_keeps_its_lobby(
    client: TestClient, settings: Settings
) -> None:
    """The rooms are asked for as each batch goes (a round asking once, as it began, expired a
    lobby whose watcher came in meanwhile: issue 20), and once more when its lobbies are
    deleted: a room opened during the delete undoes the batch."""
    codes = [open_lobby(client) for _ in range(3)]
    for code in codes:
        backdate(settings, code, 8)
    one_by_one = Expiry(finished=None, open=timedelta(days=7), abandoned=None, batch=1)
    watched = RoomsOpening(codes[1])
    deleted = run(_sweep_with(settings.database_url, one_by_one, watched))
    assert deleted == [codes[0], codes[2]] and watched.asked > 2
    assert exists(client, codes[1])

    more = [open_lobby(client) for _ in range(2)]
    for code in more:
        backdate(settings, code, 8)
    at_once = Expiry(finished=None, open=timedelta(days=7), abandoned=None, batch=10)
    during = RoomsOpening(more[0])  # none as the batch is read, one once it is deleted
    assert run(_sweep_with(settings.database_url, at_once, during)) == []
    assert all(exists(client, code) for code in [codes[1], *more])  # the batch was undone
    assert expire(settings, at_once, keep={more[0]}) == {codes[1], more[1]}


def test_the_server_expires_old_lobbies_by_itself(database_url: str) -> None:
    settings = Settings(
        database_url=database_url, migrate_on_start=False, expiry_interval=0.05, _env_file=None
    )
    with serving(settings) as client:
        old, watched = open_lobby(client), open_lobby(client)
        watcher = Table(client, watched, []).connect(None)
        watcher.until("lobby")
        for code in (old, watched):
            backdate(settings, code, 8)
        deadline = time.monotonic() + 120
        while exists(client, old):
            assert time.monotonic() < deadline, "the old lobby was never deleted"
            time.sleep(0.05)
        assert exists(client, watched)  # someone is connected: it waits for a later round
        watcher.close()


# --- two processes on one PostgreSQL database -----------------------------------------------------


def two_processes(url: str) -> tuple[Settings, Settings]:
    """The first process expires old lobbies every 0.05 s; the second's first round would come
    a minute after it starts (and spares its own rooms)."""
    run(_truncate(url))
    expiring = Settings(
        database_url=url, migrate_on_start=False, expiry_interval=0.05, _env_file=None
    )
    return expiring, Settings(database_url=url, migrate_on_start=False, _env_file=None)


def rooms(client: TestClient) -> set[str]:
    return set(client.app.state.hub.rooms)  # type: ignore[attr-defined]


@pytest.mark.postgres
def test_a_lobby_someone_is_connected_to_through_another_process_stays(
    postgres_server: str,
) -> None:
    """Ann's seat and a spectator are connected to two old lobbies through the second process,
    which the first has no room for: the first expires an old lobby nobody is connected to,
    and not theirs (the second wrote their connections down); once they have left, theirs go."""
    expiring, plain = two_processes(postgres_server)
    with serving(expiring) as first, serving(plain) as second:
        old, watched = open_lobby(second), open_lobby(second)
        seated = Table.open(second, names=("Ann",))
        ann = seated.connect(0)
        watcher = Table(second, watched, []).connect(None)
        ann.until("lobby")
        watcher.until("lobby")
        wait_for(lambda: present(first, seated.code) == [0])
        wait_for(lambda: present(first, watched) == [SPECTATORS])
        for code in (watched, seated.code, old):
            backdate(expiring, code, 8)

        wait_for(lambda: not exists(first, old))  # a round since the last backdate: theirs stay
        assert exists(first, seated.code) and exists(first, watched)
        assert not rooms(first) & {seated.code, watched}  # not the first's own rooms

        ann.close()
        watcher.close()
        wait_for(lambda: not exists(first, seated.code) and not exists(first, watched))
        wait_for(lambda: not rooms(second) & {seated.code, watched})  # the first told it


@pytest.mark.postgres
def test_a_lobby_expired_by_one_process_closes_its_room_in_the_other(
    postgres_server: str,
) -> None:
    """A game abandoned for a month, with Ann and a spectator connected to it through the
    second process, whose connections are not written down (as for sockets that open while the
    first deletes the lobby, before their rows are written): the first expires it, and the
    second closes its room and its sockets, as when the server's owner deletes a lobby; a
    socket that comes back hears that there is no such lobby."""
    expiring, plain = two_processes(postgres_server)
    with serving(expiring) as first, serving(plain) as second:
        hub = second.app.state.hub  # type: ignore[attr-defined]
        hub.on_seat_presence = lambda code, seat: None
        wait_for(hub.kept_current)  # the second hears the others' notices
        table = Table.open(second, first_player="host")
        table.start()
        ann, watcher = table.connect(0), table.connect(None)
        ann.until("snapshot")
        watcher.until("snapshot")
        assert table.code in rooms(second) and table.code not in rooms(first)
        assert present(first, table.code) == []
        backdate(expiring, table.code, 31)

        wait_for(lambda: table.code not in rooms(second))
        assert not exists(first, table.code)
        for viewer in (ann, watcher):
            with pytest.raises(WebSocketDisconnect):
                while True:
                    viewer.receive()
        again = table.connect(None)
        assert again.receive()["error"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            again.receive()
        assert closed.value.code == CLOSE_UNKNOWN_LOBBY
