"""Unvention: the steps of a turn that write no log line, said in the game's words (words.py)
as the review shows them (app.play.review.words), never in their plain form."""

from __future__ import annotations

import json
import random
from typing import Any

from app.play import logbook
from app.play.review import words
from app.play.views import name_seats
from tests.games.unvention.helpers import (
    act,
    circle,
    earn_wrenches,
    game,
    give_tool,
    roll,
    set_circled,
    set_journal,
    start,
    write,
)

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
SILENT = {"journal", "circle", "spend_wrench", "build_start", "build_add", "build_cancel", "done"}


def said(state: dict[str, Any], seat: int, action_type: str, **fields: Any) -> str:
    return words(game, state, seat, {"type": action_type, **fields}, NAMES[: state["players"]])


def play(players: int, seed: int, seen: set[str]) -> int:
    """A seeded game of random legal steps (builds preferred, so they are finished often):
    every step reads as words with the seat's name, never the plain form, and saying it changes
    nothing. The last seat's "done" ends the turn: the lines it writes (the end of the day, the
    next roll "Friday, turn 8: ...") are not about the seat, so the review says the game's own
    words ("Ann ends the turn")."""
    rng = random.Random(seed)
    state = game.start(players, {}, seed)
    names = NAMES[:players]
    steps = 0
    while game.active(state):
        seat = rng.choice(game.active(state))
        legal = game.legal(state, seat)
        building = [a for a in legal if a["type"].startswith("build")]
        action = rng.choice(building if building and rng.random() < 0.6 else legal)
        before = json.dumps(state, sort_keys=True)
        text = words(game, state, seat, action, names)
        own = game.action_words(state, seat, action)
        assert json.dumps(state, sort_keys=True) == before
        assert text != logbook.action_words(game.action_for_log(action)), (action, text)
        assert "{seat" not in text, (action, text)
        assert text.startswith(f"{names[seat]} "), (action, text)
        if action["type"] in SILENT:
            assert own is not None and name_seats(own, names).startswith(f"{names[seat]} ")
            assert len(name_seats(own, names)) <= 100, own
            seen.add(action["type"])
        else:
            assert own is None, action
        state = game.apply(state, seat, action)
        steps += 1
    return steps


def test_every_step_of_random_games_reads_in_words():
    seen: set[str] = set()
    steps = sum(play(players, seed, seen) for players, seed in [(1, 3), (2, 1), (3, 7), (6, 2)])
    assert steps > 1000
    assert seen == SILENT


def test_steps_that_always_write_a_line_have_no_words_of_their_own():
    state = roll(start(1), [4, 4, 4, 4, 4])
    leap = {"type": "leap", "workshop": "hydraulic", "numbers": [1, 2]}
    assert game.action_words(state, 0, leap) is None
    assert said(state, 0, "leap", workshop="hydraulic", numbers=[1, 2]) == (
        "Ann leapt in Hydraulic with 1 and 2: 10 parts circled"
    )


# --- journal --------------------------------------------------------------------------------


def test_the_first_number_names_its_group():
    state = roll(start(2), [3, 3, 5, 1, 2])
    assert said(state, 0, "journal", journal=0, cell=[1, 0], number=3) == (
        "Ann writes 3 in journal 1, row 2, column 1 from the group 3 3"
    )
    assert said(state, 1, "journal", journal=2, cell=[3, 3], number=5) == (
        "Bob writes 5 in journal 3, row 4, column 4 from the group 1 2 5"
    )


def test_a_later_number_says_the_wrench_it_earns():
    state = roll(start(2), [3, 3, 5, 1, 2])
    set_journal(state, 0, 0, [[1, 2, 4, None], [None] * 4, [None] * 4, [None] * 4])
    state = write(state, 0, 0, (1, 0), 3)
    assert said(state, 0, "journal", journal=0, cell=[0, 3], number=3) == (
        "Ann writes 3 in journal 1, row 1, column 4, earning a wrench"
    )


def test_a_eureka_number_is_named():
    state = roll(start(2), [1, 2, 3, 4, 6])
    assert said(state, 1, "journal", journal=1, cell=[0, 0], number=5) == (
        "Bob writes 5 in journal 2, row 1, column 1 (named on a Eureka roll)"
    )


# --- workshop -------------------------------------------------------------------------------


def test_the_first_part_says_the_journal_numbers_it_skips_and_a_wild_part_its_number():
    state = roll(start(2), [3, 3, 5, 1, 2])
    state = write(state, 0, 0, (1, 0), 3)
    assert said(state, 0, "circle", workshop="hydraulic", part=[0, 0], number=5) == (
        "Ann circles the 5 part in Hydraulic, row 1, column 1, skipping journal number 3"
    )
    state = circle(state, 0, "hydraulic", (0, 0), 5)
    assert said(state, 0, "circle", workshop="hydraulic", part=[1, 2], number=2) == (
        "Ann circles the wild part in Hydraulic, row 2, column 3 as a 2"
    )


def test_a_eureka_part_is_named():
    state = roll(start(1), [1, 2, 3, 4, 6])
    state = write(state, 0, 0, (0, 0), 5)
    assert said(state, 0, "circle", workshop="magnetic", part=[0, 4], number=5) == (
        "Ann circles the 5 part in Magnetic, row 1, column 5 (named on a Eureka roll)"
    )


def test_spending_a_wrench():
    state = roll(start(2), [3, 3, 5, 1, 2])
    earn_wrenches(state, 1, 1)
    assert said(state, 1, "spend_wrench", workshop="magnetic", part=[0, 0]) == (
        "Bob spends a wrench to circle the 4 part in Magnetic, row 1, column 1"
    )


# --- build ----------------------------------------------------------------------------------


def ready_to_build(flywheel: bool = False) -> dict[str, Any]:
    """Ann has journaled a 3, holds two wrenches and three circled Hydraulic parts in a row."""
    state = roll(start(2), [3, 3, 5, 1, 2])
    earn_wrenches(state, 0, 2)
    set_circled(state, 0, "hydraulic", [(0, 0), (0, 1), (0, 2)])
    if flywheel:
        give_tool(state, 0, "flywheel")
    return write(state, 0, 0, (1, 0), 3)


def test_building_a_mechanism_step_by_step():
    state = ready_to_build()
    assert said(state, 0, "build_start") == "Ann pays 2 wrenches to build a mechanism"
    state = act(state, 0, "build_start")
    assert said(state, 0, "build_add", workshop="hydraulic", part=[0, 1]) == (
        "Ann begins the mechanism with the circled 3 part in Hydraulic, row 1, column 2"
    )
    state = act(state, 0, "build_add", workshop="hydraulic", part=[0, 1])
    assert said(state, 0, "build_add", workshop="hydraulic", part=[0, 2]) == (
        "Ann adds the circled 5 part in Hydraulic, row 1, column 3 to the mechanism (now 2 parts)"
    )
    state = act(state, 0, "build_add", workshop="hydraulic", part=[0, 2])
    assert said(state, 0, "build_cancel") == (
        "Ann gives up the 2-part Hydraulic mechanism (its 2 wrenches come back)"
    )


def test_the_build_cost_with_the_flywheel_and_on_a_quantum_leap():
    state = ready_to_build(flywheel=True)
    assert said(state, 0, "build_start") == "Ann pays 1 wrench to build a mechanism"
    state = act(state, 0, "build_start")
    assert said(state, 0, "build_cancel") == "Ann gives up the mechanism (its 1 wrench comes back)"
    leap = act(roll(start(1), [4, 4, 4, 4, 4]), 0, "leap", workshop="hydraulic", numbers=[3, 5])
    assert said(leap, 0, "build_start") == "Ann starts a mechanism, free on a Quantum Leap turn"
    leap = act(leap, 0, "build_start")
    assert said(leap, 0, "build_cancel") == "Ann gives up the mechanism"


# --- ending the turn ------------------------------------------------------------------------


def test_ending_the_turn_says_what_it_leaves():
    state = ready_to_build()
    assert said(state, 0, "done") == (
        "Ann ends the turn, skipping journal number 3, the workshop and a build"
    )
    state = circle(state, 0, "hydraulic", (4, 1), 5)
    assert said(state, 0, "done") == "Ann ends the turn, skipping workshop numbers 1 2 and a build"
    state = roll(start(2), [3, 3, 5, 1, 2])
    set_journal(state, 1, 0, [[1, 2, 4, None], [None] * 4, [None] * 4, [None] * 4])
    state = write(state, 1, 0, (1, 0), 3)
    state = write(state, 1, 0, (0, 3), 3)
    state = circle(state, 1, "hydraulic", (3, 1), 5)
    state = circle(state, 1, "hydraulic", (4, 0), 1)
    state = circle(state, 1, "hydraulic", (1, 2), 2)
    assert said(state, 1, "done") == "Bob ends the turn"
