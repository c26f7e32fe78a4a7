"""The age-8 cards' dogma effects, one test or more per card, named after the card.

Each test builds a position, takes the dogma action and answers the questions asked, then
checks where the cards went: demands (affected or not by the icon count), sharing (with the
demander's bonus draw) and the "if you do" / win branches.
"""

from __future__ import annotations

from tests.games.innovation.helpers import (
    asking,
    board,
    choose,
    dogma,
    done,
    game,
    hand,
    idle,
    in_supply,
    log_lines,
    no,
    pick,
    position,
    score_pile,
    splay_of,
    yes,
)

# --- Quantum Theory -------------------------------------------------------------------------


def test_quantum_theory_returning_two_cards_takes_a_10_and_scores_a_10():
    state = position(
        boards={0: {"blue": ["Quantum Theory"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery", "Coal", "Canning"]},
        supply_top={10: ["Software", "Robotics"]},
    )
    state = dogma(state, "Quantum Theory")
    state = pick(state, "Pottery", "Coal")  # two is the most: no "done" needed
    assert in_supply(state, "Pottery") and in_supply(state, "Coal")
    assert sorted(hand(state, 0)) == ["Canning", "Software"]
    assert score_pile(state, 0) == ["Robotics"]


def test_quantum_theory_returning_one_card_gives_nothing():
    state = position(
        boards={0: {"blue": ["Quantum Theory"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery", "Coal"]},
    )
    state = done(pick(dogma(state, "Quantum Theory"), "Pottery"))
    assert in_supply(state, "Pottery")
    assert hand(state, 0) == ["Coal"] and score_pile(state, 0) == []


def test_quantum_theory_is_shared_by_an_opponent_with_as_many_clocks():
    state = position(
        boards={0: {"blue": ["Quantum Theory"]}, 1: {"blue": ["Rocketry"]}},
        hands={0: ["Coal"], 1: ["Tools"]},
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Quantum Theory")
    assert asking(state)[0] == 1
    state = pick(state, "Tools")  # the last card picked ends the choice
    assert in_supply(state, "Tools") and hand(state, 1) == []
    state = done(state)  # player 0 returns nothing
    assert sorted(hand(state, 0)) == ["Coal", "Socialism"]  # the sharing bonus


# --- Rocketry -------------------------------------------------------------------------------


def test_rocketry_returns_a_score_card_of_an_opponent_per_two_clocks():
    state = position(
        players=3,
        boards={
            0: {"blue": ["Rocketry"], "purple": ["Railroad"]},  # 5 clocks: two cards
            1: {"red": ["Archery"]},
            2: {"green": ["Sailing"]},
        },
        scores={1: ["Pottery", "Coal"], 2: ["Tools"]},
    )
    state = dogma(state, "Rocketry")
    state = choose(state, "player", 1)
    state = choose(state, "age", 5)
    assert in_supply(state, "Coal")
    state = choose(state, "player", 2)  # Tools is that pile's only value: no question
    assert in_supply(state, "Tools")
    assert score_pile(state, 1) == ["Pottery"] and score_pile(state, 2) == []
    assert idle(state)


def test_rocketry_with_three_clocks_returns_one_card():
    state = position(
        boards={0: {"blue": ["Rocketry"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Pottery", "Coal"]},
    )
    state = dogma(state, "Rocketry")
    state = choose(state, "age", 1)  # the only opponent with a score: no player question
    assert score_pile(state, 1) == ["Coal"] and in_supply(state, "Pottery")
    assert idle(state)


def test_rocketry_is_shared_and_the_sharer_returns_the_demanders_score_card():
    state = position(
        boards={0: {"blue": ["Rocketry"]}, 1: {"blue": ["Quantum Theory"]}},
        scores={0: ["Pottery"]},
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Rocketry")
    assert in_supply(state, "Pottery") and score_pile(state, 0) == []
    assert hand(state, 0) == ["Socialism"]  # the sharing bonus


# --- Flight ---------------------------------------------------------------------------------


def test_flight_with_red_splayed_up_may_splay_any_color_up():
    state = position(
        boards={
            0: {"red": ["Flight", "Oars"], "blue": ["Writing", "Tools"]},
            1: {"red": ["Archery"]},
        },
        splays={0: {"red": "up"}},
    )
    state = dogma(state, "Flight")
    state = choose(state, "color", "blue")
    assert splay_of(state, 0, "blue") == "up"
    assert idle(state)  # red is already up: the second effect has nothing to offer


def test_flight_without_red_splayed_up_only_offers_the_red_splay():
    state = position(
        boards={
            0: {"red": ["Flight", "Oars"], "blue": ["Writing", "Tools"]},
            1: {"red": ["Archery"]},
        },
    )
    state = dogma(state, "Flight")
    _, options = asking(state)
    assert [option["color"] for option in options if option["type"] == "color"] == ["red"]
    state = choose(state, "color", "red")
    assert splay_of(state, 0, "red") == "up" and splay_of(state, 0, "blue") is None
    assert idle(state)


def test_flight_the_splays_may_be_declined_and_are_shared():
    state = position(
        boards={
            0: {"red": ["Flight", "Oars"]},
            1: {"green": ["Sailing"], "red": ["Coal", "Archery"]},
        },
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Flight")
    assert asking(state)[0] == 1  # two crowns each
    state = choose(state, "color", "red")
    assert splay_of(state, 1, "red") == "up"
    state = done(state)
    assert splay_of(state, 0, "red") is None
    assert hand(state, 0) == ["Socialism"]  # the sharing bonus


# --- Mobility -------------------------------------------------------------------------------


def test_mobility_moves_the_two_highest_non_red_top_cards_without_a_factory():
    state = position(
        boards={
            0: {"red": ["Mobility"]},
            1: {
                "red": ["Archery"],
                "blue": ["Calendar"],
                "green": ["Currency"],
                "purple": ["Monotheism"],
                "yellow": ["Agriculture"],
            },
        },
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Mobility")
    assert asking(state)[0] == 1  # three age-2 cards tied for two places
    state = pick(state, "Calendar", "Monotheism")
    assert sorted(score_pile(state, 0)) == ["Calendar", "Monotheism"]
    assert set(board(state, 1)) == {"red", "green", "yellow"}
    assert hand(state, 1) == ["Socialism"]


def test_mobility_skips_red_and_factory_cards_and_moves_fewer_if_unavailable():
    state = position(
        boards={
            0: {"red": ["Mobility"]},
            1: {"red": ["Archery"], "blue": ["Physics"], "green": ["Sailing"]},
        },
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Mobility")
    assert score_pile(state, 0) == ["Sailing"]
    assert board(state, 1)["red"] == ["Archery"] and board(state, 1)["blue"] == ["Physics"]
    assert hand(state, 1) == ["Socialism"]


def test_mobility_with_nothing_to_move_draws_nothing():
    state = position(
        boards={0: {"red": ["Mobility"]}, 1: {"red": ["Archery"], "blue": ["Physics"]}},
    )
    state = dogma(state, "Mobility")
    assert score_pile(state, 0) == [] and hand(state, 1) == []


def test_mobility_does_not_affect_an_opponent_with_as_many_factories():
    state = position(
        boards={0: {"red": ["Mobility"]}, 1: {"red": ["Coal"], "green": ["Sailing"]}},
    )
    state = dogma(state, "Mobility")
    assert board(state, 1)["green"] == ["Sailing"] and score_pile(state, 0) == []


# --- Corporations ---------------------------------------------------------------------------


def test_corporations_demand_moves_a_factory_card_and_the_affected_player_melds_an_8():
    state = position(
        boards={
            0: {"green": ["Corporations"], "yellow": ["Steam Engine"]},
            1: {"blue": ["Physics"], "purple": ["Emancipation"]},
        },
        supply_top={8: ["Socialism", "Flight"]},
    )
    state = dogma(state, "Corporations")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Emancipation")
    assert score_pile(state, 0) == ["Emancipation"]
    assert board(state, 1)["purple"] == ["Socialism"]  # drawn and melded
    assert board(state, 0)["red"] == ["Flight"]  # the second effect: the demander's 8


def test_corporations_green_cards_are_safe_and_nothing_moved_means_no_meld():
    state = position(
        boards={
            0: {"green": ["Corporations"], "yellow": ["Steam Engine"]},
            1: {"green": ["Invention"], "red": ["Archery"]},
        },
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Corporations")
    assert board(state, 1) == {"green": ["Invention"], "red": ["Archery"]}
    assert score_pile(state, 0) == []
    assert board(state, 0)["purple"] == ["Socialism"]


def test_corporations_is_shared_by_an_opponent_with_as_many_factories():
    state = position(
        boards={0: {"green": ["Corporations"]}, 1: {"red": ["Coal"], "blue": ["Physics"]}},
        supply_top={8: ["Socialism", "Flight", "Skyscrapers"]},
    )
    state = dogma(state, "Corporations")
    assert board(state, 1)["blue"] == ["Physics"]  # not affected by the demand
    assert board(state, 1)["purple"] == ["Socialism"]
    assert board(state, 0)["red"] == ["Flight"]
    assert hand(state, 0) == ["Skyscrapers"]  # the sharing bonus


# --- Mass Media -----------------------------------------------------------------------------


def test_mass_media_returns_every_score_card_of_the_named_value_then_splays_purple_up():
    state = position(
        boards={0: {"green": ["Mass Media"], "purple": ["Democracy", "Reformation"]}},
        hands={0: ["Pottery"]},
        scores={0: ["Coal", "Canning"], 1: ["Chemistry", "Physics", "Tools"]},
    )
    state = dogma(state, "Mass Media")
    state = choose(state, "card", "Pottery")
    assert in_supply(state, "Pottery")
    state = choose(state, "age", 5)
    assert "{seat0} names the value 5" in log_lines(state)
    assert score_pile(state, 0) == ["Canning"] and score_pile(state, 1) == ["Tools"]
    assert all(in_supply(state, card) for card in ("Coal", "Chemistry", "Physics"))
    state = choose(state, "color", "purple")
    assert splay_of(state, 0, "purple") == "up"


def test_mass_media_declining_the_return_names_no_value():
    state = position(
        boards={0: {"green": ["Mass Media"], "purple": ["Democracy", "Reformation"]}},
        hands={0: ["Pottery"]},
        scores={1: ["Chemistry"]},
    )
    state = done(dogma(state, "Mass Media"))
    assert hand(state, 0) == ["Pottery"] and score_pile(state, 1) == ["Chemistry"]
    state = done(state)
    assert splay_of(state, 0, "purple") is None
    assert idle(state)


def test_mass_media_is_shared_and_the_sharer_may_return_the_demanders_score_cards():
    state = position(
        boards={0: {"green": ["Mass Media"]}, 1: {"blue": ["Experimentation"]}},
        hands={1: ["Tools"]},
        scores={0: ["Pottery", "Coal"]},
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Mass Media")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Tools")  # an optional choice asks even with one card
    state = choose(state, "age", 1)
    assert in_supply(state, "Tools")
    assert score_pile(state, 0) == ["Coal"] and in_supply(state, "Pottery")
    assert hand(state, 0) == ["Socialism"]  # the sharing bonus


# --- Antibiotics ----------------------------------------------------------------------------


def test_antibiotics_takes_two_8s_per_distinct_value_returned():
    state = position(
        boards={0: {"yellow": ["Antibiotics"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery", "Tools", "Coal", "Canning"]},
        supply_top={8: ["Socialism", "Flight", "Skyscrapers", "Mobility", "Rocketry"]},
    )
    state = dogma(state, "Antibiotics")
    state = pick(state, "Pottery", "Tools", "Coal")
    assert all(in_supply(state, card) for card in ("Pottery", "Tools", "Coal"))
    assert sorted(hand(state, 0)) == ["Canning", "Flight", "Mobility", "Skyscrapers", "Socialism"]


def test_antibiotics_returning_nothing_takes_nothing():
    state = position(
        boards={0: {"yellow": ["Antibiotics"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery"]},
    )
    state = done(dogma(state, "Antibiotics"))
    assert hand(state, 0) == ["Pottery"]


def test_antibiotics_is_shared_by_an_opponent_with_as_many_leaves():
    state = position(
        boards={0: {"yellow": ["Antibiotics"]}, 1: {"yellow": ["Agriculture"]}},
        hands={1: ["Tools"]},
        supply_top={8: ["Socialism", "Flight", "Skyscrapers"]},
    )
    state = dogma(state, "Antibiotics")
    assert asking(state)[0] == 1
    state = pick(state, "Tools")  # the last card picked ends the choice
    assert sorted(hand(state, 1)) == ["Flight", "Socialism"]
    assert hand(state, 0) == ["Skyscrapers"]  # nothing to return; then the sharing bonus


# --- Skyscrapers ----------------------------------------------------------------------------


def test_skyscrapers_moves_a_clock_card_scores_the_next_and_returns_the_rest():
    state = position(
        boards={
            0: {"yellow": ["Skyscrapers"]},
            1: {"blue": ["Publications", "Writing", "Calendar", "Tools"]},
        },
    )
    state = dogma(state, "Skyscrapers")
    assert board(state, 0)["blue"] == ["Publications"]
    assert score_pile(state, 1) == ["Writing"]
    assert in_supply(state, "Calendar") and in_supply(state, "Tools")
    assert "blue" not in board(state, 1)


def test_skyscrapers_the_affected_player_picks_the_card_and_orders_same_age_returns():
    state = position(
        boards={
            0: {"yellow": ["Skyscrapers"]},
            1: {"blue": ["Publications", "Writing", "Pottery", "Tools"], "purple": ["Lighting"]},
        },
    )
    state = dogma(state, "Skyscrapers")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Publications")
    state = choose(state, "card", "Tools")  # Pottery and Tools go back to the same pile
    assert state["supply"]["1"][-2:] == ["Tools", "Pottery"]
    assert board(state, 0)["blue"] == ["Publications"]
    assert score_pile(state, 1) == ["Writing"]
    assert in_supply(state, "Pottery") and in_supply(state, "Tools")
    assert board(state, 1) == {"purple": ["Lighting"]}


def test_skyscrapers_a_single_card_pile_just_moves():
    state = position(
        boards={0: {"yellow": ["Skyscrapers"]}, 1: {"purple": ["Lighting"]}},
    )
    state = dogma(state, "Skyscrapers")
    assert board(state, 0)["purple"] == ["Lighting"]
    assert board(state, 1) == {} and score_pile(state, 1) == []


def test_skyscrapers_does_not_affect_an_opponent_with_as_many_crowns():
    state = position(
        boards={0: {"yellow": ["Skyscrapers"]}, 1: {"green": ["Sailing"], "purple": ["Lighting"]}},
    )
    state = dogma(state, "Skyscrapers")
    assert board(state, 1)["purple"] == ["Lighting"] and "purple" not in board(state, 0)


# --- Empiricism -----------------------------------------------------------------------------

TWENTY_ONE_LIGHTBULBS = {
    "blue": ["Atomic Theory", "Experimentation", "Evolution", "Tools"],
    "purple": ["Empiricism", "Philosophy", "Education"],
    "green": ["Classification"],
}


def test_empiricism_a_9_of_a_named_color_is_melded_and_its_pile_may_splay_up():
    state = position(
        boards={0: {"purple": ["Empiricism"], "blue": ["Writing"]}, 1: {"red": ["Archery"]}},
        supply_top={9: ["Computers"]},
    )
    state = dogma(state, "Empiricism")
    state = choose(state, "color", "blue")
    state = choose(state, "color", "red")
    assert "{seat0} names blue and red" in log_lines(state)
    assert "Computers is revealed" in log_lines(state)
    assert board(state, 0)["blue"] == ["Computers", "Writing"]
    state = choose(state, "color", "blue")
    assert splay_of(state, 0, "blue") == "up"
    assert game.result(state) is None and idle(state)


def test_empiricism_a_9_of_another_color_stays_in_hand():
    state = position(
        boards={0: {"purple": ["Empiricism"], "blue": ["Writing"]}, 1: {"red": ["Archery"]}},
        supply_top={9: ["Computers"]},
    )
    state = dogma(state, "Empiricism")
    state = choose(choose(state, "color", "green"), "color", "yellow")
    assert hand(state, 0) == ["Computers"] and board(state, 0)["blue"] == ["Writing"]


def test_empiricism_twenty_visible_lightbulbs_win():
    state = position(
        boards={0: TWENTY_ONE_LIGHTBULBS, 1: {"red": ["Archery"]}},
        splays={0: {"blue": "up", "purple": "up"}},
        supply_top={9: ["Computers"]},
    )
    state = dogma(state, "Empiricism")
    state = choose(choose(state, "color", "red"), "color", "green")
    result = game.result(state)
    assert result is not None and list(result.winners) == [0]


def test_empiricism_nineteen_lightbulbs_do_not_win():
    boards = {color: list(pile) for color, pile in TWENTY_ONE_LIGHTBULBS.items()}
    del boards["green"]  # 18 left
    state = position(
        boards={0: boards, 1: {"red": ["Archery"]}},
        splays={0: {"blue": "up", "purple": "up"}},
        supply_top={9: ["Computers"]},
    )
    state = dogma(state, "Empiricism")
    state = choose(choose(state, "color", "red"), "color", "green")
    assert game.result(state) is None
    assert hand(state, 0) == ["Computers"]


def test_empiricism_is_shared_by_an_opponent_with_as_many_lightbulbs():
    state = position(
        boards={0: {"purple": ["Empiricism"]}, 1: {"blue": ["Experimentation"]}},
        supply_top={9: ["Computers", "Genetics"], 8: ["Socialism"]},
    )
    state = dogma(state, "Empiricism")
    assert asking(state)[0] == 1
    state = choose(choose(state, "color", "blue"), "color", "red")
    assert board(state, 1)["blue"] == ["Computers", "Experimentation"]
    state = done(state)  # no splay
    assert splay_of(state, 1, "blue") is None
    state = choose(choose(state, "color", "green"), "color", "yellow")
    assert sorted(hand(state, 0)) == ["Genetics", "Socialism"]  # kept, then the bonus


# --- Socialism ------------------------------------------------------------------------------


def test_socialism_tucking_a_purple_card_takes_every_other_hands_lowest_cards():
    state = position(
        players=3,
        boards={0: {"purple": ["Socialism"]}, 1: {"red": ["Archery"]}, 2: {"red": ["Oars"]}},
        hands={
            0: ["Monotheism", "Pottery", "Tools"],
            1: ["Agriculture", "Mysticism", "Coal"],
            2: ["Calendar", "Canning"],
        },
    )
    state = yes(dogma(state, "Socialism"))
    state = choose(state, "card", "Tools")  # the two blue cards: Tools is tucked first
    assert board(state, 0)["blue"] == ["Tools", "Pottery"]
    assert board(state, 0)["purple"] == ["Socialism", "Monotheism"]
    assert sorted(hand(state, 0)) == ["Agriculture", "Calendar", "Mysticism"]
    assert hand(state, 1) == ["Coal"] and hand(state, 2) == ["Canning"]


def test_socialism_without_a_purple_card_takes_nothing():
    state = position(
        boards={0: {"purple": ["Socialism"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery"], 1: ["Agriculture"]},
    )
    state = yes(dogma(state, "Socialism"))
    assert board(state, 0)["blue"] == ["Pottery"]
    assert hand(state, 0) == [] and hand(state, 1) == ["Agriculture"]


def test_socialism_declined_tucks_nothing():
    state = position(
        boards={0: {"purple": ["Socialism"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Monotheism"], 1: ["Agriculture"]},
    )
    state = no(dogma(state, "Socialism"))
    assert hand(state, 0) == ["Monotheism"] and hand(state, 1) == ["Agriculture"]


def test_socialism_is_shared_and_the_sharer_takes_from_the_demander():
    state = position(
        boards={0: {"purple": ["Socialism"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: ["Coal", "Pottery"], 1: ["Mysticism"]},
        supply_top={8: ["Flight"]},
    )
    state = dogma(state, "Socialism")
    assert asking(state)[0] == 1
    state = yes(state)
    assert board(state, 1)["purple"] == ["Mysticism"] and hand(state, 1) == ["Pottery"]
    state = yes(state)
    assert board(state, 0)["red"] == ["Coal"]
    assert hand(state, 0) == ["Flight"]  # no purple tucked: nothing taken; then the bonus


def test_empiricism_a_sharing_opponent_with_twenty_lightbulbs_wins_first():
    twenty = {
        "blue": ["Atomic Theory", "Experimentation", "Evolution", "Tools"],
        "purple": ["Democracy", "Philosophy", "Education"],
        "green": ["Classification"],
    }
    state = position(
        boards={0: {"purple": ["Empiricism"]}, 1: twenty},
        splays={1: {"blue": "up", "purple": "up"}},
        supply_top={9: ["Computers", "Genetics"]},
    )
    state = dogma(state, "Empiricism")
    assert asking(state)[0] == 1
    state = choose(choose(state, "color", "red"), "color", "green")  # player 1 keeps Computers
    state = choose(choose(state, "color", "red"), "color", "green")  # player 0 keeps Genetics
    result = game.result(state)
    assert result is not None and list(result.winners) == [1]
