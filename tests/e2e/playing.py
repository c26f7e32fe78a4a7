"""Tables playing on while hosts fail (tests/e2e/test_several_hosts.py): seats that act at a
person's pace and time their answers, and the game as a whole, which a test lets run, polls
and counts.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from tests.e2e.keepers import Keeper
from tests.e2e.players import Player, Sent
from tests.e2e.tables import Table

PACE = 0.05  # seconds a seat waits before each action: people, not a benchmark


@dataclass(frozen=True)
class Answer:
    """When an action was sent, how long its answer took, and what it was."""

    sent_at: float
    seconds: float
    outcome: str


class PacedPlayer(Player):
    """A seat that takes a moment before each action, as a person does, and times the
    answers."""

    def __init__(self, name: str, seat: int | None, token: str | None) -> None:
        super().__init__(name, seat, token)
        self.answers: list[Answer] = []

    async def act(self, action: dict[str, Any]) -> Sent:
        await asyncio.sleep(PACE)
        sent_at = time.monotonic()
        sent = await super().act(action)
        outcome = sent.error if sent.outcome == "refused" else sent.outcome
        self.answers.append(Answer(sent_at, time.monotonic() - sent_at, str(outcome)))
        return sent


@dataclass
class Play:
    """The tables and their clients, playing."""

    tables: list[Table]
    keepers: list[Keeper]
    stop: asyncio.Event
    tasks: list[asyncio.Task[None]]

    def players(self) -> list[Player]:
        return [player for table in self.tables for player in table.players]

    def raise_failures(self) -> None:
        for task in self.tasks:
            if task.done() and not task.cancelled() and (error := task.exception()) is not None:
                raise error
        for player in self.players():
            player.check()

    async def run_for(self, seconds: float) -> None:
        """Let them play (and reconnect) for `seconds`; a client's failure fails the test."""
        pending = [task for task in self.tasks if not task.done()]
        if pending:
            await asyncio.wait(pending, timeout=seconds, return_when=asyncio.FIRST_EXCEPTION)
        self.raise_failures()

    async def until(self, ready: Any, what: str, within: float) -> float:
        """Poll (generously) until `ready()`; how long it took."""
        began = time.monotonic()
        while not ready():
            self.raise_failures()
            if time.monotonic() - began > within:
                raise AssertionError(f"{what}: not within {within}s")
            await asyncio.sleep(0.05)
        return time.monotonic() - began

    def on(self) -> list[Table]:
        return [table for table in self.tables if not finished(table)]


def finished(table: Table) -> bool:
    return any(p.view is not None and p.view["status"] == "finished" for p in table.seats)


def acked(table: Table) -> int:
    return sum(sent.outcome == "acked" for seat in table.seats for sent in seat.ledger)


def unavailable_count(game: Play) -> int:
    return sum(
        sent.outcome == "refused" and sent.error == "unavailable"
        for table in game.tables
        for seat in table.seats
        for sent in seat.ledger
    )
