"""A real Tinkertable server process for end-to-end tests.

The server runs as `python -m app.ops.cli serve` on a port of its own, with its output in a log
file.
It can be SIGKILLed (no shutdown, nothing flushed: whatever was not committed is gone) and started
again on the same port and database, as a crash and a supervisor's restart would do.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 40.0  # seconds for a (re)started server to answer /api/health with 200
STOP_TIMEOUT = 10.0


def free_port() -> int:
    """A port to listen on, free on every address for TCP and UDP (Caddy listens on both, for
    HTTP/3), below the kernel's ephemeral ports: a port the kernel hands out (bind to port 0)
    can be taken by a client connection of the run between the pick and the listener's bind.
    At random, so that the run's two workers do not pick the same one."""
    pick = random.SystemRandom()
    for _ in range(1000):
        port = pick.randrange(LISTENING_PORTS_FROM, _ephemeral_ports_from())
        if _bindable(port):
            return port
    raise AssertionError("no free port to listen on")


LISTENING_PORTS_FROM = 10000


def _ephemeral_ports_from() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def _bindable(port: int) -> bool:
    for kind in (socket.SOCK_STREAM, socket.SOCK_DGRAM):
        with socket.socket(socket.AF_INET, kind) as probe:
            try:
                probe.bind(("0.0.0.0", port))  # noqa: S104  (a probe: free on every address)
            except OSError:
                return False
    return True


def die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Linux: the server gets SIGKILL when the test process dies, so none is left behind."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def stop_process(process: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM, then SIGKILL if it has not ended within STOP_TIMEOUT; a no-op once it has."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=STOP_TIMEOUT)


class ServerProcess:
    """One server on `database_url`, always on the same port across restarts.

    On another host (tests/e2e/netns.py): `host`, the address it listens on there, and
    `command`, what runs a command there (`Namespace.command`).
    """

    def __init__(
        self,
        database_url: str,
        log_path: Path,
        *,
        env: dict[str, str] | None = None,
        open_files: tuple[int, int] | None = None,
        host: str = "127.0.0.1",
        command: Callable[..., list[str]] | None = None,
    ) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.env = env or {}
        self.open_files = open_files  # the process's (soft, hard) limit; None: the test's
        self.host = host
        self.command = command or (lambda *words: list(words))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def spawn(self) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "LOG_LEVEL": "warning",
            **self.env,
        }
        self.starts += 1
        with open(self.log_path, "ab") as log:
            log.write(f"\n=== start {self.starts} on port {self.port} ===\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                self.command(sys.executable, "-m", "app.ops.cli", "serve")
                + ["--host", self.host, "--port", str(self.port)],
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=self._in_the_child if sys.platform.startswith("linux") else None,
            )

    def _in_the_child(self) -> None:  # pragma: no cover - runs in the child
        die_with_parent()
        if self.open_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, self.open_files)

    async def start(self) -> float:
        """Start the server and wait until it is healthy; how many seconds that took."""
        began = time.monotonic()
        self.spawn()
        await self.wait_healthy()
        return time.monotonic() - began

    async def wait_healthy(self, timeout: float = START_TIMEOUT) -> None:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(timeout=2.0) as http:
            while True:
                if self.process.poll() is not None:
                    raise AssertionError(
                        f"the server exited with status {self.process.returncode} while"
                        f" starting; its log ends with:\n{self.log_tail()}"
                    )
                with contextlib.suppress(httpx.HTTPError):
                    answer = await http.get(f"{self.base_url}/api/health")
                    if answer.status_code == 200:
                        return
                if time.monotonic() > deadline:
                    raise AssertionError(
                        f"the server did not answer /api/health with 200 within {timeout}s;"
                        f" its log ends with:\n{self.log_tail()}"
                    )
                await asyncio.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, and wait for the process to be gone."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=STOP_TIMEOUT)

    def terminate(self) -> None:
        """SIGTERM, as a host's restart sends it, and wait for the server to finish."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=STOP_TIMEOUT)

    def stop(self) -> None:
        stop_process(self.process)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:]) or "(empty log)"


def closed_by_server(connection: socket.socket) -> bool:
    """Read what is there without waiting: True once the server has closed the connection.
    The connection keeps the timeout it had."""
    timeout = connection.gettimeout()
    connection.setblocking(False)
    try:
        return connection.recv(4096) == b""
    except BlockingIOError:
        return False
    except ConnectionError:
        return True
    finally:
        connection.settimeout(timeout)
