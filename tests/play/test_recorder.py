"""The recorder's group commit (app/play/recorder.py), with a write of the test's own: batches
of what waited, one action per game a batch, and, when the write under way hangs (the database
is away), the actions no write took are refused after WAIT_SECONDS while the one being written
waits for its outcome."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest
from sqlalchemy.exc import SQLAlchemyError

from app.play import recorder
from app.play.recorder import Entry, NotWritten, Recorder
from tests.conftest import run


def entry(game_id: int, seq: int = 1) -> Entry:
    return Entry(
        game_id=game_id,
        seq=seq,
        seat=0,
        action={"type": "roll"},
        by=None,
        at=datetime(2026, 12, 5, tzinfo=UTC),
        clocks=None,
    )


class HeldWrite:
    """A write that records its batches and, while `held`, hangs until let go."""

    def __init__(self) -> None:
        self.batches: list[list[tuple[int, int]]] = []
        self.held = asyncio.Event()
        self.held.set()
        self.started = asyncio.Event()

    async def __call__(self, entries: list[Entry]) -> set[int]:
        self.batches.append([(e.game_id, e.seq) for e in entries])
        self.started.set()
        await self.held.wait()
        return set()


def test_what_waits_is_written_together_one_action_a_game() -> None:
    async def scenario() -> list[list[tuple[int, int]]]:
        write = HeldWrite()
        write.held.clear()
        keeper = Recorder(write)
        first = asyncio.create_task(keeper.record(entry(1)))
        await write.started.wait()
        later = [asyncio.create_task(keeper.record(e)) for e in (entry(2), entry(3), entry(2, 2))]
        await asyncio.sleep(0)
        write.held.set()
        await asyncio.gather(first, *later)
        return write.batches

    assert run(scenario()) == [[(1, 1)], [(2, 1), (3, 1)], [(2, 2)]]


def test_a_hanging_write_refuses_what_it_did_not_take(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(recorder, "WAIT_SECONDS", 0.2)

    async def scenario() -> None:
        write = HeldWrite()
        write.held.clear()  # the database went away during the first write
        keeper = Recorder(write)
        taken = asyncio.create_task(keeper.record(entry(1)))
        await write.started.wait()
        with pytest.raises(NotWritten) as refused:
            await keeper.record(entry(2))
        assert isinstance(refused.value, SQLAlchemyError)  # the referee's `unavailable`
        assert not taken.done()  # the write under way decides the first one's fate
        write.held.set()  # the database is back: the write answers, and the next one goes
        await taken
        await keeper.record(entry(3))
        assert write.batches == [[(1, 1)], [(3, 1)]]  # the refused action was never written
        await keeper.close()

    run(scenario())
