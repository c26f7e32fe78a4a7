"""The age-2 cards: each effect on a small position, its demand (who is affected by the icon
count), its sharing (and the sharing bonus draw), its "if you do" branches and its first-edition
branch where it has one.

Seat 0 takes the dogma action in every test. The cards each player draws are fixed with
`supply_top`; the sharing bonus draw (by the demander's highest top card) is part of what is
checked.
"""

from __future__ import annotations

from tests.games.innovation.helpers import (
    achievements,
    asking,
    board,
    choose,
    dogma,
    done,
    finish,
    hand,
    in_supply,
    offers,
    position,
    score_pile,
    seat_asked,
    specials,
    splays,
    take,
    yes,
)

# --- Calendar ---------------------------------------------------------------------------------


def test_calendar_draws_two_3s_when_the_score_pile_has_more_cards_than_the_hand():
    state = position(
        boards={0: {"blue": ["Calendar"]}, 1: {"red": ["Oars"]}},
        hands={0: ["Pottery"]},
        scores={0: ["Sailing", "Writing"]},
        supply_top={3: ["Alchemy", "Compass"]},
    )
    state = dogma(state, "Calendar")
    assert sorted(hand(state, 0)) == ["Alchemy", "Compass", "Pottery"]


def test_calendar_draws_nothing_when_the_counts_are_equal():
    state = position(
        boards={0: {"blue": ["Calendar"]}, 1: {"red": ["Oars"]}},
        hands={0: ["Pottery"]},
        scores={0: ["Engineering"]},  # one card worth 3 against one card worth 1: counts matter
        supply_top={3: ["Alchemy"]},
    )
    state = dogma(state, "Calendar")
    assert hand(state, 0) == ["Pottery"]
    assert in_supply(state, "Alchemy")


def test_calendar_is_shared_by_a_player_with_as_many_leaves():
    state = position(
        boards={0: {"blue": ["Calendar"]}, 1: {"yellow": ["Agriculture"]}},  # 2 leaves vs 3
        scores={1: ["Writing"]},
        supply_top={3: ["Alchemy", "Compass"], 2: ["Mathematics"]},
    )
    state = dogma(state, "Calendar")
    assert sorted(hand(state, 1)) == ["Alchemy", "Compass"]
    assert hand(state, 0) == ["Mathematics"]  # no draw of its own, then the sharing bonus


# --- Mathematics ------------------------------------------------------------------------------


def test_mathematics_returns_a_card_and_melds_one_age_higher():
    state = position(
        boards={0: {"blue": ["Mathematics"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Calendar"]},
        supply_top={3: ["Engineering"]},
    )
    state = dogma(state, "Mathematics")
    assert offers(state, "done", None)
    state = choose(state, "card", "Calendar")
    assert in_supply(state, "Calendar")
    assert board(state, 0)["red"] == ["Engineering"]
    assert hand(state, 0) == []


def test_mathematics_is_optional():
    state = position(
        boards={0: {"blue": ["Mathematics"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Calendar"]},
    )
    state = done(dogma(state, "Mathematics"))
    assert hand(state, 0) == ["Calendar"]
    assert board(state, 0) == {"blue": ["Mathematics"]}


def test_mathematics_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        boards={0: {"blue": ["Mathematics"]}, 1: {"blue": ["Writing"]}},  # 2 lightbulbs each
        hands={1: ["Sailing"]},
        supply_top={2: ["Currency", "Calendar"]},
    )
    state = dogma(state, "Mathematics")
    assert seat_asked(state) == 1
    state = choose(state, "card", "Sailing")
    assert board(state, 1)["green"] == ["Currency"]
    assert hand(state, 0) == ["Calendar"]  # the sharing bonus


# --- Construction -----------------------------------------------------------------------------


def test_construction_the_affected_player_gives_two_cards_then_draws_a_2():
    state = position(
        boards={0: {"red": ["Construction"]}, 1: {"green": ["Clothing"]}},  # 3 castles vs 0
        hands={1: ["Pottery", "Sailing", "Calendar"]},
        supply_top={2: ["Fermenting"]},
    )
    state = dogma(state, "Construction")
    assert seat_asked(state) == 1
    state = take(state, "Pottery", "Calendar")
    assert sorted(hand(state, 0)) == ["Calendar", "Pottery"]
    assert sorted(hand(state, 1)) == ["Fermenting", "Sailing"]


def test_construction_gives_what_there_is_and_draws_regardless():
    state = position(
        boards={0: {"red": ["Construction"]}, 1: {"green": ["Clothing"]}},
        hands={1: ["Pottery"]},
        supply_top={2: ["Fermenting"]},
    )
    state = dogma(state, "Construction")
    assert hand(state, 0) == ["Pottery"]
    assert hand(state, 1) == ["Fermenting"]

    state = position(
        boards={0: {"red": ["Construction"]}, 1: {"green": ["Clothing"]}},
        supply_top={2: ["Fermenting"]},
    )
    state = dogma(state, "Construction")
    assert hand(state, 0) == []
    assert hand(state, 1) == ["Fermenting"]


def test_construction_does_not_affect_a_player_with_as_many_castles():
    state = position(
        boards={0: {"red": ["Construction"]}, 1: {"yellow": ["Masonry"]}},  # 3 castles each
        hands={1: ["Pottery"]},
        supply_top={2: ["Fermenting"]},
    )
    state = dogma(state, "Construction")
    assert hand(state, 1) == ["Pottery"]
    assert hand(state, 0) == []  # seat 1 shared the second effect but changed nothing
    assert in_supply(state, "Fermenting")


FIVE_COLORS = {
    "blue": ["Writing"],
    "red": ["Construction"],
    "green": ["Clothing"],
    "yellow": ["Masonry"],
    "purple": ["Mysticism"],
}


def test_construction_the_only_player_with_five_colors_takes_empire():
    state = position(
        boards={0: FIVE_COLORS, 1: {"green": ["Sailing"]}},
        supply_top={2: ["Fermenting"]},
    )
    state = dogma(state, "Construction")
    assert hand(state, 1) == ["Fermenting"]
    assert specials(state, 0) == ["Empire"]
    assert achievements(state, 0) == 1


def test_construction_no_empire_when_another_player_has_five_colors_too():
    other = {
        "blue": ["Pottery"],
        "red": ["Oars"],
        "green": ["Sailing"],
        "yellow": ["Agriculture"],
        "purple": ["Code of Laws"],
    }
    state = position(boards={0: FIVE_COLORS, 1: other}, supply_top={2: ["Fermenting"]})
    state = dogma(state, "Construction")
    assert achievements(state, 0) == 0
    assert achievements(state, 1) == 0


def test_construction_a_sharing_player_may_be_the_one_to_take_empire():
    state = position(
        boards={
            0: {"red": ["Construction"]},  # 3 castles
            1: {  # 6 castles: not affected, shares
                "blue": ["Tools"],
                "red": ["Archery"],
                "green": ["The Wheel"],
                "yellow": ["Agriculture"],
                "purple": ["Code of Laws"],
            },
        },
        supply_top={2: ["Fermenting"]},
    )
    state = dogma(state, "Construction")
    assert specials(state, 1) == ["Empire"]
    assert achievements(state, 0) == 0
    assert hand(state, 0) == ["Fermenting"]  # the sharing bonus


def test_construction_empire_already_claimed_is_not_taken_again():
    state = position(
        boards={0: FIVE_COLORS, 1: {"green": ["Sailing"]}},
        specials={1: ["Empire"]},
        supply_top={2: ["Fermenting"]},
    )
    state = dogma(state, "Construction")
    assert specials(state, 0) == []
    assert specials(state, 1) == ["Empire"]


# --- Road Building ----------------------------------------------------------------------------


def test_road_building_melds_two_and_swaps_top_red_for_a_top_green():
    state = position(
        boards={
            0: {"red": ["Road Building"]},
            1: {"green": ["Clothing"], "yellow": ["Agriculture"]},
        },
        hands={0: ["Pottery", "Calendar"]},
    )
    state = dogma(state, "Road Building")
    assert seat_asked(state) == 0
    state = take(state, "Pottery", "Calendar")
    assert board(state, 0)["blue"] == ["Calendar", "Pottery"]
    assert offers(state, "done", None)  # the move is optional
    state = choose(state, "player", 1)
    assert board(state, 1)["red"] == ["Road Building"]
    assert "green" not in board(state, 1)
    assert board(state, 0)["green"] == ["Clothing"]
    assert "red" not in board(state, 0)


def test_road_building_melding_one_card_offers_no_move():
    state = position(
        boards={0: {"red": ["Road Building"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Pottery", "Calendar"]},
    )
    state = dogma(state, "Road Building")
    state = done(take(state, "Pottery"))
    assert asking(state) is None
    assert board(state, 0) == {"red": ["Road Building"], "blue": ["Pottery"]}
    assert hand(state, 0) == ["Calendar"]


def test_road_building_the_move_may_be_declined():
    state = position(
        boards={0: {"red": ["Road Building"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Pottery", "Calendar"]},
    )
    state = done(take(dogma(state, "Road Building"), "Pottery", "Calendar"))
    assert board(state, 0)["red"] == ["Road Building"]
    assert board(state, 1) == {"green": ["Clothing"]}


def test_road_building_gives_the_red_card_even_if_nothing_green_comes_back():
    state = position(
        boards={0: {"red": ["Road Building"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: ["Pottery", "Oars"]},
    )
    state = dogma(state, "Road Building")
    state = take(state, "Pottery", "Oars")  # Oars is melded on top of Road Building
    state = choose(state, "player", 1)
    assert board(state, 1)["red"] == ["Oars"]
    assert board(state, 0)["red"] == ["Road Building"]
    assert "green" not in board(state, 0)


def test_road_building_is_shared_by_a_player_with_as_many_castles():
    state = position(
        boards={0: {"red": ["Road Building"]}, 1: {"yellow": ["Masonry"]}},  # 3 castles each
        hands={1: ["Oars"], 0: ["Writing"]},
        supply_top={2: ["Calendar"]},
    )
    state = dogma(state, "Road Building")
    assert board(state, 1)["red"] == ["Oars"]
    assert board(state, 0)["blue"] == ["Writing"]
    assert hand(state, 0) == ["Calendar"]  # the sharing bonus, by the age-2 top card


# --- Currency ---------------------------------------------------------------------------------


def test_currency_scores_a_2_per_distinct_age_returned():
    state = position(
        boards={0: {"green": ["Currency"]}, 1: {"red": ["Oars"]}},  # 2 crowns vs 1
        hands={0: ["Pottery", "Sailing", "Calendar", "Alchemy"]},
        supply_top={2: ["Fermenting", "Mapmaking", "Monotheism"]},
    )
    state = dogma(state, "Currency")
    state = done(take(state, "Pottery", "Sailing", "Calendar"))
    assert all(in_supply(state, card) for card in ("Pottery", "Sailing", "Calendar"))
    assert sorted(score_pile(state, 0)) == ["Fermenting", "Mapmaking"]  # ages 1 and 2
    assert hand(state, 0) == ["Alchemy"]


def test_currency_returning_nothing_scores_nothing():
    state = position(
        boards={0: {"green": ["Currency"]}, 1: {"red": ["Oars"]}},
        hands={0: ["Pottery"]},
    )
    state = done(dogma(state, "Currency"))
    assert hand(state, 0) == ["Pottery"]
    assert score_pile(state, 0) == []


def test_currency_is_shared_by_a_player_with_as_many_crowns():
    state = position(
        boards={0: {"green": ["Currency"]}, 1: {"purple": ["City States"]}},  # 2 crowns each
        hands={1: ["Writing"]},
        supply_top={2: ["Fermenting", "Mapmaking"]},
    )
    state = dogma(state, "Currency")
    assert seat_asked(state) == 1
    state = finish(take(state, "Writing"))
    assert score_pile(state, 1) == ["Fermenting"]
    assert asking(state) is None
    assert hand(state, 0) == ["Mapmaking"]  # the sharing bonus


# --- Mapmaking --------------------------------------------------------------------------------


def test_mapmaking_takes_an_age_1_score_card_and_then_scores_a_1():
    state = position(
        boards={0: {"green": ["Mapmaking"]}, 1: {"red": ["Archery"]}},  # 2 crowns vs 0
        scores={1: ["Pottery", "Oars", "Calendar"]},
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "Mapmaking")
    assert seat_asked(state) == 1
    assert not offers(state, "card", "Calendar")
    state = choose(state, "card", "Oars")
    assert sorted(score_pile(state, 0)) == ["Oars", "Tools"]
    assert sorted(score_pile(state, 1)) == ["Calendar", "Pottery"]


def test_mapmaking_without_an_age_1_score_card_nothing_is_scored():
    state = position(
        boards={0: {"green": ["Mapmaking"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Calendar"]},
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "Mapmaking")
    assert score_pile(state, 0) == []
    assert score_pile(state, 1) == ["Calendar"]


def test_mapmaking_does_not_affect_a_player_with_as_many_crowns():
    state = position(
        boards={0: {"green": ["Mapmaking"]}, 1: {"green": ["Sailing"]}},  # 2 crowns each
        scores={1: ["Pottery"]},
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "Mapmaking")
    assert score_pile(state, 1) == ["Pottery"]
    assert score_pile(state, 0) == []


def test_mapmaking_one_transfer_lets_every_sharing_player_score():
    state = position(
        players=3,
        boards={
            0: {"green": ["Mapmaking"]},
            1: {"red": ["Archery"]},  # affected
            2: {"purple": ["City States"]},  # shares
        },
        scores={1: ["Pottery"]},
        supply_top={1: ["Tools", "Sailing"], 2: ["Calendar"]},
    )
    state = dogma(state, "Mapmaking")
    assert score_pile(state, 2) == ["Tools"]
    assert sorted(score_pile(state, 0)) == ["Pottery", "Sailing"]
    assert hand(state, 0) == ["Calendar"]  # the sharing bonus


# --- Canal Building ---------------------------------------------------------------------------


def test_canal_building_swaps_the_highest_hand_cards_with_the_highest_score_cards():
    state = position(
        boards={0: {"yellow": ["Canal Building"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Calendar", "Mathematics", "Pottery"]},
        scores={0: ["Alchemy", "Oars", "Engineering"]},
    )
    state = dogma(state, "Canal Building")
    state = yes(state)
    assert sorted(hand(state, 0)) == ["Alchemy", "Engineering", "Pottery"]
    assert sorted(score_pile(state, 0)) == ["Calendar", "Mathematics", "Oars"]


def test_canal_building_declined_moves_nothing():
    state = position(
        boards={0: {"yellow": ["Canal Building"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Calendar"]},
        scores={0: ["Alchemy"]},
    )
    state = choose(dogma(state, "Canal Building"), "yes", False)
    assert hand(state, 0) == ["Calendar"]
    assert score_pile(state, 0) == ["Alchemy"]


def test_canal_building_with_nothing_in_hand_or_score_asks_nothing():
    state = position(boards={0: {"yellow": ["Canal Building"]}, 1: {"red": ["Archery"]}})
    state = dogma(state, "Canal Building")
    assert asking(state) is None


def test_canal_building_moving_six_cards_into_the_score_pile_is_not_scoring():
    six = ["Calendar", "Mathematics", "Construction", "Road Building", "Currency", "Mapmaking"]
    state = position(
        boards={0: {"yellow": ["Canal Building"]}, 1: {"red": ["Archery"]}},
        hands={0: six},
    )
    state = choose(dogma(state, "Canal Building"), "yes", True)
    assert sorted(score_pile(state, 0)) == sorted(six)
    assert hand(state, 0) == []
    assert achievements(state, 0) == 0  # no Monument: a swap is not a score


def test_canal_building_is_shared_by_a_player_with_as_many_crowns():
    state = position(
        boards={0: {"yellow": ["Canal Building"]}, 1: {"purple": ["City States"]}},  # 2 each
        hands={1: ["Writing"]},
        supply_top={2: ["Calendar"]},
    )
    state = dogma(state, "Canal Building")
    assert seat_asked(state) == 1
    state = yes(state)
    assert score_pile(state, 1) == ["Writing"]
    assert asking(state) is None  # seat 0 has nothing to swap
    assert hand(state, 0) == ["Calendar"]


# --- Fermenting -------------------------------------------------------------------------------

# yellow 2 leaves, blue 2, green 1, red none, purple 1 (Code of Laws' last slot, splayed left):
# four colors with a leaf, six leaves in all
FERMENTING_BOARD = {
    "yellow": ["Fermenting"],
    "blue": ["Calendar"],
    "green": ["Sailing"],
    "red": ["Oars", "Archery"],
    "purple": ["City States", "Code of Laws"],
}
AGE_2_DRAWS = ["Mathematics", "Construction", "Road Building", "Currency", "Mapmaking"]


def test_fermenting_draws_a_2_per_color_showing_a_leaf():
    state = position(
        boards={0: FERMENTING_BOARD, 1: {"red": ["Metalworking"]}},
        splays={0: {"purple": "left"}},
        supply_top={2: AGE_2_DRAWS},
    )
    state = dogma(state, "Fermenting")
    assert sorted(hand(state, 0)) == sorted(AGE_2_DRAWS[:4])


def test_fermenting_a_leaf_hidden_under_an_unsplayed_pile_does_not_count():
    state = position(
        boards={0: FERMENTING_BOARD, 1: {"red": ["Metalworking"]}},
        supply_top={2: AGE_2_DRAWS},
    )
    state = dogma(state, "Fermenting")
    assert sorted(hand(state, 0)) == sorted(AGE_2_DRAWS[:3])


def test_fermenting_first_edition_draws_a_2_per_two_leaves():
    state = position(
        boards={0: FERMENTING_BOARD, 1: {"red": ["Metalworking"]}},
        splays={0: {"purple": "left"}},
        supply_top={2: AGE_2_DRAWS},
        edition="first",
    )
    state = dogma(state, "Fermenting")
    assert sorted(hand(state, 0)) == sorted(AGE_2_DRAWS[:3])  # six leaves


def test_fermenting_is_shared_by_a_player_with_as_many_leaves():
    state = position(
        boards={0: {"yellow": ["Fermenting"]}, 1: {"green": ["Clothing"]}},  # 2 leaves each
        supply_top={2: AGE_2_DRAWS},
    )
    state = dogma(state, "Fermenting")
    assert hand(state, 1) == ["Mathematics"]
    assert sorted(hand(state, 0)) == ["Construction", "Road Building"]  # with the bonus


# --- Monotheism -------------------------------------------------------------------------------


def test_monotheism_takes_a_top_card_of_a_color_the_demander_lacks_then_both_tuck():
    state = position(
        boards={
            0: {"purple": ["Monotheism"], "blue": ["Writing"]},  # 3 castles
            1: {"red": ["Oars"], "blue": ["Pottery"], "green": ["Clothing"]},  # 2 castles
        },
        supply_top={1: ["Tools", "Sailing"]},
    )
    state = dogma(state, "Monotheism")
    assert seat_asked(state) == 1
    assert not offers(state, "card", "Pottery")  # seat 0 has blue
    state = choose(state, "card", "Clothing")
    assert score_pile(state, 0) == ["Clothing"]
    assert "green" not in board(state, 1)
    assert board(state, 1)["blue"] == ["Pottery", "Tools"]  # drawn and tucked
    assert board(state, 0)["green"] == ["Sailing"]  # the second effect: drawn and tucked
    assert hand(state, 0) == [] and hand(state, 1) == []


def test_monotheism_nothing_to_give_means_no_tuck_for_the_affected_player():
    state = position(
        boards={
            0: {"purple": ["Monotheism"], "red": ["Archery"]},
            1: {"red": ["Oars"]},  # 2 castles vs 5; red is on seat 0's board
        },
        supply_top={1: ["Tools", "Sailing"]},
    )
    state = dogma(state, "Monotheism")
    assert board(state, 1) == {"red": ["Oars"]}
    assert score_pile(state, 0) == []
    assert board(state, 0)["blue"] == ["Tools"]  # the demander still draws and tucks


def test_monotheism_is_shared_by_a_player_with_as_many_castles():
    state = position(
        boards={0: {"purple": ["Monotheism"]}, 1: {"yellow": ["Masonry"]}},  # 3 castles each
        supply_top={1: ["Tools", "Sailing"], 2: ["Calendar"]},
    )
    state = dogma(state, "Monotheism")
    assert board(state, 1)["blue"] == ["Tools"]
    assert board(state, 0)["green"] == ["Sailing"]
    assert score_pile(state, 0) == []
    assert hand(state, 0) == ["Calendar"]  # the sharing bonus, by the age-2 top card


# --- Philosophy -------------------------------------------------------------------------------


def test_philosophy_splays_a_color_left_and_scores_a_card_from_hand():
    state = position(
        boards={
            0: {"purple": ["Philosophy"], "red": ["Oars", "Archery"], "blue": ["Writing"]},
            1: {"green": ["Clothing"]},
        },
        hands={0: ["Calendar"]},
    )
    state = dogma(state, "Philosophy")
    assert offers(state, "done", None)
    assert not offers(state, "color", "blue")  # a single card cannot be splayed
    state = choose(state, "color", "red")
    assert splays(state, 0).get("red") == "left"
    state = choose(state, "card", "Calendar")
    assert score_pile(state, 0) == ["Calendar"]
    assert hand(state, 0) == []


def test_philosophy_both_effects_may_be_declined():
    state = position(
        boards={
            0: {"purple": ["Philosophy"], "red": ["Oars", "Archery"]},
            1: {"green": ["Clothing"]},
        },
        hands={0: ["Calendar"]},
    )
    state = done(done(dogma(state, "Philosophy")))
    assert splays(state, 0).get("red") is None
    assert hand(state, 0) == ["Calendar"]
    assert score_pile(state, 0) == []


def test_philosophy_does_not_offer_a_pile_already_splayed_left():
    state = position(
        boards={
            0: {
                "purple": ["Philosophy"],
                "red": ["Oars", "Archery"],
                "blue": ["Writing", "Tools"],
            },
            1: {"green": ["Clothing"]},
        },
        splays={0: {"red": "left"}},
    )
    state = dogma(state, "Philosophy")
    assert not offers(state, "color", "red")
    state = choose(state, "color", "blue")
    assert splays(state, 0).get("blue") == "left"
    assert asking(state) is None  # empty hand: nothing to score


def test_philosophy_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        boards={
            0: {"purple": ["Philosophy"]},  # 3 lightbulbs
            1: {"blue": ["Writing"], "red": ["Archery"]},  # 2 + 1
        },
        hands={1: ["Sailing"]},
        supply_top={2: ["Calendar"]},
    )
    state = dogma(state, "Philosophy")
    assert seat_asked(state) == 1  # no pile to splay: straight to the second effect
    state = choose(state, "card", "Sailing")
    assert score_pile(state, 1) == ["Sailing"]
    assert asking(state) is None
    assert hand(state, 0) == ["Calendar"]
