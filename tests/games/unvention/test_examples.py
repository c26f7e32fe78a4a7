"""Unvention: every example of the rulebook, played on the engine.

Nikola and Thomas are seats 0 and 1. Where the rulebook leaves positions out (which cells hold
the journal's numbers, which parts a mechanism uses), the tests choose them and say so.
"""

from __future__ import annotations

from app.games.unvention.dice import groups, kind
from app.games.unvention.sheet import setup_invention
from tests.games.unvention.helpers import (
    FULL,
    act,
    almost_full,
    circle,
    done,
    earn_wrenches,
    finish_turn,
    game,
    give_tool,
    journal_rows,
    legal_of,
    me,
    put_mechanism,
    roll,
    set_circled,
    set_journal,
    start,
    table,
    write,
)

NIKOLA, THOMAS = 0, 1


# --- setup ----------------------------------------------------------------------------------


def test_setup_example_idea_die_2_magnetic_5_mechanical_1():
    """Seed 450 rolls the rulebook's setup: the farthest die shows 2, a 5 lands in the magnetic
    quadrant and a 1 in the mechanical one."""
    state = start(players=2, seed=450, keep_setup=True)
    setup = table(state)["setup"]
    assert setup["idea_die"] == 2
    assert setup["invention"] == "integron" == setup_invention(2)
    assert sorted((d["die"], d["quadrant"]) for d in setup["part_dice"]) == [
        (1, "bottom-right"),
        (5, "top-right"),
    ]
    assert setup["crossed"] == {
        "hydraulic": [],
        "magnetic": [5],
        "electrical": [],
        "mechanical": [1],
    }
    for seat in (NIKOLA, THOMAS):
        sheet = me(state, seat)
        assert [sheet["inventions"][i]["ideas"] for i in ("integron", "unison", "lateral")] == [
            2,
            1,
            1,
        ]
        magnetic = sheet["workshops"]["magnetic"]
        mechanical = sheet["workshops"]["mechanical"]
        # all instances of 5 in Magnetic and of 1 in Mechanical are crossed off
        assert [(r, c) for r in range(5) for c in range(5) if magnetic[r][c] == "crossed"] == [
            (0, 4),
            (1, 2),
            (4, 1),
        ]
        assert [(r, c) for r in range(5) for c in range(5) if mechanical[r][c] == "crossed"] == [
            (2, 2),
            (3, 3),
            (4, 0),
        ]


# --- rolling and grouping -------------------------------------------------------------------


def test_roll_1_3_5_5_6_makes_two_groups_5_5_and_1_3_6():
    assert groups([1, 3, 5, 5, 6]) == [[5, 5], [1, 3, 6]]
    state = roll(start(), [6, 5, 1, 5, 3])
    assert table(state)["roll"]["kind"] == "groups"
    assert table(state)["roll"]["groups"] == [[5, 5], [1, 3, 6]]


def test_roll_2_3_3_4_4_makes_three_groups_3_3_and_4_4_and_2():
    assert groups([2, 3, 3, 4, 4]) == [[3, 3], [4, 4], [2]]
    state = roll(start(), [4, 3, 2, 4, 3])
    assert table(state)["roll"]["groups"] == [[3, 3], [4, 4], [2]]
    # journal the 2, workshop the 4 4: the 3 3 is left unused
    state = write(state, 0, 0, (0, 0), 2)
    assert {a["number"] for a in legal_of(state, 0, "circle")} == {3, 4}
    state = circle(state, 0, "hydraulic", (0, 3), 4)
    assert {a["number"] for a in legal_of(state, 0, "circle")} == {4}
    assert all(a["workshop"] == "hydraulic" for a in legal_of(state, 0, "circle"))


def test_eureka_example_2_3_4_5_6_journal_5_workshop_1():
    state = roll(start(), [2, 3, 4, 5, 6])
    assert kind([2, 3, 4, 5, 6]) == "eureka"
    # any number may be journaled, even the 1 that was not rolled
    assert {a["number"] for a in legal_of(state, 0, "journal")} == {1, 2, 3, 4, 5, 6}
    state = write(state, 0, 0, (0, 0), 5)
    assert legal_of(state, 0, "journal") == []  # one number only
    assert {a["number"] for a in legal_of(state, 0, "circle")} == {1, 2, 3, 4, 5, 6}
    state = circle(state, 0, "hydraulic", (1, 3), 1)  # a 1, although no 1 was rolled
    assert legal_of(state, 0, "circle") == []  # one part only
    assert me(state)["workshops"]["hydraulic"][1][3] == "circled"


def test_quantum_leap_circles_all_parts_of_two_numbers_and_builds_for_free():
    state = start(crossed={})
    state = roll(state, [4, 4, 4, 4, 4])
    legal = game.legal(state, 0)
    assert {a["type"] for a in legal} == {"leap"}  # no wrenches, no journaling
    assert len(legal) == 4 * 15
    state = act(state, 0, "leap", workshop="electrical", numbers=[2, 5])
    grid = me(state)["workshops"]["electrical"]
    circled = [(r, c) for r in range(5) for c in range(5) if grid[r][c] == "circled"]
    # the 2s, the 5s and the three wild parts of Electrical
    assert circled == [
        (0, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 3),
        (2, 4),
        (3, 1),
        (3, 2),
        (3, 3),
        (4, 2),
    ]
    assert me(state)["asking"]["cost"] == 0
    state = act(state, 0, "build_start")
    state = act(state, 0, "build_add", workshop="electrical", part=[2, 0])
    state = act(state, 0, "build_add", workshop="electrical", part=[2, 1])
    state = act(state, 0, "build_place", invention="integron", at=[3, 0])
    assert me(state)["wrenches"] == {"earned": 0, "spent": 0, "available": 0}
    assert len(me(state)["mechanisms"]) == 1


# --- journaling -----------------------------------------------------------------------------

# Nikola's journal before the turn (the rulebook gives rows only; the columns are ours):
# row 1: 1 and 4, row 2: 2 and 1, row 3: 6.
NIKOLA_JOURNAL = [[1, None, 4, None], [None, 2, 1, None], [6, None, None, None], [None] * 4]


def test_nikola_journals_4_4_4_and_three_placements_would_be_illegal():
    state = roll(start(players=2), [4, 1, 4, 6, 4])
    assert table(state)["roll"]["groups"] == [[4, 4, 4], [1, 6]]
    set_journal(state, NIKOLA, 0, NIKOLA_JOURNAL)
    # the three illegal 4s of the example: row rule, column rule, quadrant rule
    legal_fours = {
        tuple(a["cell"])
        for a in legal_of(state, NIKOLA, "journal")
        if a["journal"] == 0 and a["number"] == 4
    }
    assert (0, 1) not in legal_fours  # row 1 already has a 4
    assert (2, 2) not in legal_fours  # column 3 already has a 4
    assert (1, 3) not in legal_fours  # the top-right quadrant already has a 4
    # Nikola's three 4s: row 2 column 1, row 3 column 2, row 4 column 4
    state = write(state, NIKOLA, 0, (1, 0), 4)
    state = write(state, NIKOLA, 0, (2, 1), 4)
    state = write(state, NIKOLA, 0, (3, 3), 4)
    assert journal_rows(state, NIKOLA, 0) == [
        [1, None, 4, None],
        [4, 2, 1, None],
        [6, 4, None, None],
        [None, None, None, 4],
    ]
    assert legal_of(state, NIKOLA, "journal") == []  # the group is used up
    assert {a["number"] for a in legal_of(state, NIKOLA, "circle")} == {1, 6}


def test_nikola_builds_with_two_wrenches_and_four_electrical_parts():
    state = start()
    earn_wrenches(state, NIKOLA, 2)
    parts = [(4, 0), (4, 1), (4, 2), (4, 3)]
    set_circled(state, NIKOLA, "electrical", parts)
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, NIKOLA, 0, (0, 0), 1)
    assert me(state)["wrenches"]["available"] == 2
    state = act(state, NIKOLA, "build_start")
    assert me(state)["wrenches"]["available"] == 0  # two wrenches marked off
    for part in parts:
        state = act(state, NIKOLA, "build_add", workshop="electrical", part=list(part))
    state = act(state, NIKOLA, "build_place", invention="integron", at=[2, 0])
    (mechanism,) = me(state)["mechanisms"]
    assert mechanism["workshop"] == "electrical"
    assert mechanism["cells"] == [[2, 0], [2, 1], [2, 2], [2, 3]]
    assert me(state)["workshops"]["electrical"][4] == ["used"] * 4 + ["free"]
    assert me(state)["inventions"]["integron"]["types"] == ["electrical"]


# --- the end of a day -----------------------------------------------------------------------


def test_end_of_friday_example_3_4_completes_nikolas_first_journal():
    state = start(players=2)
    set_journal(state, NIKOLA, 0, almost_full([(0, 2), (0, 3)]))  # needs a 3 and a 4
    state = roll(state, [5, 3, 5, 4, 5])
    assert table(state)["roll"]["groups"] == [[5, 5, 5], [3, 4]]
    state = write(state, NIKOLA, 0, (0, 2), 3)
    state = write(state, NIKOLA, 0, (0, 3), 4)
    assert me(state)["complete_journals"] == 1
    state = act(state, NIKOLA, "idea", invention="lateral")  # the journal's Idea
    state = done(state, NIKOLA)
    assert table(state)["day"] == "friday"  # the day ends at the end of the turn
    state = finish_turn(state, THOMAS)
    lines = [entry["text"] for entry in state["log"]]
    assert "Friday ends" in lines
    assert "Saturday begins" in lines
    assert table(state)["day"] == "saturday"
    assert table(state)["phase"] == "turn"


def test_end_of_saturday_example():
    """Thomas writes 3 and 5, skipping the 6: his first complete journal does not end Saturday,
    which needs someone with exactly two."""
    state = start(players=2)
    state["day"] = 1
    set_journal(state, NIKOLA, 0, FULL)  # Nikola's Friday journal
    set_journal(state, THOMAS, 1, [[1, 2, None, 6], [6, None, 1, 2], [2, 1, 6, 3], [4, 6, 2, 1]])
    state = roll(state, [1, 6, 3, 1, 5])
    assert table(state)["roll"]["groups"] == [[1, 1], [3, 5, 6]]
    state = write(state, THOMAS, 1, (0, 2), 3)
    state = write(state, THOMAS, 1, (1, 1), 5)
    assert me(state, THOMAS)["complete_journals"] == 1
    assert legal_of(state, THOMAS, "journal") == []  # the 6 fits nowhere in journal 2 now
    state = act(state, THOMAS, "idea", invention="unison")
    state = done(state, THOMAS)
    state = finish_turn(state, NIKOLA)
    assert table(state)["day"] == "saturday"
    assert "Saturday ends" not in [entry["text"] for entry in state["log"]]
    assert [p["complete_journals"] for p in table(state)["players"]] == [1, 1]


# --- tools ----------------------------------------------------------------------------------


def test_ball_bearing_example_2_2_3_5_6_the_3_becomes_a_2():
    state = start(players=2)
    give_tool(state, NIKOLA, "ball_bearing")
    state = roll(state, [2, 2, 3, 5, 6])
    assert table(state)["roll"]["groups"] == [[2, 2], [3, 5, 6]]
    offered = legal_of(state, NIKOLA, "ball_bearing")
    assert {"type": "ball_bearing", "die": 2, "delta": -1} in offered
    assert legal_of(state, THOMAS, "ball_bearing") == []
    state = act(state, NIKOLA, "ball_bearing", die=2, delta=-1)
    assert me(state, NIKOLA)["asking"]["dice"] == [2, 2, 2, 5, 6]
    assert me(state, NIKOLA)["asking"]["groups"] == [[2, 2, 2], [5, 6]]
    # only for Nikola: the table's dice and Thomas's groups are unchanged
    assert table(state)["roll"]["groups"] == [[2, 2], [3, 5, 6]]
    assert me(state, THOMAS)["asking"]["groups"] == [[2, 2], [3, 5, 6]]
    assert legal_of(state, NIKOLA, "ball_bearing") == []  # once per turn
    assert {a["number"] for a in legal_of(state, NIKOLA, "journal")} == {2, 5, 6}
    state = write(state, NIKOLA, 0, (0, 0), 2)
    assert {a["number"] for a in legal_of(state, NIKOLA, "journal")} == {2}


# --- scoring --------------------------------------------------------------------------------

# The Unison Motorworks filled with 6 Hydraulic dominoes, an Electrical square and two
# Electrical L shapes (mirror images): its most repeated shape is used 6 times.
UNISON = [
    ("hydraulic", [(0, 2), (0, 3)], [(0, 0), (0, 1)]),
    ("hydraulic", [(0, 6), (0, 7)], [(0, 3), (0, 4)]),
    ("hydraulic", [(1, 0), (1, 1)], [(1, 0), (1, 1)]),
    ("hydraulic", [(1, 2), (1, 3)], [(1, 3), (1, 4)]),
    ("hydraulic", [(1, 4), (1, 5)], [(2, 0), (2, 1)]),
    ("hydraulic", [(1, 6), (1, 7)], [(2, 3), (2, 4)]),
    ("electrical", [(2, 0), (2, 1), (3, 0), (3, 1)], [(1, 3), (1, 4), (2, 3), (2, 4)]),
    ("electrical", [(2, 2), (2, 3), (2, 4), (3, 4)], [(0, 0), (0, 1), (0, 2), (1, 2)]),
    ("electrical", [(2, 5), (2, 6), (2, 7), (3, 5)], [(3, 0), (3, 1), (3, 2), (4, 0)]),
]

# The Integron Assembly, not finished: five mechanisms of all four types.
INTEGRON = [
    ("hydraulic", [(2, 0), (2, 1)], [(4, 0), (4, 1)]),
    ("magnetic", [(2, 2), (2, 3)], [(0, 0), (0, 1)]),
    ("electrical", [(2, 4), (2, 5)], [(4, 3), (4, 4)]),
    ("mechanical", [(3, 0), (3, 1)], [(4, 1), (4, 2)]),
    ("hydraulic", [(3, 2), (3, 3)], [(3, 3), (3, 4)]),
]


def sheet_of_the_examples(state) -> None:
    for shop, cells, parts in UNISON:
        put_mechanism(state, NIKOLA, shop, "unison", cells, parts)
    for shop, cells, parts in INTEGRON:
        put_mechanism(state, NIKOLA, shop, "integron", cells, parts)
    state["sheets"][NIKOLA]["inventions"]["unison"]["ideas"] = 4  # three Ideas circled
    state["sheets"][NIKOLA]["inventions"]["integron"]["ideas"] = 2


def play_to_the_end_of_saturday(state):
    """Nikola completes a second journal on Saturday (its Idea goes on the Lateral Arc)."""
    state["day"] = 1
    set_journal(state, NIKOLA, 0, FULL)
    set_journal(state, NIKOLA, 1, almost_full([(3, 3)]))  # needs a 1
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, NIKOLA, 1, (3, 3), 1)
    state = act(state, NIKOLA, "idea", invention="lateral")
    state = done(state, NIKOLA)
    return finish_turn(state, THOMAS)


def test_unison_motorworks_presented_on_saturday_scores_38():
    state = start(players=2)
    sheet_of_the_examples(state)
    unison = me(state)["inventions"]["unison"]
    assert unison["complete"] and unison["filled"] == 24
    state = play_to_the_end_of_saturday(state)
    assert table(state)["phase"] == "present"
    assert table(state)["presenting"] == {"day": "saturday", "skipped": [], "final": False}
    # the Integron is not complete: only the Unison may be presented on Saturday
    assert game.legal(state, NIKOLA) == [
        {"type": "present", "invention": "unison"},
        {"type": "keep", "invention": "unison"},
    ]
    assert game.active(state) == [NIKOLA]
    state = act(state, NIKOLA, "present", invention="unison")
    assert me(state)["inventions"]["unison"]["presented"] == {
        "day": 1,
        "variety": 3,  # two types
        "completion": 11,  # Saturday
        "count": 6,  # the most repeated shape, 6 times
        "multiplier": 4,
        "unique": 24,
        "total": 38,
    }
    assert table(state)["day"] == "sunday"


def test_integron_assembly_presented_incomplete_on_sunday_scores_22_and_the_final_69():
    state = start(players=2)
    give_tool(state, THOMAS, "reamer", turn=1)
    give_tool(state, NIKOLA, "torque", turn=2)  # the rulebook's "Spanner"
    give_tool(state, NIKOLA, "ball_bearing", turn=3)
    give_tool(state, NIKOLA, "reamer", turn=4)
    state["turn"] = 5
    sheet_of_the_examples(state)
    state = play_to_the_end_of_saturday(state)
    state = act(state, NIKOLA, "present", invention="unison")
    assert table(state)["day"] == "sunday"
    set_journal(state, NIKOLA, 2, almost_full([(0, 0)]))  # needs a 1
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, NIKOLA, 2, (0, 0), 1)
    state = act(state, NIKOLA, "idea", invention="lateral")
    state = done(state, NIKOLA)
    state = finish_turn(state, THOMAS)
    assert table(state)["presenting"] == {"day": "sunday", "skipped": [], "final": True}
    # on Sunday the incomplete Integron may be presented; the empty Lateral Arc is not offered
    assert game.legal(state, NIKOLA) == [
        {"type": "present", "invention": "integron"},
        {"type": "keep", "invention": "integron"},
    ]
    state = act(state, NIKOLA, "present", invention="integron")
    assert me(state)["inventions"]["integron"]["presented"] == {
        "day": 2,
        "variety": 12,  # all four types
        "completion": 0,  # not complete
        "count": 5,  # five mechanisms
        "multiplier": 2,
        "unique": 10,
        "total": 22,
    }
    assert state["result"] is not None
    tools = me(state)["tools"]
    assert tools["torque"] == {"turn": 2, "first": True, "points": 4}
    assert tools["ball_bearing"] == {"turn": 3, "first": True, "points": 3}
    assert tools["reamer"] == {"turn": 4, "first": False, "points": 2}
    assert tools["flywheel"] is None
    assert me(state)["score"] == {"inventions": 60, "tools": 9, "total": 69}
    result = game.result(state)
    assert result.scores["0"] == 69
    assert result.winners == [NIKOLA]
