"""Clocks for a table: a chess clock (a time bank per player, and time added whenever their
turn comes), or a turn-based table's time per move (the full time whenever their turn comes).

A player's clock runs while the game waits on them (their seat is in `active`); several run at
once in the games where everyone decides together. When the game turns to a player (their seat
becomes active) the increment is added; when it turns away, the time they used is taken off.
When a clock reaches zero a bot decides for that player until the game turns away from them
(app.play.bots), and next turn they have the increment again.

A turn-based table (app.play.table, `pace`) has no bank: whenever the game turns to a player
their clock is set to the whole time per move (hours or days), and what is left of it is not
carried over. When it runs out either a bot decides for them, as with a chess clock, or, on a
table that waits (`waits`), nothing happens by itself: the game waits for them, and the others
may vote to let a bot play for them (the away vote, app.lobby.away).

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
    # A turn-based table's time per move in seconds: each turn starts with it, no bank; None:
    # a chess clock (a bank, and `increment` added each turn).
    per_move: float | None = None
    # A turn-based table whose game waits for a player out of time (no bot decides by itself).
    waits: bool = False

    @classmethod
    def start(
        cls, minutes: int, increment: float, bots: list[bool], active: Iterable[Seat], now: float
    ) -> Clocks:
        """Every person's bank full, then the first turn's clocks started."""
        left = tuple(None if bot else float(minutes * 60) for bot in bots)
        stopped = cls(float(increment), left, tuple(None for _ in bots))
        return stopped.turned(active, now)

    @classmethod
    def start_per_move(
        cls, hours: float, waits: bool, bots: list[bool], active: Iterable[Seat], now: float
    ) -> Clocks:
        """A turn-based table's clocks: each person's clock set to the time per move whenever
        the game turns to them, starting with the first turn's."""
        seconds = float(hours * 3600)
        left = tuple(None if bot else seconds for bot in bots)
        stopped = cls(0.0, left, tuple(None for _ in bots), per_move=seconds, waits=waits)
        return stopped.turned(active, now)

    def turned(self, active: Iterable[Seat], now: float, *, increment: bool = True) -> Clocks:
        """The clocks once the game waits on `active`: those no longer waited on stop (their
        time used is taken off), those newly waited on start (with the increment added, or on
        a turn-based table with the whole time per move), unless not `increment`: a take-back
        hands the turn back, which is no new turn, so the clock goes on from where it stopped."""
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
                if increment and self.per_move is not None:
                    left[seat] = self.per_move
                elif increment:
                    left[seat] = seconds + self.increment
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

    def overdue(self, seat: Seat, now: float) -> bool:
        """Is the game waiting on `seat`, whose time has run out?"""
        return self.since[seat] is not None and self.remaining(seat, now) <= 0

    def expired(self, seat: Seat, now: float) -> bool:
        """Has `seat`'s time run out, so that a bot decides for them (and their own actions are
        refused) until the game turns away? Never on a table that waits for them."""
        return not self.waits and self.overdue(seat, now)

    def deadline(self, now: float) -> float | None:
        """When the next running clock runs out after `now` (epoch seconds), for a bot to
        decide then; None when none will (none runs, those running have run out already, or
        the table waits for a player out of time)."""
        if self.waits:
            return None
        ends = [
            started + seconds
            for seconds, started in zip(self.left, self.since, strict=True)
            if started is not None and seconds is not None and started + seconds > now
        ]
        return min(ends, default=None)

    # --- stored and shown ---

    def to_json(self) -> dict[str, Any]:
        return {
            "increment": self.increment,
            "left": list(self.left),
            "since": list(self.since),
            "per_move": self.per_move,
            "waits": self.waits,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clocks:
        """Clocks as stored (those of a game recorded before turn-based tables: a chess
        clock)."""
        per_move = data.get("per_move")
        return cls(
            float(data["increment"]),
            tuple(data["left"]),
            tuple(data["since"]),
            float(per_move) if per_move is not None else None,
            bool(data.get("waits", False)),
        )

    def view(self) -> dict[str, Any]:
        """What every seat sees: each clock's seconds left as of `since` when running (the page
        counts down from there), or as stopped; null for a bot's seat. `per_move`: a
        turn-based table's time per move in seconds (null: a chess clock); `waits`: when it
        runs out the game waits, and the others may vote for a bot."""
        return {
            "increment": self.increment,
            "per_move": self.per_move,
            "waits": self.waits,
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
