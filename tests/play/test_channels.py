"""One channel per lobby (app/play/notices.py, issue #34): two processes on one PostgreSQL
database, each hearing the notices of the lobbies it holds a room for, and no others.

Notices reach one listening connection in the order their transactions committed: a notice
that a process hears after another was committed later would have come before it. So "it heard
nothing of that lobby" is checked after it heard something committed later, never by waiting.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import asyncpg
import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.play.hub import Hub
from app.play.notices import ACTION, Notices, asyncpg_dsn, channel
from tests.conftest import _truncate, run
from tests.notify.test_push import wait_for
from tests.play.tables import Table, Viewer, play_one, serving

pytestmark = pytest.mark.postgres


TOKEN = "metrics-token-for-the-channels-test"


def fresh(url: str) -> Settings:
    run(_truncate(url))
    return Settings(database_url=url, migrate_on_start=False, metrics_token=TOKEN, _env_file=None)


def scraped(client: TestClient, series: str) -> float:
    """One series' value on the process's /metrics page."""
    page = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert page.status_code == 200, page.text
    values = [line.rsplit(" ", 1)[1] for line in page.text.splitlines() if line.startswith(series)]
    assert len(values) == 1, (series, page.text)
    return float(values[0])


def hub_of(client: TestClient) -> Hub:
    return client.app.state.hub  # type: ignore[attr-defined,no-any-return]


def notices_of(client: TestClient) -> Notices:
    notices = client.app.state.house.notices  # type: ignore[attr-defined]
    assert notices is not None
    return notices  # type: ignore[no-any-return]


def heard_games(client: TestClient) -> list[int]:
    """The games whose action notices from other processes `client`'s process hears, from
    now on (a spy among the listener's own listeners)."""
    heard: list[int] = []

    async def spy(game: int, _seq: int) -> None:
        heard.append(game)

    notices_of(client).on_action.add(spy)  # type: ignore[attr-defined]
    return heard


def game_id(client: TestClient, code: str) -> int:
    record_id = hub_of(client).rooms[code].info.game_record_id
    assert record_id is not None
    return record_id


def started(client: TestClient) -> Table:
    table = Table.open(client, first_player="host")
    table.start()
    return table


def snapshots(*viewers: Viewer) -> None:
    for viewer in viewers:
        viewer.until("snapshot")


@contextmanager
def one_table_on_two(postgres_server: str) -> Iterator[tuple[TestClient, Table, Viewer, Viewer]]:
    """Two processes on one database; a table opened on the first, seat 0 connected to the
    first and seat 1 to the second, both with their snapshots: the second and the table."""
    settings = fresh(postgres_server)
    with serving(settings) as first, serving(settings) as second:
        wait_for(lambda: hub_of(second).kept_current())
        table = started(first)
        s0 = table.connect(0)
        s1 = Table(second, table.code, table.tokens).connect(1)
        snapshots(s0, s1)
        yield second, table, s0, s1


def test_a_lobby_s_notices_reach_only_the_processes_that_hold_its_room(
    postgres_server: str,
) -> None:
    """Two tables on the first process; the second holds a room for one of them (one seat
    connects through it). The other table's moves never reach the second; the shared table's
    moves reach each process from the other."""
    settings = fresh(postgres_server)
    with serving(settings) as first, serving(settings) as second:
        wait_for(lambda: hub_of(first).kept_current() and hub_of(second).kept_current())
        alone, shared = started(first), started(first)
        a0, a1 = alone.connect(0), alone.connect(1)
        s0 = shared.connect(0)
        s1 = Table(second, shared.code, shared.tokens).connect(1)
        snapshots(a0, a1, s0, s1)
        assert alone.code not in hub_of(second).rooms and shared.code in hub_of(second).rooms
        heard_first, heard_second = heard_games(first), heard_games(second)
        received = Counter(notices_of(second).received)

        for _ in range(3):
            play_one([a0, a1], {0: a0, 1: a1})  # on the first alone
        # The shared table's moves until each seat has moved: seat 0's through the first (the
        # second hears them), seat 1's through the second (the first hears them).
        movers: list[int] = []
        while set(movers) != {0, 1}:
            assert s0.view is not None
            movers.append(s0.view["active"][0])
            play_one([s0, s1], {0: s0, 1: s1})

        shared_game = game_id(first, shared.code)
        assert heard_second == [shared_game] * movers.count(0)  # never the other table's
        assert heard_first == [shared_game] * movers.count(1)
        new = notices_of(second).received[ACTION, "other"] - received[ACTION, "other"]
        assert new == movers.count(0)
        # The same counts on each process's /metrics, for a benchmark to read.
        heard = 'tinkertable_notices_received_total{kind="action",sender="other"}'
        assert scraped(second, heard) == notices_of(second).received[ACTION, "other"]
        own = 'tinkertable_notices_sent_total{kind="action"}'
        assert scraped(first, own) >= 3 + movers.count(0)
        assert scraped(second, own) == movers.count(1)
        assert scraped(second, "tinkertable_notice_channels ") == 1
        assert notices_of(second).held == {shared.code}
        assert alone.code in notices_of(first).held


def test_a_room_opened_while_another_process_acts_misses_nothing(postgres_server: str) -> None:
    """The second opens the shared table's room as seat 1 connects: right after it has read the
    game, and before seat 1 gets its snapshot, the first records seat 0's move. The second must
    hear of it (its LISTEN came before the read) and send seat 1 the patch."""
    settings = fresh(postgres_server)
    with serving(settings) as first, serving(settings) as second:
        wait_for(lambda: hub_of(second).kept_current())
        table = started(first)
        s0 = table.connect(0)
        snapshots(s0)
        referee = hub_of(second).referee
        load = referee.load
        moved: list[dict[str, Any]] = []

        def seat_0_moves() -> None:
            moved.append(play_one([s0], {0: s0}))

        async def load_then_the_first_moves(*args: Any, **kwargs: Any) -> None:
            await load(*args, **kwargs)
            if not moved:
                await asyncio.to_thread(seat_0_moves)  # committed after the read

        referee.load = load_then_the_first_moves  # type: ignore[method-assign]
        s1 = Table(second, table.code, table.tokens).connect(1)
        assert s1.until("snapshot")["seq"] in (0, 1) and moved
        s1.until_seq(1)  # the patch, from the notice heard
        assert s1.view is not None and s0.view is not None
        assert s1.view["active"] == s0.view["active"]


def test_after_the_listening_connection_comes_back_a_held_lobby_is_heard_again(
    postgres_server: str,
) -> None:
    """The second's listening connection is cut (the database restarted, a network blip): it
    connects again, LISTENs again on the channel of the lobby it holds, and hears the first's
    next move."""
    with one_table_on_two(postgres_server) as (second, table, s0, s1):
        notices = notices_of(second)
        assert notices.connection is not None
        lost = notices.connection.get_server_pid()
        run(_terminate(postgres_server, lost))

        def back() -> bool:
            connection = notices.connection
            return (
                connection is not None
                and connection.get_server_pid() != lost
                and notices.current.is_set()
            )

        wait_for(back)
        play_one([s0, s1], {0: s0, 1: s1})  # seat 0, through the first
        assert s1.seq == 1
        assert notices.held == {table.code}


async def _terminate(url: str, pid: int) -> None:
    connection = await asyncpg.connect(asyncpg_dsn(url))
    try:
        assert await connection.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await connection.close()


def test_a_lobby_code_that_is_no_channel_is_refused(postgres_server: str) -> None:
    """Codes are letters and digits; anything else would be a channel nobody listens on. A
    socket asking for such a lobby is told there is none, as before, and nothing is held."""
    assert channel("abc23") == "tinkertable:abc23"
    for bad in ("", "ab-c", "a b", "x" * 60, "é"):
        with pytest.raises(ValueError):
            channel(bad)
    with serving(fresh(postgres_server)) as client:
        wait_for(lambda: hub_of(client).kept_current())
        nobody = Table(client, "no-such_lobby", []).connect(None)
        assert nobody.receive()["error"] == "not_found"
        assert notices_of(client).held == set()


def test_a_room_that_goes_stops_listening_and_one_opened_again_listens_again(
    postgres_server: str,
) -> None:
    """Seat 1's socket to the second closes and the second sweeps its idle room: it UNLISTENs
    the lobby's channel. Seat 1 comes back: the room opens again, LISTENs again, and hears the
    first's next move."""
    with one_table_on_two(postgres_server) as (second, table, s0, s1):
        notices, hub = notices_of(second), hub_of(second)
        s1.close()
        wait_for(lambda: hub.rooms[table.code].idle_since is not None)
        assert second.portal is not None
        assert second.portal.call(lambda: hub.sweep(float("inf"), 0)) == 1

        def unlistened() -> bool:
            # The listening connection's own record of its LISTENs (asyncpg's).
            listening = notices.connection._listeners  # type: ignore[union-attr]
            return not notices.held and channel(table.code) not in listening

        wait_for(unlistened)
        again = Table(second, table.code, table.tokens).connect(1)
        snapshots(again)
        assert notices.held == {table.code}
        play_one([s0, again], {0: s0, 1: again})  # seat 0, through the first
        assert again.seq == 1
