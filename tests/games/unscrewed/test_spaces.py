"""Every space type, The Edge, the covers and the placing rules."""

from __future__ import annotations

from app.games.unscrewed.aftermath import activate_crush_spots, shrink
from app.games.unscrewed.board import DIRECTIONS, space_type
from app.games.unscrewed.movement import move, switch
from app.games.unscrewed.placing import place_token

from .helpers import blank, drive, kinds, rig_dice, table, where, with_space

EAST = DIRECTIONS["east"]
WEST = DIRECTIONS["west"]
NORTH = DIRECTIONS["north"]


def two(rows, first, second=(6, 6), **kw):
    return table(rows, {"c0": list(first), "c1": list(second)}, **kw)


def test_blank_does_nothing():
    state = two(blank(), (1, 1))
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [2, 1]
    assert state["tokens"] == {}


def test_slick_token_overrides_the_printed_space_and_slides():
    rows = with_space(blank(), 2, 1, "#")
    state = two(rows, (1, 1))
    state["tokens"]["2,1"] = "slick"  # a token over a wall: the wall is gone
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [3, 1]


def test_slicks_in_a_row_carry_on_until_a_wall():
    rows = with_space(with_space(with_space(blank(), 2, 1, "S"), 3, 1, "S"), 4, 1, "#")
    state = two(rows, (1, 1))
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [3, 1]  # slid onto the second slick, then the wall stopped it


def test_cracks_leave_a_hole_when_left():
    rows = with_space(blank(), 1, 1, "C")
    state = table(
        rows,
        {"c0": [1, 1], "c1": [6, 6], "c2": [5, 5]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    move(state, "c0", EAST, 1)
    assert state["tokens"] == {"1,1": "hole"}
    move(state, "c0", WEST, 1)
    assert where(state, "c0") is None  # stopped on the new hole
    assert kinds(state, "death")[0]["cause"] == "stopped on a hole"


def test_hole_kills_only_where_movement_stops():
    rows = with_space(blank(), 2, 1, "H")
    state = table(
        rows,
        {"c0": [1, 1], "c1": [6, 6], "c2": [5, 5]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    move(state, "c0", EAST, 2)
    assert where(state, "c0") == [3, 1]  # passed over the hole
    move(state, "c0", WEST, 1)
    assert where(state, "c0") is None


def test_crush_spots_kill_their_occupant_and_leave_an_anvil():
    rows = with_space(with_space(blank(), 1, 1, "X"), 3, 3, "X")
    state = table(
        rows,
        {"c0": [1, 1], "c1": [6, 6], "c2": [5, 0]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    activate_crush_spots(state)
    assert where(state, "c0") is None
    assert where(state, "anvil1") == [1, 1]
    assert where(state, "anvil2") is None  # the empty crush spot did nothing


def test_crushing_the_last_two_together_leaves_no_winner():
    rows = with_space(with_space(blank(), 1, 1, "X"), 3, 3, "X")
    state = two(rows, (1, 1), (3, 3))
    drive(_crush(state))
    assert state["result"] == {
        "winners": [],
        "scores": {"0": 0, "1": 0},
        "reason": "the last players died together: no winner",
    }


def _crush(state):
    activate_crush_spots(state)
    yield from ()


def test_wall_blocks_movement_and_a_push_into_it():
    rows = with_space(blank(), 3, 1, "#")
    state = two(rows, (1, 1), (2, 1))
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [1, 1]
    assert where(state, "c1") == [2, 1]


def test_entering_a_fan_kills_and_lays_slicks_in_front_for_a_player():
    rows = with_space(blank(), 2, 1, "Fs")
    state = table(
        rows,
        {"c0": [1, 1], "c1": [2, 5], "c2": [6, 6]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    move(state, "c0", EAST, 1)
    assert where(state, "c0") is None
    assert state["tokens"] == {"2,2": "slick", "2,3": "slick", "2,4": "slick"}  # up to Slappy


def test_a_bomb_entering_a_fan_lays_no_slicks():
    rows = with_space(blank(), 2, 1, "Fs")
    state = two(rows, (0, 1))
    state["things"]["bomb1"]["at"] = [1, 1]
    move(state, "c0", EAST, 1)  # pushes the bomb into the fan
    assert where(state, "bomb1") is None
    assert where(state, "c0") == [1, 1]
    assert state["tokens"] == {}


def test_portal_with_a_covered_partner_is_a_blank():
    rows = with_space(with_space(blank(), 2, 2, "Pa"), 0, 4, "Pa")
    state = two(rows, (1, 2))
    state["covers"] = 1  # ring 0 is covered: the partner at [0, 4] is under the cover
    assert space_type(state, (2, 2)) == "blank"
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [2, 2]


def test_portal_under_a_token_makes_its_partner_blank():
    rows = with_space(with_space(blank(), 2, 2, "Pa"), 4, 4, "Pa")
    state = two(rows, (1, 4))
    state["tokens"]["2,2"] = "slick"
    move(state, "c0", EAST, 2)
    assert where(state, "c0") == [3, 4]  # over the lone portal as over a blank


def test_exiting_a_portal_into_a_wall_stays_put():
    rows = with_space(with_space(with_space(blank(), 2, 2, "Pa"), 4, 4, "Pa"), 5, 4, "#")
    state = two(rows, (1, 2))
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [1, 2]


def test_bomb_spitter_blocked_by_a_wall_spits_nothing():
    rows = with_space(with_space(blank(), 2, 2, "Bs"), 2, 3, "#")
    state = two(rows, (1, 2))
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [2, 2]
    assert [
        t for t, thing in state["things"].items() if thing["kind"] == "bomb" and thing["at"]
    ] == []


def test_bomb_spitter_uses_the_lowest_free_bomb_and_pushes():
    rows = with_space(blank(), 2, 2, "Be")
    state = two(rows, (2, 1), (4, 2))
    state["things"]["bomb1"]["at"] = [0, 0]
    rig_dice(state, 1)
    move(state, "c0", DIRECTIONS["south"], 1)
    assert where(state, "bomb2") == [3, 2]
    assert where(state, "c1") == [4, 2]  # a roll of 1: the bomb stops short of Slappy
    rig_dice(state, 3)
    state["things"]["bomb2"]["at"] = None
    state["things"]["c0"]["at"] = [2, 1]
    move(state, "c0", DIRECTIONS["south"], 1)
    assert where(state, "bomb2") == [5, 2]  # three spaces, pushing Slappy twice on the way
    assert where(state, "c1") == [6, 2]


def test_going_over_the_edge_kills():
    state = table(
        blank(),
        {"c0": [0, 3], "c1": [6, 6], "c2": [3, 3]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    move(state, "c0", WEST, 1)
    assert where(state, "c0") is None
    assert kinds(state, "death")[0]["cause"] == "went over The Edge"


def test_moving_onto_a_cover_is_going_over_the_edge():
    state = table(
        blank(),
        {"c0": [1, 3], "c1": [5, 5], "c2": [3, 3]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    state["covers"] = 1
    move(state, "c0", WEST, 1)
    assert where(state, "c0") is None


def test_shrinking_kills_whatever_is_covered_and_removes_tokens():
    state = table(
        blank(),
        {"c0": [0, 3], "c1": [5, 5], "c2": [3, 3], "anvil1": [6, 0]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    state["tokens"] = {"0,0": "hole", "2,2": "slick"}
    shrink(state)
    assert state["covers"] == 1
    assert where(state, "c0") is None and where(state, "anvil1") is None
    assert where(state, "c1") == [5, 5]
    assert state["tokens"] == {"2,2": "slick"}


def test_tokens_are_never_placed_on_an_occupied_space():
    state = two(blank(), (1, 1))
    assert not place_token(state, (1, 1), "hole")
    assert place_token(state, (2, 1), "hole")
    assert state["tokens"] == {"2,1": "hole"}


def test_placing_is_not_moving():
    rows = with_space(with_space(blank(), 1, 1, "S"), 4, 4, "Fn")
    state = two(rows, (1, 1), (4, 4))
    state["things"]["c1"]["at"] = [4, 5]
    switch(state, "c0", "c1")
    assert where(state, "c0") == [4, 5] and where(state, "c1") == [1, 1]
    assert state["seats"][1]["alive"]  # placed on the slick: no slide
    assert kinds(state, "step") == []


def test_pushing_over_the_edge_ends_a_two_player_game_at_once():
    state = two(blank(), (1, 0), (1, 1))
    state["things"]["c1"]["at"] = [0, 0]
    drive(_move(state, "c0", WEST, 2))
    assert where(state, "c1") is None
    assert state["result"]["winners"] == [0]
    assert where(state, "c0") == [1, 0]  # the game ended the moment Slappy fell


def _move(state, thing, delta, steps):
    move(state, thing, delta, steps)
    yield from ()


def test_a_switch_never_puts_anyone_on_a_working_portal():
    # Found by a 6,000-game random run (seed 3738): The Mad Cow stood on a portal by Portal
    # Sickness, and a Switcheroo put Freddy there. "Thingamajigs may never occupy a Portal".
    rows = with_space(with_space(blank(), 1, 1, "Pa"), 5, 5, "Pa")
    state = two(rows, (3, 3), (1, 1))
    state["seats"][1]["quirks"].append("portal_sickness.9")
    assert not switch(state, "c0", "c1")
    assert where(state, "c0") == [3, 3] and where(state, "c1") == [1, 1]
    state["seats"][0]["quirks"].append("portal_sickness.9")  # now both may stand there
    assert switch(state, "c0", "c1")
    assert where(state, "c0") == [1, 1] and where(state, "c1") == [3, 3]


def test_a_step_the_portals_bring_back_to_its_own_space_is_blocked():
    # Found by fuzzing the fans: stepping East from between two portals, Moe would come out of
    # the partner onto his own space; on a slick that slid him there for ever.
    rows = with_space(with_space(blank(), 1, 3, "Pa"), 3, 3, "Pa")
    state = two(rows, (2, 3))
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [2, 3]
    assert kinds(state, "step") == []
    state["tokens"]["2,3"] = "slick"
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [2, 3]
