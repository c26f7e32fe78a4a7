"""Unvention: one test per rule of the rulebook and per decision of ours (rules.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.games.core import BadPlayerCount, Result, Rng
from app.games.unvention.ending import end_competition
from app.games.unvention.rules import Unvention
from app.games.unvention.sheet import QUADRANTS, WORKSHOP_AT, WORKSHOPS, setup_invention
from tests.games.unvention.helpers import (
    DONE,
    FULL,
    act,
    almost_full,
    circle,
    complete_integron,
    done,
    earn_wrenches,
    finish_turn,
    game,
    give_tool,
    legal_of,
    me,
    put_mechanism,
    refused,
    roll,
    set_circled,
    set_journal,
    start,
    table,
    write,
)

# A full journal with only (0, 0) empty, where nothing but 4, 5 or 6 fits (row 1 is 1 2 3).
BLOCKED = [[None, 1, 2, 3], [2, 3, 4, 1], [1, 2, 3, 4], [3, 4, 1, 2]]


def types_of(state, seat: int = 0) -> set[str]:
    return {a["type"] for a in game.legal(state, seat)}


def log_lines(state) -> list[str]:
    return [entry["text"] for entry in state["log"]]


# --- the game's facts and setup -------------------------------------------------------------


def test_game_facts():
    assert (game.id, game.name) == ("unvention", "Unvention")
    assert (game.min_players, game.max_players) == (1, 6)
    assert game.description and "\n" not in game.description
    assert game.options == ()


@pytest.mark.parametrize("players", [0, 7])
def test_one_to_six_players(players):
    with pytest.raises(BadPlayerCount):
        game.start(players, {}, 1)
    for count in range(1, 7):
        assert len(game.start(count, {}, 1)["sheets"]) == count


def test_setup_is_rolled_from_the_seed_and_the_same_on_every_sheet():
    idea_dice, quadrants = set(), set()
    for seed in range(120):
        state = game.start(3, {}, seed)
        setup = state["setup"]
        idea_dice.add(setup["idea_die"])
        crossed = {w: [] for w in WORKSHOPS}
        for die in setup["part_dice"]:
            quadrants.add(die["quadrant"])
            assert die["workshop"] == WORKSHOP_AT[die["quadrant"]]
            crossed[die["workshop"]] = sorted({*crossed[die["workshop"]], die["die"]})
        assert setup["crossed"] == crossed
        extra = setup_invention(setup["idea_die"])
        first = state["sheets"][0]
        for sheet in state["sheets"]:
            assert sheet == first
            assert {slug: e["ideas"] for slug, e in sheet["inventions"].items()} == {
                slug: 2 if slug == extra else 1 for slug in sheet["inventions"]
            }
        assert game.start(3, {}, seed) == state
    assert idea_dice == {1, 2, 3, 4, 5, 6}
    assert quadrants == set(QUADRANTS)


def test_setup_idea_die_picks_the_invention():
    assert [setup_invention(d) for d in range(1, 7)] == [
        "integron", "integron", "unison", "unison", "lateral", "lateral",
    ]  # fmt: skip


def test_crossed_off_parts_are_out_of_play():
    state = start(crossed={"hydraulic": [5]})
    earn_wrenches(state, 0, 1)
    state = roll(state, [5, 5, 1, 2, 3])
    state = write(state, 0, 0, (0, 0), 1)
    fives = [(0, 0), (0, 2), (3, 1), (4, 1)]  # the Hydraulic 5s
    assert me(state)["workshops"]["hydraulic"][0][0] == "crossed"
    for action in legal_of(state, 0, "circle") + legal_of(state, 0, "spend_wrench"):
        if action["workshop"] == "hydraulic":
            assert tuple(action["part"]) not in fives
    # a wild part is never crossed off
    assert {"type": "spend_wrench", "workshop": "hydraulic", "part": [1, 2]} in game.legal(state, 0)


# --- simultaneous turns ---------------------------------------------------------------------


def test_everyone_plays_at_once_and_the_turn_ends_with_the_last_seat():
    state = start(players=3)
    assert game.active(state) == [0, 1, 2]
    assert table(state)["turn"] == 1
    state = finish_turn(state, 1)
    assert game.active(state) == [0, 2]
    assert game.legal(state, 1) == []
    state = finish_turn(state, 2)
    state = finish_turn(state, 0)
    assert table(state)["turn"] == 2
    assert game.active(state) == [0, 1, 2]
    assert "Friday, turn 2: " in log_lines(state)[-1]


def test_each_seat_lists_only_its_own_steps():
    state = roll(start(players=2), [1, 1, 2, 3, 5])
    before = game.legal(state, 0)
    state = write(state, 1, 0, (0, 0), 1)
    assert game.legal(state, 0) == before
    refused(state, 0, {"type": "done"})  # seat 0 has not journaled
    assert DONE in game.legal(state, 1)


def test_sheets_are_public_as_choices_are_made():
    state = roll(start(players=2), [1, 1, 2, 3, 5])
    state = write(state, 1, 2, (3, 3), 5)
    for seat in (0, 1, None):
        seen = game.view(state, seat)["state"]["players"][1]
        assert seen["journals"][2]["cells"][3][3] == 5
        assert seen["asking"]["written"] == [[2, 3, 3, 5]]


def test_journaling_comes_first_and_done_only_after():
    state = roll(start(), [1, 1, 2, 3, 5])
    assert types_of(state) == {"journal"}
    earn_wrenches(state, 0, 2)
    assert types_of(state) == {"journal", "spend_wrench"}
    state = write(state, 0, 0, (0, 0), 1)
    assert {"done", "circle", "journal"} <= types_of(state)


# --- journal --------------------------------------------------------------------------------


def test_the_first_number_picks_the_group_and_the_journal():
    state = roll(start(), [4, 4, 4, 1, 6])
    state = write(state, 0, 1, (0, 0), 4)
    writes = legal_of(state, 0, "journal")
    assert writes
    assert {a["number"] for a in writes} == {4}
    assert {a["journal"] for a in writes} == {1}
    assert me(state)["asking"]["journal_left"] == [4, 4]


def test_the_reamer_spreads_a_group_over_several_journals():
    state = start()
    give_tool(state, 0, "reamer")
    state = roll(state, [4, 4, 4, 1, 6])
    state = write(state, 0, 1, (0, 0), 4)
    assert {a["journal"] for a in legal_of(state, 0, "journal")} == {0, 1, 2}
    state = write(state, 0, 2, (0, 0), 4)
    assert me(state)["asking"]["journals"] == [1, 2]


def test_numbers_of_a_group_may_be_partly_skipped():
    state = roll(start(), [4, 4, 4, 1, 6])
    state = write(state, 0, 0, (0, 0), 4)
    assert DONE in game.legal(state, 0)
    state = circle(state, 0, "hydraulic", (3, 2), 1)  # moving on skips the other 4s
    assert legal_of(state, 0, "journal") == []
    assert me(state)["asking"]["journal_left"] == []


def test_a_full_row_and_a_full_column_each_earn_a_wrench():
    state = start()
    set_journal(state, 0, 0, [[1, 2, 3, None], [3, None, None, None], [2] + [None] * 3, [None] * 4])
    state = roll(state, [4, 4, 5, 5, 6])
    state = write(state, 0, 0, (0, 3), 4)
    journal = me(state)["journals"][0]
    assert journal["rows"] == ["earned", "open", "open", "open"]
    assert me(state)["wrenches"] == {"earned": 1, "spent": 0, "available": 1}
    state = write(state, 0, 0, (3, 0), 4)
    assert me(state)["journals"][0]["columns"] == ["earned", "open", "open", "open"]
    assert me(state)["wrenches"]["earned"] == 2


def test_completing_a_journal_gains_its_idea_for_any_invention():
    state = start()
    set_journal(state, 0, 1, almost_full([(2, 2)]))  # needs a 4
    state = roll(state, [4, 4, 5, 5, 6])
    state = write(state, 0, 1, (2, 2), 4)
    # the Idea must be placed before anything else
    assert game.legal(state, 0) == [
        {"type": "idea", "invention": "integron"},
        {"type": "idea", "invention": "unison"},
        {"type": "idea", "invention": "lateral"},
    ]
    state = act(state, 0, "idea", invention="unison")
    assert me(state)["inventions"]["unison"]["ideas"] == 2
    assert me(state)["journals"][1]["idea"] == "gained"
    assert me(state)["journal_ideas"] == [{"journal": 1, "invention": "unison", "lost": False}]
    assert me(state)["wrenches"]["earned"] == 8
    assert DONE in game.legal(state, 0)


def test_a_journal_idea_goes_only_to_an_open_invention_below_six():
    state = start()
    state["sheets"][0]["inventions"]["unison"]["ideas"] = 6
    state["sheets"][0]["inventions"]["integron"]["presented"] = {"total": 0}
    set_journal(state, 0, 1, almost_full([(2, 2)]))
    state = roll(state, [4, 4, 5, 5, 6])
    state = write(state, 0, 1, (2, 2), 4)
    assert game.legal(state, 0) == [{"type": "idea", "invention": "lateral"}]


def test_a_journal_idea_no_invention_can_take_is_lost():
    state = start()
    for slug in ("integron", "unison", "lateral"):
        state["sheets"][0]["inventions"][slug]["ideas"] = 6
    set_journal(state, 0, 1, almost_full([(2, 2)]))
    state = roll(state, [4, 4, 5, 5, 6])
    state = write(state, 0, 1, (2, 2), 4)
    assert me(state)["journal_ideas"] == [{"journal": 1, "invention": None, "lost": True}]
    assert DONE in game.legal(state, 0)


def test_unable_to_journal_procedure():
    state = start()
    for j in range(3):
        set_journal(state, 0, j, BLOCKED)
    state = roll(state, [1, 1, 2, 2, 3])  # 1, 2 and 3 fit nowhere
    assert me(state)["wrenches"]["earned"] == 18
    assert legal_of(state, 0, "journal") == []
    crosses = legal_of(state, 0, "cross")
    assert crosses == [{"type": "cross", "journal": j, "cell": [0, 0]} for j in range(3)]
    assert game.prompt(state, 0) == "You cannot journal: mark an X in one empty cell"
    state = act(state, 0, "cross", journal=1, cell=[0, 0])
    journal = me(state)["journals"][1]
    assert journal["cells"][0][0] == "X"
    # 1. an X in one cell; 2. its row and column wrenches crossed off; 3. the Idea crossed off
    assert journal["rows"] == ["crossed", "earned", "earned", "earned"]
    assert journal["columns"] == ["crossed", "earned", "earned", "earned"]
    assert journal["idea"] == "crossed"
    # 4. the cell counts as full: the journal is complete (its Idea is not gained)
    assert journal["complete"]
    assert me(state)["journal_ideas"] == []
    assert "{seat0} completed journal 2 (its Idea was crossed off)" in log_lines(state)
    # any group may be used for the workshop
    assert {a["number"] for a in legal_of(state, 0, "circle")} == {1, 2, 3}
    state = done(state, 0)
    # the X completed a journal: Friday ends
    assert "Friday ends" in log_lines(state)
    assert table(state)["day"] == "saturday"


def test_no_x_while_a_number_fits():
    state = start()
    set_journal(state, 0, 0, BLOCKED)
    state = roll(state, [1, 1, 2, 2, 3])
    assert legal_of(state, 0, "cross") == []  # journals 2 and 3 are empty


def test_an_unused_ball_bearing_is_offered_beside_the_x():
    state = start()
    give_tool(state, 0, "ball_bearing")
    for j in range(3):
        set_journal(state, 0, j, BLOCKED)
    state = roll(state, [1, 1, 2, 2, 3])
    assert types_of(state) == {"ball_bearing", "cross", "spend_wrench"}
    state = act(state, 0, "ball_bearing", die=4, delta=1)  # the 3 counts as a 4
    assert legal_of(state, 0, "cross") == []
    assert {a["number"] for a in legal_of(state, 0, "journal")} == {4}


def test_eureka_numbers_are_free_and_may_be_equal():
    state = roll(start(), [1, 2, 3, 5, 6])
    state = write(state, 0, 0, (0, 0), 4)
    assert {"type": "circle", "workshop": "hydraulic", "part": [0, 3], "number": 4} in (
        game.legal(state, 0)
    )


# --- workshop -------------------------------------------------------------------------------


def test_the_workshop_group_is_not_the_journal_group():
    state = roll(start(), [5, 5, 1, 3, 6])
    state = write(state, 0, 0, (0, 0), 5)
    assert {a["number"] for a in legal_of(state, 0, "circle")} == {1, 3, 6}


def test_one_workshop_per_turn_unless_the_reamer():
    for reamer in (False, True):
        state = start()
        if reamer:
            give_tool(state, 0, "reamer")
        state = roll(state, [5, 5, 1, 3, 6])
        state = write(state, 0, 0, (0, 0), 5)
        state = circle(state, 0, "hydraulic", (1, 3), 1)
        shops = {a["workshop"] for a in legal_of(state, 0, "circle")}
        assert shops == (set(WORKSHOPS) if reamer else {"hydraulic"})
        assert {a["number"] for a in legal_of(state, 0, "circle")} == {3, 6}


def test_a_wild_part_matches_any_die_of_the_group():
    state = roll(start(), [5, 5, 1, 3, 6])
    state = write(state, 0, 0, (0, 0), 5)
    wild = [a for a in legal_of(state, 0, "circle") if a["part"] == [1, 2]]
    assert [a["number"] for a in wild if a["workshop"] == "hydraulic"] == [1, 3, 6]
    state = circle(state, 0, "hydraulic", (1, 2), 3)
    assert me(state)["asking"]["workshop_left"] == [1, 6]
    assert me(state)["asking"]["circled"] == [["hydraulic", 1, 2]]


def test_the_workshop_may_be_skipped_partly_or_wholly():
    state = roll(start(), [5, 5, 1, 3, 6])
    state = write(state, 0, 0, (0, 0), 5)
    assert DONE in game.legal(state, 0)
    state = circle(state, 0, "hydraulic", (1, 3), 1)
    assert DONE in game.legal(state, 0)
    state = done(state, 0)
    assert table(state)["turn"] == 2


def test_a_wrench_circles_any_part_any_time():
    state = start()
    earn_wrenches(state, 0, 1)
    state = roll(state, [5, 5, 1, 3, 6])
    spends = legal_of(state, 0, "spend_wrench")
    assert len(spends) == 4 * 24  # before journaling, in every workshop
    state = act(state, 0, "spend_wrench", workshop="magnetic", part=[4, 4])
    assert me(state)["workshops"]["magnetic"][4][4] == "circled"
    assert me(state)["wrenches"] == {"earned": 1, "spent": 1, "available": 0}
    assert legal_of(state, 0, "spend_wrench") == []


# --- build ----------------------------------------------------------------------------------

LINE = [(4, 0), (4, 1), (4, 2), (4, 3)]  # Electrical 6 4 2 6


def ready_to_build(wrenches: int = 2, parts=LINE, shop: str = "electrical", **tools: bool):
    state = start(players=2)
    earn_wrenches(state, 0, wrenches)
    set_circled(state, 0, shop, parts)
    for tool, has in tools.items():
        if has:
            give_tool(state, 0, tool)
    state = roll(state, [1, 1, 2, 3, 5])
    return write(state, 0, 0, (0, 0), 1)


def build(state, parts, invention: str, at, shop: str = "electrical", seat: int = 0, **extra):
    state = act(state, seat, "build_start")
    for part in parts:
        state = act(state, seat, "build_add", workshop=shop, part=list(part))
    return act(state, seat, "build_place", invention=invention, at=list(at), **extra)


def test_building_costs_two_wrenches():
    state = ready_to_build(wrenches=1)
    assert "build_start" not in types_of(state)
    state = ready_to_build(wrenches=3)
    state = build(state, LINE, "integron", (2, 0))
    assert me(state)["wrenches"] == {"earned": 3, "spent": 2, "available": 1}


def test_building_costs_one_wrench_with_the_flywheel():
    state = ready_to_build(wrenches=1, flywheel=True)
    assert me(state)["asking"]["cost"] == 1
    state = build(state, LINE, "integron", (2, 0))
    assert me(state)["wrenches"]["available"] == 0


def test_one_build_per_turn():
    state = ready_to_build(wrenches=3, parts=[*LINE, (0, 0), (0, 1)])
    state = build(state, LINE, "integron", (2, 0))
    assert types_of(state) == {"done", "spend_wrench"}


def test_giving_up_a_build_returns_the_wrenches():
    state = ready_to_build()
    state = act(state, 0, "build_start")
    state = act(state, 0, "build_add", workshop="electrical", part=[4, 0])
    assert me(state)["wrenches"]["available"] == 0
    state = act(state, 0, "build_cancel")
    assert me(state)["wrenches"]["available"] == 2
    assert me(state)["asking"]["building"] is None
    assert "build_start" in types_of(state)


def test_a_mechanism_grows_by_adjacent_circled_parts_of_its_workshop():
    state = ready_to_build(parts=[*LINE, (2, 2), (3, 0)])
    set_circled(state, 0, "hydraulic", [(0, 0), (0, 1)])
    state = act(state, 0, "build_start")
    firsts = legal_of(state, 0, "build_add")
    # (2, 2) has no circled neighbour: it cannot start a mechanism of two
    assert {(a["workshop"], tuple(a["part"])) for a in firsts} == {
        ("electrical", p) for p in [*LINE, (3, 0)]
    } | {("hydraulic", (0, 0)), ("hydraulic", (0, 1))}
    state = act(state, 0, "build_add", workshop="electrical", part=[4, 1])
    assert {tuple(a["part"]) for a in legal_of(state, 0, "build_add")} == {(4, 0), (4, 2)}
    assert legal_of(state, 0, "build_place") == []  # one part is no mechanism
    state = act(state, 0, "build_add", workshop="electrical", part=[4, 0])
    assert {tuple(a["part"]) for a in legal_of(state, 0, "build_add")} == {(3, 0), (4, 2)}
    assert legal_of(state, 0, "build_place")


def test_parts_in_a_mechanism_are_not_used_again():
    state = ready_to_build(wrenches=3, parts=LINE)
    state = build(state, LINE[:2], "integron", (2, 0))
    state = finish_turn(state, 0, 1)
    set_circled(state, 0, "electrical", [(3, 0)])
    state["sheets"][0]["spent"] = 0
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, 0, 1, (1, 1), 1)
    state = act(state, 0, "build_start")
    parts = {tuple(a["part"]) for a in legal_of(state, 0, "build_add")}
    assert parts == {(4, 2), (4, 3)}
    assert me(state)["workshops"]["electrical"][4][:2] == ["used", "used"]


def test_only_parts_that_keep_the_mechanism_drawable_are_offered():
    state = ready_to_build(parts=[(0, 0), (0, 1), (0, 2)], shop="hydraulic")
    for slug in ("unison", "lateral"):
        state["sheets"][0]["inventions"][slug]["presented"] = {"total": 0}
    # the Integron full but for the two cells (3, 5) and (3, 6)
    put_mechanism(state, 0, "magnetic", "integron", [(0, 3), (1, 2), (1, 3), (1, 4)])
    put_mechanism(state, 0, "magnetic", "integron", [(2, c) for c in range(7)])
    put_mechanism(state, 0, "mechanical", "integron", [(3, c) for c in range(5)])
    state = act(state, 0, "build_start")
    state = act(state, 0, "build_add", workshop="hydraulic", part=[0, 1])
    state = act(state, 0, "build_add", workshop="hydraulic", part=[0, 0])
    assert legal_of(state, 0, "build_add") == []  # three in a row would fit nowhere
    assert legal_of(state, 0, "build_place") == [
        {"type": "build_place", "invention": "integron", "at": [3, 5]}
    ]


def test_mechanisms_do_not_overlap_in_an_invention():
    state = ready_to_build()
    put_mechanism(state, 0, "magnetic", "integron", [(2, 0), (2, 1)], [(0, 0), (0, 1)])
    state = act(state, 0, "build_start")
    for part in LINE:
        state = act(state, 0, "build_add", workshop="electrical", part=list(part))
    ats = [
        tuple(a["at"]) for a in legal_of(state, 0, "build_place") if a["invention"] == "integron"
    ]
    assert ats == [(2, 2), (2, 3), (3, 0), (3, 1), (3, 2), (3, 3)]


SQUARE_AT_IDEA = [(0, 1), (0, 2), (1, 1), (1, 2)]  # around the Hydraulic Idea at (0, 1)


def test_a_mechanism_encompassing_an_idea_brings_it_to_the_invention():
    state = ready_to_build(parts=SQUARE_AT_IDEA, shop="hydraulic")
    state = build(state, SQUARE_AT_IDEA, "unison", (1, 0), shop="hydraulic")
    assert me(state)["inventions"]["unison"]["ideas"] == 2
    assert me(state)["mechanisms"][0]["ideas"] == 1
    assert "{seat0} built a 4-part Hydraulic mechanism into The Unison Motorworks, 1 Idea" in (
        log_lines(state)
    )


def test_two_ideas_in_one_mechanism_and_none_for_three_parts_of_four():
    block = [(r, c) for r in (0, 1) for c in (1, 2, 3, 4)]  # Ideas at (0, 1) and (0, 3)
    state = ready_to_build(parts=block, shop="hydraulic")
    state = build(state, block, "lateral", (2, 0), shop="hydraulic")
    assert me(state)["inventions"]["lateral"]["ideas"] == 3
    three = [(0, 1), (0, 2), (1, 1)]
    state = ready_to_build(parts=three, shop="hydraulic")
    state = build(state, three, "lateral", (1, 0), shop="hydraulic")
    assert me(state)["inventions"]["lateral"]["ideas"] == 1


def test_ideas_stop_at_six():
    state = ready_to_build(parts=SQUARE_AT_IDEA, shop="hydraulic")
    state["sheets"][0]["inventions"]["unison"]["ideas"] = 6
    state = build(state, SQUARE_AT_IDEA, "unison", (1, 0), shop="hydraulic")
    assert me(state)["inventions"]["unison"]["ideas"] == 6


PLUS = [(1, 1), (0, 1), (1, 0), (1, 2), (2, 1)]  # Hydraulic, around (1, 1)


def test_a_mechanism_with_a_tools_shape_unlocks_it():
    state = ready_to_build(parts=PLUS, shop="hydraulic")
    state = build(state, PLUS, "integron", (0, 2), shop="hydraulic")
    assert me(state)["tools"]["torque"] == {"turn": 1, "first": True, "points": 4}
    assert "{seat0} unlocked the Torque (first, 4 points)" in log_lines(state)
    assert table(state)["tools"]["torque"] == {"unlocked": [[0, 1]], "first_taken": True}


def test_a_turned_or_mirrored_tool_shape_unlocks_it():
    # the mirror image of the Ball Bearing (1100 / 1111 / 0011): 0011 / 1111 / 1100
    parts = [(1, 2), (1, 3), (2, 2), (2, 3), (2, 1), (2, 0), (3, 0), (3, 1)]
    state = ready_to_build(parts=parts, shop="magnetic")
    state = build(state, parts, "lateral", (2, 0), shop="magnetic")
    assert me(state)["tools"]["ball_bearing"] == {"turn": 1, "first": True, "points": 3}


def test_a_later_unlock_scores_the_lower_value():
    state = ready_to_build(parts=PLUS, shop="hydraulic")
    give_tool(state, 1, "torque", turn=0)
    state = build(state, PLUS, "integron", (0, 2), shop="hydraulic")
    assert me(state)["tools"]["torque"] == {"turn": 1, "first": False, "points": 2}
    assert me(state, 1)["tools"]["torque"] == {"turn": 0, "first": True, "points": 4}
    assert "{seat0} unlocked the Torque (later, 2 points)" in log_lines(state)


def test_tool_unlock_ties_are_friendly():
    state = ready_to_build(parts=PLUS, shop="hydraulic")
    earn_wrenches(state, 1, 2)
    set_circled(state, 1, "hydraulic", PLUS)
    state = write(state, 1, 0, (0, 0), 1)
    state = build(state, PLUS, "integron", (0, 2), shop="hydraulic", seat=0)
    state = build(state, PLUS, "unison", (0, 2), shop="hydraulic", seat=1)
    assert me(state, 0)["tools"]["torque"]["points"] == 4
    assert me(state, 1)["tools"]["torque"]["points"] == 4
    assert table(state)["tools"]["torque"]["unlocked"] == [[0, 1], [1, 1]]


def test_the_torque_applies_from_the_next_build():
    state = ready_to_build(parts=PLUS, shop="hydraulic")
    state = build(state, PLUS, "integron", (0, 2), shop="hydraulic")
    state = finish_turn(state, 0, 1)
    set_circled(state, 0, "hydraulic", [(3, 0), (4, 0)])
    state["sheets"][0]["spent"] = 0
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, 0, 1, (0, 0), 1)
    state = act(state, 0, "build_start")
    state = act(state, 0, "build_add", workshop="hydraulic", part=[3, 0])
    state = act(state, 0, "build_add", workshop="hydraulic", part=[4, 0])
    assert {a["orientation"] for a in legal_of(state, 0, "build_place")} == {0, 1}


# --- days -----------------------------------------------------------------------------------


def complete_on_this_turn(state, seat: int, journals: list[int], reamer: bool = False):
    """`seat` writes the 1s that complete `journals` (each missing only its (3, 3))."""
    for j in journals:
        set_journal(state, seat, j, almost_full([(3, 3)]))
    if reamer:
        give_tool(state, seat, "reamer")
    return state


def test_friday_and_saturday_triggered_together_skip_saturday():
    state = start(players=2)
    complete_on_this_turn(state, 0, [0])
    set_journal(state, 1, 0, FULL)
    complete_on_this_turn(state, 1, [1])
    state = roll(state, [1, 1, 2, 3, 5])
    state = finish_turn(state, 0, 1)
    assert [p["complete_journals"] for p in table(state)["players"]] == [1, 2]
    assert log_lines(state)[-4:-1] == ["Friday ends", "Saturday is skipped", "Sunday begins"]
    assert log_lines(state)[-1].startswith("Sunday, turn 2")
    assert table(state)["day"] == "sunday"


def test_two_journals_in_one_turn_with_the_reamer_skip_saturday():
    state = start()
    complete_on_this_turn(state, 0, [0, 1], reamer=True)
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, 0, 0, (3, 3), 1)
    state = act(state, 0, "idea", invention="lateral")
    state = write(state, 0, 1, (3, 3), 1)
    state = act(state, 0, "idea", invention="lateral")
    state = done(state, 0)
    assert "Saturday is skipped" in log_lines(state)
    assert table(state)["day"] == "sunday"


def test_saturday_and_sunday_triggered_together_end_the_game_after_saturday():
    state = start()
    state["day"] = 1
    set_journal(state, 0, 0, FULL)
    complete_on_this_turn(state, 0, [1, 2], reamer=True)
    put_mechanism(state, 0, "hydraulic", "integron", [(3, 0), (3, 1)])  # incomplete
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, 0, 1, (3, 3), 1)
    state = act(state, 0, "idea", invention="lateral")
    state = write(state, 0, 2, (3, 3), 1)
    state = act(state, 0, "idea", invention="lateral")
    state = done(state, 0)
    assert "Sunday is skipped" in log_lines(state)
    # Saturday's presentation was the last: the incomplete Integron could not be presented
    assert state["result"] is not None
    assert me(state)["score"] == {"inventions": 0, "tools": 5, "total": 5}


def test_a_day_ends_only_at_the_end_of_the_turn():
    state = start(players=2)
    complete_on_this_turn(state, 0, [0])
    state = roll(state, [1, 1, 2, 3, 5])
    state = finish_turn(state, 0)
    assert table(state)["day"] == "friday"
    assert game.active(state) == [1]
    state = finish_turn(state, 1)
    assert table(state)["day"] == "saturday"


def test_complete_inventions_only_before_sunday_and_presenting_scores_once():
    state = start(players=2)
    put_mechanism(state, 0, "hydraulic", "integron", [(3, 0), (3, 1)])
    complete_integron(state, 1)
    complete_on_this_turn(state, 0, [0])
    state = roll(state, [1, 1, 2, 3, 5])
    state = finish_turn(state, 0, 1)
    assert table(state)["phase"] == "present"
    assert game.active(state) == [1]  # seat 0's Integron is not complete
    assert game.legal(state, 1) == [
        {"type": "present", "invention": "integron"},
        {"type": "keep", "invention": "integron"},
    ]
    state = act(state, 1, "present", invention="integron")
    presented = me(state, 1)["inventions"]["integron"]["presented"]
    # 4 types: 12; complete on Friday: 10; intricacy 5 mechanisms x 1
    assert presented == {
        "day": 0,
        "variety": 12,
        "completion": 10,
        "count": 5,
        "multiplier": 1,
        "unique": 5,
        "total": 27,
    }
    assert me(state, 1)["inventions"]["integron"]["open"] is False
    assert me(state, 1)["score"]["total"] == 27
    assert table(state)["day"] == "saturday"


def test_a_kept_invention_may_be_presented_on_a_later_day():
    state = start()
    complete_integron(state, 0)
    assert me(state)["inventions"]["integron"]["complete"]
    complete_on_this_turn(state, 0, [0])
    state = roll(state, [1, 1, 2, 3, 5])
    state = finish_turn(state, 0)
    state = act(state, 0, "keep", invention="integron")
    assert table(state)["day"] == "saturday"
    assert me(state)["inventions"]["integron"]["presented"] is None
    complete_on_this_turn(state, 0, [1])
    state = roll(state, [1, 1, 2, 3, 5])
    state = finish_turn(state, 0)
    assert game.legal(state, 0)[0] == {"type": "present", "invention": "integron"}
    state = act(state, 0, "present", invention="integron")
    assert me(state)["inventions"]["integron"]["presented"]["completion"] == 8  # Saturday


def test_presented_inventions_take_no_more_mechanisms_or_ideas():
    state = ready_to_build()
    state["sheets"][0]["inventions"]["integron"]["presented"] = {"total": 0}
    state = act(state, 0, "build_start")
    for part in LINE:
        state = act(state, 0, "build_add", workshop="electrical", part=list(part))
    assert {a["invention"] for a in legal_of(state, 0, "build_place")} == {"unison", "lateral"}


def test_no_presentation_when_nobody_can_present():
    state = start(players=2)
    complete_on_this_turn(state, 0, [0])
    state = roll(state, [1, 1, 2, 3, 5])
    state = finish_turn(state, 0, 1)
    assert table(state)["phase"] == "turn"
    assert table(state)["day"] == "saturday"
    assert table(state)["presenting"] is None


# --- scoring --------------------------------------------------------------------------------


def finished(players: int = 2) -> dict[str, Any]:
    """A game at its end but for the standings: the sheets are set up by the test."""
    state = start(players=players)
    state.pop("waiting")
    return state


def ended(state: dict[str, Any]) -> Result:
    """The result once the competition ends on these sheets (the one way a game ends)."""
    state = json.loads(json.dumps(state))
    end_competition(state)
    assert log_lines(state)[-1] == "The competition is over: " + state["result"]["reason"]
    result = game.result(state)
    assert result is not None
    return result


def presented(state, seat: int, slug: str, total: int) -> None:
    state["sheets"][seat]["inventions"][slug]["presented"] = {"total": total}


@pytest.mark.parametrize(("types", "points"), [(1, 0), (2, 3), (3, 7), (4, 12)])
def test_variety(types, points):
    state = start()
    shops = list(WORKSHOPS)[:types]
    for k, shop in enumerate(shops):
        put_mechanism(state, 0, shop, "lateral", [(2, 2 * k), (2, 2 * k + 1)])
    assert me(state)["inventions"]["lateral"]["worth"]["variety"] == points


def test_synchrony_counts_turned_and_mirrored_shapes_as_the_same():
    state = start()
    put_mechanism(state, 0, "hydraulic", "unison", [(1, 0), (2, 0), (2, 1)])  # L
    put_mechanism(state, 0, "hydraulic", "unison", [(1, 2), (1, 3), (2, 3)])  # turned L
    put_mechanism(state, 0, "hydraulic", "unison", [(1, 5), (2, 5), (2, 4)])  # mirrored L
    put_mechanism(state, 0, "hydraulic", "unison", [(1, 6), (1, 7)])
    put_mechanism(state, 0, "hydraulic", "unison", [(2, 6), (2, 7)])
    state["sheets"][0]["inventions"]["unison"]["ideas"] = 3
    worth = me(state)["inventions"]["unison"]["worth"]
    assert (worth["count"], worth["unique"]) == (3, 9)


def test_modularity_counts_different_sizes():
    state = start()
    put_mechanism(state, 0, "hydraulic", "lateral", [(2, 0), (2, 1)])
    put_mechanism(state, 0, "hydraulic", "lateral", [(2, 2), (2, 3)])
    put_mechanism(state, 0, "hydraulic", "lateral", [(3, 0), (3, 1), (3, 2)])
    put_mechanism(state, 0, "hydraulic", "lateral", [(2, 4), (2, 5), (2, 6), (2, 7)])
    state["sheets"][0]["inventions"]["lateral"]["ideas"] = 5
    worth = me(state)["inventions"]["lateral"]["worth"]
    assert (worth["count"], worth["unique"]) == (3, 15)


def test_completion_bonus_by_day():
    from app.games.unvention.scoring import invention_score

    full = {
        "integron": [{"workshop": "hydraulic", "cells": [[0, 0]] * 18, "parts": [[0, 0]]}],
        "unison": [{"workshop": "hydraulic", "cells": [[0, 0]] * 24, "parts": [[0, 0]]}],
        "lateral": [{"workshop": "hydraulic", "cells": [[0, 0]] * 32, "parts": [[0, 0]]}],
    }
    bonuses = {
        slug: [invention_score(slug, mechanisms, 1, day)["completion"] for day in range(3)]
        for slug, mechanisms in full.items()
    }
    assert bonuses == {"integron": [10, 8, 5], "unison": [13, 11, 8], "lateral": [18, 16, 12]}


def test_highest_score_wins():
    state = finished()
    presented(state, 0, "unison", 30)
    presented(state, 1, "unison", 31)
    result = ended(state)
    assert (result.winners, result.scores) == ([1], {"0": 30, "1": 31})
    assert result.reason == "{seat1} wins with 31 points"


def test_first_tiebreaker_most_complete_journals():
    state = finished()
    presented(state, 0, "unison", 30)
    presented(state, 1, "unison", 30)
    set_journal(state, 0, 0, FULL)
    set_journal(state, 0, 1, FULL)
    set_journal(state, 1, 0, FULL)
    state["sheets"][1]["spent"] = -5  # more unused wrenches cannot outweigh a journal
    result = ended(state)
    assert result.winners == [0]
    assert result.reason == "{seat0} wins with 30 points, ahead on complete journals (2 to 1)"


def test_second_tiebreaker_most_unused_wrenches():
    state = finished()
    presented(state, 0, "unison", 30)
    presented(state, 1, "unison", 20)
    presented(state, 1, "integron", 10)
    set_journal(state, 0, 0, FULL)
    set_journal(state, 1, 0, FULL)
    state["sheets"][0]["spent"] = 3
    state["sheets"][1]["spent"] = 4
    result = ended(state)
    assert result.winners == [0]
    assert result.reason == "{seat0} wins with 30 points, ahead on unused wrenches (5 to 4)"


def test_third_tiebreaker_best_single_invention():
    state = finished()
    presented(state, 0, "unison", 20)
    presented(state, 0, "integron", 10)
    presented(state, 1, "lateral", 30)
    result = ended(state)
    assert result.winners == [1]
    assert "best single invention (30 to 20)" in result.reason


def test_a_tie_on_everything_is_a_shared_win():
    state = finished(players=3)
    presented(state, 0, "unison", 30)
    presented(state, 2, "unison", 30)
    result = ended(state)
    assert result.winners == [0, 2]
    assert result.reason == "{seat0} and {seat2} share the win with 30 points"


def test_a_solo_game_gives_the_score():
    state = finished(players=1)
    presented(state, 0, "unison", 41)
    result = ended(state)
    assert (result.winners, result.scores) == ([0], {"0": 41})
    assert result.reason == "{seat0} finished with 41 points"


# --- views, log, determinism, purity --------------------------------------------------------


def random_game(seed: int, players: int) -> list[dict[str, Any]]:
    pick = Rng.from_seed(seed + 1000)
    states = [game.start(players, {}, seed)]
    while game.result(states[-1]) is None:
        state = states[-1]
        seat = pick.choice(game.active(state))
        legal = game.legal(state, seat)
        kinds = sorted({a["type"] for a in legal})
        wanted = pick.choice(kinds)
        states.append(
            game.apply(state, seat, pick.choice([a for a in legal if a["type"] == wanted]))
        )
    return states


def keys_of(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {key for value in data.values() for key in keys_of(value)}
    if isinstance(data, list):
        return {key for value in data for key in keys_of(value)}
    return set()


def test_same_seed_and_actions_give_identical_states():
    states = random_game(5, 2)
    first = [json.dumps(s) for s in states]
    again = [json.dumps(s) for s in random_game(5, 2)]
    assert first == again
    assert all(json.loads(text) == state for text, state in zip(first, states, strict=True))
    other = random_game(6, 2)
    assert other[0]["dice"] != states[0]["dice"] or other[0]["setup"] != states[0]["setup"]


def test_apply_does_not_change_the_state_it_is_given():
    state = roll(start(), [1, 1, 2, 3, 5])
    before = json.dumps(state)
    game.apply(state, 0, {"type": "journal", "journal": 0, "cell": [0, 0], "number": 1})
    assert json.dumps(state) == before


def test_views_never_show_the_generator_or_the_seed():
    seed = 987_654_321_987
    for state in random_game(seed, 2)[::7]:
        for seat in (0, 1, None):
            view = game.view(state, seat)
            assert set(view) == {"active", "prompt", "state", "log"}
            assert "rng" not in keys_of(view)
            assert state["rng"] not in json.dumps(view)
            assert str(seed) not in json.dumps(view)


def test_the_printed_sheet_is_served_once_by_components_not_in_views():
    printed = Unvention().components()
    assert set(printed) == {"workshops", "inventions", "tools"}
    assert printed["workshops"]["hydraulic"]["parts"][1] == [6, 2, "?", 1, 6]
    assert "printed" not in table(start(players=2))


def test_the_view_has_the_documented_keys():
    state = start(players=2)
    view = table(state)
    assert set(view) == {
        "day", "day_number", "turn", "phase", "roll", "waiting", "presenting", "setup",
        "tools", "players",
    }  # fmt: skip
    assert set(view["roll"]) == {"dice", "kind", "groups"}
    player = view["players"][1]
    assert set(player) == {
        "seat", "score", "complete_journals", "wrenches", "journals", "workshops", "mechanisms",
        "inventions", "journal_ideas", "tools", "asking", "present",
    }  # fmt: skip
    assert player["journals"][0]["cells"] == [[None] * 4] * 4
    assert player["workshops"]["hydraulic"][4][4] is None  # the corner facing the hub
    assert player["inventions"]["integron"]["grid"][0] == [None, None, None, -1, None, None, None]
    assert set(player["asking"]) >= {"stage", "dice", "groups", "cost", "pending_ideas"}


def test_prompts():
    state = roll(start(players=2), [1, 1, 2, 3, 5])
    assert game.prompt(state, 0) == "Write a number in a journal"
    state = write(state, 0, 0, (0, 0), 1)
    assert game.prompt(state, 0) == "Write more numbers, circle parts, build, or end your turn"
    state = done(state, 0)
    assert game.prompt(state, 0) == "Waiting for {seat1}"
    assert game.prompt(state, None) == "Waiting for {seat1}"
    state = roll(start(), [3, 3, 3, 3, 3])
    assert game.prompt(state, 0) == "Quantum Leap! Choose a workshop and two numbers"


def test_log_lines_name_seats_by_token_only():
    states = random_game(9, 3)
    for line in log_lines(states[-1]):
        line.format(seat0="Ann", seat1="Bob", seat2="Cid")  # no other braces
        assert "seat " not in line.lower() and "player" not in line.lower()
    assert log_lines(states[-1])[-1].startswith("The competition is over: ")


def test_the_rules_page_names_the_game_and_lists_our_decisions():
    page = (Path(__file__).parents[3] / "app" / "games" / "unvention" / "rules.md").read_text()
    assert "Unvention" in page
    assert "## Our decisions where the rulebook is open" in page


def test_the_class_is_exported():
    from app.games.unvention import Unvention as Exported

    assert Exported is Unvention
