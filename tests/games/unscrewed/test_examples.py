"""Each example of the rulebook, played on a small table."""

from __future__ import annotations

from app.games.unscrewed.aftermath import activate_fans, check_bombs
from app.games.unscrewed.board import DIRECTIONS
from app.games.unscrewed.improv import resolve
from app.games.unscrewed.movement import move

from .helpers import blank, drive, kinds, rig_dice, table, where, with_space

EAST = DIRECTIONS["east"]
SOUTH = DIRECTIONS["south"]


def test_moe_moves_east_onto_a_slick_and_slides_one_more_space():
    rows = with_space(blank(), 2, 3, "S")
    state = table(rows, {"c0": [1, 3], "c1": [5, 5]})  # c0 is Moe
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [3, 3]
    assert [e["to"] for e in kinds(state, "step")] == [[2, 3], [3, 3]]


def test_slappy_pushes_an_anvil_which_pushes_freddy():
    state = table(
        blank(),
        {"c0": [0, 6], "c1": [3, 1], "c2": [3, 3], "anvil1": [3, 2]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    move(state, "c1", SOUTH, 1)
    assert where(state, "c1") == [3, 2]
    assert where(state, "anvil1") == [3, 3]
    assert where(state, "c2") == [3, 4]
    pushes = kinds(state, "push")
    assert [(p["thing"], p["pushed"]) for p in pushes] == [("c1", "anvil1"), ("anvil1", "c2")]


def test_dr_piddles_and_the_mad_cow_switch_past_a_wall_without_triggering_spaces():
    rows = with_space(with_space(blank(), 3, 3, "#"), 2, 3, "C")
    rows = with_space(rows, 4, 3, "H")
    state = table(rows, {"c0": [2, 3], "c1": [4, 3]}, characters=["dr_piddles", "the_mad_cow"])
    drive(resolve(state, 0, "switcheroo.1"))
    assert where(state, "c0") == [4, 3]  # on the hole, placed: no death
    assert where(state, "c1") == [2, 3]
    assert state["seats"][0]["alive"]
    assert state["tokens"] == {}  # leaving the cracks by a switch leaves no hole
    assert kinds(state, "step") == []


def test_attack_example_1_big_hammer_aimed_east():
    state = table(blank(), {"c0": [2, 3], "c1": [3, 3], "bomb1": [3, 4]})
    drive(
        resolve(state, 0, "big_hammer.1"),
        [{"type": "aim", "direction": "east"}, {"type": "order", "thing": "c1"}],
    )
    assert where(state, "c1") == [4, 3]
    assert where(state, "bomb1") == [4, 4]
    assert where(state, "c0") == [2, 3]
    assert state["tokens"] == {"3,2": "hole", "3,3": "hole", "3,4": "hole"}


def test_attack_example_2_extendo_gloves_aimed_west():
    # The Mad Cow at [3, 3] aims West: the lines run along rows 2, 3 and 4.
    rows = with_space(blank(), 1, 4, "#")
    state = table(
        rows,
        {"c0": [3, 3], "c1": [0, 4], "anvil1": [1, 2]},
        characters=["the_mad_cow", "freddy_fraidy"],
    )
    drive(resolve(state, 0, "extendo_gloves.1"), [{"type": "aim", "direction": "west"}])
    assert where(state, "c1") == [0, 4]  # the wall stopped the line just short of Freddy
    assert where(state, "anvil1") == [0, 2]  # the Anvil is the only victim: moved West
    assert where(state, "c0") == [3, 3]


def test_attack_example_3_chompy_slides_then_bites():
    rows = with_space(with_space(blank(), 2, 3, "S"), 3, 3, "S")
    state = table(rows, {"c0": [1, 3], "c1": [5, 2]}, characters=["slappy", "dr_piddles"])
    drive(resolve(state, 0, "chompy.1"), [{"type": "aim", "direction": "east"}])
    assert where(state, "c0") == [4, 3]  # one space East, then across both slicks
    # Dr. Piddles was North-East of Slappy's new space: moved one space away, diagonally
    assert where(state, "c1") == [6, 1]


def test_fans_move_everything_in_line_at_once_and_walls_protect():
    rows = blank(9)
    rows = with_space(rows, 4, 2, "Fw")  # blows West along row 2
    rows = with_space(rows, 4, 6, "Fe")  # blows East along row 6
    rows = with_space(rows, 6, 6, "#")
    state = table(
        rows,
        {"c0": [2, 2], "c1": [1, 6], "anvil1": [2, 6], "c2": [7, 6]},
        characters=["moe_skeeto", "slappy", "dr_piddles"],
    )
    activate_fans(state)
    assert where(state, "c0") == [1, 2]  # Moe one space West
    assert where(state, "c1") == [2, 6]  # Slappy and the Anvil one space East
    assert where(state, "anvil1") == [3, 6]
    assert where(state, "c2") == [7, 6]  # the wall protects Dr. Piddles


def test_bombs_1_5_and_8_are_checked_in_order():
    state = table(
        blank(7),
        {"c0": [3, 5], "c1": [0, 0], "bomb1": [3, 3], "bomb5": [4, 3], "bomb8": [2, 5]},
        characters=["the_mad_cow", "moe_skeeto"],
    )
    # The Mad Cow at [3, 4] is next to bomb 1; bomb 5 too. Bomb 8 is next to where she lands.
    state["things"]["c0"]["at"] = [3, 4]
    drive(_check_bombs(state))
    explosions = kinds(state, "explode")
    assert [e["thing"] for e in explosions] == ["bomb1", "bomb8"]
    checks = kinds(state, "bomb_check")
    assert [(c["thing"], c["explodes"]) for c in checks] == [
        ("bomb1", True),
        ("bomb5", False),
        ("bomb8", True),
    ]
    assert where(state, "bomb5") == [6, 3]  # blown two spaces East by bomb 1
    assert where(state, "c0") is None  # bomb 8 blew The Mad Cow over the Edge
    assert state["result"]["winners"] == [1]


def _check_bombs(state):
    check_bombs(state)
    yield from ()


def test_a_bomb_spat_during_the_bombs_step_is_not_checked_even_under_a_checked_number():
    # "If new Bombs appear during this step, they don't get checked and do not explode."
    # Bomb 1's blast throws bomb 2 over The Edge and Moe onto a bomb spitter, which spits the
    # lowest bomb off the map: bomb 2's standee again. It lands next to Moe, but it is a new
    # bomb: when number 2 comes up it is not checked.
    rows = with_space(blank(7), 4, 3, "Bs")
    state = table(rows, {"c0": [2, 3], "c1": [6, 0], "bomb1": [1, 3], "bomb2": [0, 3]})
    rig_dice(state, 1)
    drive(_check_bombs(state))
    assert [e["thing"] for e in kinds(state, "spit")] == ["bomb2"]
    assert [(c["thing"], c["explodes"]) for c in kinds(state, "bomb_check")] == [("bomb1", True)]
    assert where(state, "bomb2") == [4, 4]
    assert where(state, "c0") == [4, 3]  # not blown away by the new bomb 2


def test_bomb_spitter_roll_of_2():
    rows = with_space(blank(), 3, 3, "Bs")
    state = table(rows, {"c0": [2, 3], "c1": [6, 0]}, characters=["dr_piddles", "moe_skeeto"])
    rig_dice(state, 2)
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [3, 3]
    assert where(state, "bomb1") == [3, 5]
    assert kinds(state, "roll")[0]["value"] == 2


def test_freddy_goes_through_a_portal():
    rows = with_space(with_space(blank(), 2, 1, "Pa"), 4, 5, "Pa")
    state = table(rows, {"c0": [1, 1], "c1": [0, 6]}, characters=["freddy_fraidy", "moe_skeeto"])
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [5, 5]
    assert kinds(state, "step")[0]["portals"] == [[2, 1]]
