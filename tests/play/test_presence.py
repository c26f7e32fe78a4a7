"""The rows a process writes for its seats (app.play.presence, PostgreSQL): every seat changed
since the last write, as the hub holds it at the write, in one transaction however many."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.play import presence
from app.play.presence import Presence
from app.store.db import make_engine
from app.store.tables.games import SeatPresence
from tests.conftest import _truncate, run

pytestmark = pytest.mark.postgres


async def _rows(engine: AsyncEngine, process: str) -> set[tuple[str, int]]:
    async with engine.connect() as connection:
        found = await connection.execute(
            select(SeatPresence.code, SeatPresence.seat).where(SeatPresence.process == process)
        )
        return {(code, seat) for code, seat in found}


async def _written(engine: AsyncEngine, process: str, expected: set[tuple[str, int]]) -> None:
    for _ in range(400):
        if await _rows(engine, process) == expected:
            return
        await asyncio.sleep(0.025)
    assert await _rows(engine, process) == expected


def test_seats_come_and_go_in_batches(
    postgres_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(_truncate(postgres_server))
    # Fewer seats a transaction than are changed at once: the writer goes on until all are.
    monkeypatch.setattr(presence, "WRITE_AT_ONCE", 7)

    async def scenario() -> None:
        engine = make_engine(postgres_server)
        held: set[tuple[str, int]] = set()
        writer = Presence(engine, "proc-a", lambda code, seat: (code, seat) in held)
        other = Presence(engine, "proc-b", lambda code, seat: True)
        writer.start()
        other.start()
        try:
            seats = [(f"lobby{number:02d}", seat) for number in range(10) for seat in (0, 1, -1)]
            held.update(seats)
            for code, seat in seats:
                writer.changed(code, seat)
            other.changed("lobby00", 0)  # the same seat held by another process too
            await _written(engine, "proc-a", set(seats))
            await _written(engine, "proc-b", {("lobby00", 0)})

            # Some leave, some come back, one changes twice before the write: each is written
            # as it is when written.
            gone = {seat for seat in seats if seat[1] == 1}
            held.difference_update(gone)
            held.add(("lobby99", 0))
            for code, seat in [*gone, ("lobby99", 0), ("lobby03", 0)]:
                writer.changed(code, seat)
            await _written(engine, "proc-a", set(held))
            await _written(engine, "proc-b", {("lobby00", 0)})  # another's rows untouched
            assert await writer.elsewhere("lobby00", 0) is True
            assert await writer.elsewhere("lobby01", 0) is False
        finally:
            await writer.close()
            await other.close()
            assert await _rows(engine, "proc-a") == set()  # its goodbye deletes its rows
            await engine.dispose()

    run(scenario())
