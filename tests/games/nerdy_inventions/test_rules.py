"""Nerdy Inventions: one test per rule, note and ability of the rulebook, and per decision of ours.

The tests play with the stand-in cards (cards.json), whose values they use by name: the Pocket
Watch costs [2], the Cuckoo Clock [gear], the Dragonfly [5], the Camera [1, 1], the Clamp
[4, gear] (level 2), the Hot Air Balloon [2, gear] (level 3), the Locomotive [3, 5] (level 3),
the Top Hat [4, 4, gear] (level 4), the Flintlock [3, 5, gear] and the Zeppelin [6, 6, gear].

A position is arranged by moving cards between the deck, the row and the tableaus (so that every
card stays in exactly one place) and by replacing the dice in hand; then the actions go through
`game.apply`, as they would from a player. Expected values are written out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.games.core import BadOptions, BadPlayerCount, IllegalAction, Rng
from app.games.nerdy_inventions import NerdyInventions, load_cards
from app.games.nerdy_inventions.cards import stand_in_cards

game = NerdyInventions()

HOST, SECOND, THIRD, FOURTH = 0, 1, 2, 3
END_TURN = {"type": "end_turn"}
CANCEL = {"type": "cancel"}
PACKAGE = Path(__file__).parents[3] / "app" / "games" / "nerdy_inventions"


# --- helpers --------------------------------------------------------------------------------


def start(players: int = 2, first: str = "host", seed: int = 7) -> dict[str, Any]:
    return game.start(players, {"first_player": first}, seed)


def take(state: dict[str, Any], card_id: str) -> None:
    """Lift a card from wherever it is (deck, row or a tableau)."""
    if card_id in state["deck"]:
        state["deck"].remove(card_id)
        return
    if card_id in state["row"]:
        state["row"][state["row"].index(card_id)] = None
        return
    for tableau in state["tableaus"]:
        for held in tableau:
            if held["card"] == card_id:
                tableau.remove(held)
                return
    raise AssertionError(f"{card_id} is nowhere")


def give(state: dict[str, Any], seat: int, card_id: str, tapped: bool = False) -> None:
    take(state, card_id)
    state["tableaus"][seat].append({"card": card_id, "tapped": tapped})


def place(state: dict[str, Any], slot: int, card_id: str | None) -> None:
    """Put a card under tile `slot`; the card that was there goes to the bottom of the deck."""
    if card_id is not None:
        take(state, card_id)
    old = state["row"][slot - 1]
    if old is not None:
        state["deck"].append(old)
    state["row"][slot - 1] = card_id


def lay_row(state: dict[str, Any], *cards: str | None) -> None:
    """Lay out the row from tile 6 to tile 1."""
    for slot in range(1, 7):
        place(state, slot, None)
    for slot, card_id in zip((6, 5, 4, 3, 2, 1), cards, strict=True):
        place(state, slot, card_id)


def set_dice(state: dict[str, Any], *values: int) -> None:
    state["dice"] = [{"id": index, "value": value} for index, value in enumerate(values)]
    state["next_die"] = len(values)


def dice(state: dict[str, Any]) -> list[int]:
    return [die["value"] for die in state["dice"]]


def legal(state: dict[str, Any]) -> list[dict[str, Any]]:
    return game.legal(state, state["current"])


def act(state: dict[str, Any], *actions: dict[str, Any]) -> dict[str, Any]:
    for action in actions:
        state = game.apply(state, state["current"], action)
    return state


def tapped(state: dict[str, Any], seat: int, card_id: str) -> bool:
    (held,) = [held for held in state["tableaus"][seat] if held["card"] == card_id]
    return held["tapped"]


def cards_of(state: dict[str, Any], seat: int) -> list[str]:
    return [held["card"] for held in state["tableaus"][seat]]


def use(card_id: str) -> dict[str, Any]:
    return {"type": "use", "card": card_id}


def die(die_id: int) -> dict[str, Any]:
    return {"type": "choose_die", "die": die_id}


def row(slot: int) -> dict[str, Any]:
    return {"type": "choose_row", "slot": slot}


def value(number: int) -> dict[str, Any]:
    return {"type": "choose_value", "value": number}


def build(slot: int) -> dict[str, Any]:
    return {"type": "build", "slot": slot}


def pay(die_id: int) -> dict[str, Any]:
    return {"type": "pay", "die": die_id}


def charge(card_id: str, die_id: int) -> dict[str, Any]:
    return {"type": "charge", "card": card_id, "die": die_id}


def research(die_id: int) -> dict[str, Any]:
    return {"type": "research", "die": die_id}


def swap_with(slot: int) -> dict[str, Any]:
    return {"type": "research_swap", "with": slot}


def tool(card_id: str, die_id: int) -> dict[str, Any]:
    return {"type": "tool", "card": card_id, "die": die_id}


def pass_to(seat: int) -> dict[str, Any]:
    return {"type": "pass_tool", "seat": seat}


def of_type(actions: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [action for action in actions if action["type"] == kind]


def unchanged_after_refusal(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    before = json.dumps(state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, action)
    assert json.dumps(state) == before


def log_lines(state: dict[str, Any]) -> list[str]:
    return [entry["text"] for entry in state["log"]]


def empty_deck_into(state: dict[str, Any], seat: int, keep: int = 0) -> None:
    """Move all but `keep` deck cards into `seat`'s tableau (tapped, out of the way)."""
    for card_id in list(state["deck"][keep:]):
        give(state, seat, card_id, tapped=True)


def table(state: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    return game.view(state, seat)["state"]


# --- the game's facts and options -----------------------------------------------------------


def test_game_facts():
    assert (game.id, game.name) == ("nerdy-inventions", "Nerdy Inventions")
    assert (game.min_players, game.max_players) == (2, 4)
    assert game.description and "\n" not in game.description
    (option,) = game.options
    assert option.name == "first_player"
    assert option.choices == ("random", "host", "second", "third", "fourth")
    assert option.default == "random"
    assert option.help


@pytest.mark.parametrize(
    ("first", "seat"), [("host", 0), ("second", 1), ("third", 2), ("fourth", 3)]
)
def test_the_starting_player_option_names_a_seat(first, seat):
    state = game.start(4, {"first_player": first}, 1)
    assert state["first_player"] == seat
    assert game.active(state) == [seat]
    assert log_lines(state)[0] == "{seat" + str(seat) + "} is the starting player"


@pytest.mark.parametrize(("players", "first"), [(2, "third"), (2, "fourth"), (3, "fourth")])
def test_a_starting_seat_beyond_the_players_is_refused(players, first):
    with pytest.raises(BadOptions, match="needs at least"):
        game.start(players, {"first_player": first}, 1)


def test_a_random_starting_player_comes_from_the_seed():
    firsts = [game.start(3, {}, seed)["first_player"] for seed in range(60)]
    assert set(firsts) == {0, 1, 2}
    assert firsts == [
        game.start(3, {"first_player": "random"}, s)["first_player"] for s in range(60)
    ]


@pytest.mark.parametrize("options", [{"first_player": "youngest"}, {"first_player": 0}, {"x": 1}])
def test_bad_options_are_refused(options):
    with pytest.raises(BadOptions):
        game.start(2, options, 1)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(BadPlayerCount):
        game.start(players, {}, 1)


# --- preparation ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_six_cards_face_up_under_the_tiles_and_the_rest_in_the_deck(players):
    state = start(players)
    assert None not in state["row"]
    assert len(state["deck"]) == 23
    assert len(set(state["deck"]) | set(state["row"])) == 29
    assert [entry["slot"] for entry in table(state)["row"]] == [6, 5, 4, 3, 2, 1]


def test_each_seat_gets_the_starting_invention_of_its_place_in_the_turn_order():
    state = game.start(4, {"first_player": "third"}, 1)  # the turn order is 2, 3, 0, 1
    assert [cards_of(state, seat) for seat in range(4)] == [
        ["starter-dragonfly-1"],
        ["starter-camera-1"],
        ["starter-cuckoo-clock-1"],
        ["starter-pocket-watch-1"],
    ]
    assert all(not held["tapped"] for tableau in state["tableaus"] for held in tableau)
    assert [state["cards"][cards_of(state, seat)[0]]["seat_order"] for seat in (2, 3, 0, 1)] == [
        1,
        2,
        3,
        4,
    ]


@pytest.mark.parametrize(
    ("players", "holders"),
    [
        (2, {"tool-1": 0}),
        (3, {"tool-1": 2, "tool-2": 0}),
        (4, {"tool-1": 2, "tool-2": 3, "tool-3": 0}),
    ],
)
def test_the_starting_player_has_no_tool_and_the_others_one_each(players, holders):
    state = game.start(players, {"first_player": "second"}, 1)
    assert {tool_id: tool["holder"] for tool_id, tool in state["tools"].items()} == holders
    assert len(state["tools"]) == players - 1
    assert SECOND not in [tool["holder"] for tool in state["tools"].values()]


def test_cards_for_absent_seats_are_left_out():
    state = start(2)
    groups = [card["group"] for card in state["cards"].values()]
    assert (groups.count("invention"), groups.count("starting"), groups.count("tool")) == (29, 2, 1)
    assert "starter-dragonfly-1" not in state["cards"] and "tool-2" not in state["cards"]


def test_setup_copies_the_card_table_into_the_state():
    state = start()
    assert state["cards"]["clamp-1"] == {
        "id": "clamp-1",
        "slug": "clamp",
        "name": "Clamp",
        "group": "invention",
        "ability": "minus_two",
        "level": 2,
        "cost": [4, "gear"],
        "points": 2,
    }
    assert state["cards"]["tool-1"]["points"] == 1
    assert state["stand_in"] is True
    assert json.loads(json.dumps(state)) == state


def test_the_server_rolls_three_dice_when_each_turn_starts():
    state = start()
    assert [die["id"] for die in state["dice"]] == [0, 1, 2]
    assert all(1 <= value <= 6 for value in dice(state))
    rolled = ", ".join(str(value) for value in dice(state))
    assert log_lines(state)[-1] == f"Turn 1: {{seat0}} rolled {rolled}"
    state = act(state, END_TURN)
    assert state["current"] == SECOND and state["turn"] == 2
    assert [die["id"] for die in state["dice"]] == [0, 1, 2]
    assert log_lines(state)[-1].startswith("Turn 2: {seat1} rolled ")


def test_turns_go_clockwise_from_the_starting_player():
    state = game.start(3, {"first_player": "third"}, 1)
    seats = []
    for _ in range(5):
        seats.append(state["current"])
        state = act(state, END_TURN)
    assert seats == [2, 0, 1, 2, 0]


# --- use ------------------------------------------------------------------------------------


def test_using_an_invention_taps_it_and_a_tapped_one_cannot_be_used():
    state = start()
    give(state, HOST, "pocket-watch-1")
    set_dice(state, 4, 2, 1)
    assert use("pocket-watch-1") in legal(state)
    state = act(state, use("pocket-watch-1"), die(0))
    assert dice(state) == [3, 2, 1]
    assert tapped(state, HOST, "pocket-watch-1")
    assert use("pocket-watch-1") not in legal(state)
    unchanged_after_refusal(state, HOST, use("pocket-watch-1"))


def test_any_number_of_inventions_in_one_turn():
    state = start()
    give(state, HOST, "pocket-watch-1")
    give(state, HOST, "pocket-watch-2")
    give(state, HOST, "clamp-1")
    set_dice(state, 6, 2, 1)
    state = act(state, use("pocket-watch-1"), die(0), use("pocket-watch-2"), die(0))
    state = act(state, use("clamp-1"), die(0))
    assert dice(state) == [2, 2, 1]


def test_a_card_just_built_can_be_used_at_once():
    state = start()
    place(state, 2, "pocket-watch-1")
    set_dice(state, 2, 5)
    state = act(state, build(2), pay(0))
    assert not tapped(state, HOST, "pocket-watch-1")
    state = act(state, use("pocket-watch-1"), die(1))
    assert dice(state) == [4]


def test_an_ability_with_nothing_to_do_is_not_offered():
    state = start()
    give(state, HOST, "pocket-watch-1")
    give(state, HOST, "clamp-1")
    give(state, HOST, "hot-air-balloon-1")
    give(state, HOST, "locomotive-1")
    set_dice(state, 1, 1)
    uses = of_type(legal(state), "use")
    assert use("pocket-watch-1") not in uses  # a 1 cannot go lower
    assert use("clamp-1") not in uses
    assert use("hot-air-balloon-1") not in uses  # a 1 cannot be split
    assert use("locomotive-1") not in uses  # 1 and 1 can only stay 1 and 1
    assert use("starter-cuckoo-clock-1") in uses  # any die can be rerolled
    set_dice(state)
    assert use("starter-cuckoo-clock-1") not in legal(state)  # no dice left


def test_cancel_leaves_a_half_made_use_without_changing_anything():
    state = start()
    give(state, HOST, "locomotive-1")
    set_dice(state, 5, 2)
    before = json.dumps(state)
    half = act(state, use("locomotive-1"), die(0), die(1))
    assert tapped(half, HOST, "locomotive-1")
    assert CANCEL in legal(half) and END_TURN not in legal(half)
    assert json.dumps(act(half, CANCEL)) == before


# --- the ten abilities ----------------------------------------------------------------------


def test_camera_shuffles_the_row_into_the_deck_and_deals_six_new_cards():
    state = start()
    give(state, HOST, "camera-1")
    everything = set(state["deck"]) | {card for card in state["row"] if card}
    row_before = list(state["row"])
    state = act(state, use("camera-1"))
    assert None not in state["row"]
    assert set(state["deck"]) | set(state["row"]) == everything
    assert len(state["deck"]) == len(everything) - 6
    assert state["row"] != row_before
    assert tapped(state, HOST, "camera-1")
    assert log_lines(state)[-1] == (
        "{seat0} used the Camera: the row was shuffled into the deck and 6 new cards were dealt"
    )


def test_camera_refills_six_cards_even_from_a_shorter_row():
    state = start()
    give(state, HOST, "camera-1")
    for slot in (6, 4, 1):
        place(state, slot, None)
    assert sum(card is not None for card in state["row"]) == 3
    state = act(state, use("camera-1"))
    assert None not in state["row"]


def test_camera_works_with_an_empty_deck():
    state = start()
    give(state, HOST, "camera-1")
    empty_deck_into(state, SECOND)
    row_cards = set(state["row"])
    state = act(state, use("camera-1"))
    assert set(state["row"]) == row_cards
    assert state["deck"] == []


def test_camera_with_fewer_than_six_cards_fills_from_tile_1_up():
    state = start()
    give(state, HOST, "camera-1")
    lay_row(state, "clamp-1", None, "camera-2", None, "top-hat-1", None)
    empty_deck_into(state, SECOND)
    state = act(state, use("camera-1"))
    assert set(state["row"][:3]) == {"clamp-1", "camera-2", "top-hat-1"}
    assert state["row"][3:] == [None, None, None]  # tiles 4, 5, 6 stay empty


def test_camera_needs_something_to_shuffle():
    state = start()
    give(state, HOST, "camera-1")
    lay_row(state, None, None, None, None, None, None)
    empty_deck_into(state, SECOND)
    assert use("camera-1") not in legal(state)


def test_pocket_watch_lowers_a_die_by_1_but_not_below_1():
    state = start()
    give(state, HOST, "pocket-watch-1")
    set_dice(state, 1, 6, 2)
    state = act(state, use("pocket-watch-1"))
    assert legal(state) == [die(1), die(2), CANCEL]
    state = act(state, die(2))
    assert dice(state) == [1, 6, 1]
    assert log_lines(state)[-1] == "{seat0} used the Pocket Watch: a 2 became a 1"


def test_clamp_lowers_a_die_by_2_but_not_below_1():
    state = start()
    give(state, HOST, "clamp-1")
    set_dice(state, 2, 3, 6)
    state = act(state, use("clamp-1"))
    assert legal(state) == [die(1), die(2), CANCEL]
    state = act(state, die(1))
    assert dice(state) == [2, 1, 6]


def test_top_hat_exchanges_itself_for_a_row_card_and_both_are_untapped():
    state = start()
    give(state, HOST, "top-hat-1")
    lay_row(
        state, "zeppelin-1", "pocket-watch-1", "clamp-1", "camera-1", "dragonfly-1", "flintlock-1"
    )
    set_dice(state, 5)
    state = act(state, use("top-hat-1"))
    assert legal(state) == [row(6), row(5), row(4), row(3), row(2), row(1), CANCEL]
    state = act(state, row(5))
    assert cards_of(state, HOST) == ["starter-cuckoo-clock-1", "pocket-watch-1"]
    assert not tapped(state, HOST, "pocket-watch-1")
    assert state["row"][5 - 1] == "top-hat-1"
    assert log_lines(state)[-1] == (
        "{seat0} used the Top Hat: exchanged it for the Pocket Watch under tile 5, both untapped"
    )
    state = act(state, use("pocket-watch-1"), die(0))  # untapped: usable at once
    assert dice(state) == [4]


def test_top_hat_is_not_exchanged_for_another_top_hat():
    state = start()
    give(state, HOST, "top-hat-1")
    lay_row(state, "top-hat-2", "clamp-1", None, None, None, None)
    state = act(state, use("top-hat-1"))
    assert legal(state) == [row(5), CANCEL]


def test_a_top_hat_in_the_row_can_be_built_by_anyone():
    state = start()
    give(state, HOST, "top-hat-1")
    lay_row(state, "zeppelin-1", "clamp-1", "camera-1", "dragonfly-1", "flintlock-1", "camera-2")
    state = act(state, use("top-hat-1"), row(4), END_TURN)
    set_dice(state, 4, 4, 4)
    state = act(state, build(4), pay(0), pay(1), pay(2))
    assert "top-hat-1" in cards_of(state, SECOND)


def test_locomotive_redistributes_two_dice_keeping_their_total():
    state = start()
    give(state, HOST, "locomotive-1")
    set_dice(state, 5, 2, 1)
    state = act(state, use("locomotive-1"))
    assert legal(state) == [die(0), die(1), die(2), CANCEL]
    state = act(state, die(0))
    assert legal(state) == [die(1), die(2), CANCEL]
    state = act(state, die(1))
    # 5 + 2 = 7: the 5 may become 1, 2, 3, 4 or 6 (not 5: that would change nothing)
    assert legal(state) == [value(1), value(2), value(3), value(4), value(6), CANCEL]
    state = act(state, value(6))
    assert dice(state) == [6, 1, 1]
    assert log_lines(state)[-1] == "{seat0} used the Locomotive: 5 and 2 became 6 and 1"


def test_locomotive_keeps_both_dice_between_1_and_6():
    state = start()
    give(state, HOST, "locomotive-1")
    set_dice(state, 6, 5, 6)
    state = act(state, use("locomotive-1"))
    assert legal(state) == [die(0), die(1), die(2), CANCEL]
    state = act(state, die(0))
    assert legal(state) == [die(1), CANCEL]  # 6 and 6 could only stay 6 and 6
    state = act(state, die(1))
    assert legal(state) == [value(5), CANCEL]  # 11 = 5 + 6 = 6 + 5
    state = act(state, value(5))
    assert dice(state) == [5, 6, 6]


def test_dragonfly_swaps_a_row_card_with_a_neighbour():
    state = start()
    give(state, HOST, "dragonfly-1")
    lay_row(
        state, "zeppelin-1", "pocket-watch-1", "clamp-1", "camera-1", "dragonfly-2", "flintlock-1"
    )
    state = act(state, use("dragonfly-1"))
    assert legal(state) == [row(6), row(5), row(4), row(3), row(2), row(1), CANCEL]
    state = act(state, row(4))
    assert legal(state) == [row(5), row(3), CANCEL]
    state = act(state, row(3))
    assert state["row"][4 - 1] == "camera-1" and state["row"][3 - 1] == "clamp-1"
    assert log_lines(state)[-1] == (
        "{seat0} used the Dragonfly: swapped the Clamp under tile 4 with the Camera under tile 3"
    )


def test_dragonfly_needs_a_neighbouring_card_of_another_kind():
    state = start()
    give(state, HOST, "dragonfly-1")
    lay_row(state, "clamp-1", None, "camera-1", "camera-2", "pocket-watch-1", None)
    state = act(state, use("dragonfly-1"))
    # tile 6 has an empty neighbour; the cameras are alike; camera 3 and watch 2 may swap
    assert legal(state) == [row(3), row(2), CANCEL]
    state = act(state, row(3))
    assert legal(state) == [row(2), CANCEL]


def test_flintlock_takes_a_tool_for_a_player_without_one():
    state = start()  # the host starts without a tool; seat 1 holds tool-1
    give(state, HOST, "flintlock-1")
    state = act(state, use("flintlock-1"))
    assert legal(state) == [{"type": "choose_tool", "card": "tool-1"}, CANCEL]
    state = act(state, {"type": "choose_tool", "card": "tool-1"})
    assert legal(state) == [pass_to(HOST), CANCEL]
    state = act(state, pass_to(HOST))
    assert state["tools"]["tool-1"] == {"holder": HOST, "tapped": False}
    assert log_lines(state)[-1] == "{seat0} used the Flintlock: the Tool of {seat1} went to {seat0}"


def test_flintlock_can_move_a_rivals_tool_to_another_player():
    state = act(start(3), END_TURN)  # seat 1's turn: tool-1 at seat 1, tool-2 at seat 2
    give(state, SECOND, "flintlock-1")
    state = act(state, use("flintlock-1"))
    assert legal(state) == [
        {"type": "choose_tool", "card": "tool-1"},
        {"type": "choose_tool", "card": "tool-2"},
        CANCEL,
    ]
    state = act(state, {"type": "choose_tool", "card": "tool-2"}, pass_to(HOST))
    assert {tool_id: tool["holder"] for tool_id, tool in state["tools"].items()} == {
        "tool-1": SECOND,
        "tool-2": HOST,
    }


def test_cuckoo_clock_rerolls_a_die():
    state = start()
    give(state, HOST, "cuckoo-clock-1")
    set_dice(state, 1, 3)
    state = act(state, use("cuckoo-clock-1"))
    assert legal(state) == [die(0), die(1), CANCEL]
    expected = Rng(int(state["rng"], 16)).die()
    state = act(state, die(0))
    assert dice(state) == [expected, 3]
    assert (
        log_lines(state)[-1]
        == f"{{seat0}} used the Cuckoo Clock: rerolled a 1 and got a {expected}"
    )


def test_hot_air_balloon_splits_a_die_into_two_with_the_same_total():
    state = start()
    give(state, HOST, "hot-air-balloon-1")
    set_dice(state, 1, 5)
    state = act(state, use("hot-air-balloon-1"))
    assert legal(state) == [die(1), CANCEL]  # a 1 cannot be split
    state = act(state, die(1))
    assert legal(state) == [value(1), value(2), CANCEL]  # 5 = 4 + 1 = 3 + 2
    state = act(state, value(2))
    assert state["dice"] == [{"id": 0, "value": 1}, {"id": 1, "value": 3}, {"id": 2, "value": 2}]
    assert log_lines(state)[-1] == "{seat0} used the Hot Air Balloon: split a 5 into 3 and 2"


def test_hot_air_balloon_can_split_again_after_charging():
    state = start()
    give(state, HOST, "hot-air-balloon-1")
    set_dice(state, 6, 4)
    state = act(state, use("hot-air-balloon-1"), die(0), value(3))  # 6 -> 3 + 3
    assert dice(state) == [3, 3, 4]
    state = act(state, charge("hot-air-balloon-1", 0))  # level 3: a 3 will do
    state = act(state, use("hot-air-balloon-1"), die(1), value(2))  # 4 -> 2 + 2
    assert state["dice"] == [{"id": 2, "value": 3}, {"id": 1, "value": 2}, {"id": 3, "value": 2}]


def test_zeppelin_ends_the_game_at_once():
    state = start()
    give(state, HOST, "zeppelin-1")
    give(state, HOST, "clamp-1")
    state = act(state, use("zeppelin-1"))
    assert state["result"]["reason"].startswith("The zeppelin ended the game")
    assert game.active(state) == []
    assert game.legal(state, HOST) == game.legal(state, SECOND) == []
    result = game.result(state)
    # host: Zeppelin 6 + Clamp 2; seat 1: the Tool's 1 point
    assert result.scores == {"0": 8, "1": 1}
    assert result.winners == [HOST]
    assert result.reason == "The zeppelin ended the game: 8 points to 1."
    assert log_lines(state)[-2:] == [
        "{seat0} used the Zeppelin: the game ends at once",
        "Final scores: {seat0} 8, {seat1} 1",
    ]
    unchanged_after_refusal(state, HOST, END_TURN)


# --- charge ---------------------------------------------------------------------------------


def test_charge_pays_a_die_of_at_least_the_level_to_untap():
    state = start()
    give(state, HOST, "clamp-1", tapped=True)  # level 2
    set_dice(state, 1, 2, 6)
    assert of_type(legal(state), "charge") == [charge("clamp-1", 1), charge("clamp-1", 2)]
    state = act(state, charge("clamp-1", 1))
    assert not tapped(state, HOST, "clamp-1")
    assert dice(state) == [1, 6]
    assert log_lines(state)[-1] == "{seat0} charged the Clamp with a 2"


def test_the_same_card_can_be_charged_many_times_in_a_turn():
    state = start()
    give(state, HOST, "pocket-watch-1")
    set_dice(state, 6, 5, 4)
    state = act(state, use("pocket-watch-1"), die(0), charge("pocket-watch-1", 1))
    state = act(state, use("pocket-watch-1"), die(0), charge("pocket-watch-1", 0))
    state = act(state, use("pocket-watch-1"), die(2))
    assert dice(state) == [3]


def test_untapped_cards_are_not_charged():
    state = start()
    set_dice(state, 6, 6, 6)
    assert of_type(legal(state), "charge") == []


# --- research -------------------------------------------------------------------------------


def test_research_pays_a_die_to_swap_the_card_under_its_tile_with_a_neighbour():
    state = start()
    lay_row(
        state, "zeppelin-1", "pocket-watch-1", "clamp-1", "camera-1", "dragonfly-1", "flintlock-1"
    )
    set_dice(state, 4, 1)
    assert of_type(legal(state), "research") == [research(0), research(1)]
    state = act(state, research(0))
    assert legal(state) == [swap_with(5), swap_with(3), CANCEL]
    assert dice(state) == [4, 1]  # not paid until the swap is made
    state = act(state, swap_with(5))
    assert state["row"][5 - 1] == "clamp-1" and state["row"][4 - 1] == "pocket-watch-1"
    assert dice(state) == [1]
    assert log_lines(state)[-1] == (
        "{seat0} researched with a 4: the Clamp moved from tile 4 to tile 5, swapping with the "
        "Pocket Watch"
    )


def test_research_needs_a_card_under_the_tile_and_one_beside_it():
    state = start()
    lay_row(state, "zeppelin-1", None, "clamp-1", None, "dragonfly-1", "dragonfly-2")
    set_dice(state, 5, 4, 3, 2, 1)
    # 5 and 3: no card; 4: no neighbouring card; 2 and 1: two dragonflies, alike
    assert of_type(legal(state), "research") == []


def test_a_six_researches_tile_6_only():
    state = start()
    lay_row(state, "zeppelin-1", "clamp-1", None, None, None, None)
    set_dice(state, 6)
    state = act(state, research(0))
    assert legal(state) == [swap_with(5), CANCEL]


def test_cancel_leaves_a_research_without_paying():
    state = start()
    set_dice(state, 3)
    before = json.dumps(state)
    assert json.dumps(act(state, research(0), CANCEL)) == before


# --- build ----------------------------------------------------------------------------------


def test_build_pays_each_requirement_with_one_die_and_takes_the_card_untapped():
    state = start()
    lay_row(
        state, "zeppelin-1", "pocket-watch-1", "camera-1", "clamp-1", "dragonfly-1", "top-hat-1"
    )
    set_dice(state, 4, 3, 1)
    assert of_type(legal(state), "build") == [build(3)]  # Clamp: 4 and a gear (3)
    state = act(state, build(3))
    assert legal(state) == [pay(0), CANCEL]
    state = act(state, pay(0))
    assert legal(state) == [pay(1), CANCEL]
    state = act(state, pay(1))
    assert cards_of(state, HOST)[-1] == "clamp-1"
    assert not tapped(state, HOST, "clamp-1")
    assert state["row"][3 - 1] is None  # the gap stays until the end of the turn
    assert dice(state) == [1]
    assert log_lines(state)[-1] == "{seat0} built the Clamp from tile 3, paying 4, 3"


def test_a_six_is_wild_even_for_a_six():
    state = start()
    lay_row(state, None, None, "clamp-1", None, "zeppelin-1", None)
    set_dice(state, 6, 6, 2)
    # Zeppelin under tile 2: 6, 6 and a gear of 2; Clamp under tile 4: 4 and 4, two sixes
    assert of_type(legal(state), "build") == [build(4), build(2)]
    state = act(state, build(2), pay(0), pay(1), pay(2))
    assert "zeppelin-1" in cards_of(state, HOST)


def test_a_six_pays_any_number():
    state = start()
    lay_row(state, None, None, None, "camera-1", None, None)
    set_dice(state, 6, 1)
    state = act(state, build(3))
    assert legal(state) == [pay(0), pay(1), CANCEL]
    state = act(state, pay(0), pay(1))
    assert "camera-1" in cards_of(state, HOST)


def test_two_dice_are_never_combined_to_pay_one_requirement():
    state = start()
    lay_row(state, "dragonfly-1", None, None, None, None, None)  # costs a 5
    set_dice(state, 2, 3)
    assert of_type(legal(state), "build") == []
    set_dice(state, 4, 1)
    assert of_type(legal(state), "build") == []
    set_dice(state, 5)
    assert of_type(legal(state), "build") == [build(6)]


def test_one_die_cannot_pay_two_requirements():
    state = start()
    lay_row(state, None, None, None, "camera-1", None, None)  # costs 1 and 1
    set_dice(state, 6)
    assert of_type(legal(state), "build") == []


def test_a_gear_is_worth_the_tile_above_the_card():
    state = start()
    lay_row(state, None, None, "cuckoo-clock-1", "cuckoo-clock-2", None, None)
    set_dice(state, 3)
    assert of_type(legal(state), "build") == [build(3)]
    set_dice(state, 4)
    assert of_type(legal(state), "build") == [build(4)]
    view_row = table(state)["row"]
    assert [(entry["slot"], entry["gear"]) for entry in view_row] == [
        (k, k) for k in (6, 5, 4, 3, 2, 1)
    ]


def test_pay_offers_only_dice_that_leave_a_full_payment():
    state = start()
    lay_row(state, None, None, None, None, None, "locomotive-1")  # costs 3 and 5
    set_dice(state, 6, 3)
    state = act(state, build(1))
    assert legal(state) == [pay(1), CANCEL]  # paying the 3 with the 6 would leave a 3 for the 5
    state = act(state, pay(1))
    assert legal(state) == [pay(0), CANCEL]


def test_build_is_offered_only_when_a_full_payment_exists():
    state = start()
    lay_row(state, "top-hat-1", None, None, None, None, None)  # 4, 4 and a gear of 6
    set_dice(state, 4, 4, 5)
    assert of_type(legal(state), "build") == []
    set_dice(state, 4, 6, 6)
    assert of_type(legal(state), "build") == [build(6)]


def test_cancel_leaves_a_build_without_paying():
    state = start()
    lay_row(state, None, None, "clamp-1", None, None, None)
    set_dice(state, 4, 4)
    before = json.dumps(state)
    assert json.dumps(act(state, build(4), pay(0), CANCEL)) == before


def test_a_card_without_a_cost_is_never_built():
    state = start()
    lay_row(state, "starter-pocket-watch-1", None, None, None, None, None)
    set_dice(state, 6, 6, 6)
    assert of_type(legal(state), "build") == []


# --- the tool -------------------------------------------------------------------------------


def tool_turn() -> dict[str, Any]:
    """Seat 1's first turn: it holds tool-1, a Starter Pocket Watch (level 1) and a Clamp (2)."""
    state = act(start(), END_TURN)
    give(state, SECOND, "clamp-1")
    set_dice(state, 3, 6, 5)
    return state


def test_the_tool_taps_another_invention_to_raise_a_die_by_its_level():
    state = tool_turn()
    assert of_type(legal(state), "tool") == [
        tool("starter-pocket-watch-1", 0),
        tool("starter-pocket-watch-1", 2),
        tool("clamp-1", 0),
        tool("clamp-1", 2),
    ]  # never the 6: it cannot go higher
    state = act(state, tool("clamp-1", 0))
    assert dice(state) == [5, 6, 5]
    assert tapped(state, SECOND, "clamp-1")
    assert state["tools"]["tool-1"] == {"holder": SECOND, "tapped": True}
    assert log_lines(state)[-1] == (
        "{seat1} used the Tool, tapping the Clamp (level 2): a 3 became a 5"
    )


def test_the_tool_then_passes_untapped_to_a_player_without_one():
    state = act(tool_turn(), tool("clamp-1", 0))
    assert legal(state) == [pass_to(HOST)]  # no end of turn, no going back
    state = act(state, pass_to(HOST))
    assert state["tools"]["tool-1"] == {"holder": HOST, "tapped": False}
    assert of_type(legal(state), "tool") == []
    assert log_lines(state)[-1] == "{seat1} passed the Tool to {seat0}"


def test_the_tool_raises_a_die_at_most_to_6():
    state = act(tool_turn(), tool("clamp-1", 2))
    assert dice(state) == [3, 6, 6]


def test_the_tool_needs_another_untapped_invention():
    state = tool_turn()
    for held in state["tableaus"][SECOND]:
        held["tapped"] = True
    assert of_type(legal(state), "tool") == []


def test_using_the_tool_is_optional():
    state = tool_turn()
    assert END_TURN in legal(state)
    state = act(state, END_TURN)
    assert state["tools"]["tool-1"]["holder"] == SECOND


def test_in_a_three_player_game_the_tool_goes_to_the_one_player_without():
    state = act(start(3), END_TURN)
    set_dice(state, 2)
    state = act(state, tool("starter-pocket-watch-1", 0))
    assert legal(state) == [pass_to(HOST)]


# --- the end of a turn ----------------------------------------------------------------------


def test_the_row_closes_up_toward_tile_1_then_refills_from_the_deck():
    state = start()
    lay_row(state, "zeppelin-1", "clamp-1", None, "camera-1", None, "top-hat-1")
    take(state, "dragonfly-1")
    take(state, "flintlock-1")
    state["deck"][:0] = ["dragonfly-1", "flintlock-1"]
    state = act(state, END_TURN)
    assert state["row"][::-1] == [  # tiles 6 to 1
        "flintlock-1",
        "dragonfly-1",
        "zeppelin-1",
        "clamp-1",
        "camera-1",
        "top-hat-1",
    ]
    assert "2 new cards were dealt to the row" in log_lines(state)


def test_unused_dice_are_lost():
    state = start()
    set_dice(state, 6, 6, 6, 6)
    state = act(state, END_TURN)
    assert len(state["dice"]) == 3
    assert [die["id"] for die in state["dice"]] == [0, 1, 2]


def test_tapped_cards_stay_tapped_from_turn_to_turn():
    state = start()
    give(state, HOST, "pocket-watch-1")
    set_dice(state, 3)
    state = act(state, use("pocket-watch-1"), die(0), END_TURN, END_TURN)
    assert tapped(state, HOST, "pocket-watch-1")


def test_end_turn_is_listed_whenever_no_choice_is_half_made():
    state = start()
    give(state, HOST, "locomotive-1")
    set_dice(state, 5, 2)
    assert legal(state)[-1] == END_TURN
    state = act(state, use("locomotive-1"))
    assert END_TURN not in legal(state)
    state = act(state, die(0), die(1), value(4))
    assert legal(state)[-1] == END_TURN
    set_dice(state)
    assert legal(state) == [END_TURN]  # no dice, nothing to use: ending is all there is


# --- the end of the game --------------------------------------------------------------------


def empty_deck_on_the_turn_of(players: int, seat: int) -> dict[str, Any]:
    """A game where `seat` builds a Pocket Watch and so draws the deck's last card."""
    state = start(players)
    while state["current"] != seat:
        state = act(state, END_TURN)
    place(state, 2, "pocket-watch-4")
    empty_deck_into(state, (seat + 1) % players, keep=1)
    set_dice(state, 2)
    return act(state, build(2), pay(0), END_TURN)


def test_when_the_deck_is_emptied_the_game_ends_before_the_starting_players_next_turn():
    state = empty_deck_on_the_turn_of(3, HOST)
    assert state["deck"] == [] and state["final_round"]
    assert "The deck is empty: the game ends when {seat0} would start the next turn" in log_lines(
        state
    )
    assert game.result(state) is None
    state = act(state, END_TURN)  # seat 1
    assert game.result(state) is None
    state = act(state, END_TURN)  # seat 2: everyone has had the same number of turns
    assert state["result"]["reason"].startswith("The deck ran out")
    assert game.result(state) is not None
    turns = [line for line in log_lines(state) if line.startswith("Turn ")]
    assert [line.split(":")[0] for line in turns] == ["Turn 1", "Turn 2", "Turn 3"]


def test_a_deck_emptied_by_the_last_seat_ends_the_game_right_after_its_turn():
    state = empty_deck_on_the_turn_of(3, THIRD)
    assert state["result"]["reason"].startswith("The deck ran out")
    assert [line for line in log_lines(state) if line.startswith("Turn ")][-1].startswith(
        "Turn 3: {seat2}"
    )
    assert game.result(state).reason.startswith(
        "The deck ran out and everyone had the same number of turns: "
    )


# --- scoring --------------------------------------------------------------------------------

KINDS = [  # one card of each kind but the reroll (the host's starting card is a reroll)
    "pocket-watch-1",  # minus_one 1
    "dragonfly-1",  # swap_neighbours 1
    "camera-1",  # shuffle_row 2
    "clamp-1",  # minus_two 2
    "hot-air-balloon-1",  # split 2
    "locomotive-1",  # redistribute 2
    "top-hat-1",  # exchange 3
    "flintlock-1",  # pass_tool 3
    "zeppelin-1",  # zeppelin 6
]
KIND_POINTS = [1, 1, 2, 2, 2, 2, 3, 3, 6]


@pytest.mark.parametrize(
    ("built", "kinds", "bonus"),
    [(5, 6, 0), (6, 7, 3), (7, 8, 4), (8, 9, 5), (9, 10, 6)],
)
def test_the_set_bonus_for_7_8_9_and_10_kinds(built, kinds, bonus):
    state = start()
    for card_id in KINDS[:built]:
        give(state, HOST, card_id)
    score = table(state)["scores"][HOST]
    points = sum(KIND_POINTS[:built])
    assert score == {
        "inventions": points,
        "tools": 0,
        "kinds": kinds,
        "bonus": bonus,
        "total": points + bonus,
    }


def test_the_starting_invention_counts_as_a_kind():
    state = start()
    for card_id in KINDS[:6]:
        give(state, HOST, card_id)
    assert table(state)["scores"][HOST]["kinds"] == 7  # with the starting Cuckoo Clock
    give(state, SECOND, "starter-cuckoo-clock-1")
    assert table(state)["scores"][HOST]["kinds"] == 6
    give(state, HOST, "cuckoo-clock-1")  # a built reroll instead: 7 kinds again
    assert table(state)["scores"][HOST]["kinds"] == 7
    give(state, HOST, "cuckoo-clock-2")  # a second copy adds points, not a kind
    assert table(state)["scores"][HOST]["kinds"] == 7


def test_tools_score_points_but_are_not_inventions():
    state = start()
    assert table(state)["scores"][SECOND] == {
        "inventions": 0, "tools": 1, "kinds": 1, "bonus": 0, "total": 1,
    }  # fmt: skip


def test_the_highest_total_wins():
    state = start()
    give(state, SECOND, "top-hat-1")
    give(state, HOST, "zeppelin-1")
    state = act(state, use("zeppelin-1"))
    result = game.result(state)
    assert result.scores == {"0": 6, "1": 4}
    assert result.winners == [HOST]


def test_a_tie_is_a_shared_win():
    state = start(3)
    give(state, HOST, "zeppelin-1")  # 6
    give(state, SECOND, "top-hat-1")  # 3 + the Tool's 1
    give(state, SECOND, "pocket-watch-1")  # 1
    give(state, THIRD, "flintlock-1")  # 3 + the Tool's 1
    give(state, THIRD, "camera-1")  # 2
    state = act(state, use("zeppelin-1"))
    result = game.result(state)
    assert result.scores == {"0": 6, "1": 5, "2": 6}
    assert result.winners == [HOST, THIRD]
    assert result.reason == "The zeppelin ended the game: a shared win on 6 points."


# --- views, prompts, the log, determinism ---------------------------------------------------


def test_the_view_has_the_documented_keys():
    state = start()
    view = game.view(state, HOST)
    assert set(view) == {"active", "prompt", "state", "log"}
    shown = view["state"]
    assert set(shown) == {
        "players", "first_player", "current", "turn", "round", "final_round",
        "deck", "row", "tableaus", "tools", "dice", "asking", "scores", "stand_in",
    }  # fmt: skip
    assert (shown["players"], shown["current"], shown["turn"], shown["round"]) == (2, 0, 1, 1)
    assert shown["deck"] == 23 and shown["asking"] is None and shown["stand_in"] is True
    assert shown["tableaus"][SECOND]["tool"] == {
        "card": state["cards"]["tool-1"], "holder": SECOND, "tapped": False,
    }  # fmt: skip
    assert shown["tableaus"][HOST]["cards"] == [
        {**state["cards"]["starter-cuckoo-clock-1"], "tapped": False}
    ]
    assert shown["dice"] == state["dice"]


def test_the_ability_texts_are_served_once_by_components_not_in_views():
    printed = game.components()
    assert set(printed["abilities"]) == {
        "shuffle_row", "minus_one", "exchange", "minus_two", "redistribute",
        "swap_neighbours", "pass_tool", "reroll", "split", "zeppelin",
    }  # fmt: skip
    assert printed["set_bonus"] == {"7": 3, "8": 4, "9": 5, "10": 6}
    assert printed["tool_text"] and "abilities" not in table(start())


def test_the_view_shows_the_choice_being_made():
    state = start()
    lay_row(state, None, None, "clamp-1", None, None, None)
    set_dice(state, 4, 6)
    state = act(state, build(4), pay(0))
    assert table(state)["asking"] == {
        "kind": "build",
        "card": "clamp-1",
        "ability": None,
        "choosing": "pay",
        "text": "Pay for the Clamp: requirement 2 of 2, a 4 (or a six)",
        "picks": [],
        "slot": 4,
        "die": None,
        "needs": [4, 4],
        "paid": [0],
        "cancel": True,
    }
    assert game.prompt(state, HOST) == "Pay for the Clamp: requirement 2 of 2, a 4 (or a six)"
    state = act(state, CANCEL)
    give(state, HOST, "locomotive-1")
    state = act(state, use("locomotive-1"), die(0))
    asking = table(state)["asking"]
    assert (asking["kind"], asking["ability"], asking["choosing"]) == (
        "ability",
        "redistribute",
        "die",
    )
    assert asking["picks"] == [die(0)] and asking["text"] == "Choose the second die"


def test_the_deck_is_shown_as_a_count_and_everyone_sees_the_same():
    state = start(3)
    views = [game.view(state, seat) for seat in (0, 1, 2, None)]
    for view in views:
        text = json.dumps(view)
        assert not any(f'"{card}"' in text for card in state["deck"])
        assert state["rng"] not in text
        assert view["state"] == views[0]["state"]
        assert view["log"] == views[0]["log"]


def test_prompts():
    state = start()
    assert game.prompt(state, HOST) == "Your turn: use, charge, research or build, or end your turn"
    assert game.prompt(state, SECOND) == "Waiting for {seat0}"
    assert game.prompt(state, None) == "Waiting for {seat0}"
    give(state, HOST, "pocket-watch-1")
    set_dice(state, 4)
    state = act(state, use("pocket-watch-1"))
    assert game.prompt(state, HOST) == "Choose a die to lower by 1"
    state = act(state, CANCEL)
    give(state, HOST, "zeppelin-1")
    state = act(state, use("zeppelin-1"))
    assert game.prompt(state, HOST) is None and game.prompt(state, None) is None


def random_game(seed: int, players: int = 3) -> list[dict[str, Any]]:
    """Every state of a short game on `seed`: random legal actions, building when possible."""
    pick = Rng.from_seed(seed + 1000)
    states = [game.start(players, {}, seed)]
    while game.result(states[-1]) is None and len(states) < 400:
        state = states[-1]
        actions = legal(state)
        builds = of_type(actions, "build") + of_type(actions, "pay")
        action = pick.choice(builds) if builds else pick.choice(actions)
        states.append(game.apply(state, state["current"], action))
    return states


def test_same_seed_and_actions_give_identical_states():
    first = [json.dumps(state) for state in random_game(42)]
    again = [json.dumps(state) for state in random_game(42)]
    assert first == again
    assert random_game(43)[0]["row"] != json.loads(first[0])["row"]


def test_apply_does_not_change_the_state_it_is_given():
    state = start()
    set_dice(state, 4, 4)
    before = json.dumps(state)
    game.apply(state, HOST, END_TURN)
    game.apply(state, HOST, use("starter-cuckoo-clock-1"))
    assert json.dumps(state) == before


def test_log_lines_name_seats_by_token_only():
    lines = log_lines(random_game(9)[-1])
    assert lines[0] in (
        "{seat0} is the starting player",
        "{seat1} is the starting player",
        "{seat2} is the starting player",
    )
    for line in lines:
        assert "Player" not in line and "Seat" not in line
        line.format(seat0="Ann", seat1="Bob", seat2="Cy")  # no other braces


def test_the_wrong_seat_cannot_act():
    state = start()
    unchanged_after_refusal(state, SECOND, END_TURN)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pass"},
        {"type": "end_turn", "extra": 1},
        {"type": "build", "slot": 7},
        {"type": "pay", "die": 0},
        {"type": "choose_die", "die": 0},
        {"type": "cancel"},
        {"type": "use", "card": "zeppelin-1"},
        {},
    ],
)
def test_unknown_and_untimely_actions_are_refused(action):
    unchanged_after_refusal(start(), HOST, action)


# --- a host's own cards ---------------------------------------------------------------------


def test_a_game_plays_with_a_hosts_card_list_and_keeps_it_in_the_state():
    data = stand_in_cards().to_json()
    data["stand_in"] = False
    for card in data["inventions"]:
        card["points"] = 10
        card.pop("stand_in", None)
    own = NerdyInventions(load_cards(data))
    state = own.start(2, {"first_player": "host"}, 3)
    assert state["stand_in"] is False
    assert state["cards"]["clamp-1"]["points"] == 10
    give(state, HOST, "zeppelin-1")
    # any instance plays a stored game: the cards come from the state, not the instance
    state = game.apply(state, HOST, use("zeppelin-1"))
    assert game.result(state).scores == {"0": 10, "1": 1}


# --- the package ----------------------------------------------------------------------------


def test_the_rules_page_has_our_decisions_and_the_stand_in_cards():
    page = (PACKAGE / "rules.md").read_text()
    assert "Nerdy Inventions" in page
    assert "## Our decisions where the rulebook is open" in page
    assert "## Stand-in cards" in page
    assert "NERDY_INVENTIONS_CARDS" in page
