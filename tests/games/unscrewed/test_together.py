"""Moving together: all the fans of the Aftermath, and each bomb's blast, move their
thingamajigs at the same time, and the deaths they cause come at the same moment (rules.md,
"Moving together")."""

from __future__ import annotations

from app.games.unscrewed.board import DIRECTIONS
from app.games.unscrewed.moving_together import move_together
from app.games.unscrewed.rounds import SCRIPTS

from .helpers import blank, kinds, quirk, rig_dice, table, where, with_space

EAST = DIRECTIONS["east"]
WEST = DIRECTIONS["west"]
NORTH = DIRECTIONS["north"]
SOUTH = DIRECTIONS["south"]


def spaces(size: int, *placed: tuple[int, int, str]) -> list[str]:
    rows = blank(size)
    for x, y, text in placed:
        rows = with_space(rows, x, y, text)
    return rows


def aftermath(state):
    """Run the Aftermath as the game does; the question it stops at, if any."""
    state["phase"] = "aftermath_running"
    SCRIPTS.start(state, "aftermath")
    return SCRIPTS.asking(state)


def three(rows, at):
    """Moe (c0), Slappy (c1) and Freddy (c2, out of harm's way unless `at` says)."""
    return table(rows, {"c2": [6, 7], **at}, characters=["moe_skeeto", "slappy", "freddy_fraidy"])


def give_quirk(state, seat, effect):
    state["seats"][seat]["quirks"].append(quirk(effect))


# --- the three situations of the audit --------------------------------------------------------


def test_one_fan_blowing_the_last_two_players_to_their_deaths_leaves_no_winner():
    # The fan blows East along row 4: Moe over The Edge ahead of it, Slappy into it from behind.
    state = table(spaces(9, (1, 4, "Fe")), {"c0": [8, 4], "c1": [0, 4]})
    assert aftermath(state) is None
    assert where(state, "c0") is None and where(state, "c1") is None
    assert state["result"]["winners"] == []


def test_two_fans_ask_for_no_order_and_their_deaths_come_together():
    # One fan blows Moe over the East edge, the other Slappy over the South edge.
    state = table(spaces(9, (1, 2, "Fe"), (4, 1, "Fs")), {"c0": [8, 2], "c1": [4, 8]})
    assert aftermath(state) is None  # nobody is asked which fan goes first
    assert where(state, "c0") is None and where(state, "c1") is None
    assert state["result"]["winners"] == []


def test_a_thing_blown_into_the_space_of_one_blown_away_follows_it_whatever_the_order():
    # The Anvil is blown East through the portal at [4, 2] and comes out of its partner at
    # [3, 5] into Slappy's space; Slappy is blown East by the other fan at the same time. One
    # fan after the other, Slappy was pushed 2 spaces or moved 1, by the order of the fans.
    rows = spaces(9, (1, 2, "Fe"), (1, 5, "Fe"), (4, 2, "Pa"), (3, 5, "Pa"))
    state = three(rows, {"c0": [7, 6], "c1": [4, 5], "anvil1": [3, 2]})
    assert aftermath(state) is None
    assert where(state, "c1") == [5, 5]  # one space, as the fan blows
    assert where(state, "anvil1") == [4, 5]
    assert kinds(state, "push") == []


def test_two_things_blown_into_one_space_both_stay():
    # Moe is blown East and the Anvil North, both into [3, 2]: they bump and stay put (one
    # after the other, the second pushed the first on).
    rows = spaces(9, (1, 2, "Fe"), (3, 7, "Fn"))
    state = three(rows, {"c0": [2, 2], "c1": [6, 6], "anvil1": [3, 3]})
    assert aftermath(state) is None
    assert where(state, "c0") == [2, 2]
    assert where(state, "anvil1") == [3, 3]


def test_a_bomb_blast_asks_for_no_order_and_its_deaths_come_together():
    state = table(blank(5), {"c0": [1, 2], "c1": [3, 2], "bomb1": [2, 2]})
    assert aftermath(state) is None  # nobody is asked who is blown first
    assert where(state, "c0") is None and where(state, "c1") is None
    assert where(state, "bomb1") is None
    assert state["result"]["winners"] == []


# --- the fans ---------------------------------------------------------------------------------


def test_a_row_in_front_of_a_fan_moves_as_one():
    rows = spaces(9, (1, 3, "Fe"))
    state = three(rows, {"c0": [3, 3], "c1": [4, 3], "anvil1": [5, 3]})
    aftermath(state)
    assert [where(state, t) for t in ("c0", "c1", "anvil1")] == [[4, 3], [5, 3], [6, 3]]
    assert kinds(state, "push") == []


def test_a_thing_blown_by_two_fans_moves_once_the_way_they_blow_together():
    rows = spaces(9, (1, 3, "Fe"), (4, 1, "Fs"), (1, 5, "Fe"), (7, 5, "Fw"))
    state = three(rows, {"c0": [4, 3], "c1": [4, 5], "anvil1": [2, 3]})
    aftermath(state)
    assert where(state, "c0") == [5, 4]  # East and South: one space South-East
    assert where(state, "c1") == [4, 6]  # East and West cancel out; the South fan blows it on
    assert where(state, "anvil1") == [3, 3]


def test_a_blown_thing_pushes_one_the_fans_do_not_move():
    rows = spaces(9, (1, 3, "Fe"))
    state = three(rows, {"c0": [3, 3], "c1": [4, 3]})
    give_quirk(state, 1, "fan_still")
    aftermath(state)
    assert where(state, "c0") == [4, 3]
    assert where(state, "c1") == [5, 3]
    assert [(p["thing"], p["pushed"]) for p in kinds(state, "push")] == [("c0", "c1")]


# --- moving together, the rules of it -------------------------------------------------------


def test_a_row_follows_its_leader_over_the_edge():
    state = three(blank(7), {"c0": [5, 1], "c1": [6, 1]})
    move_together(state, {"c0": EAST, "c1": EAST}, 1)
    assert where(state, "c1") is None and where(state, "c0") == [6, 1]


def test_a_row_stops_behind_a_leader_that_cannot_move():
    rows = spaces(7, (4, 1, "#"))
    state = three(rows, {"c0": [2, 1], "c1": [3, 1]})
    move_together(state, {"c0": EAST, "c1": EAST}, 2)
    assert where(state, "c0") == [2, 1] and where(state, "c1") == [3, 1]


def test_two_things_swapping_spaces_both_stay():
    state = three(blank(7), {"c0": [2, 1], "c1": [3, 1]})
    move_together(state, {"c0": EAST, "c1": WEST}, 1)
    assert where(state, "c0") == [2, 1] and where(state, "c1") == [3, 1]


def test_a_ring_of_things_each_entering_the_next_ones_space_stays():
    state = three(blank(7), {"c0": [2, 2], "c1": [3, 2], "c2": [3, 3], "anvil1": [2, 3]})
    move_together(state, {"c0": EAST, "c1": SOUTH, "c2": WEST, "anvil1": NORTH}, 1)
    assert where(state, "c0") == [2, 2] and where(state, "c1") == [3, 2]
    assert where(state, "c2") == [3, 3] and where(state, "anvil1") == [2, 3]


def test_pushes_chain_on_in_the_same_step():
    state = three(blank(7), {"c0": [1, 1], "c1": [2, 1], "anvil1": [3, 1]})
    move_together(state, {"c0": EAST}, 1)
    assert [where(state, t) for t in ("c0", "c1", "anvil1")] == [[2, 1], [3, 1], [4, 1]]
    assert [(p["thing"], p["pushed"]) for p in kinds(state, "push")] == [
        ("c0", "c1"),
        ("c1", "anvil1"),
    ]


def test_a_push_that_cannot_move_its_thing_stops_the_pusher():
    state = three(blank(7), {"c0": [1, 1], "c1": [2, 1]})
    give_quirk(state, 1, "unpushable")
    move_together(state, {"c0": EAST}, 1)
    assert where(state, "c0") == [1, 1] and where(state, "c1") == [2, 1]


def test_a_thing_pushed_into_a_space_another_enters_bumps_it():
    # Moe pushes the Anvil East into [3, 1]; Slappy steps South into [3, 1] at the same time.
    state = three(blank(7), {"c0": [1, 1], "anvil1": [2, 1], "c1": [3, 0]})
    move_together(state, {"c0": EAST, "c1": SOUTH}, 1)
    assert where(state, "anvil1") == [2, 1] and where(state, "c0") == [1, 1]
    assert where(state, "c1") == [3, 0]


def test_a_blast_pushes_on_for_both_of_its_spaces():
    state = three(blank(7), {"c0": [2, 3], "anvil1": [1, 3], "c1": [4, 3]})
    move_together(state, {"c0": WEST, "c1": EAST}, 2)
    assert where(state, "c0") == [0, 3]  # pushing the Anvil over The Edge on the second step
    assert where(state, "anvil1") is None
    assert where(state, "c1") == [6, 3]


def test_slicks_hole_and_cracks_act_when_the_step_is_taken():
    rows = spaces(9, (3, 1, "S"), (3, 4, "H"), (1, 6, "C"))
    state = three(rows, {"c0": [2, 1], "c1": [2, 4], "c2": [1, 6], "anvil1": [0, 6]})
    move_together(state, {"c0": EAST, "c1": EAST, "c2": EAST, "anvil1": EAST}, 1)
    assert where(state, "c0") == [4, 1]  # slid one more space
    assert where(state, "c1") is None  # stopped on the hole
    # Freddy left the cracks as the Anvil came onto them: no hole under the Anvil
    assert where(state, "c2") == [2, 6] and where(state, "anvil1") == [1, 6]
    assert state["tokens"] == {}


def test_a_bomb_blown_over_the_edge_and_spat_again_does_not_go_on_with_the_blast():
    # Bomb 2 goes over The Edge in the first beat; Moe, blown onto the spitter in the second,
    # makes it spit the lowest bomb off the map: bomb 2's standee. That is a new bomb, which
    # moves as spat (one space South) and no further: the blast's second step West was the
    # bomb that fell.
    rows = spaces(7, (4, 3, "Bs"))
    state = table(rows, {"c0": [2, 3], "c1": [6, 0], "bomb1": [6, 6], "bomb2": [0, 3]})
    rig_dice(state, 1)
    move_together(state, {"c0": EAST, "bomb2": WEST}, 2)
    assert [e["thing"] for e in kinds(state, "spit")] == ["bomb2"]
    assert where(state, "c0") == [4, 3]
    assert where(state, "bomb2") == [4, 4]
