"""The age-7 cards' dogma effects, one test or more per card, named after the card.

Each test builds a position, takes the dogma action and answers the questions asked, then
checks where the cards went: demands (affected or not by the icon count), sharing (with the
demander's bonus draw) and the "if you do" / first-edition branches.
"""

from __future__ import annotations

from tests.games.innovation.helpers import (
    asking,
    board,
    choose,
    dogma,
    done,
    hand,
    idle,
    in_supply,
    no,
    pick,
    position,
    score_pile,
    specials,
    splay_of,
    yes,
)

# --- Evolution ------------------------------------------------------------------------------


def test_evolution_option_a_draws_and_scores_an_8_then_returns_a_score_card():
    state = position(
        boards={0: {"blue": ["Evolution"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Pottery"]},
        supply_top={8: ["Socialism"]},
    )
    state = dogma(state, "Evolution")
    assert asking(state)[0] == 0  # Archery shows 1 lightbulb < 3: player 1 does not share
    state = yes(state)
    assert sorted(score_pile(state, 0)) == ["Pottery", "Socialism"]
    state = choose(state, "card", "Pottery")
    assert score_pile(state, 0) == ["Socialism"]
    assert in_supply(state, "Pottery")
    assert idle(state)


def test_evolution_option_a_may_return_the_8_just_scored():
    state = position(
        boards={0: {"blue": ["Evolution"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Pottery"]},
        supply_top={8: ["Socialism"]},
    )
    state = choose(yes(dogma(state, "Evolution")), "card", "Socialism")
    assert score_pile(state, 0) == ["Pottery"]
    assert in_supply(state, "Socialism")


def test_evolution_option_b_takes_a_card_one_above_the_highest_score_card():
    state = position(
        boards={0: {"blue": ["Evolution"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Coal", "Pottery"]},
        supply_top={6: ["Canning"]},
    )
    state = no(dogma(state, "Evolution"))
    state = yes(state)
    assert hand(state, 0) == ["Canning"]
    assert sorted(score_pile(state, 0)) == ["Coal", "Pottery"]


def test_evolution_declining_both_options_changes_nothing():
    state = position(
        boards={0: {"blue": ["Evolution"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Coal"]},
    )
    state = no(no(dogma(state, "Evolution")))
    assert hand(state, 0) == [] and score_pile(state, 0) == ["Coal"]
    assert idle(state)


def test_evolution_is_shared_and_the_sharer_with_no_score_takes_an_age_1_card():
    state = position(
        boards={0: {"blue": ["Evolution"]}, 1: {"blue": ["Experimentation"]}},
        supply_top={1: ["Tools"], 7: ["Lighting"]},
    )
    state = dogma(state, "Evolution")
    assert asking(state)[0] == 1  # 3 lightbulbs each: player 1 shares, and goes first
    state = yes(no(state))
    assert hand(state, 1) == ["Tools"]
    assert asking(state)[0] == 0
    state = no(no(state))
    assert hand(state, 0) == ["Lighting"]  # the sharing bonus: a draw by the age-7 top card


# --- Publications ---------------------------------------------------------------------------


def test_publications_reorders_a_pile_keeping_its_splay_then_splays_yellow_up():
    state = position(
        boards={
            0: {"blue": ["Publications"], "yellow": ["Canning", "Fermenting", "Agriculture"]},
            1: {"red": ["Archery"]},
        },
        splays={0: {"yellow": "right"}},
    )
    state = dogma(state, "Publications")
    state = choose(state, "color", "yellow")
    state = pick(state, "Agriculture", "Canning")  # the last one is placed automatically
    assert board(state, 0)["yellow"] == ["Agriculture", "Canning", "Fermenting"]
    assert splay_of(state, 0, "yellow") == "right"
    state = choose(state, "color", "yellow")  # blue has one card: only yellow is offered
    assert splay_of(state, 0, "yellow") == "up"
    assert idle(state)


def test_publications_a_two_card_pile_keeps_its_splay_when_reordered():
    state = position(
        boards={0: {"blue": ["Publications", "Writing"]}, 1: {"red": ["Archery"]}},
        splays={0: {"blue": "left"}},
    )
    state = dogma(state, "Publications")
    state = choose(state, "color", "blue")
    state = choose(state, "card", "Writing")
    assert board(state, 0)["blue"] == ["Writing", "Publications"]
    assert splay_of(state, 0, "blue") == "left"
    state = done(state)  # the blue pile may still be splayed up: declined
    assert splay_of(state, 0, "blue") == "left"


def test_publications_keeping_the_same_order_changes_nothing_and_gives_no_bonus():
    state = position(
        boards={0: {"blue": ["Publications"]}, 1: {"blue": ["Writing", "Tools"]}},
        supply_top={7: ["Lighting"]},
    )
    state = dogma(state, "Publications")
    state = choose(state, "color", "blue")
    state = choose(state, "card", "Writing")  # the same order as before
    assert board(state, 1)["blue"] == ["Writing", "Tools"]
    state = done(state)  # no splay
    assert hand(state, 0) == []  # the sharer changed nothing: no bonus draw


def test_publications_a_passing_top_card_does_not_claim_universe():
    # The pile is reordered in one step: Computers (9) is never the blue top, even for a
    # moment, so Universe is not claimed (the final blue top is Publications, a 7).
    state = position(
        boards={
            0: {
                "blue": ["Publications", "Computers", "Tools"],
                "red": ["Flight"],
                "green": ["Corporations"],
                "yellow": ["Antibiotics"],
                "purple": ["Socialism"],
            },
            1: {"red": ["Archery"]},
        },
    )
    state = dogma(state, "Publications")
    state = choose(state, "color", "blue")
    state = choose(choose(state, "card", "Publications"), "card", "Tools")
    assert board(state, 0)["blue"] == ["Publications", "Tools", "Computers"]
    assert specials(state, 0) == []


def test_publications_both_effects_may_be_declined():
    state = position(
        boards={
            0: {"blue": ["Publications", "Writing"], "yellow": ["Canning", "Fermenting"]},
            1: {"red": ["Archery"]},
        },
    )
    state = done(dogma(state, "Publications"))
    state = done(state)
    assert board(state, 0)["yellow"] == ["Canning", "Fermenting"]
    assert board(state, 0)["blue"] == ["Publications", "Writing"]
    assert splay_of(state, 0, "blue") is None and splay_of(state, 0, "yellow") is None


def test_publications_is_shared_and_a_sharer_who_splays_gives_the_bonus():
    state = position(
        boards={
            0: {"blue": ["Publications"]},
            1: {"blue": ["Writing", "Tools"]},
        },
        supply_top={7: ["Lighting"]},
    )
    state = dogma(state, "Publications")
    assert asking(state)[0] == 1  # 2 lightbulbs each
    state = done(state)  # no reordering
    state = choose(state, "color", "blue")
    assert splay_of(state, 1, "blue") == "up"
    # player 0 has no pile of two cards: nothing to ask; the bonus draw follows
    assert hand(state, 0) == ["Lighting"]


# --- Combustion -----------------------------------------------------------------------------

COMBUSTION_ELEVEN_CROWNS = {
    "red": ["Combustion", "Oars"],
    "blue": ["Translation"],
    "green": ["Sailing"],
    "purple": ["Code of Laws"],
    "yellow": ["Canal Building"],
}


def test_combustion_moves_one_score_card_per_four_crowns_then_returns_the_bottom_red():
    state = position(
        boards={0: COMBUSTION_ELEVEN_CROWNS, 1: {"red": ["Archery"]}},
        scores={1: ["Pottery", "Tools", "Calendar"]},
    )
    state = dogma(state, "Combustion")
    assert asking(state)[0] == 1  # 11 crowns: two cards; the affected player picks
    state = pick(state, "Pottery", "Calendar")
    assert score_pile(state, 1) == ["Tools"]
    assert sorted(score_pile(state, 0)) == ["Calendar", "Pottery"]
    assert board(state, 0)["red"] == ["Combustion"]
    assert in_supply(state, "Oars")


def test_combustion_with_fewer_than_four_crowns_takes_nothing_in_the_third_edition():
    state = position(
        boards={0: {"red": ["Combustion", "Oars"]}, 1: {"blue": ["Pottery"]}},
        scores={1: ["Tools", "Calendar"]},
    )
    state = dogma(state, "Combustion")
    assert sorted(score_pile(state, 1)) == ["Calendar", "Tools"]
    assert score_pile(state, 0) == []
    assert board(state, 0)["red"] == ["Combustion"]


def test_combustion_first_edition_takes_exactly_two_cards_and_returns_nothing():
    state = position(
        boards={0: {"red": ["Combustion", "Oars"]}, 1: {"blue": ["Pottery"]}},
        scores={1: ["Tools", "Calendar", "Writing"]},
        edition="first",
    )
    state = dogma(state, "Combustion")
    state = pick(state, "Tools", "Writing")
    assert sorted(score_pile(state, 0)) == ["Tools", "Writing"]
    assert score_pile(state, 1) == ["Calendar"]
    assert board(state, 0)["red"] == ["Combustion", "Oars"]


def test_combustion_an_opponent_with_as_many_crowns_is_not_affected_but_shares_the_return():
    state = position(
        boards={0: {"red": ["Combustion", "Oars"]}, 1: {"red": ["Optics", "Metalworking"]}},
        scores={1: ["Tools", "Calendar"]},
        supply_top={7: ["Lighting"]},
    )
    state = dogma(state, "Combustion")
    assert sorted(score_pile(state, 1)) == ["Calendar", "Tools"]
    assert board(state, 1)["red"] == ["Optics"] and in_supply(state, "Metalworking")
    assert board(state, 0)["red"] == ["Combustion"] and in_supply(state, "Oars")
    assert hand(state, 0) == ["Lighting"]


# --- Explosives -----------------------------------------------------------------------------


def test_explosives_gives_the_three_highest_cards_the_affected_player_breaking_ties():
    state = position(
        boards={0: {"red": ["Explosives"]}, 1: {"green": ["Sailing"]}},
        hands={1: ["Canning", "Coal", "Chemistry", "Physics", "Pottery"]},
    )
    state = dogma(state, "Explosives")
    assert asking(state)[0] == 1
    state = pick(state, "Coal", "Physics")
    assert sorted(hand(state, 0)) == ["Canning", "Coal", "Physics"]
    assert sorted(hand(state, 1)) == ["Chemistry", "Pottery"]  # not empty: no draw


def test_explosives_an_emptied_hand_takes_an_age_7_card():
    state = position(
        boards={0: {"red": ["Explosives"]}, 1: {"green": ["Sailing"]}},
        hands={1: ["Coal", "Pottery"]},
        supply_top={7: ["Bicycle"]},
    )
    state = dogma(state, "Explosives")
    assert sorted(hand(state, 0)) == ["Coal", "Pottery"]
    assert hand(state, 1) == ["Bicycle"]


def test_explosives_an_empty_hand_moves_nothing_and_draws_nothing():
    state = position(
        boards={0: {"red": ["Explosives"]}, 1: {"green": ["Sailing"]}},
        supply_top={7: ["Bicycle"]},
    )
    state = dogma(state, "Explosives")
    assert hand(state, 1) == [] and hand(state, 0) == []


def test_explosives_does_not_affect_an_opponent_with_as_many_factories():
    state = position(
        boards={0: {"red": ["Explosives"]}, 1: {"blue": ["Chemistry"], "yellow": ["Canning"]}},
        hands={1: ["Coal", "Pottery"]},
    )
    state = dogma(state, "Explosives")
    assert sorted(hand(state, 1)) == ["Coal", "Pottery"] and hand(state, 0) == []


# --- Bicycle --------------------------------------------------------------------------------


def test_bicycle_swaps_the_whole_hand_with_the_whole_score_pile():
    state = position(
        boards={0: {"green": ["Bicycle"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery"]},
        scores={0: ["Coal", "Canning"]},
    )
    state = yes(dogma(state, "Bicycle"))
    assert sorted(hand(state, 0)) == ["Canning", "Coal"]
    assert score_pile(state, 0) == ["Pottery"]


def test_bicycle_declined_changes_nothing():
    state = position(
        boards={0: {"green": ["Bicycle"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery"]},
        scores={0: ["Coal", "Canning"]},
    )
    state = no(dogma(state, "Bicycle"))
    assert hand(state, 0) == ["Pottery"]
    assert sorted(score_pile(state, 0)) == ["Canning", "Coal"]


def test_bicycle_is_shared_and_swapping_with_an_empty_score_pile_counts():
    state = position(
        boards={0: {"green": ["Bicycle"]}, 1: {"green": ["Sailing"]}},
        hands={1: ["Tools"]},
        supply_top={7: ["Lighting"]},
    )
    state = dogma(state, "Bicycle")
    assert asking(state)[0] == 1
    state = yes(state)
    assert hand(state, 1) == [] and score_pile(state, 1) == ["Tools"]
    # player 0 has neither hand nor score: no question; the bonus draw follows
    assert hand(state, 0) == ["Lighting"]


# --- Electricity ----------------------------------------------------------------------------


def test_electricity_returns_top_cards_without_a_factory_and_draws_an_8_for_each():
    state = position(
        boards={
            0: {
                "green": ["Electricity"],
                "blue": ["Pottery"],
                "red": ["Coal"],
                "yellow": ["Agriculture", "Fermenting"],
            },
            1: {"blue": ["Tools"]},
        },
        supply_top={8: ["Socialism", "Flight"]},
    )
    state = dogma(state, "Electricity")
    assert asking(state)[0] == 0  # two age-1 cards go back together: their owner orders them
    state = choose(state, "card", "Agriculture")
    assert state["supply"]["1"][-2:] == ["Agriculture", "Pottery"]  # in the order picked
    assert board(state, 0)["yellow"] == ["Fermenting"]  # uncovered, not returned in turn
    assert board(state, 0)["red"] == ["Coal"] and board(state, 0)["green"] == ["Electricity"]
    assert sorted(hand(state, 0)) == ["Flight", "Socialism"]


def test_electricity_is_shared_by_an_opponent_with_as_many_factories():
    state = position(
        boards={
            0: {"green": ["Electricity"]},
            1: {"red": ["Industrialization"], "blue": ["Tools"]},
        },
        supply_top={8: ["Socialism"], 7: ["Lighting"]},
    )
    state = dogma(state, "Electricity")
    assert in_supply(state, "Tools") and hand(state, 1) == ["Socialism"]
    assert board(state, 0) == {"green": ["Electricity"]}
    assert hand(state, 0) == ["Lighting"]  # the sharing bonus


# --- Refrigeration --------------------------------------------------------------------------


def test_refrigeration_affected_player_returns_half_the_hand_then_the_demander_may_score():
    state = position(
        boards={0: {"yellow": ["Refrigeration"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Coal"], 1: ["Pottery", "Tools", "Writing", "Calendar", "Mathematics"]},
    )
    state = dogma(state, "Refrigeration")
    assert asking(state)[0] == 1
    state = pick(state, "Tools", "Calendar")
    assert sorted(hand(state, 1)) == ["Mathematics", "Pottery", "Writing"]
    assert in_supply(state, "Tools") and in_supply(state, "Calendar")
    assert asking(state)[0] == 0
    state = choose(state, "card", "Coal")
    assert score_pile(state, 0) == ["Coal"] and hand(state, 0) == []


def test_refrigeration_one_card_in_hand_returns_nothing_and_scoring_may_be_declined():
    state = position(
        boards={0: {"yellow": ["Refrigeration"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Coal"], 1: ["Pottery"]},
    )
    state = dogma(state, "Refrigeration")
    assert hand(state, 1) == ["Pottery"]
    state = done(state)
    assert hand(state, 0) == ["Coal"] and score_pile(state, 0) == []


def test_refrigeration_an_opponent_with_as_many_leaves_is_spared_and_shares_the_score():
    state = position(
        boards={0: {"yellow": ["Refrigeration"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: ["Coal"], 1: ["Pottery", "Tools"]},
        supply_top={7: ["Lighting"]},
    )
    state = dogma(state, "Refrigeration")
    assert asking(state)[0] == 1  # no demand; the score question
    state = choose(state, "card", "Tools")
    assert hand(state, 1) == ["Pottery"] and score_pile(state, 1) == ["Tools"]
    state = done(state)
    assert sorted(hand(state, 0)) == ["Coal", "Lighting"]


# --- Sanitation -----------------------------------------------------------------------------


def test_sanitation_exchanges_the_two_highest_for_the_demanders_lowest():
    state = position(
        boards={0: {"yellow": ["Sanitation"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery", "Tools", "Canning"], 1: ["Coal", "Chemistry", "Physics", "Calendar"]},
    )
    state = dogma(state, "Sanitation")
    assert asking(state)[0] == 1  # three age-5 cards tied for the two places
    state = pick(state, "Coal", "Physics")
    assert asking(state)[0] == 0  # the demander picks among the tied lowest
    state = choose(state, "card", "Tools")
    assert sorted(hand(state, 0)) == ["Canning", "Coal", "Physics", "Pottery"]
    assert sorted(hand(state, 1)) == ["Calendar", "Chemistry", "Tools"]


def test_sanitation_with_an_empty_hand_still_takes_the_demanders_lowest():
    state = position(
        boards={0: {"yellow": ["Sanitation"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Canning", "Pottery"]},
    )
    state = dogma(state, "Sanitation")
    assert hand(state, 0) == ["Canning"] and hand(state, 1) == ["Pottery"]


def test_sanitation_the_lowest_is_picked_before_the_two_cards_arrive():
    state = position(
        boards={0: {"yellow": ["Sanitation"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Canning"], 1: ["Pottery", "Tools"]},
    )
    state = dogma(state, "Sanitation")
    assert sorted(hand(state, 0)) == ["Pottery", "Tools"]
    assert hand(state, 1) == ["Canning"]


def test_sanitation_does_not_affect_an_opponent_with_as_many_leaves():
    state = position(
        boards={0: {"yellow": ["Sanitation"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: ["Pottery"], 1: ["Coal"]},
    )
    state = dogma(state, "Sanitation")
    assert hand(state, 0) == ["Pottery"] and hand(state, 1) == ["Coal"]


# --- Lighting -------------------------------------------------------------------------------


def test_lighting_tucks_up_to_three_and_scores_a_7_per_distinct_value():
    state = position(
        boards={0: {"purple": ["Lighting"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery", "Tools", "Coal", "Canning"]},
        supply_top={7: ["Bicycle", "Railroad"]},
    )
    state = dogma(state, "Lighting")
    state = pick(state, "Pottery", "Tools", "Coal")  # the third pick ends the choice
    assert board(state, 0)["blue"] == ["Pottery", "Tools"]
    assert board(state, 0)["red"] == ["Coal"]
    assert hand(state, 0) == ["Canning"]
    assert sorted(score_pile(state, 0)) == ["Bicycle", "Railroad"]  # values 1 and 5


def test_lighting_tucking_nothing_scores_nothing():
    state = position(
        boards={0: {"purple": ["Lighting"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Pottery"]},
    )
    state = done(dogma(state, "Lighting"))
    assert hand(state, 0) == ["Pottery"] and score_pile(state, 0) == []


def test_lighting_is_shared_by_an_opponent_with_as_many_leaves():
    state = position(
        boards={0: {"purple": ["Lighting"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: ["Pottery"], 1: ["Coal"]},
        supply_top={7: ["Bicycle", "Railroad"]},
    )
    state = dogma(state, "Lighting")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Coal")  # the last card picked ends the choice
    assert board(state, 1)["red"] == ["Coal"] and score_pile(state, 1) == ["Bicycle"]
    state = done(state)
    assert sorted(hand(state, 0)) == ["Pottery", "Railroad"]  # the sharing bonus


# --- Railroad -------------------------------------------------------------------------------


def test_railroad_returns_the_hand_draws_three_6s_then_turns_a_right_splay_up():
    state = position(
        boards={
            0: {"purple": ["Railroad"], "green": ["Sailing", "Clothing"]},
            1: {"red": ["Archery"]},
        },
        splays={0: {"green": "right"}},
        hands={0: ["Pottery", "Tools", "Coal"]},
        supply_top={6: ["Canning", "Vaccination", "Democracy"]},
    )
    state = dogma(state, "Railroad")
    state = choose(state, "card", "Tools")  # the two age-1 cards: their order
    assert in_supply(state, "Pottery") and in_supply(state, "Coal")
    assert sorted(hand(state, 0)) == ["Canning", "Democracy", "Vaccination"]
    state = choose(state, "color", "green")
    assert splay_of(state, 0, "green") == "up"


def test_railroad_the_splay_change_may_be_declined():
    state = position(
        boards={
            0: {"purple": ["Railroad"], "green": ["Sailing", "Clothing"]},
            1: {"red": ["Archery"]},
        },
        splays={0: {"green": "right"}},
    )
    state = done(dogma(state, "Railroad"))
    assert splay_of(state, 0, "green") == "right"
    assert len(hand(state, 0)) == 3


def test_railroad_is_shared_by_an_opponent_with_as_many_clocks():
    state = position(
        boards={0: {"purple": ["Railroad"]}, 1: {"blue": ["Quantum Theory"]}},
        hands={1: ["Pottery"]},
        supply_top={6: ["Canning", "Vaccination", "Democracy", "Encyclopedia"]},
    )
    state = dogma(state, "Railroad")
    assert in_supply(state, "Pottery")
    assert sorted(hand(state, 1)) == ["Canning", "Democracy", "Vaccination"]
    assert "Encyclopedia" in hand(state, 0) and len(hand(state, 0)) == 4  # 3 + the bonus
