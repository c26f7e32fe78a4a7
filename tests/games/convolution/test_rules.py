"""Convolution: one test per rule and example of the rulebook, and per decision of ours.

Dice are chosen by rolling (so the generator moves as in a real game) and then replacing the
new roll in state["rolls"][-1]. Expected values are written out by hand, never recomputed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.games.convolution import Convolution
from app.games.convolution.rules import end
from app.games.convolution.scoresheet import (
    Standing,
    arrangement,
    categories_won,
    category_values,
    color_totals,
    decide,
    offers,
    roll_of,
    roller,
    winners,
)
from app.games.core import BadOptions, BadPlayerCount, IllegalAction, Rng

game = Convolution()

HOST, GUEST = 0, 1
ROLL = {"type": "roll"}
ACTIVE = ["red", "blue", "green", "yellow", "first", "second", "third", "fourth", "bluggard"]
CALCULATED = ["colors", "ranks", "grand"]

# An ordinary roll without a 12 or a tie: red 5, blue 4, green 3, yellow 6; Bluggard 18.
PLAIN = {"red": [2, 3], "blue": [1, 3], "green": [1, 2], "yellow": [3, 3]}


# --- helpers --------------------------------------------------------------------------------


def start(first: str = "host", seed: int = 7) -> dict[str, Any]:
    return game.start(2, {"first_player": first}, seed)


def dice(
    red: tuple[int, int], blue: tuple[int, int], green: tuple[int, int], yellow: tuple[int, int]
):
    return {"red": list(red), "blue": list(blue), "green": list(green), "yellow": list(yellow)}


def mover(state: dict[str, Any]) -> int:
    (seat,) = game.active(state)
    return seat


def roll(state: dict[str, Any], chosen: dict[str, list[int]] | None = None) -> dict[str, Any]:
    """The due roller rolls; the roll is then replaced by `chosen` if given."""
    state = game.apply(state, mover(state), ROLL)
    if chosen is not None:
        state["rolls"][-1] = json.loads(json.dumps(chosen))
    return state


def score(state: dict[str, Any], category: str) -> dict[str, Any]:
    return game.apply(state, mover(state), {"type": "score", "category": category})


def turn(state: dict[str, Any], category: str, chosen=None) -> dict[str, Any]:
    """Take the next turn: roll first when a roll is due (with `chosen` dice), then score."""
    if state["phase"] == "roll":
        state = roll(state, chosen)
    else:
        assert chosen is None, "dice are chosen on the turn that rolls them"
    return score(state, category)


def entry(state: dict[str, Any], seat: int, category: str) -> dict[str, Any] | None:
    return state["sheets"][seat][category]


def table(state: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    return game.view(state, seat)["state"]


def rolled(state: dict[str, Any]) -> dict[str, list[int]]:
    """The latest roll."""
    return state["rolls"][-1]


def won(state: dict[str, Any]) -> dict[str, int | None]:
    return winners(state["sheets"])


def play_out(state, orders: dict[int, list[str]], chosen=None) -> dict[str, Any]:
    """Play to the end: each seat scores its categories in the given order on `chosen` dice."""
    orders = {seat: list(order) for seat, order in orders.items()}
    while game.result(state) is None:
        seat = mover(state)
        state = turn(state, orders[seat].pop(0), chosen if state["phase"] == "roll" else None)
    return state


def finished(sheets: list[dict[str, tuple[int, int]]]) -> dict[str, Any]:
    """A finished game whose sheets are given as category -> (score, turn) for both seats."""
    state = start()
    state["sheets"] = [
        {
            category: {
                "score": mine[category][0],
                "turn": mine[category][1],
                "circled": mine[category][1] < theirs[category][1],
            }
            for category in ACTIVE + CALCULATED
        }
        for mine, theirs in (sheets, sheets[::-1])
    ]
    state["turn"], state["phase"] = 18, "score"
    end(state)  # as the last score ends it
    return state


def unchanged_after_refusal(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    before = json.dumps(state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, action)
    assert json.dumps(state) == before


# --- the game's facts and options -----------------------------------------------------------


def test_game_facts():
    assert (game.id, game.name) == ("convolution", "Convolution")
    assert (game.min_players, game.max_players) == (2, 2)
    assert game.description and "\n" not in game.description
    (option,) = game.options
    assert option.name == "first_player"
    assert option.choices == ("random", "host", "guest")
    assert option.default == "random"
    assert option.help


def test_host_is_seat_0_and_guest_seat_1():
    assert start("host")["first_player"] == HOST
    assert start("guest")["first_player"] == GUEST
    assert game.active(start("host")) == [HOST]
    assert game.active(start("guest")) == [GUEST]


def test_random_first_player_comes_from_the_seed():
    firsts = [game.start(2, {}, seed)["first_player"] for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert firsts == [
        game.start(2, {"first_player": "random"}, s)["first_player"] for s in range(40)
    ]


@pytest.mark.parametrize(
    "options", [{"first_player": "coin"}, {"first_player": 0}, {"first_player": None}, {"x": 1}]
)
def test_bad_options_are_refused(options):
    with pytest.raises(BadOptions):
        game.start(2, options, 1)


@pytest.mark.parametrize("players", [1, 3])
def test_only_two_players(players):
    with pytest.raises(BadPlayerCount):
        game.start(players, {}, 1)


# --- turn structure -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "rollers", "players"),
    [
        (
            "host",
            [0, 1, 0, 1, 0, 1, 0, 1, 0],
            [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1],
        ),
        (
            "guest",
            [1, 0, 1, 0, 1, 0, 1, 0, 1],
            [1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0],
        ),
    ],
)
def test_turn_and_roll_pattern_over_all_18_turns(first, rollers, players):
    state = start(first)
    rolled_by, scored_by, rolls_at_turn = [], [], []
    while game.result(state) is None:
        seat = mover(state)
        action = game.legal(state, seat)[0]
        if action == ROLL:
            rolled_by.append(seat)
        else:
            scored_by.append(seat)
            rolls_at_turn.append(len(state["rolls"]))
        state = game.apply(state, seat, action)
    assert rolled_by == rollers
    assert scored_by == players
    # turns 2k-1 and 2k both use roll k: nobody rolls between them
    assert rolls_at_turn == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    assert len(state["rolls"]) == 9
    for seat in (0, 1):
        played = sorted(entry(state, seat, category)["turn"] for category in ACTIVE)
        assert played == [t for t, player in enumerate(players, 1) if player == seat]


def test_the_second_player_uses_the_same_roll():
    state = roll(start("host"), PLAIN)
    state = score(state, "red")
    assert state["phase"] == "score"
    assert game.legal(state, GUEST)[0] == {"type": "score", "category": "red"}
    assert ROLL not in game.legal(state, GUEST)
    state = score(state, "red")
    assert entry(state, GUEST, "red")["score"] == 5
    assert len(state["rolls"]) == 1


def test_the_player_who_went_second_rolls_next():
    state = turn(turn(start("host"), "red", PLAIN), "red")
    assert state["phase"] == "roll"
    assert game.legal(state, GUEST) == [ROLL]
    assert game.legal(state, HOST) == []


def test_only_one_seat_ever_has_legal_actions():
    state = start("guest", seed=3)
    while game.result(state) is None:
        seat = mover(state)
        assert game.legal(state, 1 - seat) == []
        state = game.apply(state, seat, game.legal(state, seat)[-1])
    assert game.legal(state, 0) == game.legal(state, 1) == []
    assert game.active(state) == []


def test_legal_lists_the_open_active_categories_in_sheet_order():
    state = roll(start("host"), PLAIN)
    assert game.legal(state, HOST) == [{"type": "score", "category": c} for c in ACTIVE]
    state = turn(turn(turn(score(state, "third"), "red"), "bluggard", PLAIN), "yellow")
    assert [a["category"] for a in game.legal(roll(state), HOST)] == [
        "red", "blue", "green", "first", "second", "fourth", "bluggard",
    ]  # fmt: skip


def test_game_ends_after_18_turns_9_each():
    state = play_out(start("host"), {0: ACTIVE, 1: ACTIVE[::-1]})
    assert game.result(state) is not None
    assert state["turn"] == 18
    assert state["result"] == game.result(state).to_json()  # written once, by core.finish
    assert game.active(state) == []
    for seat in (0, 1):
        assert all(state["sheets"][seat][c] is not None for c in ACTIVE + CALCULATED)


def test_result_is_none_until_the_last_turn():
    state = start("host")
    for _ in range(26):  # 9 rolls + 17 turns
        assert game.result(state) is None
        state = game.apply(state, mover(state), game.legal(state, mover(state))[0])
    assert game.result(state) is None
    assert game.result(score(state, game.legal(state, mover(state))[0]["category"])) is not None


# --- arranging the dice ---------------------------------------------------------------------


def test_dice_are_arranged_from_highest_color_total_to_lowest():
    state = roll(start(), dice(red=(1, 2), blue=(6, 5), green=(4, 4), yellow=(2, 3)))
    assert color_totals(rolled(state)) == {"red": 3, "blue": 11, "green": 8, "yellow": 5}
    assert arrangement(rolled(state)) == ["blue", "green", "yellow", "red"]


def test_equal_color_totals_keep_the_color_order():
    state = roll(start(), dice(red=(3, 4), blue=(4, 5), green=(1, 6), yellow=(6, 3)))
    assert arrangement(rolled(state)) == ["blue", "yellow", "red", "green"]
    state = roll(start(), dice(red=(1, 3), blue=(2, 2), green=(3, 1), yellow=(2, 2)))
    assert arrangement(rolled(state)) == ["red", "blue", "green", "yellow"]


def test_the_roll_is_logged_in_arranged_order():
    state = game.apply(start("guest", seed=11), GUEST, ROLL)
    made = rolled(state)
    text = state["log"][-1]["text"]
    assert text.startswith("{seat1} rolled ")
    shown = [part.split() for part in text.removeprefix("{seat1} rolled ").split(" | ")]
    assert [p[0].lower() for p in shown] == arrangement(made)
    assert all([int(p[1]), int(p[2])] == made[p[0].lower()] for p in shown)


# --- the active categories ------------------------------------------------------------------


def test_red_dice_totalling_8_score_8_in_red():
    state = turn(start("host"), "red", dice(red=(3, 5), blue=(1, 1), green=(2, 2), yellow=(1, 2)))
    assert entry(state, HOST, "red") == {"score": 8, "turn": 1, "circled": True}


@pytest.mark.parametrize(
    ("category", "expected"), [("first", 11), ("second", 8), ("third", 5), ("fourth", 3)]
)
def test_rank_categories_score_the_arranged_totals(category, expected):
    chosen = dice(red=(1, 2), blue=(6, 5), green=(4, 4), yellow=(2, 3))
    state = turn(start("host"), category, chosen)
    assert entry(state, HOST, category)["score"] == expected


def test_the_bluggard_is_the_total_of_all_8_dice():
    state = turn(
        start("host"), "bluggard", dice(red=(1, 2), blue=(6, 5), green=(4, 4), yellow=(2, 3))
    )
    assert entry(state, HOST, "bluggard")["score"] == 27


def test_values_show_what_every_active_category_is_worth():
    state = roll(start(), dice(red=(6, 6), blue=(2, 1), green=(5, 4), yellow=(1, 1)))
    assert category_values(rolled(state)) == {
        "red": 12, "blue": 3, "green": 9, "yellow": 2,
        "first": 12, "second": 9, "third": 3, "fourth": 2, "bluggard": 26,
    }  # fmt: skip


# --- the first-to-12 rule and the Bluggard exception ----------------------------------------

RED_12 = dice(red=(6, 6), blue=(5, 6), green=(1, 2), yellow=(2, 2))


def test_first_to_play_a_12_in_a_color_scores_1():
    state = turn(start("host"), "red", RED_12)
    assert entry(state, HOST, "red") == {"score": 1, "turn": 1, "circled": True}
    assert state["log"][-1]["text"] == "{seat0} scored 1 in Red (circled, first to play a 12)"


def test_second_to_play_a_12_scores_12():
    state = turn(turn(start("host"), "red", RED_12), "red")
    assert entry(state, GUEST, "red") == {"score": 12, "turn": 2, "circled": False}
    assert won(state)["red"] == GUEST


def test_a_12_on_a_later_roll_scores_12_once_the_category_was_played():
    state = turn(start("host"), "red", PLAIN)  # host plays Red first, with 5
    state = turn(state, "blue")
    state = turn(state, "red", RED_12)  # guest rolls a red 12 on roll 2
    assert entry(state, GUEST, "red") == {"score": 12, "turn": 3, "circled": False}


def test_a_12_still_counts_as_12_for_arranging_and_ranking():
    state = turn(start("host"), "red", RED_12)  # written as 1
    assert arrangement(rolled(state))[0] == "red"
    assert category_values(rolled(state))["first"] == 12
    assert category_values(rolled(state))["second"] == 11
    state = score(state, "second")
    assert entry(state, GUEST, "second")["score"] == 11


def test_first_to_play_a_12_in_a_rank_category_scores_1():
    state = turn(start("host"), "first", RED_12)
    assert entry(state, HOST, "first")["score"] == 1
    state = score(state, "first")
    assert entry(state, GUEST, "first")["score"] == 12


def test_offers_show_the_first_to_12_rule():
    state = roll(start("host"), RED_12)
    offered = offers(state, HOST)
    assert (offered["red"], offered["first"], offered["blue"]) == (1, 1, 11)
    state = score(state, "red")
    offered = offers(state, GUEST)
    assert (offered["red"], offered["first"]) == (12, 1)


ALL_SIXES = dice(red=(6, 6), blue=(6, 6), green=(6, 6), yellow=(6, 6))


def test_first_to_play_a_48_bluggard_scores_7_and_the_second_48():
    state = turn(start("guest"), "bluggard", ALL_SIXES)
    assert entry(state, GUEST, "bluggard") == {"score": 7, "turn": 1, "circled": True}
    state = score(state, "bluggard")
    assert entry(state, HOST, "bluggard") == {"score": 48, "turn": 2, "circled": False}


BLUGGARD_12 = dice(red=(1, 1), blue=(1, 2), green=(2, 1), yellow=(2, 2))


def test_first_to_play_a_12_bluggard_scores_1():
    """Our decision: the first-to-12 rule is for any category, the Bluggard included."""
    state = turn(start("host"), "bluggard", BLUGGARD_12)
    assert entry(state, HOST, "bluggard")["score"] == 1
    state = score(state, "bluggard")
    assert entry(state, GUEST, "bluggard")["score"] == 12


# --- circling and winning a category --------------------------------------------------------


def test_the_first_to_play_a_category_circles_it():
    state = turn(turn(start("host"), "red", PLAIN), "blue")  # turns 1 and 2
    state = turn(turn(state, "red", PLAIN), "blue")  # turns 3 (the guest) and 4
    assert entry(state, HOST, "red")["circled"] is True
    assert entry(state, GUEST, "red")["circled"] is False
    assert entry(state, GUEST, "blue")["circled"] is True
    assert entry(state, HOST, "blue")["circled"] is False
    assert (entry(state, GUEST, "red")["turn"], entry(state, HOST, "blue")["turn"]) == (3, 4)


def test_the_higher_score_wins_a_category():
    state = turn(start("host"), "red", PLAIN)  # 5, circled
    state = turn(state, "green")
    state = turn(state, "red", RED_12)  # second to Red: 12
    assert won(state)["red"] == GUEST


def test_equal_scores_go_to_the_player_who_played_the_category_first():
    state = turn(turn(start("host"), "red", PLAIN), "blue")  # host Red 5; guest Blue 4 first
    state = turn(turn(state, "yellow", PLAIN), "blue")  # guest Yellow; host Blue 4 second
    state = turn(turn(state, "green", PLAIN), "red")  # host Green; guest Red 5 second
    winning = won(state)
    assert winning["blue"] == GUEST
    assert winning["red"] == HOST


def test_a_category_is_won_only_once_both_have_played_it():
    state = turn(start("host"), "red", PLAIN)
    assert won(state)["red"] is None
    assert categories_won(state["sheets"]) == [0, 0]
    state = score(state, "red")
    assert won(state)["red"] == HOST
    assert categories_won(state["sheets"]) == [1, 0]


# --- the calculated categories --------------------------------------------------------------

ROLL_1 = dice(red=(1, 1), blue=(2, 2), green=(3, 3), yellow=(4, 4))  # 2 4 6 8
ROLL_2 = dice(red=(1, 2), blue=(2, 3), green=(3, 4), yellow=(4, 5))  # 3 5 7 9
ROLL_3 = dice(red=(1, 3), blue=(2, 4), green=(3, 5), yellow=(1, 1))  # 4 6 8 2
ROLL_4 = dice(red=(5, 5), blue=(1, 1), green=(2, 1), yellow=(3, 1))  # 10 2 3 4


def test_colors_and_ranks_totals_are_written_when_their_section_is_complete():
    # host: turns 1 4 5 8 take the colors; guest: turns 2 3 6 7 take the ranks
    state = turn(start("host"), "red", ROLL_1)  # host red 2
    state = turn(state, "first")  # guest 8
    state = turn(state, "second", ROLL_2)  # guest 7
    state = turn(state, "blue")  # host blue 5
    state = turn(state, "green", ROLL_3)  # host green 8
    state = turn(state, "third")  # guest 4
    assert entry(state, HOST, "colors") is None
    assert entry(state, GUEST, "ranks") is None
    state = turn(state, "fourth", ROLL_4)  # guest 2
    assert entry(state, GUEST, "ranks") == {"score": 21, "turn": 7, "circled": True}
    assert entry(state, HOST, "colors") is None
    state = turn(state, "yellow")  # host yellow 4
    assert entry(state, HOST, "colors") == {"score": 19, "turn": 8, "circled": True}
    assert entry(state, HOST, "ranks") is None
    assert entry(state, GUEST, "colors") is None
    assert "{seat0} wrote 19 in Colors Total (circled)" in [e["text"] for e in state["log"]]


def test_the_grand_total_is_written_once_bluggard_colors_and_ranks_are_known():
    orders = {HOST: ["bluggard", *ACTIVE[:-1]], GUEST: list(ACTIVE)}  # host: ranks last
    state = start("host")
    while entry(state, HOST, "fourth") is None:
        assert entry(state, HOST, "grand") is None
        seat = mover(state)
        state = turn(state, orders[seat].pop(0), PLAIN if state["phase"] == "roll" else None)
    assert entry(state, HOST, "colors")["turn"] == 9
    # PLAIN: colors 5 + 4 + 3 + 6 = 18, ranks 6 + 5 + 4 + 3 = 18, Bluggard 18
    assert entry(state, HOST, "grand") == {"score": 54, "turn": 17, "circled": True}
    assert entry(state, HOST, "ranks")["turn"] == 17
    assert entry(state, GUEST, "grand") is None
    state = turn(state, "bluggard")
    assert entry(state, GUEST, "grand") == {"score": 54, "turn": 18, "circled": False}


def test_calculated_ties_go_to_the_player_who_wrote_the_total_first():
    # Same dice every roll and the same order of play: every score is equal. The guest fills
    # colors on turn 7 and ranks on turn 15, the host on turns 8 and 16; the host's last turn is
    # 17, the guest's 18.
    state = play_out(start("host"), {0: ACTIVE, 1: ACTIVE}, chosen=PLAIN)
    assert [entry(state, GUEST, c)["turn"] for c in CALCULATED] == [7, 15, 18]
    assert [entry(state, HOST, c)["turn"] for c in CALCULATED] == [8, 16, 17]
    winning = won(state)
    assert (winning["colors"], winning["ranks"], winning["grand"]) == (GUEST, GUEST, HOST)


def test_the_first_player_always_wins_a_tie_in_grand_total():
    state = play_out(start("guest"), {0: ACTIVE[::-1], 1: ACTIVE}, chosen=PLAIN)
    assert entry(state, GUEST, "grand")["turn"] == 17
    assert entry(state, HOST, "grand")["turn"] == 18
    assert entry(state, GUEST, "grand")["score"] == entry(state, HOST, "grand")["score"]
    assert won(state)["grand"] == GUEST


# --- winning the game -----------------------------------------------------------------------


def test_every_one_of_the_12_categories_is_won_by_someone():
    state = play_out(start("host", seed=5), {0: ACTIVE, 1: ACTIVE[::-1]})
    winning = won(state)
    assert sorted(winning) == sorted(ACTIVE + CALCULATED)
    assert None not in winning.values()
    result = game.result(state)
    assert result.scores["0"] + result.scores["1"] == 12
    assert [result.scores["0"], result.scores["1"]] == categories_won(state["sheets"])


def sheets_from(
    scores: list[list[int]], turns: list[list[int]]
) -> list[dict[str, tuple[int, int]]]:
    return [
        dict(zip(ACTIVE + CALCULATED, zip(scores[seat], turns[seat], strict=True), strict=True))
        for seat in (0, 1)
    ]


# Seat 0 took the turns 1 4 5 8 9 12 13 16 17 in sheet order; seat 1 took 2 3 6 7 ...
TURNS_0 = [1, 4, 5, 8, 9, 12, 13, 16, 17, 8, 16, 17]
TURNS_1 = [2, 3, 6, 7, 10, 11, 14, 15, 18, 7, 15, 18]


def test_the_player_who_wins_more_categories_wins():
    #         red blue green yellow 1st 2nd 3rd 4th blug  colors ranks grand
    seat_0 = [9, 9, 5, 8, 12, 9, 6, 3, 28, 31, 30, 89]
    seat_1 = [5, 8, 7, 6, 11, 8, 7, 4, 31, 26, 30, 87]
    # seat 0: red blue yellow 1st 2nd colors grand (7)
    # seat 1: green 3rd 4th Bluggard, and ranks (30 each, written on turn 15 against 16) (5)
    result = game.result(finished(sheets_from([seat_0, seat_1], [TURNS_0, TURNS_1])))
    assert result.winners == [0]
    assert result.scores == {"0": 7, "1": 5}
    assert result.reason == "won 7 categories to 5"


def test_first_tiebreaker_more_calculated_categories():
    #         red blue green yellow 1st 2nd 3rd 4th blug  colors ranks grand
    seat_0 = [9, 9, 2, 8, 12, 9, 8, 2, 20, 28, 31, 79]
    seat_1 = [5, 8, 10, 6, 11, 8, 7, 6, 31, 29, 32, 92]
    # seat 0: red blue yellow 1st 2nd 3rd (6); seat 1: green 4th Bluggard colors ranks grand (6)
    result = game.result(finished(sheets_from([seat_0, seat_1], [TURNS_0, TURNS_1])))
    assert result.scores == {"0": 6, "1": 6}
    assert result.winners == [1]
    assert result.reason == "won on calculated categories, 3 to 0, after 6 categories each"


def test_first_tiebreaker_in_a_played_game():
    # Every score equal (see test_calculated_ties_go_to_the_player_who_wrote_the_total_first):
    # circled categories decide: host red green 1st 3rd Bluggard grand, guest blue yellow 2nd
    # 4th colors ranks: 6 each, and the guest has 2 calculated categories to 1.
    state = play_out(start("host"), {0: ACTIVE, 1: ACTIVE}, chosen=PLAIN)
    result = game.result(state)
    assert result.scores == {"0": 6, "1": 6}
    assert result.winners == [GUEST]
    assert result.reason == "won on calculated categories, 2 to 1, after 6 categories each"
    assert state["log"][-1]["text"] == "{seat1} " + result.reason


def test_second_tiebreaker_higher_grand_total():
    """Unreachable in a played game (3 calculated categories cannot split evenly): decide only."""
    seat, reason = decide([Standing(6, 1, 140, 9), Standing(6, 1, 150, 14)])
    assert seat == 1
    assert (
        reason
        == "won on Grand Total, 150 to 140, after 6 categories and 1 calculated category each"
    )
    assert decide([Standing(6, 1, 151, 9), Standing(6, 1, 150, 14)])[0] == 0


def test_third_tiebreaker_last_to_play_the_bluggard():
    """Unreachable in a played game, like the second: decide only."""
    seat, reason = decide([Standing(6, 1, 150, 9), Standing(6, 1, 150, 14)])
    assert seat == 1
    assert reason == (
        "won by playing the Bluggard last (turn 14 against turn 9), "
        "after 6 categories, 1 calculated category and a Grand Total of 150 each"
    )
    assert decide([Standing(6, 1, 150, 18), Standing(6, 1, 150, 17)])[0] == 0


def test_a_full_tie_is_impossible():
    with pytest.raises(AssertionError):
        decide([Standing(6, 1, 150, 9), Standing(6, 1, 150, 9)])


def test_tiebreakers_are_taken_in_order():
    # more categories beats more calculated, a higher Grand Total and the last Bluggard
    assert decide([Standing(7, 0, 100, 1), Standing(5, 3, 200, 18)])[0] == 0
    # more calculated beats a higher Grand Total and the last Bluggard
    assert decide([Standing(6, 2, 100, 1), Standing(6, 1, 200, 18)])[0] == 0
    # a higher Grand Total beats the last Bluggard
    assert decide([Standing(6, 1, 200, 1), Standing(6, 1, 100, 18)])[0] == 0


# --- illegal actions ------------------------------------------------------------------------


def test_the_wrong_seat_cannot_act():
    state = start("host")
    unchanged_after_refusal(state, GUEST, ROLL)
    state = roll(state, PLAIN)
    unchanged_after_refusal(state, GUEST, {"type": "score", "category": "red"})


def test_a_closed_category_cannot_be_scored_again():
    state = turn(turn(turn(start("host"), "red", PLAIN), "red"), "blue", PLAIN)
    unchanged_after_refusal(state, HOST, {"type": "score", "category": "red"})


def test_rolling_twice_is_refused():
    state = roll(start("host"))
    unchanged_after_refusal(state, HOST, ROLL)
    state = score(state, "red")
    unchanged_after_refusal(state, GUEST, ROLL)  # the guest scores on the same roll first


def test_scoring_before_rolling_is_refused():
    state = start("host")
    unchanged_after_refusal(state, HOST, {"type": "score", "category": "red"})
    state = turn(turn(start("host"), "red", PLAIN), "red")  # roll 2 is due, from the guest
    unchanged_after_refusal(state, GUEST, {"type": "score", "category": "blue"})


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pass"},
        {"type": "score"},
        {"type": "score", "category": "purple"},
        {"type": "score", "category": "colors"},
        {"type": "score", "category": "grand"},
        {"type": "score", "category": "red", "extra": 1},
        {},
    ],
)
def test_unknown_actions_are_refused(action):
    unchanged_after_refusal(roll(start("host")), HOST, action)


def test_nothing_is_legal_once_the_game_is_over():
    state = play_out(start("host"), {0: ACTIVE, 1: ACTIVE})
    unchanged_after_refusal(state, HOST, ROLL)
    unchanged_after_refusal(state, GUEST, ROLL)


# --- determinism, views, prompts, the log ---------------------------------------------------


def random_game(seed: int, choices: int) -> list[dict[str, Any]]:
    """Every state of a game on `seed` whose moves are drawn from Rng(`choices`)."""
    pick = Rng.from_seed(choices)
    states = [game.start(2, {}, seed)]
    while game.result(states[-1]) is None:
        seat = mover(states[-1])
        states.append(game.apply(states[-1], seat, pick.choice(game.legal(states[-1], seat))))
    return states


def test_same_seed_and_actions_give_identical_states():
    first = [json.dumps(state) for state in random_game(seed=42, choices=1)]
    again = [json.dumps(state) for state in random_game(seed=42, choices=1)]
    assert first == again
    other = random_game(seed=43, choices=1)[-1]
    assert other["rolls"] != json.loads(first[-1])["rolls"]


def test_apply_does_not_change_the_state_it_is_given():
    state = roll(start("host"), PLAIN)
    before = json.dumps(state)
    game.apply(state, HOST, {"type": "score", "category": "red"})
    assert json.dumps(state) == before


def keys_of(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {key for value in data.values() for key in keys_of(value)}
    if isinstance(data, list):
        return {key for value in data for key in keys_of(value)}
    return set()


def test_views_never_show_the_generator_or_the_seed():
    seed = 987_654_321_987
    states = [game.start(2, {}, seed)]
    while game.result(states[-1]) is None:
        seat = mover(states[-1])
        states.append(game.apply(states[-1], seat, game.legal(states[-1], seat)[0]))
    for state in states:
        for seat in (0, 1, None):
            text = json.dumps(game.view(state, seat))
            assert "rng" not in keys_of(game.view(state, seat))
            assert state["rng"] not in text
            assert str(seed) not in text


def test_the_view_has_the_documented_keys():
    """Only what a page cannot derive: no totals, offers, winners nor calculated rows (the
    page works them out, page/scoresheet.js)."""
    view = game.view(start("guest"), GUEST)
    assert set(view) == {"active", "prompt", "state", "log"}
    assert view["state"] == {
        "turn": 1,
        "first_player": 1,
        "dice": None,
        "sheets": [{c: None for c in ACTIVE}] * 2,
    }


def test_the_view_during_a_turn():
    state = turn(start("host"), "third", PLAIN)
    view = game.view(state, HOST)
    assert view["active"] == [GUEST]
    assert view["state"]["turn"] == 2
    assert view["state"]["dice"] == PLAIN
    assert view["state"]["sheets"][HOST]["third"] == {"score": 4, "turn": 1, "circled": True}
    assert offers(state, GUEST) == {
        "red": 5, "blue": 4, "green": 3, "yellow": 6,
        "first": 6, "second": 5, "third": 4, "fourth": 3, "bluggard": 18,
    }  # fmt: skip
    state = score(state, "third")
    assert table(state)["dice"] is None  # the next roll is due
    assert roll_of(table(state)["turn"]) == 2 and roller(HOST, 2) == GUEST  # the guest's roll
    state = score(roll(state, PLAIN), "red")
    assert "third" not in offers(state, HOST)  # the host's open categories
    assert "red" in offers(state, HOST)


def test_a_finished_game_shows_its_last_dice_and_no_calculated_rows():
    state = play_out(start("host"), {0: ACTIVE, 1: ACTIVE}, chosen=PLAIN)
    view = table(state, None)
    assert view["dice"] == PLAIN
    assert [set(sheet) for sheet in view["sheets"]] == [set(ACTIVE)] * 2
    assert all(sheet["grand"] is not None for sheet in state["sheets"])  # written in the state


def test_prompts():
    state = start("host")
    assert game.prompt(state, HOST) == "Roll the dice"
    assert game.prompt(state, GUEST) == "Waiting for the other player"
    assert game.prompt(state, None) == "Waiting for a player"
    state = roll(state)
    assert game.prompt(state, HOST) == "Choose a category to score"
    assert game.view(state, GUEST)["prompt"] == "Waiting for the other player"
    state = play_out(state, {0: ACTIVE, 1: ACTIVE})
    assert game.prompt(state, HOST) is None and game.prompt(state, None) is None


def test_log_lines_name_seats_by_token_only():
    state = random_game(seed=9, choices=2)[-1]
    lines = [e["text"] for e in state["log"]]
    assert lines[0] in ("{seat0} goes first", "{seat1} goes first")
    for line in lines:
        assert line.startswith(("{seat0} ", "{seat1} "))
        assert "Player" not in line and "Seat" not in line
        line.format(seat0="Ann", seat1="Bob")  # no other braces
    assert game.view(state, None)["log"] == lines[-40:]


# --- the package ----------------------------------------------------------------------------


def test_the_rules_page_lists_our_decisions():
    page = (Path(__file__).parents[3] / "app" / "games" / "convolution" / "rules.md").read_text()
    assert "## Our decisions where the rulebook is open" in page
