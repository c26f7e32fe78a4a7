"""Unvention shapes: normalising, turning and flipping, fitting into inventions, tool shapes;
and drawing mechanisms in inventions with and without the Torque."""

from __future__ import annotations

import pytest

from app.games.core import IllegalAction
from app.games.unvention.shapes import (
    canonical,
    connected,
    grid_mask,
    mirror,
    normalise,
    orientations,
    place,
    placements,
    rotate,
    same_shape,
    tool_of,
)
from app.games.unvention.sheet import INVENTIONS, TOOLS
from tests.games.unvention.helpers import (
    act,
    earn_wrenches,
    give_tool,
    legal_of,
    me,
    roll,
    set_circled,
    start,
    write,
)

DOMINO = ((0, 0), (0, 1))
I3 = ((0, 0), (0, 1), (0, 2))
SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))
L4 = ((0, 0), (1, 0), (2, 0), (2, 1))
J4 = ((0, 1), (1, 1), (2, 0), (2, 1))
S4 = ((0, 1), (0, 2), (1, 0), (1, 1))
T4 = ((0, 0), (0, 1), (0, 2), (1, 1))


def test_normalise_moves_to_the_corner_and_sorts():
    assert normalise([[3, 4], [2, 5], [2, 4]]) == ((0, 0), (0, 1), (1, 0))
    assert normalise([]) == ()
    assert normalise([(1, 1), (1, 1)]) == ((0, 0),)


def test_rotate_a_quarter_turn_clockwise_and_mirror_left_to_right():
    assert rotate(I3) == ((0, 0), (1, 0), (2, 0))
    assert rotate(L4) == ((0, 0), (0, 1), (0, 2), (1, 0))
    assert mirror(L4) == J4
    assert rotate(rotate(rotate(rotate(L4)))) == L4


@pytest.mark.parametrize(
    ("shape", "count"),
    [(DOMINO, 2), (I3, 2), (SQUARE, 1), (L4, 8), (S4, 4), (T4, 4)],
)
def test_orientations_are_distinct_and_start_with_the_shape(shape, count):
    found = orientations(shape)
    assert len(found) == count
    assert found[0] == shape
    assert len(set(found)) == count
    assert all(normalise(o) == o for o in found)


@pytest.mark.parametrize(("tool", "count"), [("torque", 1), ("reamer", 2), ("flywheel", 2)])
def test_tool_shapes_have_their_orientations(tool, count):
    """The Flywheel is a pinwheel: a quarter turn gives it back; only its mirror differs."""
    assert len(orientations(normalise(TOOLS[tool].cells))) == count


def test_ball_bearing_shape_has_four_orientations():
    # 1100 / 1111 / 0011 turns onto itself after a half turn, and its mirror image differs
    assert len(orientations(normalise(TOOLS["ball_bearing"].cells))) == 4


def test_same_shape_up_to_rotation_and_mirror():
    assert same_shape(L4, J4)
    assert same_shape(L4, [(5, 5), (5, 6), (5, 7), (6, 5)])
    assert not same_shape(L4, T4)
    assert not same_shape(SQUARE, S4)
    assert canonical(L4) == canonical(J4) == canonical(rotate(J4))


def test_connected():
    assert connected(L4)
    assert connected([(0, 0)])
    assert not connected([(0, 0), (1, 1)])
    assert not connected([])
    assert connected(normalise(TOOLS["torque"].cells))


def test_placements_in_an_empty_integron():
    integron = INVENTIONS["integron"]
    free = grid_mask(integron.cells, integron.width)
    # a horizontal domino: 1 + 2 places in the top rows, 6 + 6 in the two full rows
    assert len(placements(DOMINO, free, integron.height, integron.width)) == 2 + 12
    assert placements(((0, 0), (1, 0), (2, 0), (3, 0)), free, 4, 7) == [(0, 3)]
    torque = normalise(TOOLS["torque"].cells)
    assert placements(torque, free, 4, 7) == [(0, 2), (1, 1), (1, 2), (1, 3)]


def test_placements_avoid_taken_cells():
    integron = INVENTIONS["integron"]
    free = grid_mask(integron.cells, integron.width) & ~grid_mask([(2, 0), (3, 3)], 7)
    assert (2, 0) not in placements(DOMINO, free, 4, 7)
    assert (3, 2) not in placements(DOMINO, free, 4, 7)
    assert (3, 3) not in placements(DOMINO, free, 4, 7)
    assert (3, 4) in placements(DOMINO, free, 4, 7)


def test_place_gives_the_cells():
    assert place(L4, [1, 2]) == [[1, 2], [2, 2], [3, 2], [3, 3]]


@pytest.mark.parametrize("tool", list(TOOLS))
def test_every_rotation_and_mirror_of_a_tool_is_that_tool(tool):
    for shape in orientations(normalise(TOOLS[tool].cells)):
        assert tool_of([(r + 3, c + 1) for r, c in shape]) == tool


def test_other_shapes_are_no_tool():
    assert tool_of(L4) is None
    assert tool_of(SQUARE) is None
    # the Torque plus sign missing an arm is no tool
    assert tool_of([(0, 1), (1, 0), (1, 1), (1, 2)]) is None


# --- drawing mechanisms in inventions -------------------------------------------------------

VERTICAL = [(0, 0), (1, 0), (2, 0)]  # Hydraulic 5, 6, 4


def building_a_vertical_three(torque: bool):
    state = start()
    earn_wrenches(state, 0, 2)
    set_circled(state, 0, "hydraulic", VERTICAL)
    if torque:
        give_tool(state, 0, "torque")
    state = roll(state, [1, 1, 2, 3, 5])
    state = write(state, 0, 0, (0, 0), 1)
    state = act(state, 0, "build_start")
    for part in VERTICAL:
        state = act(state, 0, "build_add", workshop="hydraulic", part=list(part))
    return state


def test_without_torque_a_mechanism_keeps_its_orientation():
    state = building_a_vertical_three(torque=False)
    places = legal_of(state, 0, "build_place")
    assert places and all("orientation" not in a for a in places)
    # a vertical line of 3 fits the Integron only where three rows are full below it: the
    # column under the top cell (0, 3) and columns 2-4 from row 1
    integron = [tuple(a["at"]) for a in places if a["invention"] == "integron"]
    assert integron == [(0, 3), (1, 2), (1, 3), (1, 4)]
    with pytest.raises(IllegalAction):  # drawn lying down
        act(state, 0, "build_place", invention="integron", at=[3, 0], orientation=1)


def test_with_torque_a_mechanism_may_be_turned():
    state = building_a_vertical_three(torque=True)
    places = legal_of(state, 0, "build_place")
    assert {a["orientation"] for a in places} == {0, 1}
    horizontal = [a for a in places if a["invention"] == "integron" and a["orientation"] == 1]
    assert {"type": "build_place", "invention": "integron", "at": [3, 0], "orientation": 1} in (
        horizontal
    )
    state = act(state, 0, "build_place", invention="integron", at=[3, 0], orientation=1)
    (mechanism,) = me(state)["mechanisms"]
    assert mechanism["cells"] == [[3, 0], [3, 1], [3, 2]]
    assert mechanism["parts"] == [[0, 0], [1, 0], [2, 0]]
    assert mechanism["orientation"] == 1
