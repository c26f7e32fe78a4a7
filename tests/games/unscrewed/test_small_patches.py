"""The view changes little when little happens (issue #34): the patch a seat is sent after a
typical action (app.play.patches, on the views app.play.views makes) touches only what the
action changed: one slot, one thing's place, one event and one log line; and what the view
leaves out for the page to work out, the bots work out the same way (hand.py)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.core import Rng
from app.games.unscrewed.hand import hand_of, hand_shown, own_slots
from app.play.patches import diff
from app.play.views import rules_view

from .helpers import GAME, blank, table

NAMES = ["Ann", "Bob"]
SLOT = "/state/players/1/slots/0"


def patch(before: dict[str, Any], after: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    return diff(rules_view(GAME, before, seat, NAMES), rules_view(GAME, after, seat, NAMES))


def scheming() -> dict[str, Any]:
    state = table(blank(9), {"c0": [2, 2], "c1": [6, 6]})
    state["dibs"] = 0
    return state


def scheme(state: dict[str, Any], seat: int, *cards: str) -> dict[str, Any]:
    for card in cards:
        state = GAME.apply(state, seat, {"type": "scheme", "card": card})
    return state


def test_another_seat_scheming_a_card_is_one_slot() -> None:
    before = scheming()
    after = scheme(before, 1, "north")
    for seat in (0, None):  # the others: a face-down card, nothing else (no count, no hand)
        assert patch(before, after, seat) == [
            {"op": "replace", "path": SLOT, "value": {"flipped": False, "card": None}}
        ]
    own = [op for op in patch(before, after, 1) if op["path"].startswith("/state/")]
    assert own == [{"op": "replace", "path": SLOT, "value": {"flipped": False, "card": "north"}}]


def test_locking_in_is_one_event_and_one_log_line() -> None:
    before = scheme(scheming(), 1, "north", "east", "south")
    after = GAME.apply(before, 1, {"type": "lock"})
    ops = patch(before, after, 0)
    assert [(op["op"], op["path"]) for op in ops] == [
        ("remove", "/active/1"),
        ("add", "/state/events/-"),
        ("add", "/log/-"),
    ]
    assert ops[1]["value"] == {"kind": "locked", "n": after["events"][0]["n"], "seat": 1}


def test_things_move_by_key_and_events_say_nothing_twice() -> None:
    before = scheme(scheming(), 0, "east", "south", "west")
    before = GAME.apply(scheme(before, 1, "north", "east", "south"), 1, {"type": "lock"})
    after = GAME.apply(before, 0, {"type": "lock"})
    moved = [op for op in patch(before, after, 0) if op["path"].startswith("/state/things")]
    assert moved == [
        {"op": "replace", "path": "/state/things/c0/at/1", "value": 3},
        {"op": "replace", "path": "/state/things/c1/at/0", "value": 7},
    ]
    shown = GAME.view(after, 0)["state"]["events"]
    assert len(shown) == len(after["events"]) > 1
    assert shown[0]["n"] == after["events"][0]["n"]  # the first is numbered, the rest follow
    assert all("n" not in event for event in shown[1:])
    steps = [event for event in shown if event["kind"] == "step"]
    assert steps and all("portals" not in s and "pushed_by" not in s for s in steps)
    assert steps[0] == {
        "kind": "step",
        "thing": "c0",
        "to": [3, 2],
    }  # where it came from: the state's
    assert [e["from"] for e in after["events"] if e["kind"] == "step"][0] == [2, 2]


def aiming() -> dict[str, Any]:
    """Seat 0 aims Big Hammer on its first step (seat 1 walks north)."""
    state = scheming()
    state["improv_deck"]["draw"].remove("big_hammer.2")
    state["improv_deck"]["draw"].insert(0, "big_hammer.2")
    state = GAME.apply(scheme(state, 0, "improvise", "north", "west"), 0, {"type": "lock"})
    return GAME.apply(scheme(state, 1, "north", "east", "west"), 1, {"type": "lock"})


def test_only_the_one_aiming_is_sent_what_each_direction_hits() -> None:
    state = aiming()
    mine = GAME.view(state, 0)["state"]["asking"]
    assert mine["kind"] == "aim" and set(mine["info"]["preview"]) == {
        "north",
        "east",
        "south",
        "west",
    }
    for seat in (1, None):
        theirs = GAME.view(state, seat)["state"]["asking"]
        assert theirs == {**mine, "info": {"card": "big_hammer.2"}}  # the card and the prompt
    assert GAME.table(state, 1, everything=True)["asking"] == mine  # a replay: all
    after = GAME.apply(state, 0, {"type": "aim", "direction": "east"})
    ops = patch(state, after, 1)
    assert not any("preview" in str(op) for op in ops)


def test_the_hand_shown_is_the_hand_held() -> None:
    """The bots read the hand and their own slots from the view as the page does."""
    state = GAME.start(3, {"mode": "full"}, 7)
    rng = Rng.from_seed(5)
    schemed = False
    for _ in range(150):
        if GAME.result(state) is not None:
            break
        for seat in range(3):
            shown = GAME.view(state, seat)["state"]
            assert hand_shown(shown) == hand_of(state, seat)
            slots = state["seats"][seat]["slots"]
            assert [slot and slot["card"] for slot in own_slots(shown)] == [
                slot and slot["card"] for slot in slots
            ]
            schemed = schemed or any(slots)
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        state = GAME.apply(state, seat, legal[rng.below(len(legal))])
    assert schemed
    with pytest.raises(ValueError, match="spectator"):
        own_slots(GAME.view(state, None)["state"])
