"""Seats that never stall, through the websocket: a bot plays for a player who is away until
they come back, and a bot decides for a player whose clock has run out (issue #9).

The hub's clock (`hub.now`) is moved on instead of waiting minutes; the driver is told to look
(`poke`) as its timer would once the time came. The last test waits for no one: the clock's
start is moved back in the database while the server is down, and the server that starts next
finds the time run out by itself.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from app.config import Settings
from app.games.entry import GameEntry
from app.store.db import make_engine, make_sessions, unit_of_work
from app.store.tables.games import GameRecord
from tests.conftest import run
from tests.play.tables import Table, Viewer, serving
from tests.registered import a_game


class Clock:
    """The hub's time: the real one, plus however far a test has moved it on."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


@pytest.fixture
def fast(settings: Settings) -> Settings:
    return settings.model_copy(update={"bot_delay": 0.0})


@pytest.fixture
def served(fast: Settings) -> Iterator[tuple[TestClient, Clock]]:
    with serving(fast) as client:
        clock = Clock()
        client.app.state.hub.now = clock  # type: ignore[attr-defined]
        yield client, clock


def hand_to_bot(client: TestClient, table: Table, voter: int | None, player: int) -> Any:
    headers = {"Authorization": f"Bearer {table.tokens[voter]}"} if voter is not None else {}
    return client.post(f"/api/lobbies/{table.code}/players/{player}/away-bot", headers=headers)


def player_ids(client: TestClient, table: Table) -> list[int]:
    return [p["id"] for p in client.get(f"/api/lobbies/{table.code}").json()["players"]]


def look_now(client: TestClient, code: str) -> None:
    """Make the bot driver look at the game now (as its clock timer does when time is up)."""

    async def poke() -> None:
        room = await client.app.state.hub.room(code)  # type: ignore[attr-defined]
        client.app.state.bots.poke(room)  # type: ignore[attr-defined]

    client.portal.call(poke)  # type: ignore[union-attr]


def record(client: TestClient, table: Table) -> list[dict[str, Any]]:
    return client.get(f"/api/lobbies/{table.code}/log").json()["actions"]


def until_player(viewer: Viewer, seat: int, **fields: Any) -> dict[str, Any]:
    """Read on until a presence message shows `seat` with `fields`."""
    for _ in range(100):
        message = viewer.until("presence")
        player = message["players"][seat]
        if all(player[key] == value for key, value in fields.items()):
            return player
    raise AssertionError(f"seat {seat} never showed {fields}")


def play_while(viewers: dict[int, Viewer], watcher: Viewer, moves: int) -> None:
    """The people's seats take their first legal action whenever the game waits on them,
    until `moves` more actions have been accepted (bots make the others)."""
    assert watcher.seq is not None
    target = watcher.seq + moves
    while watcher.seq < target:
        assert watcher.view is not None
        acted = False
        for seat in watcher.view["active"]:
            mine = viewers.get(seat)
            if mine is None:
                continue
            mine.until_seq(watcher.seq)
            if mine.seq == watcher.seq and mine.view is not None and mine.view["legal"]:
                mine.act(mine.view["legal"][0], ref=watcher.seq)
                mine.until_seq(watcher.seq + 1)
                acted = True
                break
        if not acted:
            watcher.receive()  # a bot's move, or another of ours


# --- players who are away ---------------------------------------------------------------------


def _everyone_at_once(entry: GameEntry) -> bool:
    """Whether the game waits on all four seats at once from its start."""
    game = entry.game
    return game.active(game.start(4, {}, 1)) == [0, 1, 2, 3]


AT_ONCE = a_game(players=4, where=_everyone_at_once)


def test_the_host_hands_an_absent_seat_to_a_bot_and_the_player_takes_it_back(
    served: tuple[TestClient, Clock],
) -> None:
    client, clock = served
    table = Table.open(client, first_player="host", away_minutes=1)
    table.start()
    ann = table.connect(0)
    ann.until("snapshot")
    bob = table.connect(1)
    bob.until("snapshot")
    bob.close()
    ann.until_connected([True, False])
    bob_id = player_ids(client, table)[1]

    early = hand_to_bot(client, table, 0, bob_id)
    assert early.status_code == 409 and early.json()["error"] == "not_away"
    assert "after 1 min" in early.json()["message"]

    clock.ahead = 61
    handed = hand_to_bot(client, table, 0, bob_id)
    assert handed.status_code == 200, handed.text
    assert handed.json()["players"][1]["away_bot"] == "good"
    assert until_player(ann, 1, away_bot="good")["connected"] is False

    # Ann plays her turns; the bot plays Bob's, through the same path, recorded as "away".
    play_while({0: ann}, ann, 12)
    bobs = [entry for entry in record(client, table) if entry["seat"] == 1]
    assert bobs and all(entry["by"] == "away" for entry in bobs)
    assert all(entry["by"] is None for entry in record(client, table) if entry["seat"] == 0)

    # Bob comes back: the bot leaves at once, and Bob plays his own turns again.
    back = table.connect(1)
    assert back.until("lobby")["lobby"]["players"][1]["away_bot"] is None
    assert until_player(ann, 1, away_bot=None, connected=True)
    seen = len(record(client, table))
    play_while({0: ann, 1: back}, ann, 8)
    later = record(client, table)[seen:]
    assert [entry["seat"] for entry in later].count(1) > 0
    assert all(entry["by"] is None for entry in later)
    assert not back.errors and not ann.errors


def test_the_other_players_vote_a_bot_into_an_absent_seat(
    served: tuple[TestClient, Clock],
) -> None:
    client, clock = served
    table = Table.open(client, ("Ann", "Bob", "Cy", "Dee"), game=AT_ONCE, away_minutes=2)
    ids = player_ids(client, table)
    assert hand_to_bot(client, table, 1, ids[3]).json()["error"] == "not_playing"
    table.start()
    viewers = {seat: table.connect(seat) for seat in range(3)}
    for viewer in viewers.values():
        viewer.until("snapshot")

    assert hand_to_bot(client, table, 1, ids[2]).json()["error"] == "not_away"  # Cy is here
    clock.ahead = 121
    first = hand_to_bot(client, table, 1, ids[3])
    assert first.status_code == 200, first.text
    assert first.json()["players"][3]["away_votes"] == 1
    assert first.json()["players"][3]["away_bot"] is None  # one vote of three is not enough
    again = hand_to_bot(client, table, 1, ids[3])  # Bob's second vote counts once
    assert again.json()["players"][3]["away_votes"] == 1
    second = hand_to_bot(client, table, 2, ids[3])
    assert second.json()["players"][3]["away_bot"] == "good"
    assert second.json()["players"][3]["away_votes"] == 0

    # Everyone decides at once: the game goes on with the bot deciding for Dee.
    play_while(viewers, viewers[0], 20)
    assert any(entry["seat"] == 3 and entry["by"] == "away" for entry in record(client, table))

    dee = table.connect(3)
    assert dee.until("lobby")["lobby"]["players"][3]["away_bot"] is None


def test_an_absent_players_own_vote_does_not_count(served: tuple[TestClient, Clock]) -> None:
    client, clock = served
    table = Table.open(client, ("Ann", "Bob", "Cy"), game=a_game(players=3), away_minutes=1)
    ids = player_ids(client, table)
    table.start()
    viewers = [table.connect(0), table.connect(1)]  # Cy never comes
    for viewer in viewers:
        viewer.until("snapshot")
    clock.ahead = 61

    own = hand_to_bot(client, table, 2, ids[2])
    assert own.status_code == 403 and own.json()["error"] == "own_seat", own.text
    cy = client.get(f"/api/lobbies/{table.code}").json()["players"][2]
    assert (cy["away_votes"], cy["away_bot"]) == (0, None)
    # Bob's vote is one of the two others' (Ann's and his): not more than half.
    bob = hand_to_bot(client, table, 1, ids[2])
    assert bob.status_code == 200, bob.text
    assert (bob.json()["players"][2]["away_votes"], bob.json()["players"][2]["away_bot"]) == (
        1,
        None,
    )


def test_only_a_player_of_the_lobby_can_ask_and_only_for_a_person(
    served: tuple[TestClient, Clock],
) -> None:
    client, _ = served
    table = Table.open(client, ("Ann",), game=a_game(players=1))
    bot = client.post(
        f"/api/lobbies/{table.code}/bots",
        json={"level": "easy"},
        headers={"Authorization": f"Bearer {table.tokens[0]}"},
    )
    assert bot.status_code == 201
    table.start()
    ann_id, bot_id = player_ids(client, table)
    assert hand_to_bot(client, table, None, ann_id).status_code == 401
    assert hand_to_bot(client, table, 0, bot_id).json()["error"] == "not_a_person"
    assert hand_to_bot(client, table, 0, 999_999).json()["error"] == "unknown_player"
    unknown = hand_to_bot(client, Table(client, "2" * 13, table.tokens), 0, ann_id)
    assert unknown.status_code == 401  # as for a token that is not of the lobby


# --- clocks -------------------------------------------------------------------------------------


def test_a_bot_decides_for_a_player_whose_time_runs_out_and_the_log_says_so(
    served: tuple[TestClient, Clock],
) -> None:
    client, clock = served
    table = Table.open(client, first_player="host", clock_minutes=1, clock_increment=5)
    table.start()
    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    assert ann.view is not None
    clocks = ann.view["clocks"]
    assert clocks["increment"] == 5
    assert clocks["seats"][0]["running"] and clocks["seats"][0]["left"] == 65
    assert clocks["seats"][1] == {"left": 60, "running": False, "since": None}

    clock.ahead = 66
    ann.act({"type": "roll"}, ref="late")
    refused = ann.until("error")
    assert refused["error"] == "out_of_time" and refused["ref"] == "late"
    assert ann.seq == 0

    look_now(client, table.code)
    ann.until_seq(2)  # the bot rolled and scored for Ann; now Bob scores that roll
    assert ann.view is not None
    assert ann.view["active"] == [1]
    # What the bot did, in the log's own words (the roll, then the category it scored).
    rolled = next(line for line in ann.view["log"] if line.startswith("Ann rolled"))
    timeouts = ann.view["timeouts"]
    assert timeouts[0] == f"Ann ran out of time, so a bot played for them: {rolled}"
    assert timeouts[1].startswith("Ann ran out of time, so a bot played for them: Ann scored")
    assert len(timeouts) == 2
    assert [(entry["seat"], entry["by"]) for entry in record(client, table)] == [
        (0, "clock"),
        (0, "clock"),
    ]
    clocks = ann.view["clocks"]["seats"]
    assert clocks[0] == {"left": 0, "running": False, "since": None}
    assert clocks[1]["running"] and clocks[1]["left"] == 65

    # Bob is in time; then Ann's turn comes back with the increment alone on her clock.
    play_while({1: bob}, ann, 3)
    assert ann.view["active"] == [0]
    assert ann.view["clocks"]["seats"][0]["left"] == 5
    ann.act(ann.view["legal"][0])
    ann.until_seq(4)
    assert record(client, table)[3]["by"] is None


def test_clocks_are_off_by_default_and_kept_in_the_record_across_a_restart(
    fast: Settings,
) -> None:
    with serving(fast) as client:
        plain = Table.open(client)
        plain.start()
        viewer = plain.connect(0)
        assert viewer.until("snapshot")["view"]["clocks"] is None
        timed = Table.open(client, first_player="host", clock_minutes=3)
        timed.start()
        before = timed.connect(1).until("snapshot")["view"]["clocks"]

    # While the server is down, two minutes pass... and then some (moved back in the record).
    run(_move_clock_back(fast.database_url, 200.0))

    with serving(fast) as client:  # on starting, the server looks at every game with a clock
        ann = Table(client, timed.code, timed.tokens).connect(0)
        ann.until("snapshot")
        ann.until_seq(2)
        assert ann.view is not None
        line = "Ann ran out of time, so a bot played for them: Ann rolled "
        assert ann.view["timeouts"][0].startswith(line)
        after = ann.view["clocks"]["seats"]
        assert after[0]["left"] == 0 and not after[0]["running"]
        assert after[1]["running"] and after[1]["left"] == before["seats"][1]["left"] + 10


async def _move_clock_back(database_url: str, seconds: float) -> None:
    engine = make_engine(database_url)
    try:
        async with unit_of_work(make_sessions(engine)) as session:
            for game in await session.scalars(select(GameRecord)):
                if game.clocks is not None:
                    since = [None if s is None else s - seconds for s in game.clocks["since"]]
                    game.clocks = {**game.clocks, "since": since}
    finally:
        await engine.dispose()
