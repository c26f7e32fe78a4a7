"""The PostgreSQL listener of app/play/notices.py."""

from __future__ import annotations

import asyncio
import gc
from typing import Any
from unittest import mock

import asyncpg

from app.play.notices import Notices
from app.store.db import make_engine
from tests.conftest import run


async def _nothing(*_args: Any) -> None:
    return None


def test_stopping_while_the_listener_starts_leaves_no_connection_open(
    postgres_server: str,
) -> None:
    """An app stopped right after it started (a short test, a quick restart) cancels the
    listener between its connect and its LISTEN: that connection must be closed, not left to
    the garbage collector's "unclosed connection" warning."""

    async def stop_while_listening_begins() -> None:
        engine = make_engine(postgres_server)
        notices = Notices(engine, on_action=_nothing, on_lobby=_nothing, on_reconnect=_nothing)
        listening_begins = asyncio.Event()

        async def add_listener(*_args: Any) -> None:
            listening_begins.set()
            await asyncio.Event().wait()  # until cancelled

        await notices.hold("abc")  # a lobby held: the connect LISTENs on its channel
        with mock.patch.object(asyncpg.Connection, "add_listener", add_listener):
            notices.start()
            await listening_begins.wait()
            await notices.close()
        await engine.dispose()

    run(stop_while_listening_begins())
    gc.collect()  # a connection left open warns here (an error under filterwarnings)
