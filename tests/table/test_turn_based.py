"""Turn-based tables through the websocket (issue #19): each move has hours or days, the live
away rules do not apply, and when a move's time runs out either a bot moves for the player or
the game waits and the others may vote to let a bot play for them.

As in test_away_and_clocks, the hub's clock is moved on instead of waiting hours, and the bot
driver is told to look (`look_now`) as its timer would once the time came. The restart tests
wait for no one: the clock's start is moved back in the database while the server is down.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from tests.conftest import run
from tests.play.tables import Table, serving
from tests.table.test_away_and_clocks import (
    Clock,
    _move_clock_back,
    hand_to_bot,
    look_now,
    play_while,
    player_ids,
    record,
)

HOUR = 3600
DAY = 24 * HOUR


@pytest.fixture
def fast(settings: Settings) -> Settings:
    return settings.model_copy(update={"bot_delay": 0.0})


@pytest.fixture
def served(fast: Settings) -> Iterator[tuple[TestClient, Clock]]:
    with serving(fast) as client:
        clock = Clock()
        client.app.state.hub.now = clock  # type: ignore[attr-defined]
        yield client, clock


def bot_due(client: TestClient, code: str) -> bool:
    """Does the bot driver see a seat that a bot plays now, and has it a clock timer set?"""

    async def look() -> tuple[bool, bool]:
        bots = client.app.state.bots  # type: ignore[attr-defined]
        room = await client.app.state.hub.room(code)  # type: ignore[attr-defined]
        return bots.waiting(room) is not None, code in bots.timers

    waiting, timer = client.portal.call(look)  # type: ignore[union-attr]
    return waiting or timer


def test_a_bot_moves_for_a_player_whose_day_has_run_out_and_absence_alone_hands_nothing(
    served: tuple[TestClient, Clock],
) -> None:
    client, clock = served
    table = Table.open(
        client, first_player="host", pace="turn-based", move_hours=24, away_minutes=1
    )
    table.start()
    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    assert ann.view is not None
    clocks = ann.view["clocks"]
    assert (clocks["per_move"], clocks["waits"]) == (DAY, False)
    assert clocks["seats"][0]["running"] and clocks["seats"][0]["left"] == DAY
    assert clocks["seats"][1] == {"left": DAY, "running": False, "since": None}

    # Bob goes away for hours: normal at a turn-based table, no bot may take his seat.
    bob.close()
    ann.until_connected([True, False])
    clock.ahead = 5 * HOUR
    refused = hand_to_bot(client, table, 0, player_ids(client, table)[1])
    assert refused.status_code == 409 and refused.json()["error"] == "not_away"
    assert "turn-based" in refused.json()["message"]

    # Ann's day runs out: her own move is refused, and the strongest bot moves for her.
    clock.ahead = DAY + 1
    ann.act({"type": "roll"}, ref="late")
    assert ann.until("error")["error"] == "out_of_time"
    look_now(client, table.code)
    ann.until_seq(2)  # the bot rolled and scored for Ann; now Bob scores that roll
    assert ann.view is not None and ann.view["active"] == [1]
    assert [(entry["seat"], entry["by"]) for entry in record(client, table)] == [
        (0, "clock"),
        (0, "clock"),
    ]
    assert ann.view["timeouts"][0].startswith("Ann ran out of time, so a bot played for them")
    seats = ann.view["clocks"]["seats"]
    assert seats[0] == {"left": 0, "running": False, "since": None}
    # Bob's move has a whole day from when the game turned to him, away or not.
    assert seats[1]["running"] and seats[1]["left"] == DAY
    assert seats[1]["since"] == pytest.approx(clock(), abs=60)

    # Bob comes back after twenty hours and moves in time; Ann then has a whole day again.
    clock.ahead += 20 * HOUR
    bob = table.connect(1)
    bob.until("snapshot")
    for _ in range(10):  # Bob's decisions until the game turns back to Ann
        play_while({1: bob}, ann, 1)
        if ann.view["active"] == [0]:
            break
    assert ann.view["active"] == [0]
    assert ann.view["clocks"]["seats"][0]["left"] == DAY
    assert record(client, table)[-1]["by"] is None


def test_a_table_that_waits_lets_the_others_vote_a_bot_in_and_the_player_takes_it_back(
    served: tuple[TestClient, Clock],
) -> None:
    client, clock = served
    table = Table.open(
        client, first_player="host", pace="turn-based", move_hours=1, time_runs_out="wait"
    )
    ann_id = player_ids(client, table)[0]
    table.start()
    ann = table.connect(0)
    ann.until("snapshot")
    ann.close()
    bob = table.connect(1)
    bob.until("snapshot")
    assert bob.view is not None and bob.view["clocks"]["waits"] is True

    early = hand_to_bot(client, table, 1, ann_id)
    assert early.status_code == 409 and early.json()["error"] == "not_away"
    assert early.json()["message"].startswith("Ann still has time to move")

    # Ann's hour runs out: the game waits for her (no bot is due, no timer is set).
    clock.ahead = HOUR + 1
    look_now(client, table.code)
    assert not bot_due(client, table.code)
    assert record(client, table) == []
    # Bob's vote is the only other person's: more than half, so a bot plays for Ann.
    voted = hand_to_bot(client, table, 1, ann_id)
    assert voted.status_code == 200, voted.text
    assert voted.json()["players"][0]["away_bot"] == "good"
    play_while({1: bob}, bob, 4)
    anns = [entry for entry in record(client, table) if entry["seat"] == 0]
    assert anns and all(entry["by"] == "away" for entry in anns)

    # Ann comes back: the bot leaves at once, and she may take her time (past her hour, even).
    back = table.connect(0)
    assert back.until("lobby")["lobby"]["players"][0]["away_bot"] is None
    seen = len(record(client, table))
    clock.ahead += 3 * HOUR
    play_while({0: back, 1: bob}, bob, 4)
    later = record(client, table)[seen:]
    assert [entry["seat"] for entry in later].count(0) > 0
    assert all(entry["by"] is None for entry in later)
    assert not back.errors and not bob.errors


def test_a_turn_based_clock_runs_across_a_restart_and_a_bot_moves_when_it_has_run_out(
    fast: Settings,
) -> None:
    with serving(fast) as client:
        table = Table.open(client, first_player="host", pace="turn-based", move_hours=1)
        table.start()
        assert table.connect(1).until("snapshot")["view"]["clocks"]["per_move"] == HOUR

    run(_move_clock_back(fast.database_url, 2 * HOUR))  # the server was down for two hours

    with serving(fast) as client:  # on starting, the server looks at every game with a clock
        ann = Table(client, table.code, table.tokens).connect(0)
        ann.until("snapshot")
        ann.until_seq(2)
        assert ann.view is not None
        line = "Ann ran out of time, so a bot played for them: Ann rolled "
        assert ann.view["timeouts"][0].startswith(line)
        seats = ann.view["clocks"]["seats"]
        assert seats[0]["left"] == 0 and not seats[0]["running"]
        assert seats[1]["running"] and seats[1]["left"] == HOUR


def test_a_table_that_waits_still_waits_after_a_restart_until_the_others_vote(
    fast: Settings,
) -> None:
    with serving(fast) as client:
        table = Table.open(
            client, first_player="host", pace="turn-based", move_hours=12, time_runs_out="wait"
        )
        table.start()
        table.connect(1).until("snapshot")

    run(_move_clock_back(fast.database_url, 13 * HOUR))

    with serving(fast) as client:
        bob = Table(client, table.code, table.tokens).connect(1)
        bob.until("snapshot")
        assert not bot_due(client, table.code)
        assert bob.view is not None and bob.view["clocks"]["seats"][0]["running"]
        assert record(client, table) == []
        voted = hand_to_bot(client, table, 1, player_ids(client, table)[0])
        assert voted.status_code == 200, voted.text
        bob.until_seq(2)  # the bot rolled and scored for Ann
        assert [entry["by"] for entry in record(client, table)] == ["away", "away"]
