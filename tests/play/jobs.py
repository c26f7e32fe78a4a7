"""Jobs for the worker-process tests: functions a worker imports by name (keep this module's
imports light: every worker that runs one of them imports it)."""

from __future__ import annotations

import os
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
