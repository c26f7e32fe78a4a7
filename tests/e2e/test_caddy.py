"""HTTPS through Caddy (issue #20): Debian's `caddy` runs the shipped Caddyfile in front of a real
server, as docker-compose.yml does with a DOMAIN, and people play over `wss://`.

What the app must get right behind it, from the forwarded headers it trusts from Caddy's address
(FORWARDED_ALLOW_IPS): the page's scheme (cookies are Secure; a page of the same host over plain
http is another origin: 4403), the client's own address (limits count each client, not the
proxy, and a client cannot pose as another by sending X-Forwarded-For itself). And Caddy's own
part: a client that never finishes its request is cut off, and plain http is redirected.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.config import Settings
from tests.conftest import run, unavailable
from tests.e2e.caddy import CADDYFILE, CaddyProcess
from tests.e2e.players import Player
from tests.e2e.servers import ServerProcess
from tests.registered import a_short_game

pytestmark = pytest.mark.caddy

GAME = a_short_game(players=2)  # the game the tests play, whole in one of them
GAME_WITHIN = 180.0  # seconds for a whole game of it, played as fast as it goes
CREATIONS_PER_ADDRESS = 2  # the server's LIMIT_LOBBY_CREATION here, per hour


@dataclass
class Edge:
    server: ServerProcess
    caddy: CaddyProcess


def caddy_executable() -> str:
    found = shutil.which("caddy")
    if found is None:
        unavailable("Debian's caddy is not installed (./scripts/test installs it as root)")
    assert found is not None
    return found


@pytest.fixture(scope="module")
def edge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Edge]:
    """A server on SQLite (its access log on: it names each request's client) and Caddy in
    front of it."""
    executable = caddy_executable()
    directory = tmp_path_factory.mktemp("caddy")
    server = ServerProcess(
        f"sqlite+aiosqlite:///{directory / 'tinkertable.db'}",
        directory / "server.log",
        env={
            "LOG_LEVEL": "info",
            "BOT_DELAY": "0",
            "FORWARDED_ALLOW_IPS": "127.0.0.1",  # Caddy's address, as in the README
            "LIMIT_LOBBY_CREATION": f"{CREATIONS_PER_ADDRESS}/hour",
        },
    )
    caddy = CaddyProcess(executable, server.port, directory)
    try:
        # Both from this thread: a child started by run()'s thread would die with it.
        server.spawn()
        run(server.wait_healthy())
        caddy.start()
        run(caddy.wait_ready())
        yield Edge(server, caddy)
    finally:
        caddy.stop()
        server.stop()


def cookie_attributes(set_cookie: str) -> set[str]:
    return {part.strip().lower() for part in set_cookie.split(";")[1:]}


def test_a_whole_game_over_wss(edge: Edge) -> None:
    run(_play_a_game(edge))


async def _play_a_game(edge: Edge) -> None:
    caddy = edge.caddy
    browser = {"Origin": caddy.origin}
    # Two people on two addresses, each with a browser's cookie jar.
    async with caddy.client("127.0.0.2") as host_http, caddy.client("127.0.0.3") as guest_http:
        body = {"game": GAME, "name": "Host", "options": {}}
        created = await host_http.post("/api/lobbies", json=body, headers=browser)
        assert created.status_code == 201, created.text
        code = created.json()["code"]
        joined = await guest_http.post(
            f"/api/lobbies/{code}/players", json={"name": "Guest"}, headers=browser
        )
        assert joined.status_code == 201, joined.text
        for answer in (created, joined):
            assert {"secure", "httponly", "samesite=lax"} <= cookie_attributes(
                answer.headers["set-cookie"]
            )
        # The host starts the game with the cookie alone, as the lobby page does.
        started = await host_http.post(f"/api/lobbies/{code}/start", headers=browser)
        assert started.status_code == 200, started.text
        cookies = [dict(host_http.cookies), dict(guest_http.cookies)]

    seats = [Player(f"seat {seat}", seat, None) for seat in range(2)]
    try:
        for seat, (player, jar) in enumerate(zip(seats, cookies, strict=True)):
            cookie = "; ".join(f"{name}={value}" for name, value in jar.items())
            await player.connect(
                caddy.ws_base,
                code,
                ssl=caddy.ssl_context(),
                origin=caddy.origin,
                additional_headers={"Cookie": cookie},
                local_addr=(f"127.0.0.{2 + seat}", 0),
            )
            await player.barrier()
            assert player.view is not None and player.view["you"] == seat
        stop = asyncio.Event()
        plays = [player.play(random.Random(seat), stop) for seat, player in enumerate(seats)]
        await asyncio.wait_for(asyncio.gather(*plays), GAME_WITHIN)
    finally:
        for player in seats:
            await player.close()
    for player in seats:
        player.check()
        assert player.view is not None and player.view["status"] == "finished"
        assert any(sent.outcome == "acked" for sent in player.ledger)
    assert seats[0].seq == seats[1].seq


def test_plain_http_to_the_app_itself_gets_no_secure_cookie(edge: Edge) -> None:
    """The contrast: the same call straight to the app, over http, from the proxy's own
    address with no forwarded headers."""

    async def create() -> httpx.Response:
        async with httpx.AsyncClient(base_url=edge.server.base_url, timeout=15.0) as http:
            body = {"game": GAME, "name": "Direct", "options": {}}
            return await http.post("/api/lobbies", json=body)

    created = run(create())
    assert created.status_code == 201, created.text
    attributes = cookie_attributes(created.headers["set-cookie"])
    assert "httponly" in attributes and "secure" not in attributes


def test_pages_of_another_origin_are_refused(edge: Edge) -> None:
    caddy = edge.caddy
    foreign = ["https://evil.example", f"http://localhost:{caddy.https_port}"]

    async def check() -> None:
        async with caddy.client("127.0.0.7") as http:
            body = {"game": GAME, "name": "Host", "options": {}}
            created = await http.post("/api/lobbies", json=body)
            assert created.status_code == 201, created.text
            code = created.json()["code"]
            for origin in foreign:
                refused = await http.post("/api/lobbies", json=body, headers={"Origin": origin})
                assert refused.status_code == 403, (origin, refused.text)
        url = f"{caddy.ws_base}/ws/{code}"
        for origin in foreign:
            async with connect(url, ssl=caddy.ssl_context(), origin=origin) as ws:
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(ws.recv(), 15)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403, origin
        async with connect(url, ssl=caddy.ssl_context(), origin=caddy.origin) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 15))
            assert first["type"] == "lobby", first

    run(check())


def test_the_app_sees_each_clients_own_address(edge: Edge) -> None:
    """Lobby creation is limited per address: behind Caddy each client has its own allowance
    (the app does not see them all as Caddy's 127.0.0.1), and an X-Forwarded-For a client
    sends itself is replaced by Caddy, not believed."""
    caddy = edge.caddy
    body = {"game": GAME, "name": "Host", "options": {}}
    spoofed = {"X-Forwarded-For": "198.51.100.7"}
    probe = f"/api/health?probe={time.monotonic_ns()}"

    async def check() -> None:
        async with caddy.client("127.0.0.5") as first, caddy.client("127.0.0.6") as second:
            for _ in range(CREATIONS_PER_ADDRESS):
                assert (await first.post("/api/lobbies", json=body)).status_code == 201
            over = await first.post("/api/lobbies", json=body)
            assert over.status_code == 429, over.text
            posing = await first.post("/api/lobbies", json=body, headers=spoofed)
            assert posing.status_code == 429, posing.text
            assert (await second.post("/api/lobbies", json=body)).status_code == 201
            assert (await first.get(probe, headers=spoofed)).status_code == 200

    run(check())
    deadline = time.monotonic() + 15
    while not (lines := [line for line in edge.server.log_text().splitlines() if probe in line]):
        assert time.monotonic() < deadline, f"no access log line for {probe}"
        time.sleep(0.1)
    assert "127.0.0.5:" in lines[0] and "198.51.100.7" not in lines[0], lines[0]


def test_a_client_that_never_finishes_its_headers_is_cut_off(edge: Edge) -> None:
    caddy = edge.caddy

    async def trickle() -> tuple[float, bytes]:
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", caddy.https_port, ssl=caddy.ssl_context(), server_hostname="localhost"
        )
        try:
            writer.write(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n")  # never ends
            await writer.drain()
            began = time.monotonic()
            answer = await asyncio.wait_for(reader.read(), 120)  # until Caddy closes
            return time.monotonic() - began, answer
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await writer.wait_closed()

    waited, answer = run(trickle())
    assert waited >= 5, f"closed after {waited:.1f}s, before the 10 s header timeout"
    assert b" 200 " not in answer


def test_plain_http_is_redirected_to_https(edge: Edge) -> None:
    caddy = edge.caddy

    async def get() -> httpx.Response:
        async with httpx.AsyncClient(timeout=15.0) as http:
            return await http.get(f"http://localhost:{caddy.http_port}/lobby/abc?x=1")

    answer = run(get())
    assert answer.status_code in (301, 308)
    # To the same address over https (Caddy names the https port only when it is 443).
    location = urlsplit(answer.headers["location"])
    assert (location.scheme, location.hostname) == ("https", "localhost")
    assert (location.path, location.query) == ("/lobby/abc", "x=1")


def adapted(tmp_path: Path, env: dict[str, str]) -> dict[str, Any]:
    """The Caddyfile as Caddy's JSON configuration, for these variables."""
    done = subprocess.run(
        [caddy_executable(), "adapt", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_without_a_domain_plain_http_on_port_8000(tmp_path: Path) -> None:
    config = adapted(tmp_path, {})
    (server,) = config["apps"]["http"]["servers"].values()
    assert server["listen"] == [":8000"]
    assert "tls" not in config["apps"]
    upstreams = server["routes"][0]["handle"][0]["upstreams"]
    assert upstreams == [{"dial": "app:8000"}]


def test_time_limits_for_clients_and_for_the_app(tmp_path: Path) -> None:
    """Slow requests and idle connections are closed; Caddy drops an idle connection to the
    app before the app's REQUEST_TIMEOUT would close it under a request (a 502)."""
    second = 1_000_000_000  # Caddy's JSON counts nanoseconds
    config = adapted(tmp_path, {"DOMAIN": "games.example.org"})
    (server,) = config["apps"]["http"]["servers"].values()
    assert server["read_header_timeout"] == server["read_timeout"] == 10 * second
    assert server["idle_timeout"] == 120 * second
    proxy = server["routes"][0]["handle"][0]["routes"][0]["handle"][0]
    keepalive = proxy["transport"]["keep_alive"]["idle_timeout"]
    assert keepalive < Settings.model_fields["request_timeout"].default * second


def test_with_a_domain_https_from_a_public_authority(tmp_path: Path) -> None:
    config = adapted(tmp_path, {"DOMAIN": "games.example.org"})
    (server,) = config["apps"]["http"]["servers"].values()
    assert server["listen"] == [":443"]
    assert server["routes"][0]["match"] == [{"host": ["games.example.org"]}]
    # No issuer named: Caddy's default, ACME (Let's Encrypt, then ZeroSSL).
    assert "tls" not in config["apps"]


def test_several_app_hosts_are_balanced_and_checked(tmp_path: Path) -> None:
    """APP_HOSTS=several: every address of UPSTREAM an upstream, each asked for /api/health;
    one app (the default) is proxied as before, unchecked."""
    several = {"UPSTREAM": "10.0.0.2:8000 10.0.0.3:8000", "APP_HOSTS": "several"}
    (server,) = adapted(tmp_path, several)["apps"]["http"]["servers"].values()
    proxy = server["routes"][0]["handle"][0]
    assert proxy["upstreams"] == [{"dial": "10.0.0.2:8000"}, {"dial": "10.0.0.3:8000"}]
    assert proxy["health_checks"]["active"]["uri"] == "/api/health"
    assert proxy["load_balancing"]["try_duration"] > 0
    (one,) = adapted(tmp_path, {})["apps"]["http"]["servers"].values()
    assert "health_checks" not in one["routes"][0]["handle"][0]
