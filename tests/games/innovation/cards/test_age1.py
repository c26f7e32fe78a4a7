"""The age-1 cards: each effect on a small position, its demand (who is affected by the icon
count), its sharing (and the sharing bonus draw), its "if you do" and repeat branches and its
first-edition branch where it has one.

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
    game,
    hand,
    in_supply,
    log_lines,
    no,
    offers,
    position,
    score_pile,
    seat_asked,
    specials,
    splays,
    take,
    where,
    yes,
)

# --- Pottery ----------------------------------------------------------------------------------


def test_pottery_returns_three_cards_scores_an_age_3_then_draws_a_1():
    state = position(
        boards={0: {"blue": ["Pottery"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Oars", "Tools", "Calendar", "Archery"]},
        supply_top={3: ["Alchemy"], 1: ["Sailing"]},
    )
    state = dogma(state, "Pottery")
    assert seat_asked(state) == 0
    state = take(state, "Oars", "Tools", "Calendar")  # the third pick ends the choice
    assert asking(state) is None
    assert score_pile(state, 0) == ["Alchemy"]
    assert sorted(hand(state, 0)) == ["Archery", "Sailing"]
    assert all(in_supply(state, card) for card in ("Oars", "Tools", "Calendar"))


def test_pottery_the_age_drawn_is_the_number_returned():
    state = position(
        boards={0: {"blue": ["Pottery"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Oars", "Tools"]},
        supply_top={1: ["Sailing", "Writing"]},
    )
    state = dogma(state, "Pottery")
    state = done(take(state, "Oars"))
    assert score_pile(state, 0) == ["Sailing"]
    assert sorted(hand(state, 0)) == ["Tools", "Writing"]


def test_pottery_returning_nothing_scores_nothing_and_still_draws():
    state = position(
        boards={0: {"blue": ["Pottery"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Oars"]},
        supply_top={1: ["Sailing"]},
    )
    state = done(dogma(state, "Pottery"))
    assert score_pile(state, 0) == []
    assert sorted(hand(state, 0)) == ["Oars", "Sailing"]


def test_pottery_is_shared_by_a_player_with_as_many_leaves_and_gives_the_bonus_draw():
    state = position(
        boards={0: {"blue": ["Pottery"]}, 1: {"yellow": ["Agriculture"]}},  # 3 leaves each
        hands={1: ["Writing"]},
        supply_top={1: ["Tools", "Sailing", "Oars", "Mysticism"]},
    )
    state = dogma(state, "Pottery")
    assert seat_asked(state) == 1  # the sharing player goes first
    state = take(state, "Writing")  # the only card: picking it ends the choice
    assert score_pile(state, 1) == ["Tools"]
    assert in_supply(state, "Writing")
    assert asking(state) is None  # seat 0 has nothing to return: nothing asked
    assert hand(state, 1) == ["Sailing"]
    assert sorted(hand(state, 0)) == ["Mysticism", "Oars"]  # its own draw, then the bonus


# --- Tools ------------------------------------------------------------------------------------


def test_tools_returns_three_cards_to_draw_and_meld_a_3():
    state = position(
        boards={0: {"blue": ["Tools"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Sailing", "Oars", "Mysticism", "Pottery"]},
        supply_top={3: ["Alchemy"]},
    )
    state = dogma(state, "Tools")
    state = yes(state)
    state = take(state, "Sailing", "Oars", "Mysticism")
    assert asking(state) is None  # the melded 3 is not in hand: the second effect has nothing
    assert board(state, 0)["blue"] == ["Alchemy", "Tools"]
    assert hand(state, 0) == ["Pottery"]
    assert all(in_supply(state, card) for card in ("Sailing", "Oars", "Mysticism"))


def test_tools_declined_or_with_fewer_than_three_cards_changes_nothing():
    state = position(
        boards={0: {"blue": ["Tools"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Sailing", "Oars", "Mysticism"]},
    )
    state = choose(dogma(state, "Tools"), "yes", False)
    assert asking(state) is None
    assert sorted(hand(state, 0)) == ["Mysticism", "Oars", "Sailing"]

    state = position(
        boards={0: {"blue": ["Tools"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Sailing", "Oars"]},
    )
    state = dogma(state, "Tools")
    assert asking(state) is None
    assert sorted(hand(state, 0)) == ["Oars", "Sailing"]


def test_tools_returns_an_age_3_card_for_three_age_1_cards():
    state = position(
        boards={0: {"blue": ["Tools"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Alchemy"]},
        supply_top={1: ["Sailing", "Oars", "Mysticism"]},
    )
    state = dogma(state, "Tools")
    assert offers(state, "done", None)  # optional: asked even with one candidate
    state = choose(state, "card", "Alchemy")
    assert in_supply(state, "Alchemy")
    assert sorted(hand(state, 0)) == ["Mysticism", "Oars", "Sailing"]


def test_tools_declining_the_age_3_return_draws_nothing():
    state = position(
        boards={0: {"blue": ["Tools"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Alchemy"]},
    )
    state = done(dogma(state, "Tools"))
    assert hand(state, 0) == ["Alchemy"]


def test_tools_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        boards={0: {"blue": ["Tools"]}, 1: {"blue": ["Writing"]}},  # 2 lightbulbs each
        hands={1: ["Engineering"]},
        supply_top={1: ["Sailing", "Oars", "Mysticism", "Pottery"]},
    )
    state = dogma(state, "Tools")
    assert seat_asked(state) == 1
    state = choose(state, "card", "Engineering")
    assert sorted(hand(state, 1)) == ["Mysticism", "Oars", "Sailing"]
    assert hand(state, 0) == ["Pottery"]  # the sharing bonus


# --- Writing ----------------------------------------------------------------------------------


def test_writing_draws_an_age_2_card():
    state = position(
        boards={0: {"blue": ["Writing"]}, 1: {"red": ["Oars"]}},
        supply_top={2: ["Calendar", "Mathematics"]},
    )
    state = dogma(state, "Writing")
    assert hand(state, 0) == ["Calendar"]
    assert hand(state, 1) == []


def test_writing_is_shared_and_the_demander_then_gets_the_bonus_draw():
    state = position(
        boards={0: {"blue": ["Writing"]}, 1: {"blue": ["Tools"]}},  # 2 lightbulbs each
        supply_top={2: ["Calendar", "Mathematics"], 1: ["Sailing"]},
    )
    state = dogma(state, "Writing")
    assert hand(state, 1) == ["Calendar"]
    assert sorted(hand(state, 0)) == ["Mathematics", "Sailing"]


def test_writing_draws_from_the_next_pile_when_age_2_is_empty():
    # nine age-2 cards placed, the tenth set aside as the age-2 achievement: pile 2 is empty
    age_2 = [
        "Calendar",
        "Mathematics",
        "Construction",
        "Road Building",
        "Currency",
        "Mapmaking",
        "Canal Building",
        "Fermenting",
        "Monotheism",
    ]
    state = position(
        boards={0: {"blue": ["Writing"]}, 1: {"red": ["Oars"]}},
        scores={1: age_2},
        supply_top={3: ["Alchemy"]},
    )
    assert where(state, "Philosophy")[0] != "supply"
    state = dogma(state, "Writing")
    assert hand(state, 0) == ["Alchemy"]


# --- Archery ----------------------------------------------------------------------------------


def test_archery_the_affected_player_draws_then_gives_their_highest_card():
    state = position(
        boards={0: {"red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        hands={1: ["Calendar", "Writing"]},
        supply_top={1: ["Sailing"]},
    )
    state = dogma(state, "Archery")
    assert asking(state) is None  # one highest card: given without a question
    assert hand(state, 0) == ["Calendar"]
    assert sorted(hand(state, 1)) == ["Sailing", "Writing"]


def test_archery_the_affected_player_picks_among_tied_highest_cards():
    state = position(
        boards={0: {"red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        hands={1: ["Writing"]},
        supply_top={1: ["Sailing"]},
    )
    state = dogma(state, "Archery")
    assert seat_asked(state) == 1
    state = choose(state, "card", "Writing")
    assert hand(state, 0) == ["Writing"]
    assert hand(state, 1) == ["Sailing"]


def test_archery_an_empty_hand_gives_the_card_just_drawn():
    state = position(
        boards={0: {"red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Sailing"]},
    )
    state = dogma(state, "Archery")
    assert hand(state, 0) == ["Sailing"]
    assert hand(state, 1) == []


def test_archery_does_not_affect_a_player_with_as_many_castles():
    state = position(
        boards={0: {"red": ["Archery"]}, 1: {"yellow": ["Masonry"]}},  # 2 castles vs 3
        hands={1: ["Calendar"]},
        supply_top={1: ["Sailing"]},
    )
    state = dogma(state, "Archery")
    assert hand(state, 0) == []
    assert hand(state, 1) == ["Calendar"]
    assert in_supply(state, "Sailing")


# --- Metalworking -----------------------------------------------------------------------------


def test_metalworking_scores_castle_cards_until_one_without_a_castle():
    state = position(
        boards={0: {"red": ["Metalworking"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Archery", "Oars", "Pottery", "Sailing"]},
    )
    state = dogma(state, "Metalworking")
    assert sorted(score_pile(state, 0)) == ["Archery", "Oars"]
    assert hand(state, 0) == ["Pottery"]
    assert in_supply(state, "Sailing")


def test_metalworking_is_shared_and_each_player_loops_on_their_own_draws():
    state = position(
        boards={0: {"red": ["Metalworking"]}, 1: {"yellow": ["Masonry"]}},  # 3 castles each
        supply_top={1: ["Writing", "Oars", "Pottery", "Sailing"]},
    )
    state = dogma(state, "Metalworking")
    assert hand(state, 1) == ["Writing"]  # no castle: stays in hand, seat 1 stops
    assert score_pile(state, 1) == []
    assert score_pile(state, 0) == ["Oars"]
    assert sorted(hand(state, 0)) == ["Pottery", "Sailing"]  # Sailing: the sharing bonus


def test_metalworking_its_scores_count_toward_monument():
    castles = ["Archery", "Oars", "The Wheel", "Domestication", "Masonry", "Mysticism"]
    state = position(
        boards={0: {"red": ["Metalworking"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: [*castles, "Pottery"]},
    )
    state = dogma(state, "Metalworking")
    assert sorted(score_pile(state, 0)) == sorted(castles)
    assert specials(state, 0) == ["Monument"]


def test_metalworking_shows_every_drawn_card_to_everyone():
    state = position(
        boards={0: {"red": ["Metalworking"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Archery", "Pottery"]},
    )
    state = dogma(state, "Metalworking")
    seen_by_opponent = " ".join(log_lines(state, 1))
    assert "Archery" in seen_by_opponent and "Pottery" in seen_by_opponent


# --- Oars -------------------------------------------------------------------------------------


def test_oars_repeats_until_no_crown_is_left_in_hand_and_then_nobody_draws():
    state = position(
        boards={0: {"red": ["Oars"]}, 1: {"green": ["Clothing"]}},  # 2 castles vs 0
        hands={1: ["Sailing", "City States", "Pottery"]},
        supply_top={1: ["Writing", "Agriculture", "Tools", "Mysticism"]},
    )
    state = dogma(state, "Oars")
    assert seat_asked(state) == 1
    state = choose(state, "card", "Sailing")
    state = choose(state, "card", "City States")  # Writing (crown) came in meanwhile
    assert asking(state) is None  # only Writing left with a crown: given without a question
    assert sorted(score_pile(state, 0)) == ["City States", "Sailing", "Writing"]
    assert sorted(hand(state, 1)) == ["Agriculture", "Pottery", "Tools"]
    assert hand(state, 0) == []  # a card was transferred: the second effect draws nothing
    assert in_supply(state, "Mysticism")


def test_oars_first_edition_transfers_at_most_one_card():
    state = position(
        boards={0: {"red": ["Oars"]}, 1: {"green": ["Clothing"]}},
        hands={1: ["Sailing", "City States", "Pottery"]},
        supply_top={1: ["Writing", "Agriculture"]},
        edition="first",
    )
    state = dogma(state, "Oars")
    state = choose(state, "card", "Sailing")
    assert asking(state) is None
    assert score_pile(state, 0) == ["Sailing"]
    assert sorted(hand(state, 1)) == ["City States", "Pottery", "Writing"]
    assert hand(state, 0) == []


def test_oars_without_a_crown_to_give_the_demander_draws_a_1():
    state = position(
        boards={0: {"red": ["Oars"]}, 1: {"green": ["Clothing"]}},
        hands={1: ["Pottery"]},
        supply_top={1: ["Writing"]},
    )
    state = dogma(state, "Oars")
    assert score_pile(state, 0) == []
    assert hand(state, 1) == ["Pottery"]
    assert hand(state, 0) == ["Writing"]


def test_oars_a_sharing_player_with_as_many_castles_is_not_affected_and_draws():
    state = position(
        boards={0: {"red": ["Oars"]}, 1: {"yellow": ["Masonry"]}},  # 2 castles vs 3
        hands={1: ["Sailing"]},
        supply_top={1: ["Writing", "Tools", "Pottery"]},
    )
    state = dogma(state, "Oars")
    assert score_pile(state, 0) == []
    assert sorted(hand(state, 1)) == ["Sailing", "Writing"]
    assert sorted(hand(state, 0)) == ["Pottery", "Tools"]  # own draw, then the sharing bonus


def test_oars_one_transfer_by_anyone_stops_every_second_effect_draw():
    state = position(
        players=3,
        boards={
            0: {"red": ["Oars"]},
            1: {"green": ["Clothing"]},  # affected
            2: {"red": ["Metalworking"]},  # shares
        },
        hands={1: ["Sailing"]},
        supply_top={1: ["Pottery", "Tools"]},
    )
    state = dogma(state, "Oars")
    assert score_pile(state, 0) == ["Sailing"]
    assert hand(state, 1) == ["Pottery"]
    assert hand(state, 2) == []
    assert hand(state, 0) == []  # seat 2 changed nothing: no sharing bonus either
    assert in_supply(state, "Tools")


# --- Clothing ---------------------------------------------------------------------------------


def test_clothing_melds_a_new_color_and_scores_a_1_per_color_only_it_has():
    state = position(
        boards={0: {"green": ["Clothing"], "red": ["Archery"]}, 1: {"blue": ["Writing"]}},
        hands={0: ["Sailing", "Pottery", "Agriculture"]},
        supply_top={1: ["Tools", "Mysticism", "Oars"]},
    )
    state = dogma(state, "Clothing")
    assert seat_asked(state) == 0
    assert not offers(state, "card", "Sailing")  # green is on the board already
    state = choose(state, "card", "Agriculture")
    assert board(state, 0)["yellow"] == ["Agriculture"]
    # green, red and yellow are seat 0's alone
    assert sorted(score_pile(state, 0)) == ["Mysticism", "Oars", "Tools"]
    assert sorted(hand(state, 0)) == ["Pottery", "Sailing"]


def test_clothing_a_single_new_color_is_melded_without_a_question_and_shared_colors_dont_score():
    state = position(
        boards={0: {"green": ["Clothing"]}, 1: {"blue": ["Writing"], "red": ["Oars"]}},
        hands={0: ["Pottery", "Sailing"]},
        supply_top={1: ["Tools", "Mysticism"]},
    )
    state = dogma(state, "Clothing")
    assert asking(state) is None
    assert board(state, 0)["blue"] == ["Pottery"]
    assert score_pile(state, 0) == ["Tools"]  # blue is on seat 1's board too: only green counts


def test_clothing_is_shared_by_a_player_with_as_many_leaves():
    state = position(
        boards={
            0: {"green": ["Clothing"], "red": ["Archery"]},
            1: {"yellow": ["Agriculture"]},  # 3 leaves vs 2
        },
        hands={1: ["Oars"]},
        supply_top={1: ["Tools", "Mysticism", "Sailing"]},
    )
    state = dogma(state, "Clothing")
    assert board(state, 1)["red"] == ["Oars"]
    # seat 1 has yellow and red, seat 0 green and red: one unique color each
    assert score_pile(state, 1) == ["Tools"]
    assert score_pile(state, 0) == ["Mysticism"]
    assert hand(state, 0) == ["Sailing"]  # the sharing bonus


def test_clothing_counts_colors_no_opponent_has_against_every_opponent():
    state = position(
        players=3,
        boards={
            0: {"green": ["Clothing"], "red": ["Archery"], "blue": ["Writing"]},
            1: {"red": ["Oars"]},
            2: {"blue": ["Tools"]},
        },
        supply_top={1: ["Pottery", "Sailing"]},
    )
    state = dogma(state, "Clothing")
    assert score_pile(state, 0) == ["Pottery"]  # only green


def test_clothing_a_teammate_is_not_an_opponent():
    state = position(
        players=4,
        teams=True,  # seats 0 and 2 against 1 and 3
        boards={
            0: {"green": ["Clothing"], "red": ["Archery"], "blue": ["Writing"]},
            1: {"blue": ["Tools"]},
            2: {"red": ["Oars"]},
            3: {"purple": ["Mysticism"]},
        },
        supply_top={1: ["Pottery", "Sailing", "Agriculture"]},
    )
    state = dogma(state, "Clothing")
    assert sorted(score_pile(state, 0)) == ["Pottery", "Sailing"]  # green and red


# --- Sailing ----------------------------------------------------------------------------------


def test_sailing_draws_and_melds_a_1():
    state = position(
        boards={0: {"green": ["Sailing"]}, 1: {"green": ["Clothing"]}},  # 2 crowns vs 1
        supply_top={1: ["Archery", "Pottery"]},
    )
    state = dogma(state, "Sailing")
    assert board(state, 0)["red"] == ["Archery"]
    assert board(state, 1) == {"green": ["Clothing"]}
    assert hand(state, 0) == []


def test_sailing_is_shared_by_a_player_with_as_many_crowns():
    state = position(
        boards={0: {"green": ["Sailing"]}, 1: {"purple": ["City States"]}},  # 2 crowns each
        supply_top={1: ["Archery", "Pottery", "Tools"]},
    )
    state = dogma(state, "Sailing")
    assert board(state, 1)["red"] == ["Archery"]
    assert board(state, 0)["blue"] == ["Pottery"]
    assert hand(state, 0) == ["Tools"]


# --- The Wheel --------------------------------------------------------------------------------


def test_the_wheel_draws_two_1s():
    state = position(
        boards={0: {"green": ["The Wheel"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Archery", "Pottery", "Tools"]},
    )
    state = dogma(state, "The Wheel")
    assert sorted(hand(state, 0)) == ["Archery", "Pottery"]
    assert hand(state, 1) == []


def test_the_wheel_is_shared_by_a_player_with_as_many_castles():
    state = position(
        boards={0: {"green": ["The Wheel"]}, 1: {"red": ["Metalworking"]}},  # 3 castles each
        supply_top={1: ["Archery", "Pottery", "Tools", "Oars", "Sailing"]},
    )
    state = dogma(state, "The Wheel")
    assert sorted(hand(state, 1)) == ["Archery", "Pottery"]
    assert sorted(hand(state, 0)) == ["Oars", "Sailing", "Tools"]


def test_the_wheel_draws_are_not_shown_to_the_opponent():
    state = position(
        boards={0: {"green": ["The Wheel"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Archery", "Pottery"]},
    )
    state = dogma(state, "The Wheel")
    seen_by_opponent = " ".join(log_lines(state, 1))
    assert "Archery" not in seen_by_opponent and "Pottery" not in seen_by_opponent
    assert "Pottery" in " ".join(log_lines(state, 0))


# --- Agriculture ------------------------------------------------------------------------------


def test_agriculture_returns_a_card_and_scores_one_age_higher():
    state = position(
        boards={0: {"yellow": ["Agriculture"]}, 1: {"red": ["Oars"]}},
        hands={0: ["Calendar", "Sailing"]},
        supply_top={3: ["Alchemy"]},
    )
    state = dogma(state, "Agriculture")
    state = choose(state, "card", "Calendar")
    assert in_supply(state, "Calendar")
    assert score_pile(state, 0) == ["Alchemy"]
    assert hand(state, 0) == ["Sailing"]


def test_agriculture_is_optional():
    state = position(
        boards={0: {"yellow": ["Agriculture"]}, 1: {"red": ["Oars"]}},
        hands={0: ["Calendar"]},
    )
    state = done(dogma(state, "Agriculture"))
    assert hand(state, 0) == ["Calendar"]
    assert score_pile(state, 0) == []


def test_agriculture_returning_an_age_10_card_ends_the_game_by_score():
    state = position(
        boards={0: {"yellow": ["Agriculture"]}, 1: {"red": ["Oars"]}},
        hands={0: ["Software"]},
        scores={1: ["Writing"]},
    )
    state = dogma(state, "Agriculture")
    state = choose(state, "card", "Software")
    result = game.result(state)
    assert result is not None
    assert result.winners == [1]


def test_agriculture_is_shared_by_a_player_with_as_many_leaves():
    state = position(
        boards={0: {"yellow": ["Agriculture"]}, 1: {"blue": ["Pottery"]}},  # 3 leaves each
        hands={1: ["Writing"], 0: ["Oars"]},
        supply_top={2: ["Calendar"], 1: ["Sailing"]},
    )
    state = dogma(state, "Agriculture")
    assert seat_asked(state) == 1
    state = choose(state, "card", "Writing")
    assert score_pile(state, 1) == ["Calendar"]
    assert seat_asked(state) == 0
    state = done(state)
    assert sorted(hand(state, 0)) == ["Oars", "Sailing"]


# --- Domestication ----------------------------------------------------------------------------


def test_domestication_melds_a_lowest_card_then_draws_a_1():
    state = position(
        boards={0: {"yellow": ["Domestication"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Calendar", "Oars", "Sailing"]},
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "Domestication")
    assert seat_asked(state) == 0
    assert not offers(state, "card", "Calendar")
    state = choose(state, "card", "Sailing")
    assert board(state, 0)["green"] == ["Sailing"]
    assert sorted(hand(state, 0)) == ["Calendar", "Oars", "Tools"]


def test_domestication_with_an_empty_hand_still_draws():
    state = position(
        boards={0: {"yellow": ["Domestication"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "Domestication")
    assert hand(state, 0) == ["Tools"]
    assert board(state, 0) == {"yellow": ["Domestication"]}


def test_domestication_is_shared_by_a_player_with_as_many_castles():
    state = position(
        boards={0: {"yellow": ["Domestication"]}, 1: {"red": ["Metalworking"]}},  # 2 vs 3
        hands={1: ["Calendar"]},
        supply_top={1: ["Tools", "Sailing", "Pottery"]},
    )
    state = dogma(state, "Domestication")
    assert board(state, 1)["blue"] == ["Calendar"]
    assert hand(state, 1) == ["Tools"]
    assert sorted(hand(state, 0)) == ["Pottery", "Sailing"]


# --- Masonry ----------------------------------------------------------------------------------


MASONRY_HAND = ["Archery", "Metalworking", "The Wheel", "Mysticism", "Pottery"]


def test_masonry_melding_four_castle_cards_takes_monument():
    state = position(
        boards={0: {"yellow": ["Masonry"]}, 1: {"green": ["Clothing"]}},
        hands={0: MASONRY_HAND},
    )
    state = dogma(state, "Masonry")
    assert not offers(state, "card", "Pottery")  # no castle
    state = take(state, "Archery", "Metalworking", "The Wheel", "Mysticism")
    state = finish(state)
    assert board(state, 0)["red"] == ["Metalworking", "Archery"]
    assert board(state, 0)["green"] == ["The Wheel"]
    assert board(state, 0)["purple"] == ["Mysticism"]
    assert hand(state, 0) == ["Pottery"]
    assert specials(state, 0) == ["Monument"]
    assert achievements(state, 0) == 1


def test_masonry_melding_three_takes_nothing():
    state = position(
        boards={0: {"yellow": ["Masonry"]}, 1: {"green": ["Clothing"]}},
        hands={0: MASONRY_HAND},
    )
    state = dogma(state, "Masonry")
    state = done(take(state, "Archery", "Metalworking", "The Wheel"))
    assert sorted(hand(state, 0)) == ["Mysticism", "Pottery"]
    assert achievements(state, 0) == 0


def test_masonry_takes_nothing_when_monument_is_already_claimed():
    state = position(
        boards={0: {"yellow": ["Masonry"]}, 1: {"green": ["Clothing"]}},
        hands={0: MASONRY_HAND},
        specials={1: ["Monument"]},
    )
    state = dogma(state, "Masonry")
    state = take(state, "Archery", "Metalworking", "The Wheel", "Mysticism")
    state = finish(state)
    assert hand(state, 0) == ["Pottery"]
    assert achievements(state, 0) == 0


def test_masonry_is_shared_by_a_player_with_as_many_castles():
    state = position(
        boards={0: {"yellow": ["Masonry"]}, 1: {"red": ["Metalworking"]}},  # 3 castles each
        hands={1: ["Oars", "Pottery"]},
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "Masonry")
    assert seat_asked(state) == 1
    state = take(state, "Oars")
    state = finish(state)
    assert board(state, 1)["red"] == ["Oars", "Metalworking"]
    assert hand(state, 1) == ["Pottery"]
    assert hand(state, 0) == ["Tools"]  # seat 0 has no castle card: the bonus draw only


# --- City States ------------------------------------------------------------------------------


def test_city_states_takes_a_castle_top_card_onto_the_demanders_pile():
    state = position(
        boards={
            0: {"purple": ["City States"], "yellow": ["Agriculture"]},  # 2 crowns
            1: {"red": ["Metalworking"], "yellow": ["Masonry"], "blue": ["Pottery"]},  # 6 castles
        },
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "City States")
    assert seat_asked(state) == 1
    assert not offers(state, "card", "Pottery")  # no castle
    state = choose(state, "card", "Masonry")
    assert board(state, 0)["yellow"] == ["Masonry", "Agriculture"]
    assert "yellow" not in board(state, 1)
    assert hand(state, 1) == ["Tools"]


def test_city_states_needs_four_visible_castles():
    state = position(
        boards={
            0: {"purple": ["City States"]},
            1: {"red": ["Metalworking"], "blue": ["Pottery"]},  # 3 castles
        },
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "City States")
    assert board(state, 1) == {"red": ["Metalworking"], "blue": ["Pottery"]}
    assert hand(state, 1) == []


def test_city_states_counts_castles_shown_by_a_splay():
    state = position(
        boards={
            0: {"purple": ["City States"]},
            # Oars 2 castles + Archery's last slot (splayed left) 1 + Tools 1 = 4; Oars' one
            # crown is fewer than City States' 2, so seat 1 is affected
            1: {"red": ["Oars", "Archery"], "blue": ["Tools"]},
        },
        splays={1: {"red": "left"}},
        supply_top={1: ["Sailing"]},
    )
    state = dogma(state, "City States")
    state = choose(state, "card", "Oars")
    assert board(state, 0)["red"] == ["Oars"]
    assert board(state, 1)["red"] == ["Archery"]
    assert splays(state, 1).get("red") is None  # one card left: the splay is lost
    assert hand(state, 1) == ["Sailing"]


def test_city_states_does_not_affect_a_player_with_as_many_crowns():
    state = position(
        boards={
            0: {"purple": ["City States"]},
            1: {"green": ["Sailing"], "red": ["Metalworking"], "yellow": ["Masonry"]},
        },
    )
    state = dogma(state, "City States")
    assert asking(state) is None
    assert board(state, 0) == {"purple": ["City States"]}
    assert hand(state, 0) == []  # a demand never gives the sharing bonus


# --- Code of Laws -----------------------------------------------------------------------------


def test_code_of_laws_tucks_a_matching_card_and_may_splay_it_left():
    state = position(
        boards={0: {"purple": ["Code of Laws"], "red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Oars", "Pottery"]},
    )
    state = dogma(state, "Code of Laws")
    assert offers(state, "done", None)
    assert not offers(state, "card", "Pottery")  # no blue pile
    state = choose(state, "card", "Oars")
    assert board(state, 0)["red"] == ["Archery", "Oars"]
    state = yes(state)
    assert splays(state, 0).get("red") == "left"
    assert hand(state, 0) == ["Pottery"]


def test_code_of_laws_the_splay_may_be_declined():
    state = position(
        boards={0: {"purple": ["Code of Laws"], "red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Oars"]},
    )
    state = choose(dogma(state, "Code of Laws"), "card", "Oars")
    state = no(state)
    assert board(state, 0)["red"] == ["Archery", "Oars"]
    assert splays(state, 0).get("red") is None


def test_code_of_laws_declining_the_tuck_asks_nothing_more():
    state = position(
        boards={0: {"purple": ["Code of Laws"], "red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        hands={0: ["Oars"]},
    )
    state = done(dogma(state, "Code of Laws"))
    assert asking(state) is None
    assert hand(state, 0) == ["Oars"]


def test_code_of_laws_does_not_offer_a_splay_the_pile_already_has():
    state = position(
        boards={
            0: {"purple": ["Code of Laws"], "red": ["Archery", "Metalworking"]},
            1: {"green": ["Clothing"]},
        },
        splays={0: {"red": "left"}},
        hands={0: ["Oars"]},
    )
    state = choose(dogma(state, "Code of Laws"), "card", "Oars")
    assert asking(state) is None
    assert board(state, 0)["red"] == ["Archery", "Metalworking", "Oars"]
    assert splays(state, 0).get("red") == "left"


def test_code_of_laws_is_shared_by_a_player_with_as_many_crowns():
    state = position(
        boards={0: {"purple": ["Code of Laws"]}, 1: {"green": ["Sailing"]}},  # 2 crowns each
        hands={1: ["The Wheel"], 0: ["Pottery"]},
        supply_top={1: ["Tools"]},
    )
    state = dogma(state, "Code of Laws")
    assert seat_asked(state) == 1
    state = choose(state, "card", "The Wheel")
    state = no(state)
    assert board(state, 1)["green"] == ["Sailing", "The Wheel"]
    assert asking(state) is None  # seat 0's Pottery matches no pile: nothing asked
    assert sorted(hand(state, 0)) == ["Pottery", "Tools"]


# --- Mysticism --------------------------------------------------------------------------------


def test_mysticism_melds_a_drawn_card_of_a_color_on_the_board_and_draws_again():
    state = position(
        boards={0: {"purple": ["Mysticism"], "red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Oars", "Sailing"]},
    )
    state = dogma(state, "Mysticism")
    assert board(state, 0)["red"] == ["Oars", "Archery"]
    assert hand(state, 0) == ["Sailing"]


def test_mysticism_keeps_a_drawn_card_of_a_new_color_in_hand():
    state = position(
        boards={0: {"purple": ["Mysticism"], "red": ["Archery"]}, 1: {"green": ["Clothing"]}},
        supply_top={1: ["Pottery", "Sailing"]},
    )
    state = dogma(state, "Mysticism")
    assert hand(state, 0) == ["Pottery"]
    assert "blue" not in board(state, 0)
    assert in_supply(state, "Sailing")
    assert "Pottery" in " ".join(log_lines(state, 1))  # revealed


def test_mysticism_is_shared_by_a_player_with_as_many_castles():
    state = position(
        boards={0: {"purple": ["Mysticism"]}, 1: {"red": ["Metalworking"]}},  # 3 castles each
        supply_top={1: ["Oars", "Tools", "Pottery", "Writing"]},
    )
    state = dogma(state, "Mysticism")
    assert board(state, 1)["red"] == ["Oars", "Metalworking"]
    assert hand(state, 1) == ["Tools"]
    assert sorted(hand(state, 0)) == ["Pottery", "Writing"]
