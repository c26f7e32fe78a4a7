"""The clocks' arithmetic (app.play.clocks): banks, increments, running out, deadlines."""

from __future__ import annotations

import pytest

from app.play.clocks import Clocks

T0 = 1_000_000.0


def test_the_first_turn_starts_with_a_full_bank_plus_the_increment() -> None:
    clocks = Clocks.start(5, 10, [False, False], active=[0], now=T0)
    assert clocks.remaining(0, T0) == 310
    assert clocks.remaining(1, T0) == 300
    assert clocks.since == (T0, None)


def test_time_used_is_taken_off_when_the_turn_ends_and_the_increment_comes_next_turn() -> None:
    clocks = Clocks.start(1, 5, [False, False], active=[0], now=T0)
    clocks = clocks.turned([1], T0 + 20)  # Ann thought 20 s
    assert clocks.left == (45.0, 65.0)
    assert clocks.since == (None, T0 + 20)
    assert clocks.remaining(0, T0 + 500) == 45  # stopped clocks do not run
    clocks = clocks.turned([0], T0 + 30)  # Bob thought 10 s
    assert clocks.left == (50.0, 55.0)


def test_a_player_who_stays_active_keeps_one_running_clock() -> None:
    clocks = Clocks.start(1, 5, [False, False], active=[0], now=T0)
    again = clocks.turned([0], T0 + 30)  # a second decision in the same turn
    assert again == clocks
    assert again.remaining(0, T0 + 30) == 35


def test_everyone_deciding_at_once_runs_every_clock() -> None:
    clocks = Clocks.start(1, 5, [False, False, False], active=[0, 1, 2], now=T0)
    clocks = clocks.turned([1, 2], T0 + 10)  # Ann chose first
    assert clocks.left[0] == 55
    assert clocks.remaining(1, T0 + 10) == 55 and clocks.since[1] == T0
    clocks = clocks.turned([], T0 + 40)
    assert clocks.left == (55.0, 25.0, 25.0)


def test_a_clock_runs_out_at_zero_and_never_goes_below() -> None:
    clocks = Clocks.start(1, 5, [False, False], active=[0], now=T0)
    assert not clocks.expired(0, T0 + 64.9)
    assert clocks.expired(0, T0 + 65)
    assert not clocks.expired(1, T0 + 1000)  # not running
    assert clocks.remaining(0, T0 + 1000) == 0
    # The game turns away: the clock stops at zero; next turn only the increment is there.
    clocks = clocks.turned([1], T0 + 1000).turned([0], T0 + 1001)
    assert clocks.remaining(0, T0 + 1001) == 5


def test_the_deadline_is_the_next_clock_to_run_out_after_now() -> None:
    clocks = Clocks.start(1, 5, [False, False, False], active=[0, 1], now=T0)
    clocks = clocks.turned([0, 1, 2], T0 + 30)  # Cy's turn comes too: 65 s from now
    assert clocks.deadline(T0 + 30) == T0 + 65  # Ann and Bob, running since T0
    assert clocks.deadline(T0 + 65) == T0 + 95  # theirs have run out: Cy's is next
    assert clocks.deadline(T0 + 95) is None


def test_bots_have_no_clock() -> None:
    clocks = Clocks.start(3, 10, [False, True], active=[0, 1], now=T0)
    assert clocks.left == (190.0, None)
    assert clocks.since == (T0, None)
    assert not clocks.expired(1, T0 + 10_000)
    assert clocks.view()["seats"][1] is None


@pytest.mark.parametrize("now", [T0, T0 + 12.5])
def test_clocks_are_kept_as_json_and_read_back_the_same(now: float) -> None:
    clocks = Clocks.start(10, 20, [False, True, False], active=[2], now=T0).turned([0], now)
    assert Clocks.from_json(clocks.to_json()) == clocks


def test_every_seat_sees_each_clock_as_it_stood_when_it_last_started_or_stopped() -> None:
    clocks = Clocks.start(1, 5, [False, False], active=[0], now=T0).turned([1], T0 + 20.25)
    assert clocks.view() == {
        "increment": 5.0,
        "per_move": None,
        "waits": False,
        "seats": [
            {"left": 44.75, "running": False, "since": None},
            {"left": 65.0, "running": True, "since": T0 + 20.25},
        ],
    }


# --- a turn-based table's time per move -----------------------------------------------------

HOUR = 3600.0


def test_each_turn_starts_with_the_whole_time_per_move_and_nothing_is_banked() -> None:
    clocks = Clocks.start_per_move(24, False, [False, False], active=[0], now=T0)
    assert clocks.remaining(0, T0) == 24 * HOUR
    assert clocks.remaining(1, T0) == 24 * HOUR and clocks.since == (T0, None)
    clocks = clocks.turned([1], T0 + 2 * HOUR)  # Ann moved within two hours
    assert clocks.left == (22 * HOUR, 24 * HOUR)
    # Bob takes 23 hours; Ann's next move has a whole day again, not the 22 hours she kept.
    clocks = clocks.turned([0], T0 + 25 * HOUR)
    assert clocks.left == (24 * HOUR, HOUR)
    assert clocks.remaining(0, T0 + 30 * HOUR) == 19 * HOUR
    assert clocks.deadline(T0 + 30 * HOUR) == T0 + 49 * HOUR


def test_when_the_time_per_move_runs_out_a_bot_decides_unless_the_table_waits() -> None:
    bot = Clocks.start_per_move(1, False, [False, False], active=[0], now=T0)
    assert not bot.expired(0, T0 + HOUR - 1)
    assert bot.expired(0, T0 + HOUR) and bot.overdue(0, T0 + HOUR)
    assert bot.deadline(T0) == T0 + HOUR

    waiting = Clocks.start_per_move(1, True, [False, False], active=[0], now=T0)
    assert waiting.overdue(0, T0 + 5 * HOUR)  # out of time...
    assert not waiting.expired(0, T0 + 5 * HOUR)  # ... but no bot decides by itself
    assert waiting.deadline(T0) is None  # nothing to wake up for
    assert not waiting.overdue(1, T0 + 5 * HOUR)  # Bob's turn has not come


def test_a_turn_based_clock_is_kept_as_json_and_shown_with_its_time_per_move() -> None:
    clocks = Clocks.start_per_move(72, True, [False, True], active=[0], now=T0).turned([], T0 + 9)
    assert Clocks.from_json(clocks.to_json()) == clocks
    assert clocks.view() == {
        "increment": 0.0,
        "per_move": 72 * HOUR,
        "waits": True,
        "seats": [{"left": 72 * HOUR - 9, "running": False, "since": None}, None],
    }


def test_clocks_recorded_before_turn_based_tables_read_as_chess_clocks() -> None:
    old = {"increment": 10, "left": [60.0, None], "since": [T0, None]}
    clocks = Clocks.from_json(old)
    assert (clocks.per_move, clocks.waits) == (None, False)
    assert clocks.turned([], T0 + 5).turned([0], T0 + 6).left[0] == 65.0


def test_a_take_back_hands_the_turn_back_without_the_increment() -> None:
    clocks = Clocks.start(1, 5, [False, False], active=[0], now=T0)
    clocks = clocks.turned([1], T0 + 20)  # Ann scored after 20 s: Bob's turn, his increment
    assert clocks.left == (45.0, 65.0)
    back = clocks.turned([0], T0 + 23, increment=False)  # Ann takes it back 3 s later
    assert back.left == (45.0, 62.0)  # no new increment for her; Bob's 3 s are used
    assert back.since == (T0 + 23, None)
