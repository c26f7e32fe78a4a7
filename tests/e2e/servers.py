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
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 40.0  # seconds for a (re)started server to answer /api/health with 200
STOP_TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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
    """One server on `database_url`, always on the same port across restarts."""

    def __init__(
        self, database_url: str, log_path: Path, *, env: dict[str, str] | None = None
    ) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.env = env or {}
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

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
                [sys.executable, "-m", "app.ops.cli", "serve", "--host", "127.0.0.1"]
                + ["--port", str(self.port)],
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=die_with_parent if sys.platform.startswith("linux") else None,
            )

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
