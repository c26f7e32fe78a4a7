"""Round trips: slicks and portals on a host's map can carry a thingamajig round and round, and
a push can come back round to its own pusher. Every kind of movement must still end (rules.md,
"Blocked moves"): the server is the referee, and a movement that never ended would hang it.

The loop used here: two pairs of portals and four slicks. Going East, [1, 1] and [2, 1] slide
into Pa at [3, 1], out of its partner at [0, 3] onto [1, 3] and [2, 3], into Pb at [3, 3], out
of its partner at [0, 1] onto [1, 1] again. No single step comes back to the space it started
from (the one-pair rule), but the slide repeats for ever. Each test has a timeout, so that a
regression fails instead of hanging the suite.
"""

from __future__ import annotations

import pytest

from app.games.unscrewed.aftermath import activate_fans, check_bombs
from app.games.unscrewed.board import DIRECTIONS
from app.games.unscrewed.movement import move

from .helpers import blank, drive, kinds, quirk, rig_dice, table, where, with_space

EAST = DIRECTIONS["east"]
SOUTH = DIRECTIONS["south"]


def loop(*placed: tuple[int, int, str]) -> list[str]:
    """A 7-by-7 map with the slick loop through two pairs of portals, and `placed` spaces."""
    rows = blank(7)
    for x, y, text in (
        (0, 1, "Pb"),
        (1, 1, "S"),
        (2, 1, "S"),
        (3, 1, "Pa"),
        (0, 3, "Pa"),
        (1, 3, "S"),
        (2, 3, "S"),
        (3, 3, "Pb"),
        *placed,
    ):
        rows = with_space(rows, x, y, text)
    return rows


def path(state, thing):
    return [event["to"] for event in kinds(state, "step") if event["thing"] == thing]


@pytest.mark.timeout(60)
def test_a_slide_round_two_pairs_of_portals_stops_before_its_start():
    state = table(loop(), {"c0": [1, 1], "c1": [6, 6]})
    move(state, "c0", EAST, 1)
    # Once round the loop; the next step would bring Moe back to [1, 1], going East again.
    assert path(state, "c0") == [[2, 1], [1, 3], [2, 3]]
    assert where(state, "c0") == [2, 3]


@pytest.mark.timeout(60)
def test_a_slide_round_one_pair_of_portals_with_two_slicks_between_stops_too():
    # The one-pair rule blocks a step that comes straight back; two slicks between the
    # portals made a round trip of two steps, which slid for ever just the same.
    rows = blank(7)
    for x, text in ((1, "Pa"), (2, "S"), (3, "S"), (4, "Pa")):
        rows = with_space(rows, x, 3, text)
    state = table(rows, {"c0": [2, 3], "c1": [6, 6]})
    move(state, "c0", EAST, 1)
    assert path(state, "c0") == [[3, 3]]
    assert where(state, "c0") == [3, 3]


@pytest.mark.timeout(60)
def test_a_thingamajig_pushed_round_the_loop_stops_before_where_it_was_pushed_from():
    # Slappy stands on the portal Pb by Portal Sickness and pushes Moe round the loop.
    state = table(loop(), {"c0": [0, 1], "c1": [1, 1]}, characters=["slappy", "moe_skeeto"])
    state["seats"][0]["quirks"].append(quirk("portal_proof"))
    move(state, "c0", EAST, 1)
    assert path(state, "c1") == [[2, 1], [1, 3], [2, 3]]
    assert where(state, "c1") == [2, 3]
    # Slappy then slides too, onto the portal Pa (his Quirk lets him stand there).
    assert where(state, "c0") == [3, 1]


@pytest.mark.timeout(60)
def test_a_push_the_portals_bring_round_to_its_pusher_is_blocked():
    # Moe pushes Slappy East; Slappy would come out of the portals onto Moe's space, and push
    # Moe, who is still pushing him: a ring of pushes. Nobody moves (it used to recurse until
    # Python gave up).
    rows = with_space(with_space(blank(7), 0, 3, "Pa"), 3, 3, "Pa")
    state = table(rows, {"c0": [1, 3], "c1": [2, 3]})
    move(state, "c0", EAST, 1)
    assert where(state, "c0") == [1, 3] and where(state, "c1") == [2, 3]
    assert kinds(state, "step") == []


@pytest.mark.timeout(60)
def test_a_fan_blowing_onto_the_loop_stops_the_slide_before_its_start():
    state = table(loop((6, 1, "Fe")), {"c0": [1, 1], "c1": [6, 6]})
    activate_fans(state)
    assert path(state, "c0") == [[2, 1], [1, 3], [2, 3]]
    assert where(state, "c0") == [2, 3]


@pytest.mark.timeout(60)
def test_a_blast_round_the_loop_ends():
    # Bomb 1 on [1, 1] blows Moe East round the loop; he comes back round to the bomb and
    # pushes it on round the loop ahead of him, and they chased each other for ever. Moe stops
    # before [2, 1], where he started; the bomb stops before [1, 1] (Moe is there) and leaves
    # the map as it explodes.
    state = table(loop(), {"c0": [2, 1], "c1": [6, 6], "bomb1": [1, 1]})
    drive(_check_bombs(state))
    assert path(state, "c0") == [[1, 3], [2, 3], [1, 1]]
    assert path(state, "bomb1") == [[2, 1], [1, 3], [2, 3]]
    assert where(state, "c0") == [1, 1]
    assert where(state, "bomb1") is None


def _check_bombs(state):
    check_bombs(state)
    yield from ()


@pytest.mark.timeout(60)
def test_a_bomb_spat_round_the_loop_stops_before_its_spitter():
    # The spitter at [1, 1] is on the loop, its mouth East. Moe steps on it from the North and
    # the bomb slides round the loop back towards the spitter, which it started from going
    # East: it stops before it. (It used to push Moe round the loop onto itself, still
    # stepping, and so on until Python gave up.)
    state = table(loop((1, 1, "Be")), {"c0": [1, 0], "c1": [6, 6]})
    rig_dice(state, 1)
    move(state, "c0", SOUTH, 1)
    assert path(state, "bomb1") == [[2, 1], [1, 3], [2, 3]]
    assert where(state, "bomb1") == [2, 3]
    assert where(state, "c0") == [1, 1]
    assert kinds(state, "push") == []
