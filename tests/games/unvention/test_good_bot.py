"""Unvention's good bot (app/games/unvention/bot.py): whole games through views alone, views
whose other seats are garbage, positions with one clearly right move, reproducibility."""

from __future__ import annotations

from typing import Any

from app.games.bots import EASY, Bot, Weighed, bot_rng, bots_for
from app.games.core import Action, State, canonical
from app.games.unvention import journal, workshop
from app.games.unvention.bot import decide as plan
from app.games.unvention.dice import kind
from app.games.unvention.good_bot import GoodBot
from app.games.unvention.rules import Unvention
from app.games.unvention.turn import fresh_turn

GAME = Unvention()
GOOD = GoodBot()


def play(bots: list[Bot], seed: int) -> State:
    """A whole game: each bot sees only its seat's view and legal actions."""
    state = GAME.start(len(bots), {}, seed)
    seq = 0
    while GAME.result(state) is None:
        assert seq < 5000, "the game should end"
        seat = min(GAME.active(state))
        view = {**GAME.view(state, seat), "you": seat}
        legal = GAME.legal(state, seat)
        action = bots[seat].choose(GAME, view, legal, bot_rng(seed, seq, seat))
        assert any(canonical(action) == canonical(option) for option in legal), action
        state = GAME.apply(state, seat, action)
        seq += 1
    return state


def decide(state: State, seat: int = 0, seed: int = 1) -> Action:
    view = {**GAME.view(state, seat), "you": seat}
    return GOOD.choose(GAME, view, GAME.legal(state, seat), bot_rng(seed, 0, seat))


def weigh(state: State, seat: int = 0, seed: int = 1) -> list[Weighed]:
    """What `consider` gives for `seat`, checked against the rules of the interface."""
    view = {**GAME.view(state, seat), "you": seat}
    legal = GAME.legal(state, seat)
    weighed = GOOD.consider(GAME, view, legal, bot_rng(seed, 0, seat))
    assert sorted(canonical(w.action) for w in weighed) == sorted(map(canonical, legal))
    values = [w.value for w in weighed]
    assert values == sorted(values, reverse=True)
    assert all(w.reason for w in weighed)
    assert weighed[0].action == GOOD.choose(GAME, view, legal, bot_rng(seed, 0, seat))
    return weighed


def position(dice: list[int], seed: int = 3) -> State:
    """A two-seat game at its first turn, the table's dice set to `dice`."""
    state = GAME.start(2, {}, seed)
    state["dice"] = list(dice)
    for sheet in state["sheets"]:
        sheet["asking"] = fresh_turn(kind(dice))
    state["setup"]["crossed"] = {slug: [] for slug in state["setup"]["crossed"]}
    return state


def circle(state: State, w: str, *parts: tuple[int, int], seat: int = 0) -> None:
    for r, c in parts:
        state["sheets"][seat]["workshops"][w][workshop.index(r, c)] = workshop.CIRCLED


def give_wrenches(state: State, seat: int = 0) -> None:
    """Journal 2 of `seat` complete but for its last row's last cell: six wrenches earned."""
    cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0]
    state["sheets"][seat]["journals"][2] = cells


def test_the_game_offers_its_good_bot() -> None:
    levels = bots_for(GAME)
    assert list(levels) == ["easy", "good"]
    assert isinstance(levels["good"], GoodBot)
    assert levels["good"].level == "good"


def test_good_bots_play_a_whole_game_and_score() -> None:
    state = play([GOOD, GOOD], seed=11)
    result = GAME.result(state)
    assert result is not None
    assert all(points >= 20 for points in result.scores.values()), result.scores


def test_the_good_bot_beats_the_easy_bot_from_either_seat() -> None:
    for seed, seats in ((5, [GOOD, EASY]), (6, [EASY, GOOD])):
        result = GAME.result(play(seats, seed))
        assert result is not None
        good = seats.index(GOOD)
        assert result.winners == [good], result
        assert result.scores[str(good)] > result.scores[str(1 - good)] + 20, result.scores


def garbled(view: dict[str, Any], you: int) -> dict[str, Any]:
    """The view with every other seat's sheet and tool entries replaced by nonsense."""
    table = dict(view["state"])
    table["players"] = [
        player if seat == you else {"seat": "x", "journals": [{"cells": 7}], "asking": None}
        for seat, player in enumerate(table["players"])
    ]
    table["tools"] = {
        slug: {"unlocked": [[you, entry] for entry in ("?", None)] + [[9, "soon"]]}
        for slug in table["tools"]
    }
    return {**view, "state": table}


def test_the_good_bot_needs_nothing_but_its_own_sheet() -> None:
    """Other seats' entries garbled, the bot still answers a legal action at every step of a
    three-seat game, which goes on through the true views."""
    state = GAME.start(3, {}, 21)
    seq = 0
    checked = 0
    while GAME.result(state) is None:
        seat = min(GAME.active(state))
        view = {**GAME.view(state, seat), "you": seat}
        legal = GAME.legal(state, seat)
        wanted = GOOD.choose(GAME, garbled(view, seat), legal, bot_rng(21, seq, seat))
        assert any(canonical(wanted) == canonical(option) for option in legal), wanted
        checked += 1
        bot = GOOD if seat == 0 else EASY
        state = GAME.apply(state, seat, bot.choose(GAME, view, legal, bot_rng(21, seq, seat)))
        seq += 1
    assert GAME.result(state) is not None and checked > 200


def play_turn(state: State, seat: int = 0) -> State:
    """The good bot plays `seat`'s turn to its end."""
    for step in range(40):
        if seat not in GAME.active(state):
            return state
        state = GAME.apply(state, seat, decide(state, seat, seed=step))
    raise AssertionError("the turn should end")


def test_the_good_bot_completes_a_row_and_a_column_for_their_wrenches() -> None:
    """Journal 1 holds 1 2 3 along its top row and 1 2 3 down its right column: a 4 or a 5 of
    2 2 | 5 5 | 4 at (0, 3) completes both (the 2s cannot go there)."""
    state = position([4, 2, 2, 5, 5])
    cells = state["sheets"][0]["journals"][0]
    for r, c, n in ((0, 0, 1), (0, 1, 2), (0, 2, 3), (1, 3, 1), (2, 3, 2), (3, 3, 3)):
        cells[journal.index(r, c)] = n
    first = weigh(state)[0]
    assert first.action["cell"] == [0, 3] and first.action["number"] in (4, 5)
    assert first.reason.startswith(f"Write a {first.action['number']} in journal 1, row 1, ")
    assert first.reason.endswith(": 2 wrenches earned")
    state = play_turn(state)
    cells = state["sheets"][0]["journals"][0]
    assert cells[journal.index(0, 3)] in (4, 5)
    assert journal.wrenches_earned(cells) == 2


def test_the_good_bot_never_leaves_a_cell_no_number_can_fill() -> None:
    """Journal 1's cell (0, 2) may take only a 5 (row 1 2, column 3 4, quadrant 3 6): a 5
    written at (0, 3), which the dice 5 5 | 6 6 | 1 allow, would leave it nothing but an X."""
    state = position([5, 5, 6, 6, 1])
    cells = state["sheets"][0]["journals"][0]
    cells[journal.index(0, 0)] = 1
    cells[journal.index(0, 1)] = 2
    cells[journal.index(1, 2)] = 3
    cells[journal.index(2, 2)] = 4
    cells[journal.index(1, 3)] = 6
    action = decide(state)
    assert action["type"] == "journal"
    assert not (action["journal"] == 0 and action["cell"] == [0, 3] and action["number"] == 5)


def test_the_good_bot_builds_its_circled_parts_before_the_competition_ends() -> None:
    """Two journals complete and the third all but: the end is near, so the bot turns its
    circled L of three parts into a mechanism rather than keep parts and wrenches."""
    state = position([1, 1, 2, 2, 3])
    give_wrenches(state)
    sheet = state["sheets"][0]
    sheet["journals"][0] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    sheet["journals"][1] = list(sheet["journals"][0])
    circle(state, "hydraulic", (0, 0), (0, 1), (1, 1))
    seat_sheet = play_turn(state)["sheets"][0]
    assert len(seat_sheet["mechanisms"]) == 1, seat_sheet["mechanisms"]
    assert seat_sheet["spent"] == 2
    assert seat_sheet["mechanisms"][0]["workshop"] == "hydraulic"


def test_the_good_bot_fills_the_last_gap_of_an_invention() -> None:
    """Integron full but for two cells side by side, a matching domino circled: the bot draws
    it there, completing the invention."""
    state = position([1, 1, 2, 2, 3])
    give_wrenches(state)
    sheet = state["sheets"][0]
    pattern = [
        (r, c)
        for r, row in enumerate(("0001000", "0011100", "1111111", "1111111"))
        for c, mark in enumerate(row)
        if mark == "1"
    ]
    gap = [(3, 5), (3, 6)]
    rest = [cell for cell in pattern if cell not in gap]
    sheet["mechanisms"] = [
        {
            "workshop": "magnetic",
            "parts": [[0, 0], [0, 1]],
            "invention": "integron",
            "cells": [list(cell) for cell in rest[k : k + 2]],
            "orientation": 0,
            "ideas": 0,
            "turn": 1,
        }
        for k in range(0, len(rest), 2)
    ]
    circle(state, "electrical", (4, 0), (4, 1))
    state = play_turn(state)
    last = state["sheets"][0]["mechanisms"][-1]
    assert last["invention"] == "integron"
    assert sorted(map(tuple, last["cells"])) == gap


def test_the_good_bot_puts_a_journal_idea_where_it_multiplies_most() -> None:
    state = position([1, 1, 2, 2, 3])
    sheet = state["sheets"][0]
    sheet["inventions"]["integron"]["ideas"] = 1
    sheet["mechanisms"] = [
        {
            "workshop": "magnetic",
            "parts": [[0, 0], [0, 1]],
            "invention": "integron",
            "cells": [[2, c], [2, c + 1]],
            "orientation": 0,
            "ideas": 0,
            "turn": 1,
        }
        for c in (0, 2, 4)
    ]
    sheet["journal_ideas"] = [{"journal": 1, "invention": None, "lost": False}]
    assert decide(state) == {"type": "idea", "invention": "integron"}
    weighed = weigh(state)
    assert [w.action["invention"] for w in weighed][0] == "integron"
    assert weighed[0].reason == "Put the journal's Idea on The Integron Assembly: x2"
    assert weighed[0].value > weighed[1].value


def test_the_good_bot_presents_at_the_end_of_a_day() -> None:
    legal = [
        {"type": "present", "invention": "integron"},
        {"type": "keep", "invention": "integron"},
    ]
    state = GAME.start(2, {}, 4)
    view = {**GAME.view(state, 0), "you": 0}
    assert GOOD.choose(GAME, view, legal, bot_rng(4, 0, 0)) == legal[0]


def test_the_good_bot_decides_the_same_from_the_same_view() -> None:
    state = GAME.start(2, {}, 8)
    for seq in range(60):
        seat = min(GAME.active(state))
        view = {**GAME.view(state, seat), "you": seat}
        legal = GAME.legal(state, seat)
        first = GOOD.choose(GAME, view, legal, bot_rng(8, seq, seat))
        again = GoodBot().choose(GAME, view, [dict(a) for a in legal], bot_rng(8, seq, seat))
        assert first == again
        state = GAME.apply(state, seat, first)


def test_the_good_bot_falls_back_on_a_legal_action_for_a_view_it_cannot_read() -> None:
    legal = [{"type": "journal", "journal": 0, "cell": [0, 0], "number": 3}, {"type": "done"}]
    assert GOOD.choose(GAME, {"state": "garbage", "you": 0}, legal, bot_rng(1, 0, 0)) == {
        "type": "done"
    }


def test_the_good_bot_leaps_then_builds_for_free() -> None:
    """Quantum Leap: the bot picks a workshop and two numbers, then plays its turn through
    (the free build included) without falling back."""
    state = position([3, 3, 3, 3, 3])
    view = {**GAME.view(state, 0), "you": 0}
    legal = GAME.legal(state, 0)
    action = plan(view, legal)
    assert action is not None and action["type"] == "leap"
    state = play_turn(state)
    sheet = state["sheets"][0]
    assert sheet["asking"]["leap"]["workshop"] == action["workshop"]
    assert sheet["spent"] == 0  # the leap's build is free
    assert len(sheet["mechanisms"]) == 1


def test_the_good_bot_marks_an_x_when_no_number_fits() -> None:
    """Every journal full but for a cell only a 1 fits, and no 1 rolled: the bot crosses."""
    state = position([2, 2, 3, 3, 4])
    for j in range(3):
        give_wrenches(state)
        state["sheets"][0]["journals"][j] = list(state["sheets"][0]["journals"][2])
    view = {**GAME.view(state, 0), "you": 0}
    legal = GAME.legal(state, 0)
    action = plan(view, legal)
    assert action is not None and action["type"] == "cross"
    assert action in legal


# --- consider: every legal action weighed ----------------------------------------------------


def test_consider_weighs_every_legal_action_best_first() -> None:
    """The first turns of a game, every kind of decision on the way: legal actions only, best
    first, each with a reason, the plan's next step first, the same from the same view."""
    state = GAME.start(2, {}, 9)
    kinds: set[str] = set()
    for seq in range(40):
        seat = min(GAME.active(state))
        weighed = weigh(state, seat, seed=seq)
        kinds |= {w.action["type"] for w in weighed}
        if seq % 10 == 0:
            assert weigh(state, seat, seed=seq) == weighed
        state = GAME.apply(state, seat, weighed[0].action)
    assert {"journal", "circle", "done"} <= kinds, kinds


def test_consider_weighs_a_mechanism_part_by_part() -> None:
    """The L of three circled parts near the end: starting the build, each part and the place
    drawn are each worth the best mechanism they lead to; giving up is worth nothing."""
    state = position([1, 1, 2, 2, 3])
    give_wrenches(state)
    sheet = state["sheets"][0]
    sheet["journals"][0] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    sheet["journals"][1] = list(sheet["journals"][0])
    circle(state, "hydraulic", (0, 0), (0, 1), (1, 1))
    for _ in range(12):
        weighed = weigh(state)
        if weighed[0].action["type"] == "build_start":
            assert weighed[0].reason.startswith("Start a mechanism (2 wrenches): the best is ")
            break
        state = GAME.apply(state, 0, weighed[0].action)
    else:
        raise AssertionError("the bot should start building")
    state = GAME.apply(state, 0, weighed[0].action)
    while (weighed := weigh(state))[0].action["type"] == "build_add":
        assert "Hydraulic" in weighed[0].reason
        cancel = next(w for w in weighed if w.action["type"] == "build_cancel")
        assert cancel.value == 0 < weighed[0].value
        state = GAME.apply(state, 0, weighed[0].action)
    assert weighed[0].action["type"] == "build_place"
    assert weighed[0].reason.startswith("Draw the 3-part mechanism into ")


def test_consider_presents_every_invention_offered() -> None:
    state = GAME.start(2, {}, 4)
    view = {**GAME.view(state, 0), "you": 0}
    legal = [
        {"type": "present", "invention": "integron"},
        {"type": "keep", "invention": "integron"},
    ]
    weighed = GOOD.consider(GAME, view, legal, bot_rng(4, 0, 0))
    assert [w.action["type"] for w in weighed] == ["present", "keep"]
    assert weighed[0].reason == "Present The Integron Assembly for 0 points"
    assert weighed[1].reason.startswith("Keep The Integron Assembly back: ")


def test_the_greedy_sparring_bot_plays_a_whole_game_legally() -> None:
    greedy = GAME.sparring_bots()["greedy"]
    assert "greedy" not in bots_for(GAME) and greedy.label == "Greedy"
    assert GAME.result(play([greedy, EASY], seed=2)) is not None


def test_the_greedy_bot_fills_the_last_gap_of_an_invention_at_once() -> None:
    """Drawing the mechanism that completes the Integron scores its completion bonus at once:
    of every place the domino may go, the greedy bot draws it there."""
    state = position([1, 1, 2, 2, 3])
    give_wrenches(state)
    sheet = state["sheets"][0]
    pattern = [
        (r, c)
        for r, row in enumerate(("0001000", "0011100", "1111111", "1111111"))
        for c, mark in enumerate(row)
        if mark == "1"
    ]
    rest = [cell for cell in pattern if cell not in [(3, 5), (3, 6)]]
    sheet["mechanisms"] = [
        {
            "workshop": "magnetic",
            "parts": [[0, 0], [0, 1]],
            "invention": "integron",
            "cells": [list(cell) for cell in rest[k : k + 2]],
            "orientation": 0,
            "ideas": 0,
            "turn": 1,
        }
        for k in range(0, len(rest), 2)
    ]
    circle(state, "electrical", (4, 0), (4, 1))
    sheet["asking"]["stage"] = "workshop"
    for action in (
        {"type": "build_start"},
        *[{"type": "build_add", "workshop": "electrical", "part": [4, c]} for c in (0, 1)],
    ):
        state = GAME.apply(state, 0, action)
    greedy = GAME.sparring_bots()["greedy"]
    view = {**GAME.view(state, 0), "you": 0}
    chosen = greedy.choose(GAME, view, GAME.legal(state, 0), bot_rng(1, 0, 0))
    assert chosen == {"type": "build_place", "invention": "integron", "at": [3, 5]}
