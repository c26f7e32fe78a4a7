"""How late the event loop runs: a task that sleeps INTERVAL again and again, and notes how much
later than asked it woke up.

Every table, socket and request of a server process waits on the one event loop: whatever runs
on it for long (a replay, a bot's thinking, a large view) delays them all by as much, and the
overshoot of a short sleep is that delay, as anything waiting on the loop met it. `LoopLag`
keeps the latest KEPT overshoots and gives their p50, p99 and max (GET /api/debug/lag with
DEBUG_LAG on; scripts/bench_mixed.py reads it). It costs one wake-up per INTERVAL.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from typing import Any

INTERVAL = 0.010  # seconds
KEPT = 6000  # samples: a minute of an idle loop, more of a busy one


class LoopLag:
    """Started and closed by the application's lifespan."""

    def __init__(self, interval: float = INTERVAL, kept: int = KEPT) -> None:
        self.interval = interval
        self.samples: deque[float] = deque(maxlen=kept)  # seconds late, oldest first
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch(), name="loop lag")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _watch(self) -> None:
        while True:  # time.monotonic(): uvloop's own clock counts whole milliseconds
            asleep = time.monotonic()
            await asyncio.sleep(self.interval)
            self.samples.append(max(0.0, time.monotonic() - asleep - self.interval))

    def figures(self, *, with_samples: bool = False) -> dict[str, Any]:
        """The samples kept: how many, and p50, p99 and max in milliseconds (None without any);
        `with_samples`: each of them too, oldest first."""
        ordered = sorted(self.samples)
        figures: dict[str, Any] = {
            "interval_ms": self.interval * 1000,
            "samples": len(ordered),
            "p50_ms": _milliseconds(_percentile(ordered, 50)),
            "p99_ms": _milliseconds(_percentile(ordered, 99)),
            "max_ms": _milliseconds(ordered[-1] if ordered else None),
        }
        if with_samples:
            figures["samples_ms"] = [_milliseconds(sample) for sample in self.samples]
        return figures

    def reset(self) -> None:
        self.samples.clear()


def _percentile(ordered: list[float], share: float) -> float | None:
    """The nearest-rank percentile of sorted values (None without values)."""
    if not ordered:
        return None
    return ordered[max(0, math.ceil(share / 100 * len(ordered)) - 1)]


def _milliseconds(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 3)
