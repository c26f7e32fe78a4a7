"""Jobs for the worker-process tests: functions a worker imports by name (keep this module's
imports light: every worker that runs one of them imports it). Run as a program, a server that
starts a worker and dies (`python -m tests.play.jobs PID_FILE`)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path


def die_once(mark: str) -> str:
    """Kill this worker the first time (leaving `mark`), answer from the next one."""
    path = Path(mark)
    if not path.exists():
        path.write_text("died")
        os._exit(1)
    return "answered"


def worker_pid() -> int:
    return os.getpid()


def start_a_worker_and_die(pid_file: str) -> None:
    """Start a worker, write its pid to `pid_file`, and end by SIGKILL, as a crash would."""
    from app.config import Settings
    from app.play.workers import Workers

    async def crash() -> None:
        workers = Workers(Settings(_env_file=None))
        Path(pid_file).write_text(str(await workers.run(worker_pid)))
        os.kill(os.getpid(), signal.SIGKILL)

    asyncio.run(crash())


if __name__ == "__main__":
    start_a_worker_and_die(sys.argv[1])
