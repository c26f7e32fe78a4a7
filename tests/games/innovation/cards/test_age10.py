"""The age-10 cards' effects, one group of tests per card, each from a position set up by hand."""

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
    no,
    offered,
    position,
    score_pile,
    splay_of,
    where,
    winners,
    yes,
)

# --- Bioengineering -------------------------------------------------------------------------


def test_bioengineering_scores_a_leafy_top_card_and_the_single_most_leaves_wins():
    state = position(
        boards={
            0: {"blue": ["Bioengineering"], "green": ["Clothing"], "yellow": ["Agriculture"]},
            1: {"purple": ["Code of Laws"], "red": ["Archery"]},
        },
    )
    state = dogma(state, "Bioengineering")
    assert score_pile(state, 0) == ["Code of Laws"]  # the only leafy top card: no question
    assert board(state, 1).get("purple") in (None, [])
    assert winners(state) == [0]  # seat 1 has no leaf left; seat 0 has five


def test_bioengineering_the_winner_may_be_another_player():
    state = position(
        boards={
            0: {"blue": ["Bioengineering"]},
            1: {"blue": ["Pottery"], "yellow": ["Agriculture"]},
        },
    )
    state = dogma(state, "Bioengineering")
    assert sorted(offered(state, "card")) == ["Agriculture", "Pottery"]
    state = choose(state, "card", "Pottery")
    assert winners(state) == [1]  # seat 0 has no leaf (fewer than three); seat 1 has three


def test_bioengineering_a_tie_for_most_leaves_means_nobody_wins():
    state = position(
        players=3,
        boards={
            0: {"blue": ["Bioengineering"], "yellow": ["Agriculture"]},
            1: {"blue": ["Pottery"], "green": ["Clothing"]},
            2: {"red": ["Archery"]},
        },
    )
    state = dogma(state, "Bioengineering")
    state = choose(state, "card", "Clothing")
    assert idle(state)
    assert game.result(state) is None  # three leaves each for seats 0 and 1


def test_bioengineering_nobody_wins_while_everyone_has_three_leaves():
    state = position(
        boards={
            0: {"blue": ["Bioengineering"], "yellow": ["Agriculture"], "green": ["Clothing"]},
            1: {"blue": ["Pottery"], "purple": ["Reformation"]},
        },
    )
    state = dogma(state, "Bioengineering")
    state = choose(state, "card", "Reformation")
    assert idle(state)
    assert score_pile(state, 0) == ["Reformation"]
    assert game.result(state) is None  # 5 and 3 leaves: nobody below three


def test_bioengineering_team_game_teammates_tied_for_most_leaves_win_together():
    state = position(
        players=4,
        teams=True,
        boards={
            0: {"blue": ["Bioengineering"], "yellow": ["Agriculture"]},
            1: {"green": ["Clothing"]},
            2: {"blue": ["Pottery"]},
            3: {"red": ["Archery"]},
        },
    )
    state = dogma(state, "Bioengineering")  # Clothing: the only leafy top card of an opponent
    assert score_pile(state, 0) == ["Clothing"]
    assert winners(state) == [0, 2]  # three leaves each for the teammates, none for the others


# --- Software -------------------------------------------------------------------------------


def test_software_scores_a_10_then_melds_two_and_carries_out_the_second():
    state = position(
        boards={0: {"blue": ["Software"]}, 1: {}},
        hands={0: ["Tools"]},
        scores={1: ["Writing"]},
        supply_top={10: ["A.I.", "Databases", "Stem Cells"]},
    )
    state = dogma(state, "Software")
    seat, _ = asking(state)
    assert seat == 0  # Stem Cells, carried out by seat 0 alone: score the whole hand?
    state = yes(state)
    assert idle(state)
    assert sorted(score_pile(state, 0)) == ["A.I.", "Tools"]
    assert board(state, 0)["green"] == ["Databases"]
    assert board(state, 0)["yellow"] == ["Stem Cells"]
    assert score_pile(state, 1) == ["Writing"]


def test_software_the_first_melded_card_is_not_carried_out_nor_the_seconds_demand():
    state = position(
        boards={0: {"blue": ["Software"]}, 1: {}},
        hands={0: ["Tools"]},
        scores={1: ["Writing"]},
        supply_top={10: ["A.I.", "Stem Cells", "Databases"]},
    )
    state = dogma(state, "Software")
    assert idle(state)  # Stem Cells is not carried out; Databases has only a demand
    assert hand(state, 0) == ["Tools"] and score_pile(state, 1) == ["Writing"]
    assert board(state, 0)["yellow"] == ["Stem Cells"]


# --- Miniaturization ------------------------------------------------------------------------


def test_miniaturization_returning_a_10_takes_one_10_per_distinct_score_value():
    state = position(
        boards={0: {"red": ["Miniaturization"]}, 1: {}},
        hands={0: ["Software", "Tools"]},
        scores={0: ["Writing", "Oars", "Calendar", "Coal"]},
        supply_top={10: ["A.I.", "Databases", "Robotics", "Stem Cells"]},
    )
    state = dogma(state, "Miniaturization")
    state = choose(state, "card", "Software")
    assert idle(state)
    assert where(state, "Software")[0] == "supply"
    assert sorted(hand(state, 0)) == ["A.I.", "Databases", "Robotics", "Tools"]  # values 1, 2, 5


def test_miniaturization_returning_a_lower_card_takes_nothing():
    state = position(
        boards={0: {"red": ["Miniaturization"]}, 1: {}},
        hands={0: ["Software", "Tools"]},
        scores={0: ["Writing"]},
    )
    state = dogma(state, "Miniaturization")
    state = choose(state, "card", "Tools")
    assert idle(state)
    assert hand(state, 0) == ["Software"]


def test_miniaturization_may_be_declined():
    state = position(
        boards={0: {"red": ["Miniaturization"]}, 1: {}},
        hands={0: ["Software"]},
        scores={0: ["Writing"]},
    )
    state = dogma(state, "Miniaturization")
    state = done(state)
    assert idle(state)
    assert hand(state, 0) == ["Software"]


# --- Robotics -------------------------------------------------------------------------------


def test_robotics_scores_the_top_green_then_melds_a_10_and_carries_it_out():
    state = position(
        boards={0: {"red": ["Robotics"], "green": ["Clothing", "Sailing"]}, 1: {}},
        hands={0: ["Tools"], 1: ["Writing"]},
        supply_top={10: ["Stem Cells"]},
    )
    state = dogma(state, "Robotics")
    seat, _ = asking(state)
    assert seat == 0
    state = yes(state)  # Stem Cells: score the whole hand
    assert idle(state)
    assert sorted(score_pile(state, 0)) == ["Clothing", "Tools"]
    assert board(state, 0)["green"] == ["Sailing"]
    assert board(state, 0)["yellow"] == ["Stem Cells"]
    assert hand(state, 1) == ["Writing"]


def test_robotics_without_a_green_card_still_melds_and_carries_out():
    state = position(
        boards={0: {"red": ["Robotics"]}, 1: {}},
        supply_top={10: ["A.I.", "Databases"]},
    )
    state = dogma(state, "Robotics")
    assert idle(state)
    assert board(state, 0)["purple"] == ["A.I."]
    assert score_pile(state, 0) == ["Databases"]  # A.I.'s first effect
    assert game.result(state) is None  # A.I.'s second: Software is not a top card


# --- Databases ------------------------------------------------------------------------------


def test_databases_the_affected_player_returns_half_their_score_rounding_up():
    state = position(
        boards={0: {"green": ["Databases"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Tools", "Writing", "Oars", "Calendar", "Coal"]},
    )
    state = dogma(state, "Databases")
    for card in ("Coal", "Tools", "Oars"):
        seat, _ = asking(state)
        assert seat == 1
        state = choose(state, "card", card)
    if not idle(state):  # three chosen out of three: a "done" may still be offered
        state = done(state)
    assert idle(state)
    assert sorted(score_pile(state, 1)) == ["Calendar", "Writing"]
    for card in ("Coal", "Tools", "Oars"):
        assert where(state, card)[0] == "supply"


def test_databases_a_single_score_card_goes_back():
    state = position(
        boards={0: {"green": ["Databases"]}, 1: {}},
        scores={1: ["Coal"]},
    )
    state = dogma(state, "Databases")
    assert idle(state)
    assert score_pile(state, 1) == [] and where(state, "Coal")[0] == "supply"


def test_databases_does_not_affect_a_player_with_as_many_clocks():
    state = position(
        boards={0: {"green": ["Databases"]}, 1: {"blue": ["Software"]}},
        scores={1: ["Coal", "Tools"]},
    )
    state = dogma(state, "Databases")
    assert idle(state)
    assert sorted(score_pile(state, 1)) == ["Coal", "Tools"]


# --- Self Service ---------------------------------------------------------------------------


def test_self_service_carries_out_another_top_card_and_more_achievements_win():
    state = position(
        boards={0: {"green": ["Self Service"], "yellow": ["Stem Cells"]}, 1: {}},
        hands={0: ["Tools"]},
        achievements={0: [1, 2], 1: [3]},
    )
    state = dogma(state, "Self Service")
    state = yes(state)  # Stem Cells, the only other top card
    assert score_pile(state, 0) == ["Tools"]
    assert winners(state) == [0]


def test_self_service_offers_every_other_top_card():
    state = position(
        boards={
            0: {"green": ["Self Service"], "yellow": ["Stem Cells"], "purple": ["A.I."]},
            1: {},
        },
        hands={0: ["Tools"]},
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "Self Service")
    assert sorted(offered(state, "card")) == ["A.I.", "Stem Cells"]
    state = choose(state, "card", "A.I.")
    assert idle(state)
    assert score_pile(state, 0) == ["Databases"]
    assert game.result(state) is None  # no achievements: a tie at zero


def test_self_service_a_tie_for_most_achievements_does_not_win():
    state = position(
        players=3,
        boards={0: {"green": ["Self Service"]}, 1: {}, 2: {}},
        achievements={0: [1, 2], 1: [3], 2: [4, 5]},
    )
    state = dogma(state, "Self Service")
    assert idle(state)
    assert game.result(state) is None


def test_self_service_team_game_counts_the_teams_achievements():
    state = position(
        players=4,
        teams=True,
        boards={0: {"green": ["Self Service"]}, 1: {}, 2: {}, 3: {}},
        achievements={0: [1], 2: [2], 1: [3]},
    )
    state = dogma(state, "Self Service")
    assert winners(state) == [0, 2]  # two for seats 0 and 2 together, one for seats 1 and 3


# --- Globalization --------------------------------------------------------------------------


def test_globalization_returns_a_leafy_top_card_then_the_single_highest_score_wins():
    state = position(
        boards={0: {"yellow": ["Globalization"]}, 1: {"green": ["Clothing"], "red": ["Archery"]}},
        scores={0: ["Coal"], 1: ["Tools"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Globalization")
    # Clothing, the only leafy top card, goes back; then no one shows more leaves than factories
    assert where(state, "Clothing")[0] == "supply"
    assert sorted(score_pile(state, 0)) == ["Canning", "Coal"]
    assert winners(state) == [0]


def test_globalization_no_win_while_someone_shows_more_leaves_than_factories():
    state = position(
        boards={
            0: {"yellow": ["Globalization"]},
            1: {"green": ["Clothing"], "blue": ["Pottery"], "red": ["Archery"]},
        },
        scores={0: ["Coal"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Globalization")
    assert sorted(offered(state, "card")) == ["Clothing", "Pottery"]
    state = choose(state, "card", "Clothing")
    assert idle(state)
    assert where(state, "Clothing")[0] == "supply"
    assert game.result(state) is None  # Pottery's three leaves against no factory


def test_globalization_a_tie_for_most_points_means_nobody_wins():
    state = position(
        boards={0: {"yellow": ["Globalization"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Vaccination"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Globalization")
    assert idle(state)
    assert score_pile(state, 0) == ["Canning"]
    assert game.result(state) is None  # 6 each


def test_globalization_a_sharing_player_may_win_before_the_demander_scores():
    state = position(
        boards={0: {"yellow": ["Globalization"]}, 1: {"red": ["Coal"]}},
        supply_top={6: ["Canning", "Vaccination"]},
    )
    state = dogma(state, "Globalization")
    # seat 1 (three factories) is not affected, shares, scores Canning first and leads 6 to 0
    assert score_pile(state, 1) == ["Canning"]
    assert winners(state) == [1]


def test_globalization_team_game_teammates_share_the_most_points():
    state = position(
        players=4,
        teams=True,
        boards={0: {"yellow": ["Globalization"]}, 1: {}, 2: {}, 3: {}},
        scores={1: ["Tools"], 2: ["Writing"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Globalization")
    assert winners(state) == [0, 2]  # seat 0's 6 points are the most: its team wins


def test_globalization_team_game_compares_own_scores_not_the_teams():
    state = position(
        players=4,
        teams=True,
        boards={0: {"yellow": ["Globalization"]}, 1: {}, 2: {}, 3: {}},
        scores={1: ["Lighting"], 2: ["Coal"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Globalization")
    # Own scores 6, 7, 5, 0: seat 1 has the most, though seats 0 and 2 have 11 together.
    assert winners(state) == [1, 3]


# --- Stem Cells -----------------------------------------------------------------------------


def test_stem_cells_scores_the_whole_hand():
    state = position(
        boards={0: {"yellow": ["Stem Cells"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools", "Oars", "Calendar"]},
    )
    state = dogma(state, "Stem Cells")
    state = yes(state)
    assert idle(state)
    assert hand(state, 0) == [] and sorted(score_pile(state, 0)) == ["Calendar", "Oars", "Tools"]


def test_stem_cells_declined_scores_nothing():
    state = position(
        boards={0: {"yellow": ["Stem Cells"]}, 1: {}},
        hands={0: ["Tools", "Oars"]},
    )
    state = dogma(state, "Stem Cells")
    state = no(state)
    assert idle(state)
    assert sorted(hand(state, 0)) == ["Oars", "Tools"] and score_pile(state, 0) == []


def test_stem_cells_shared_by_a_player_with_as_many_leaves():
    state = position(
        boards={0: {"yellow": ["Stem Cells"]}, 1: {"blue": ["Pottery"]}},
        hands={1: ["Writing"]},
        supply_top={10: ["A.I."]},
    )
    state = dogma(state, "Stem Cells")
    seat, _ = asking(state)
    assert seat == 1
    state = yes(state)
    assert idle(state)  # seat 0's hand is empty: nothing to ask
    assert score_pile(state, 1) == ["Writing"]
    assert hand(state, 0) == ["A.I."]  # the sharing bonus


# --- A.I. -----------------------------------------------------------------------------------


def test_ai_with_robotics_and_software_on_top_the_lowest_score_wins():
    state = position(
        boards={0: {"purple": ["A.I."], "red": ["Robotics"], "blue": ["Software"]}, 1: {}},
        scores={1: ["Tools"]},
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "A.I.")
    assert score_pile(state, 0) == ["Databases"]
    assert winners(state) == [1]


def test_ai_robotics_and_software_may_be_on_different_boards():
    state = position(
        boards={0: {"purple": ["A.I."], "blue": ["Software"]}, 1: {"red": ["Robotics"]}},
        scores={1: ["Tools"]},
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "A.I.")
    assert winners(state) == [1]


def test_ai_a_tie_for_lowest_score_means_nobody_wins():
    state = position(
        players=3,
        boards={0: {"purple": ["A.I."], "red": ["Robotics"], "blue": ["Software"]}, 1: {}, 2: {}},
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "A.I.")
    assert idle(state)
    assert game.result(state) is None


def test_ai_team_game_compares_own_scores_not_the_teams():
    state = position(
        players=4,
        teams=True,
        boards={0: {"purple": ["A.I."], "red": ["Robotics"], "blue": ["Software"]}, 1: {}, 2: {}},
        scores={1: ["Tools"], 3: ["Oars"]},
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "A.I.")
    # Own scores 10, 1, 0, 1: seat 2 has the lowest, though its team has 10 against 2.
    assert winners(state) == [0, 2]


def test_ai_without_both_cards_on_top_nobody_wins():
    state = position(
        boards={0: {"purple": ["A.I."], "red": ["Robotics"], "blue": ["Calendar", "Software"]}},
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "A.I.")
    assert idle(state)
    assert game.result(state) is None


# --- The Internet ---------------------------------------------------------------------------


def test_the_internet_splays_green_scores_a_10_and_melds_one_per_two_clocks():
    state = position(
        boards={0: {"purple": ["The Internet"], "green": ["Clothing", "Sailing"]}, 1: {}},
        supply_top={10: ["A.I.", "Software", "Databases"]},
    )
    state = dogma(state, "The Internet")
    state = yes(state)
    assert idle(state)
    assert splay_of(state, 0, "green") == "up"
    assert score_pile(state, 0) == ["A.I."]
    # two clocks, counted before the draws: one meld (Software's clocks do not add more)
    assert board(state, 0)["blue"] == ["Software"]
    assert where(state, "Databases")[0] == "supply"


def test_the_internet_five_clocks_meld_two_cards():
    state = position(
        boards={0: {"purple": ["The Internet"], "blue": ["Quantum Theory"]}, 1: {}},
        supply_top={10: ["A.I.", "Databases", "Robotics", "Stem Cells"]},
    )
    state = dogma(state, "The Internet")  # no green pile: nothing to splay
    assert idle(state)
    assert board(state, 0)["green"] == ["Databases"] and board(state, 0)["red"] == ["Robotics"]
    assert where(state, "Stem Cells")[0] == "supply"


def test_the_internet_splay_may_be_declined():
    state = position(
        boards={0: {"purple": ["The Internet"], "green": ["Clothing", "Sailing"]}, 1: {}},
        supply_top={10: ["A.I.", "Software"]},
    )
    state = dogma(state, "The Internet")
    state = no(state)
    assert idle(state)
    assert splay_of(state, 0, "green") is None
