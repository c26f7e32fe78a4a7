"""The limits of app/edge/limits.py: token buckets on a hand-driven clock, the HTTP 429s with their
Retry-After, the websocket's `too_many` errors and 4429 closes, the connection cap per lobby,
uvicorn's frame size limit as `tinkertable serve` sets it, and the connections one process
holds at once below its open-file limit (app/edge/capacity.py, app/edge/open_files.py; with a
real server: tests/e2e/test_open_files.py). On SQLite only: nothing here
depends on the database.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import struct
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from app.config import Settings
from app.edge.capacity import Capacity, refuse
from app.edge.limits import (
    AddressBuckets,
    Limits,
    LobbyConnections,
    Rate,
    TokenBucket,
    address_key,
    retry_after,
    take_all,
)
from app.edge.open_files import UNLIMITED_AS, connections_at_once, files_kept, raise_limit
from app.main import create_app
from app.play.messages import MAX_MESSAGE_BYTES
from tests.conftest import run, unavailable
from tests.e2e.servers import free_port
from tests.play.tables import Table, play_one, serving
from tests.registered import a_game

ROOT = Path(__file__).resolve().parents[1]
GAME = a_game(players=2)  # the game of the lobbies these tests open


class Clock:
    """A monotonic clock moved on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


# --- the buckets, alone -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "seconds"),
    [("30/minute", 30, 60), ("1/second", 1, 1), (" 100 / hour ", 100, 3600), ("7/day", 7, 86400)],
)
def test_a_rate_is_read_from_its_text(text: str, count: int, seconds: float) -> None:
    rate = Rate.parse(text)
    assert (rate.count, rate.seconds) == (count, seconds)
    assert Rate.parse(str(rate)) == rate


@pytest.mark.parametrize("text", ["", "30", "30/min", "0/minute", "-1/second", "1.5/hour", "x/day"])
def test_a_rate_that_does_not_read_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Rate.parse(text)


def test_settings_read_rates_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_LOBBY_CREATION", "5/second")
    monkeypatch.setenv("RATE_LIMITS", "false")
    monkeypatch.setenv("LIMIT_SOCKET_SYNCS", "2/second")
    settings = Settings(_env_file=None)
    assert settings.limit_lobby_creation == Rate(5, 1) and settings.rate_limits is False
    assert settings.limit_socket_syncs == Rate(2, 1)
    assert settings.limit_address_syncs == Rate(10, 1)  # the default
    monkeypatch.setenv("LIMIT_LOBBY_CREATION", "lots")
    with pytest.raises(ValueError, match="N/minute"):
        Settings(_env_file=None)


def test_a_bucket_lets_its_burst_through_then_refills_at_its_rate() -> None:
    bucket = TokenBucket(Rate(3, 60), now=0.0)
    assert [bucket.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take(0.0) == pytest.approx(20.0)  # one token every 20 s
    assert bucket.take(15.0) == pytest.approx(5.0)
    assert bucket.take(20.0) == 0.0
    assert bucket.take(20.0) == pytest.approx(20.0)
    assert bucket.refusals == 1


def test_a_bucket_never_holds_more_than_its_burst_nor_gains_from_a_clock_going_back() -> None:
    bucket = TokenBucket(Rate(2, 10), now=0.0)
    assert bucket.full(10_000.0)
    assert [bucket.take(10_000.0) for _ in range(3)][-1] > 0  # two at most, after any wait
    assert bucket.take(5.0) > 0  # an earlier moment adds nothing
    assert bucket.take(10_005.0) == 0.0


def test_take_all_takes_from_every_bucket_or_from_none() -> None:
    wide, narrow = TokenBucket(Rate(10, 10), 0.0), TokenBucket(Rate(1, 10), 0.0)
    assert take_all([wide, narrow], 0.0) == 0.0
    assert take_all([wide, narrow], 0.0) == pytest.approx(10.0)
    assert wide.tokens == pytest.approx(9.0)  # the refusal took nothing from the wide bucket


def test_each_address_has_its_own_bucket_and_the_least_recent_are_forgotten() -> None:
    buckets = AddressBuckets("lookups", Rate(1, 60), max_addresses=2)
    assert buckets.take("a", 0.0) == 0.0
    assert buckets.take("a", 0.0) > 0
    assert buckets.take("b", 0.0) == 0.0  # b is not held back by a
    assert buckets.take("a", 1.0) > 0  # a is seen again: b is now the least recent
    assert buckets.take("c", 1.0) == 0.0
    assert len(buckets) == 2
    assert buckets.take("a", 2.0) > 0  # a was kept, still empty
    assert buckets.take("b", 2.0) == 0.0  # b was forgotten: a full bucket again


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("testclient", "testclient"),
        (None, "unknown"),
    ],
)
def test_addresses_are_counted_by_ip_and_ipv6_by_their_64(host: str | None, key: str) -> None:
    assert address_key(host) == key


def test_retry_after_is_whole_seconds_and_never_zero() -> None:
    assert [retry_after(s) for s in (0.01, 1.0, 1.2, 19.9)] == [1, 1, 2, 20]


def test_syncs_have_their_own_rate_per_socket_and_per_address() -> None:
    """A socket's syncs past its rate, or its address's over all its sockets, wait; actions
    and chat have buckets of their own; another address is not held back."""
    clock = Clock()
    settings = Settings(
        _env_file=None, limit_socket_syncs="3/second", limit_address_syncs="4/second"
    )
    limits = Limits.from_settings(settings, clock)
    first, second, elsewhere = (
        limits.socket(address) for address in ("203.0.113.1", "203.0.113.1", "203.0.113.2")
    )
    assert [first.message("sync") for _ in range(4)][-1] == pytest.approx(1 / 3)
    assert second.message("sync") == 0.0  # the address's fourth
    assert second.message("sync") == pytest.approx(1 / 4)  # its address's rate, not its own
    assert first.message("action") == first.message("chat") == 0.0
    assert [elsewhere.message("sync") for _ in range(3)] == [0.0] * 3
    clock.advance(1 / 3)
    assert first.message("sync") == 0.0
    unlimited = Limits.from_settings(Settings(_env_file=None, rate_limits=False), clock)
    anyone = unlimited.socket("203.0.113.1")
    assert {anyone.message("sync") for _ in range(20)} == {0.0}


def test_a_full_lobby_refuses_spectators_but_never_its_players() -> None:
    lobbies = LobbyConnections(per_lobby=2, per_seat=1)
    assert lobbies.enter("abc", None) is None
    assert lobbies.enter("abc", None) is None
    assert lobbies.enter("abc", None) is not None
    assert lobbies.enter("abc", 0) is None  # a player still gets in
    assert lobbies.enter("abc", 0) is not None  # but one socket per seat here
    assert lobbies.enter("other", None) is None  # another lobby is not full
    lobbies.leave("abc", None)
    assert lobbies.count("abc") == 2
    lobbies.leave("abc", 0)
    assert lobbies.enter("abc", None) is None
    for seat in (None, None):
        lobbies.leave("abc", seat)
    lobbies.leave("other", None)
    assert lobbies.count("abc") == lobbies.count("other") == 0
    assert not lobbies._lobbies  # nothing is kept for lobbies nobody is connected to


# --- HTTP -------------------------------------------------------------------------------------


@pytest.fixture
def make_settings(sqlite_template: Path, tmp_path: Path) -> Callable[..., Settings]:
    def make(**overrides: Any) -> Settings:
        path = tmp_path / "tinkertable.db"
        if not path.exists():
            shutil.copy(sqlite_template, path)
        return Settings(
            database_url=f"sqlite+aiosqlite:///{path}",
            migrate_on_start=False,
            _env_file=None,
            **overrides,
        )

    return make


@contextmanager
def limited(settings: Settings) -> Iterator[tuple[TestClient, Clock]]:
    """The app on `settings`, its limits on a hand-driven clock."""
    clock = Clock()
    with serving(settings) as client:
        client.app.state.limits.clock = clock
        yield client, clock


def create(client: TestClient, name: str = "Ann", **headers: str) -> httpx.Response:
    response = client.post("/api/lobbies", json={"game": GAME, "name": name}, headers=headers)
    client.cookies.clear()
    return response


def assert_too_many(response: httpx.Response, retry: int) -> None:
    assert response.status_code == 429, response.text
    body = response.json()
    assert set(body) == {"error", "message"} and body["error"] == "too_many", body
    assert f"try again in {retry} s" in body["message"]
    assert response.headers["retry-after"] == str(retry)
    # Refused inside the security middleware: a 429 carries the security headers too.
    assert response.headers["x-content-type-options"] == "nosniff"


def test_lobby_creation_past_the_rate_gets_429_with_retry_after(
    make_settings: Callable[..., Settings],
) -> None:
    with limited(make_settings(limit_lobby_creation="3/minute")) as (client, clock):
        assert [create(client).status_code for _ in range(3)] == [201, 201, 201]
        assert_too_many(create(client), retry=20)
        assert client.get("/api/games").status_code == 200  # other calls are not limited
        clock.advance(19)
        assert_too_many(create(client), retry=1)
        clock.advance(1)
        created = create(client)
        assert created.status_code == 201, created.text
        assert_too_many(create(client), retry=20)


def test_a_refused_creation_creates_nothing(make_settings: Callable[..., Settings]) -> None:
    with limited(make_settings(limit_lobby_creation="1/hour")) as (client, _):
        first = create(client, "Ann")
        assert first.status_code == 201
        assert create(client, "Bob").status_code == 429
        log = client.get(f"/api/lobbies/{first.json()['code']}").json()
        assert [player["name"] for player in log["players"]] == ["Ann"]


def test_lobby_lookups_count_api_reads_pages_and_unknown_codes_alike(
    make_settings: Callable[..., Settings],
) -> None:
    with limited(make_settings(limit_lobby_lookups="5/minute")) as (client, clock):
        code = create(client).json()["code"]
        answers = [
            client.get(f"/api/lobbies/{code}").status_code,
            client.get(f"/api/lobbies/{code}/log").status_code,
            client.get(f"/l/{code}").status_code,
            client.get("/api/lobbies/zzzzzzzzzzzzz").status_code,  # guessing costs the same
            client.get("/l/zzzzzzzzzzzzz").status_code,
        ]
        assert answers == [200, 200, 200, 404, 404]
        assert_too_many(client.get(f"/api/lobbies/{code}"), retry=12)
        assert_too_many(client.get(f"/l/{code}/replay"), retry=12)
        assert_too_many(client.post("/api/your-games", json={"seats": []}), retry=12)
        assert client.get("/").status_code == 200  # the home page is not a lookup
        assert client.get("/api/games").status_code == 200
        clock.advance(12)
        assert client.get(f"/api/lobbies/{code}").status_code == 200


def test_every_call_naming_a_lobby_counts_as_a_lookup(
    make_settings: Callable[..., Settings],
) -> None:
    """The host's and players' calls tell whether a code is a lobby as a read does: they count
    against the same rate, known codes and unknown ones alike."""
    with limited(make_settings(limit_lobby_lookups="4/minute")) as (client, clock):
        created = create(client).json()
        code, host = created["code"], {"Authorization": f"Bearer {created['player']['token']}"}
        unknown = "zzzzzzzzzzzzz"
        answers = [
            client.post(f"/api/lobbies/{unknown}/start", json={}, headers=host).status_code,
            client.post(f"/api/lobbies/{code}/bots", json={}, headers=host).status_code,
            client.delete(f"/api/lobbies/{unknown}/players/1", headers=host).status_code,
            client.post(f"/api/lobbies/{code}/again", json={}, headers=host).status_code,
        ]
        assert answers == [401, 201, 401, 409]
        assert_too_many(client.post(f"/api/lobbies/{code}/start", json={}, headers=host), 15)
        assert_too_many(client.post(f"/api/lobbies/{unknown}/players/1/away-bot", json={}), 15)
        options = {"options": {"clock_minutes": 5}}
        assert_too_many(client.post(f"/api/lobbies/{code}/options", json=options, headers=host), 15)
        joined = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"})
        assert joined.json()["error"] == "lobby_full"  # joins count against their own rate
        clock.advance(15)
        started = client.post(f"/api/lobbies/{code}/start", json={}, headers=host)
        assert started.status_code == 200, started.text


def test_joins_are_limited_and_other_lobby_calls_are_not(
    make_settings: Callable[..., Settings],
) -> None:
    with limited(make_settings(limit_lobby_joins="2/minute")) as (client, _):
        created = create(client).json()
        code, host = created["code"], {"Authorization": f"Bearer {created['player']['token']}"}
        for _ in range(3):  # the host's own calls are not joins
            bot = client.post(f"/api/lobbies/{code}/bots", json={}, headers=host)
            assert bot.status_code == 201, bot.text
            gone = client.delete(
                f"/api/lobbies/{code}/players/{bot.json()['player']['id']}", headers=host
            )
            assert gone.status_code == 200, gone.text
        joined = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"})
        assert joined.status_code == 201
        taken = client.post(f"/api/lobbies/{code}/players", json={"name": "Bob"})
        assert taken.status_code == 409  # refused for its own reason, still counted
        assert_too_many(client.post(f"/api/lobbies/{code}/players", json={"name": "Cy"}), 30)
        started = client.post(f"/api/lobbies/{code}/start", json={}, headers=host)
        assert started.status_code == 200, started.text


def test_each_address_has_its_own_rate_as_uvicorn_reports_it(
    make_settings: Callable[..., Settings],
) -> None:
    """Behind a trusted proxy uvicorn puts X-Forwarded-For's address in the request's client:
    that is the address counted. Without the proxy headers the header is not read at all."""
    settings = make_settings(limit_lobby_creation="1/hour")
    proxied = ProxyHeadersMiddleware(create_app(settings), trusted_hosts="*")
    with TestClient(proxied) as client:
        ann = create(client, "Ann", **{"x-forwarded-for": "203.0.113.1"})
        bob = create(client, "Bob", **{"x-forwarded-for": "203.0.113.2"})
        again = create(client, "Ann", **{"x-forwarded-for": "203.0.113.1"})
        assert [ann.status_code, bob.status_code, again.status_code] == [201, 201, 429]
    with serving(settings) as client:
        first = create(client, "Ann", **{"x-forwarded-for": "203.0.113.1"})
        second = create(client, "Bob", **{"x-forwarded-for": "203.0.113.2"})
        assert [first.status_code, second.status_code] == [201, 429]


def test_rate_limits_off_lets_everything_through(make_settings: Callable[..., Settings]) -> None:
    settings = make_settings(rate_limits=False, limit_lobby_creation="1/hour")
    with limited(settings) as (client, _):
        assert {create(client).status_code for _ in range(5)} == {201}


# --- the websocket ----------------------------------------------------------------------------


def recorded(client: TestClient, table: Table) -> list[dict[str, Any]]:
    """The actions the game's record holds."""
    log = client.get(f"/api/lobbies/{table.code}/log").json()
    return [entry["action"] for entry in log["actions"]]


def started(client: TestClient) -> Table:
    """A started game of two, Ann (seat 0) to play first."""
    table = Table.open(client, first_player="host")
    table.start()
    return table


def closed_with(receive: Callable[[], Any]) -> WebSocketDisconnect:
    """Read on until the server closes the socket; how it closed it."""
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(100):
            receive()
    return closed.value


def test_an_action_flood_gets_too_many_and_the_game_goes_on(
    make_settings: Callable[..., Settings],
) -> None:
    settings = make_settings(limit_socket_actions="4/minute", limit_address_actions="100/minute")
    with limited(settings) as (client, clock):
        table = started(client)
        ann, bob = table.connect(0), table.connect(1)
        ann.until("snapshot")
        bob.until("snapshot")
        assert ann.view["active"] == [0]
        for ref in range(1, 11):
            ann.act({"type": "nonsense"}, ref=ref)
        answers = [ann.until("error") for _ in range(10)]
        assert [a["error"] for a in answers] == ["illegal_action"] * 4 + ["too_many"] * 6
        assert [a["ref"] for a in answers] == list(range(1, 11))
        assert "try again in 15 s" in answers[-1]["message"]
        legal = ann.view["legal"][0]
        ann.act(legal, ref=11)
        assert ann.until("error")["error"] == "too_many"  # a legal one waits its turn too
        assert recorded(client, table) == []
        clock.advance(15)
        ann.act(legal, ref=12)
        ann.until_seq(1)
        bob.until_seq(1)
        assert recorded(client, table) == [legal]
        assert bob.errors == []  # the flood was Ann's alone
        while ann.view["result"] is None:  # and the game plays on to its end
            clock.advance(15)
            play_one([ann, bob], {0: ann, 1: bob})
        assert len(recorded(client, table)) == ann.seq > 1


def test_an_address_shares_its_action_rate_over_its_sockets(
    make_settings: Callable[..., Settings],
) -> None:
    settings = make_settings(limit_socket_actions="100/minute", limit_address_actions="5/minute")
    with limited(settings) as (client, _):
        table = started(client)
        ann, bob = table.connect(0), table.connect(1)
        answers = []
        for viewer in (ann, bob):
            viewer.until("snapshot")
            for ref in range(3):
                viewer.act({"type": "nonsense"}, ref=ref)
            answers += [viewer.until("error")["error"] for _ in range(3)]
        assert answers == ["illegal_action"] * 5 + ["too_many"]


def test_a_chat_flood_gets_too_many_and_reaches_nobody(
    make_settings: Callable[..., Settings],
) -> None:
    with limited(make_settings(limit_socket_chat="2/minute")) as (client, _):
        table = started(client)
        ann, watcher = table.connect(0), table.connect(None)
        ann.until("snapshot")
        watcher.until("snapshot")
        for text in ("one", "two", "three"):
            ann.socket.send_json({"type": "chat", "text": text})
        refused = ann.until("error")
        assert refused["error"] == "too_many" and refused["ref"] is None
        assert [line["text"] for line in ann.chats] == ["one", "two"]
        ann.act({"type": "nonsense"})  # actions have their own rate
        assert ann.until("error")["error"] == "illegal_action"
        watcher.socket.send_text("barrier")  # answered after every chat line before it
        assert watcher.until("error")["error"] == "bad_json"
        assert [line["text"] for line in watcher.chats] == ["one", "two"]


def test_a_socket_that_keeps_sending_is_closed_with_4429(
    make_settings: Callable[..., Settings],
) -> None:
    with limited(make_settings(limit_socket_messages="10/minute")) as (client, _):
        table = started(client)
        ann, bob = table.connect(0), table.connect(1)
        ann.until("snapshot")
        bob.until("snapshot")
        for _ in range(11):
            ann.socket.send_text("not json")
        closed = closed_with(ann.receive)
        assert closed.code == 4429 and closed.reason == "too many messages; slow down"
        assert [e["error"] for e in ann.errors] == ["bad_json"] * 10 + ["too_many"]
        ann.close()
        bob.until_connected([False, True])  # Ann is gone; the game is not
        again = table.connect(0)  # a new socket has a new budget
        again.until("snapshot")
        again.act(again.view["legal"][0], ref=1)
        again.until_seq(1)
        bob.until_seq(1)


def connections_drop_to(client: TestClient, code: str, count: int) -> None:
    """Wait for the server to notice that sockets were closed."""
    deadline = time.monotonic() + 10
    while client.app.state.limits.lobbies.count(code) != count:
        assert time.monotonic() < deadline, client.app.state.limits.lobbies.count(code)
        time.sleep(0.01)


def test_a_full_lobby_refuses_spectators_and_not_its_players(
    make_settings: Callable[..., Settings],
) -> None:
    with limited(make_settings(lobby_connections=2, seat_connections=1)) as (client, _):
        table = started(client)
        watchers = [table.connect(None), table.connect(None)]
        for watcher in watchers:
            watcher.until("snapshot")
        third = table.connect(None)
        refused = third.receive()
        assert refused["error"] == "too_many" and "2 connections" in refused["message"]
        closed = closed_with(third.receive)
        assert closed.code == 4429 and "2 connections" in closed.reason
        third.close()
        ann = table.connect(0)  # a player is never shut out by spectators
        ann.until("snapshot")
        second_tab = table.connect(0)
        assert second_tab.receive()["error"] == "too_many"
        assert closed_with(second_tab.receive).code == 4429
        second_tab.close()
        ann.close()
        watchers[0].close()
        connections_drop_to(client, table.code, 1)
        late = table.connect(None)
        late.until("snapshot")  # there is room again


def test_opening_sockets_counts_as_lobby_lookups(make_settings: Callable[..., Settings]) -> None:
    with limited(make_settings(limit_lobby_lookups="3/minute")) as (client, clock):
        table = started(client)
        clock.advance(20)  # the start was a lookup too: the bucket is full again
        assert client.get(f"/api/lobbies/{table.code}").status_code == 200
        first, second = table.connect(None), table.connect(None)
        first.until("snapshot")
        second.until("snapshot")
        third = table.connect(None)
        refused = third.receive()
        assert refused["error"] == "too_many" and "try again in 20 s" in refused["message"]
        assert closed_with(third.receive).code == 4429
        third.close()
        assert client.get(f"/api/lobbies/{table.code}").status_code == 429
        clock.advance(20)
        table.connect(None).until("snapshot")


# --- the frame size limit of `tinkertable serve` ------------------------------------------------


@pytest.fixture
def served(tmp_path: Path, sqlite_template: Path) -> Iterator[str]:
    """`python -m app.ops.cli serve` on a SQLite file of its own; its base URL."""
    database = tmp_path / "served.db"
    shutil.copy(sqlite_template, database)
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{database}"}
    command = [sys.executable, "-m", "app.ops.cli", "serve", "--port", str(port)]
    log_path = tmp_path / "server.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/api/health", timeout=2):
                    break
            except OSError:
                assert process.poll() is None, log_path.read_text()
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _lobby(url: str) -> str:
    body = json.dumps({"game": GAME, "name": "Ann"}).encode()
    request = urllib.request.Request(
        url + "/api/lobbies", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=5) as answer:
        return json.load(answer)["code"]


def test_serve_refuses_a_huge_frame_from_its_header_alone(served: str) -> None:
    """`tinkertable serve` caps websocket messages at 64 KiB in uvicorn: a frame that says it
    is 1 MiB long (under uvicorn's own default of 16 MiB) is refused with close 1009 as soon as
    its header arrives, its body never read. Under the cap, a message over 16 KiB gets the
    protocol's `too_large` and the socket stays."""
    code = _lobby(served)
    ws_url = served.replace("http", "ws", 1) + f"/ws/{code}"
    with connect(ws_url, open_timeout=5) as ws:
        assert json.loads(ws.recv(timeout=5))["type"] == "lobby"
        ws.send(json.dumps({"type": "chat", "text": "x" * (MAX_MESSAGE_BYTES + 10)}))
        for _ in range(5):
            message = json.loads(ws.recv(timeout=5))
            if message["type"] == "error":
                break
        assert message["error"] == "too_large"
        # A masked text frame announcing 1 MiB, and nothing after it.
        ws.socket.sendall(bytes([0x81, 0x80 | 127]) + struct.pack("!Q", 2**20) + b"mask")
        started = time.monotonic()
        with pytest.raises(ConnectionClosedError) as closed:
            while True:
                ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert time.monotonic() - started < 5


# --- the connections one process holds at once, below its open-file limit ----------------------


class Transport(asyncio.BaseTransport):
    """A connection's transport, as far as the capacity sees it: it can be closed."""

    def __init__(self) -> None:
        super().__init__()
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_past_its_capacity_the_connection_idle_longest_gives_way() -> None:
    capacity = Capacity(3)
    first, second, third, fourth, fifth = (Transport() for _ in range(5))
    assert all(capacity.open(each) for each in (first, second, third))
    capacity.busy(first)  # its request came in: it is answered, not closed
    assert capacity.open(fourth)
    assert second.closed and not first.closed and not third.closed
    capacity.idle(first)  # answered: idle now, after third
    assert capacity.open(fifth)
    assert third.closed and not first.closed
    assert capacity.served == {first, fourth, fifth}
    capacity.close(third)  # its loss, when uvicorn reports it, changes nothing
    assert capacity.served == {first, fourth, fifth}


def test_with_none_idle_new_connections_are_refused_and_the_oldest_refusal_gives_way() -> None:
    capacity = Capacity(2, refusals=2)
    served = [Transport(), Transport()]
    for each in served:
        assert capacity.open(each)
        capacity.busy(each)
    refused = [Transport() for _ in range(3)]
    assert not any(capacity.open(each) for each in refused)
    assert refused[0].closed and not refused[1].closed and not refused[2].closed
    assert [capacity.refuses(each) for each in refused] == [False, True, True]
    assert not any(each.closed for each in served)
    capacity.close(served[0])  # a connection ended: the next one is served
    newcomer = Transport()
    assert capacity.open(newcomer)
    assert capacity.open(Transport()) and newcomer.closed  # it sent nothing yet: it gave way


def test_no_capacity_serves_everyone() -> None:
    capacity = Capacity(0)
    transports = [Transport() for _ in range(1000)]
    assert all(capacity.open(each) for each in transports)
    assert not any(each.closed for each in transports)


@pytest.mark.parametrize(
    ("setting", "limit", "at_once"),
    [
        (0, 1024, 1024 - 106),  # the limit less the files kept
        (500, 1024, 500),  # the setting lowers it...
        (5000, 1024, 1024 - 106),  # ...never past the limit
        (0, 150, 75),  # a limit too low to keep them all: half to connections
        (0, None, 0),  # no limit: no cap but the setting
        (7, None, 7),
    ],
)
def test_the_connections_at_once_keep_files_for_the_rest(
    setting: int, limit: int | None, at_once: int
) -> None:
    assert files_kept(database=40, workers=1) == 106
    assert connections_at_once(setting, limit, kept=106) == at_once


def test_the_soft_open_file_limit_is_raised_to_the_hard_one() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 512:
        unavailable(f"the hard limit ({hard}) leaves nothing to raise")
    resource.setrlimit(resource.RLIMIT_NOFILE, (512, hard))
    try:
        limit = raise_limit()
        raised = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert limit is not None and limit.was == 512
    assert raised == limit.soft == (UNLIMITED_AS if hard == resource.RLIM_INFINITY else hard)


@pytest.mark.parametrize("kind", ["http", "websocket"])
def test_a_refused_connection_is_answered_503_unavailable(kind: str) -> None:
    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        raise AssertionError("a refusal reads nothing")

    run(refuse({"type": kind}, receive, send))  # on a thread: a browser test's loop may run here
    prefix = "websocket.http." if kind == "websocket" else "http."
    assert [message["type"] for message in sent] == [
        prefix + "response.start",
        prefix + "response.body",
    ]
    assert sent[0]["status"] == 503
    headers = dict(sent[0]["headers"])
    assert headers[b"retry-after"] == b"2" and headers[b"connection"] == b"close"
    assert json.loads(sent[1]["body"])["error"] == "unavailable"
    assert headers[b"content-length"] == str(len(sent[1]["body"])).encode()
