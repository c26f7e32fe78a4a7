"""Chess clocks for a table: a time bank per player, and time added whenever their turn comes.

A player's clock runs while the game waits on them (their seat is in `active`); several run at
once in the games where everyone decides together. When the game turns to a player (their seat
becomes active) the increment is added; when it turns away, the time they used is taken off.
When a clock reaches zero a bot decides for that player until the game turns away from them
(app.play.bots), and next turn they have the increment again.

Clocks are plain JSON kept in the game record (`games.clocks`) and written in the statement that
records each action, so they survive restarts and every process reads the same ones. Times are
wall-clock seconds since the epoch, not a process's monotonic time, for the same reason. Bots'
seats have no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from app.games.core import Seat


@dataclass(frozen=True)
class Clocks:
    increment: float
    # Seconds left on each seat's clock when it last started or stopped; None: no clock (a bot).
    left: tuple[float | None, ...]
    # When each running clock started running (epoch seconds); None: stopped.
    since: tuple[float | None, ...]

    @classmethod
    def start(
        cls, minutes: int, increment: float, bots: list[bool], active: Iterable[Seat], now: float
    ) -> Clocks:
        """Every person's bank full, then the first turn's clocks started."""
        left = tuple(None if bot else float(minutes * 60) for bot in bots)
        stopped = cls(float(increment), left, tuple(None for _ in bots))
        return stopped.turned(active, now)

    def turned(self, active: Iterable[Seat], now: float, *, increment: bool = True) -> Clocks:
        """The clocks once the game waits on `active`: those no longer waited on stop (their
        time used is taken off), those newly waited on start (with the increment added, unless
        not `increment`: a take-back hands the turn back, which is no new turn)."""
        waiting = set(active)
        left = list(self.left)
        since = list(self.since)
        for seat, seconds in enumerate(self.left):
            if seconds is None:
                continue
            running = since[seat] is not None
            if running and seat not in waiting:
                left[seat] = self.remaining(seat, now)
                since[seat] = None
            elif not running and seat in waiting:
                left[seat] = seconds + (self.increment if increment else 0.0)
                since[seat] = now
        return replace(self, left=tuple(left), since=tuple(since))

    def remaining(self, seat: Seat, now: float) -> float:
        """Seconds left on `seat`'s clock at `now` (0 once run out)."""
        seconds = self.left[seat]
        if seconds is None:
            return 0.0
        started = self.since[seat]
        used = now - started if started is not None else 0.0
        return max(0.0, seconds - used)

    def expired(self, seat: Seat, now: float) -> bool:
        """Is the game waiting on `seat`, whose time has run out?"""
        return self.since[seat] is not None and self.remaining(seat, now) <= 0

    def deadline(self, now: float) -> float | None:
        """When the next running clock runs out after `now` (epoch seconds); None when none
        will (none runs, or those running have run out already)."""
        ends = [
            started + seconds
            for seconds, started in zip(self.left, self.since, strict=True)
            if started is not None and seconds is not None and started + seconds > now
        ]
        return min(ends, default=None)

    # --- stored and shown ---

    def to_json(self) -> dict[str, Any]:
        return {"increment": self.increment, "left": list(self.left), "since": list(self.since)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clocks:
        return cls(float(data["increment"]), tuple(data["left"]), tuple(data["since"]))

    def view(self) -> dict[str, Any]:
        """What every seat sees: each clock's seconds left as of `since` when running (the page
        counts down from there), or as stopped; null for a bot's seat."""
        return {
            "increment": self.increment,
            "seats": [
                None
                if seconds is None
                else {
                    "left": round(seconds, 3),
                    "running": started is not None,
                    "since": round(started, 3) if started is not None else None,
                }
                for seconds, started in zip(self.left, self.since, strict=True)
            ],
        }
