"""Never out of files (issue #34, point 6b): a real `tinkertable serve` under the open-file limit
systemd or a shell gives (1,024) keeps answering new clients while 1,100 idle connections are
open from five addresses, each under CONNECTIONS_PER_ADDRESS (app/edge/open_files.py raises the
limit, app/edge/capacity.py holds the connections below it). On SQLite only: nothing here
depends on the database.

The idle connections come from 127.0.0.2 to 127.0.0.6 (Linux answers the whole of 127.0.0.0/8
on loopback); the new client is 127.0.0.1. Each server is started with its (soft, hard) limit
set before it runs (tests/e2e/servers.py `open_files`), and REQUEST_TIMEOUT long enough that
no connection is closed for its slowness while a test looks.
"""

from __future__ import annotations

import json
import resource
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.conftest import run, unavailable
from tests.e2e.servers import ServerProcess, closed_by_server

IDLE = 1100  # idle connections, 220 from each of five addresses
SOURCES = [f"127.0.0.{n}" for n in range(2, 7)]
SYSTEMD_LIMIT = 1024  # the soft limit where systemd or a shell starts a process
WAIT = 60.0  # seconds to wait for what must happen (a busy machine is slow, never this slow)
# The head of a request that never ends: its connection is not idle, it is being received.
PARTIAL_HEAD = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n"

ServeUnder = Callable[[int, int], ServerProcess]


@pytest.fixture(autouse=True)
def files_for_the_test() -> Iterator[None]:
    """This process opens IDLE sockets and more: its own soft limit raised for the test."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = IDLE + 200
    if soft != resource.RLIM_INFINITY and soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            unavailable(f"this process may open {hard} files; the test needs {needed}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.fixture
def serve_under(tmp_path: Path) -> Iterator[ServeUnder]:
    """Start `tinkertable serve` with this (soft, hard) open-file limit; stopped after."""
    servers: list[ServerProcess] = []

    def start(soft: int, hard: int) -> ServerProcess:
        server = ServerProcess(
            f"sqlite+aiosqlite:///{tmp_path / f'files{len(servers)}.db'}",
            tmp_path / f"server{len(servers)}.log",
            env={"REQUEST_TIMEOUT": "600"},
            open_files=(soft, hard),
        )
        servers.append(server)
        server.spawn()  # here: the server dies with the thread that started it
        run(server.wait_healthy(timeout=WAIT))
        return server

    yield start
    for server in servers:
        server.stop()


def idle_connections(server: ServerProcess, count: int, head: bytes = b"") -> list[socket.socket]:
    """`count` connections from SOURCES in turn, oldest first, each sending `head` only."""
    connections = []
    try:
        for number in range(count):
            connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            connections.append(connection)
            connection.bind((SOURCES[number % len(SOURCES)], 0))
            connection.settimeout(WAIT)
            connection.connect(("127.0.0.1", server.port))
            if head:
                connection.sendall(head)
    except BaseException:
        close_all(connections)
        raise
    return connections


def close_all(connections: list[socket.socket]) -> None:
    for connection in connections:
        connection.close()


def answer(server: ServerProcess) -> tuple[int, dict[str, str], bytes]:
    """A new client's GET /api/health on a connection of its own: the status, headers and body
    of the answer, read to the server's close. A reset, or a close with no answer, fails."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as connection:
        connection.sendall(
            b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except ConnectionResetError:
            pytest.fail(f"the connection was reset, after {received!r}")
    assert received, "the server closed the connection without an answer"
    head, _, body = received.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines)
    return int(status_line.split()[1]), headers, body


def open_files_limit(server: ServerProcess) -> tuple[int, int]:
    """The server process's (soft, hard) open-file limit, as Linux reports it."""
    assert server.process is not None
    limits = Path(f"/proc/{server.process.pid}/limits").read_text()
    line = next(line for line in limits.splitlines() if line.startswith("Max open files"))
    soft, hard = line.split()[3:5]
    return int(soft), int(hard)


def open_files(server: ServerProcess) -> int:
    assert server.process is not None
    return len(list(Path(f"/proc/{server.process.pid}/fd").iterdir()))


def wait_until(happened: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not happened():
        assert time.monotonic() < deadline, f"not within {WAIT} s: {what}"
        time.sleep(0.05)


def test_the_soft_limit_is_raised_to_the_hard_one(serve_under: ServeUnder) -> None:
    server = serve_under(SYSTEMD_LIMIT, 2048)
    assert open_files_limit(server) == (2048, 2048)
    assert "open files: at most 2048 (raised from 1024;" in server.log_text()
    idle = idle_connections(server, IDLE)
    try:
        status, _, body = answer(server)
        assert status == 200, body
        # Room for every one of them: none had to give way.
        assert not any(closed_by_server(connection) for connection in idle)
    finally:
        close_all(idle)


def test_idle_connections_give_way_to_new_ones(serve_under: ServeUnder) -> None:
    server = serve_under(SYSTEMD_LIMIT, SYSTEMD_LIMIT)
    assert open_files_limit(server) == (SYSTEMD_LIMIT, SYSTEMD_LIMIT)
    assert "open files: at most 1024 (the hard limit)" in server.log_text()
    idle = idle_connections(server, IDLE)
    try:
        status, _, body = answer(server)
        assert status == 200, body
        # The oldest idle connections made room, the newest are still open; files to spare.
        wait_until(lambda: closed_by_server(idle[0]), "the oldest idle connection closed")
        assert not closed_by_server(idle[-1])
        assert open_files(server) < SYSTEMD_LIMIT
    finally:
        close_all(idle)


def test_a_full_server_answers_503_then_serves_again(serve_under: ServeUnder) -> None:
    server = serve_under(SYSTEMD_LIMIT, SYSTEMD_LIMIT)
    # Every connection is receiving a request, none idle: nothing may give way.
    busy = idle_connections(server, IDLE, head=PARTIAL_HEAD)
    try:
        status, headers, body = answer(server)
        assert status == 503, body
        assert json.loads(body)["error"] == "unavailable"
        assert headers["retry-after"] == "2"
        assert open_files(server) < SYSTEMD_LIMIT
        # A websocket's handshake is refused before it is accepted, in the same words.
        with pytest.raises(InvalidStatus) as refused:
            connect(f"{server.ws_base}/ws/ABCDEF", open_timeout=WAIT).close()
        assert refused.value.response.status_code == 503
        assert json.loads(refused.value.response.body)["error"] == "unavailable"

        # Once some connections end, new clients are served again.
        close_all(busy[:20])

        def served() -> bool:
            status, _, body = answer(server)
            assert status in (200, 503), body
            return status == 200

        wait_until(served, "a 200 once connections ended")
    finally:
        close_all(busy)
