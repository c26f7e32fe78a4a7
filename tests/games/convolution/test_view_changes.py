"""Convolution's view changes little when little happens (issue #34): after each action every
seat is sent the JSON Patch from its previous view to the new one (app/play/patches.py), so a
score must be one cell of a sheet, the turn and a log line, a roll its dice and a log line, never
a table rebuilt whole nor a value the page can derive (the totals, the offers, who wins a row).

The patches are the hub's own: rules views as app.play.views makes them, diffed as it diffs them.
"""

from __future__ import annotations

import json
import random
from typing import Any

from app.games.convolution import Convolution
from app.games.convolution.scoresheet import ACTIVE
from app.play.patches import diff
from app.play.views import rules_view

game = Convolution()

HOST, GUEST = 0, 1
NAMES = ["Ann", "Bob"]
ROLL = {"type": "roll"}
# Red 5, blue 4, green 3, yellow 6: no 12, no tie.
PLAIN = {"red": [2, 3], "blue": [1, 3], "green": [1, 2], "yellow": [3, 3]}
# A red 12: the first to play it writes 1, the second 12.
RED_12 = {"red": [6, 6], "blue": [5, 6], "green": [1, 2], "yellow": [2, 2]}


def start() -> dict[str, Any]:
    return game.start(2, {"first_player": "host"}, 7)


def rolled(state: dict[str, Any], seat: int, dice: dict[str, list[int]] = PLAIN) -> dict[str, Any]:
    """`seat` rolls, and the roll is made `dice`."""
    state = game.apply(state, seat, ROLL)
    state["rolls"][-1] = json.loads(json.dumps(dice))
    return state


def scored(state: dict[str, Any], seat: int, category: str) -> dict[str, Any]:
    return game.apply(state, seat, {"type": "score", "category": category})


def patch(before: dict[str, Any], after: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The patch `seat` (None: a spectator) is sent for the action from `before` to `after`."""
    return diff(rules_view(game, before, seat, NAMES), rules_view(game, after, seat, NAMES))


FIRST_12 = "circled, first to play a 12"


def test_a_score_is_one_cell_the_turn_and_a_log_line():
    """Ann's first 12 in Red is written as 1, and makes Bob's Red worth 12: what Bob may score
    is the page's to work out, not the view's to say."""
    before = rolled(start(), HOST, RED_12)
    after = scored(before, HOST, "red")
    assert patch(before, after, None) == [
        {"op": "replace", "path": "/active/0", "value": GUEST},
        {"op": "replace", "path": "/state/turn", "value": 2},
        {
            "op": "replace",
            "path": "/state/sheets/0/red",
            "value": {"score": 1, "turn": 1, "circled": True},
        },
        {"op": "add", "path": "/log/-", "value": f"Ann scored 1 in Red ({FIRST_12})"},
    ]


def test_the_score_that_ends_a_roll_puts_the_dice_away():
    """The next roll is due: the dice leave the view (the page draws none then), nothing else."""
    before = scored(rolled(start(), HOST), HOST, "red")
    after = scored(before, GUEST, "blue")
    assert patch(before, after, None) == [
        {"op": "replace", "path": "/state/turn", "value": 3},
        {"op": "replace", "path": "/state/dice", "value": None},
        {
            "op": "replace",
            "path": "/state/sheets/1/blue",
            "value": {"score": 4, "turn": 2, "circled": True},
        },
        {"op": "add", "path": "/log/-", "value": "Bob scored 4 in Blue (circled)"},
    ]


def test_a_roll_is_its_dice_and_a_log_line():
    before = start()
    after = game.apply(before, HOST, ROLL)
    dice = after["rolls"][-1]
    ops = patch(before, after, None)
    assert ops[0] == {"op": "replace", "path": "/state/dice", "value": dice}
    assert [op["path"] for op in ops] == ["/state/dice", "/log/-"]
    assert ops[1]["value"].startswith("Ann rolled ")


def test_a_score_that_completes_a_total_adds_only_its_log_line():
    """Colors Total is written in the state and logged; the page adds it up from the cells."""
    state = scored(rolled(start(), HOST), HOST, "red")  # turn 1
    state = scored(state, GUEST, "first")
    state = scored(rolled(state, GUEST), GUEST, "second")
    state = scored(state, HOST, "blue")  # turn 4
    state = scored(rolled(state, HOST), HOST, "green")  # turn 5
    state = scored(state, GUEST, "third")
    state = scored(rolled(state, GUEST), GUEST, "bluggard")
    after = scored(state, HOST, "yellow")  # turn 8: the host's fourth color
    assert after["sheets"][HOST]["colors"] is not None
    ops = patch(state, after, HOST)
    assert [op["path"] for op in ops if op["path"].startswith("/state/")] == [
        "/state/turn",
        "/state/dice",
        "/state/sheets/0/yellow",
    ]
    assert [op["value"] for op in ops if op["path"] == "/log/-"] == [
        "Ann scored 6 in Yellow (circled)",
        "Ann wrote 18 in Colors Total (circled)",
    ]


def test_every_patch_of_a_game_touches_the_turn_the_dice_or_one_cell():
    """A whole game of random play, every seat and a spectator: each change of the game's part
    of the view is the turn, the dice (made, or put away) or one played cell of a sheet."""
    rng = random.Random(3)
    state = game.start(2, {}, 3)
    views = {seat: rules_view(game, state, seat, NAMES) for seat in (0, 1, None)}
    cells = {f"/state/sheets/{seat}/{category}" for seat in (0, 1) for category in ACTIVE}
    while game.result(state) is None:
        seat = rng.choice(game.active(state))
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        for viewer, before in views.items():
            views[viewer] = rules_view(game, state, viewer, NAMES)
            for op in diff(before, views[viewer]):
                if op["path"].startswith("/state"):
                    assert op["path"] in {"/state/turn", "/state/dice", *cells}, op
                    assert op["op"] == "replace", op
