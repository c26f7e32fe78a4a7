"""The connections a real `tinkertable serve` takes (app/edge/serving.py): one that sends no whole
request in time is closed, and one address holds at most its cap of connections, websockets
included, while other addresses are served; and what it logs of them holds no token
(app/edge/logs.py). On SQLite only: nothing here depends on the database.

The idle sockets come from 127.0.0.2 (Linux answers the whole of 127.0.0.0/8 on loopback), so
that the test's own requests, from 127.0.0.1, are another address.
"""

from __future__ import annotations

import contextlib
import logging
import selectors
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from uvicorn import Config
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from app.config import Settings
from app.edge.logs import redact_tokens
from app.edge.serving import AddressCap, ConnectionGuard, trusted_proxies
from app.main import create_app
from tests.conftest import run
from tests.e2e.servers import ServerProcess, closed_by_server
from tests.registered import a_game

ELSEWHERE = "127.0.0.2"  # the address that opens too many connections
WAIT = 30.0  # seconds to wait for what must happen (a busy machine is slow, never this slow)
GAME = a_game(players=2)  # the game of the lobbies these tests open

ServeWith = Callable[..., ServerProcess]


@pytest.fixture
def serve_with(tmp_path: Path) -> Iterator[ServeWith]:
    """Start `tinkertable serve` with these settings (environment variables); stopped after."""
    servers: list[ServerProcess] = []

    def start(**env: str) -> ServerProcess:
        database = f"sqlite+aiosqlite:///{tmp_path / f'serving{len(servers)}.db'}"
        server = ServerProcess(database, tmp_path / f"server{len(servers)}.log", env=env)
        servers.append(server)
        server.spawn()  # here: the server dies with the thread that started it
        run(server.wait_healthy())
        return server

    yield start
    for server in servers:
        server.stop()


def raw_socket(server: ServerProcess, source: str = ELSEWHERE) -> socket.socket:
    """A TCP connection to the server from `source`, which sends nothing yet."""
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.bind((source, 0))
    connection.settimeout(WAIT)
    connection.connect(("127.0.0.1", server.port))
    return connection


def wait_until_all_closed(connections: list[socket.socket], nudge: Callable[[], None]) -> None:
    """Until the server has closed every connection; `nudge` runs between two looks."""
    open_ = list(connections)
    deadline = time.monotonic() + WAIT
    with selectors.DefaultSelector() as watching:
        for connection in open_:
            watching.register(connection, selectors.EVENT_READ)
        while open_:
            assert time.monotonic() < deadline, f"{len(open_)} connections are still open"
            for key, _ in watching.select(timeout=0.2):
                connection = key.fileobj
                assert isinstance(connection, socket.socket)
                if closed_by_server(connection):
                    watching.unregister(connection)
                    open_.remove(connection)
            nudge()


def answered(connection: socket.socket) -> bool:
    """Send a request on the connection: True when the server answers it, False when the
    connection turns out to be closed."""
    try:
        connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return connection.recv(4096).startswith(b"HTTP/1.1 200")
    except ConnectionError:
        return False


def healthy(server: ServerProcess) -> None:
    """A normal client, from 127.0.0.1, is served."""
    answer = httpx.get(f"{server.base_url}/api/health", timeout=WAIT)
    assert answer.status_code == 200, answer.text


def lobby(server: ServerProcess) -> str:
    created = httpx.post(
        f"{server.base_url}/api/lobbies",
        json={"game": GAME, "name": "Ann"},
        timeout=WAIT,
    )
    assert created.status_code == 201, created.text
    return created.json()["code"]


def websocket(server: ServerProcess, code: str, source: str = ELSEWHERE) -> ClientConnection:
    """A spectator's websocket from `source`, past its first message."""
    socket_ = raw_socket(server, source)
    client = connect(f"{server.ws_base}/ws/{code}", sock=socket_, open_timeout=WAIT, legacy=True)
    assert '"lobby"' in str(client.recv(timeout=WAIT))
    return client


# --- the deadline for a request --------------------------------------------------------------


def test_connections_that_send_no_whole_request_in_time_are_closed(serve_with: ServeWith) -> None:
    server = serve_with(REQUEST_TIMEOUT="1")
    code = lobby(server)
    watcher = websocket(server, code)  # opened first: idle all through the test, and kept
    idle = [raw_socket(server) for _ in range(40)]
    trickling = raw_socket(server)  # headers a few bytes at a time, never finished
    trickling.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    half_a_body = raw_socket(server)
    half_a_body.sendall(
        b"POST /api/lobbies HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        b"content-length: 100\r\n\r\n{"
    )
    answered_once = raw_socket(server)  # then idle on a kept-alive connection
    assert answered(answered_once)
    connections = [*idle, trickling, half_a_body, answered_once]
    try:

        def trickle() -> None:
            with contextlib.suppress(OSError):
                trickling.sendall(b"x-slow: 1\r\n")

        wait_until_all_closed(connections, nudge=trickle)
        healthy(server)
        # The websocket, idle longer than the deadline, is still open and answered.
        watcher.send('{"type": "chat", "text": "still here"}')
        assert '"forbidden"' in str(watcher.recv(timeout=WAIT))  # a spectator may not chat
    finally:
        watcher.close()
        for connection in connections:
            connection.close()


# --- the cap per address ---------------------------------------------------------------------


def admitted(server: ServerProcess, count: int) -> list[socket.socket]:
    """Open `count` connections from ELSEWHERE: those the server answers (the others are
    closed)."""
    connections = [raw_socket(server) for _ in range(count)]
    kept = [connection for connection in connections if answered(connection)]
    for connection in connections:
        if connection not in kept:
            connection.close()
    return kept


def admitted_again(server: ServerProcess, count: int) -> list[socket.socket]:
    """`count` connections from ELSEWHERE answered at once, once the server has seen the
    previous ones go (it learns of a close a moment after the client makes it)."""
    deadline = time.monotonic() + WAIT
    while True:
        kept = admitted(server, count)
        if len(kept) == count:
            return kept
        for connection in kept:
            connection.close()
        assert time.monotonic() < deadline, f"only {len(kept)} of {count} admitted"
        time.sleep(0.05)


def test_one_address_holds_at_most_its_cap_of_connections(serve_with: ServeWith) -> None:
    # 127.0.0.1 is a trusted proxy by default, never capped: trust another address here.
    server = serve_with(
        CONNECTIONS_PER_ADDRESS="10", REQUEST_TIMEOUT="600", FORWARDED_ALLOW_IPS="192.0.2.1"
    )
    code = lobby(server)
    kept = admitted(server, 15)
    assert len(kept) == 10
    healthy(server)  # another address is served
    assert others_answered(server) == 3

    # Connections that go make room again: raw ones, then websockets.
    for connection in kept:
        connection.close()
    kept = admitted_again(server, 10)
    for connection in kept:
        connection.close()
    watchers = []
    deadline = time.monotonic() + WAIT
    while len(watchers) < 10:
        try:
            watchers.append(websocket(server, code))
        except (OSError, WebSocketException):  # refused: the server has not seen them go yet
            assert time.monotonic() < deadline, f"only {len(watchers)} websockets opened"
            time.sleep(0.05)
    try:
        assert admitted(server, 1) == []
    finally:
        for watcher in watchers:
            watcher.close()
    for connection in admitted_again(server, 10):
        connection.close()


def others_answered(server: ServerProcess) -> int:
    """Three connections from yet another address, 127.0.0.3: how many are answered."""
    others = [raw_socket(server, "127.0.0.3") for _ in range(3)]
    try:
        return sum(answered(connection) for connection in others)
    finally:
        for connection in others:
            connection.close()


# --- tokens in the logs ----------------------------------------------------------------------


def test_the_logs_hold_no_token(serve_with: ServeWith) -> None:
    server = serve_with(LOG_LEVEL="info")
    created = httpx.post(
        f"{server.base_url}/api/lobbies", json={"game": GAME, "name": "Ann"}, timeout=WAIT
    )
    assert created.status_code == 201, created.text
    code, token = created.json()["code"], created.json()["player"]["token"]
    looked_up = httpx.get(f"{server.base_url}/api/lobbies/{code}?since=3&token={token}")
    assert looked_up.status_code == 200, looked_up.text
    url = f"{server.ws_base}/ws/{code}?token={token}"
    with connect(url, open_timeout=WAIT) as seated:
        assert '"lobby"' in str(seated.recv(timeout=WAIT))
    server.stop()  # everything it logged is written out

    logged = server.log_text()
    assert f'"GET /api/lobbies/{code}?since=3&token=[redacted] HTTP/1.1" 200' in logged, logged
    assert f'"WebSocket /ws/{code}?token=[redacted]" [accepted]' in logged, logged
    assert token not in logged


@pytest.mark.parametrize(
    ("line", "redacted"),
    [
        ("/ws/abc?token=s3cr3t", "/ws/abc?token=[redacted]"),
        ("/ws/abc?since=4&token=s3cr3t&x=1", "/ws/abc?since=4&token=[redacted]&x=1"),
        ('"GET /x?%74oken=s3cr3t HTTP/1.1"', '"GET /x?%74oken=[redacted] HTTP/1.1"'),
        ("/x?TOKEN=s3cr3t#top", "/x?TOKEN=[redacted]#top"),
        ("/x?tokens=kept&a_token=kept", "/x?tokens=kept&a_token=kept"),
        ("token=not-a-query", "token=not-a-query"),
    ],
)
def test_token_values_are_redacted(line: str, redacted: str) -> None:
    assert redact_tokens(line) == redacted


def test_the_app_redacts_uvicorns_request_lines(caplog: pytest.LogCaptureFixture) -> None:
    settings = Settings(migrate_on_start=False, _env_file=None)
    create_app(settings)
    create_app(settings)  # once is enough, however many apps
    access = logging.getLogger("uvicorn.access")
    assert len(access.filters) == 1
    with caplog.at_level(logging.INFO):
        access.info('%s - "%s %s HTTP/%s" %d', "1.2.3.4:5", "GET", "/a?token=s3cr3t", "1.1", 200)
        logging.getLogger("uvicorn.error").info(
            '%s - "WebSocket %s" [accepted]', "1.2.3.4:5", "/ws/abc?token=s3cr3t"
        )
    assert "s3cr3t" not in caplog.text
    assert caplog.text.count("token=[redacted]") == 2


# --- the pieces ------------------------------------------------------------------------------


def test_the_cap_counts_each_connection_once_and_by_address() -> None:
    cap = AddressCap(2, exempt=lambda host: host == "10.0.0.1")
    first, second, third, fourth = object(), object(), object(), object()
    assert cap.admit(first, "2001:db8::1") and cap.admit(second, "2001:db8::2")
    assert not cap.admit(third, "2001:db8::3")  # the same /64
    assert cap.admit(third, "192.0.2.7")
    assert all(cap.admit(object(), "10.0.0.1") for _ in range(5))  # a trusted proxy
    cap.release(first)
    cap.release(first)  # lost once, released once
    assert cap.admit(fourth, "2001:db8::4") and not cap.admit(object(), "2001:db8::5")
    assert cap.counts == {"2001:db8::/64": 2, "192.0.2.7": 1}


def test_trusted_proxies_are_uvicorns() -> None:
    trusted = trusted_proxies("127.0.0.1, ::1,10.1.0.0/16")
    assert trusted("127.0.0.1") and trusted("::1") and trusted("10.1.200.3")
    assert not trusted("127.0.0.2") and not trusted("10.2.0.1")
    assert trusted_proxies(["*"])("203.0.113.9")
    assert not trusted_proxies("")("127.0.0.1")


def test_no_cap_without_rate_limits() -> None:
    """Load tests from one address (RATE_LIMITS=false) open thousands of sockets."""
    config = Config("app.main:app", forwarded_allow_ips="")
    limited = Settings(connections_per_address=5, _env_file=None)
    assert ConnectionGuard.from_settings(limited, config).cap.per_address == 5
    free = limited.model_copy(update={"rate_limits": False})
    assert ConnectionGuard.from_settings(free, config).cap.per_address == 0
