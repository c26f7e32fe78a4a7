"""The age-3 cards' effects, one position per behaviour: demands (affected or not by the icon
count), sharing, "if you do" branches, the first-edition branch and Translation's World."""

from __future__ import annotations

from app.games.innovation.effects import run_effects
from tests.games.innovation.helpers import (
    State,
    achievements,
    asking,
    choose,
    dogma,
    done,
    hand,
    idle,
    log_lines,
    no,
    offered,
    pile,
    position,
    score_pile,
    specials,
    splay_of,
    where,
    yes,
)

# --- Alchemy -----------------------------------------------------------------------------------


def test_alchemy_draws_one_per_three_castles_keeps_them_then_melds_and_scores():
    # 6 castles (Alchemy 2, Metalworking 3, Fermenting 1): two age-4 cards, none red.
    state = position(
        players=2,
        boards={
            0: {"blue": ["Alchemy"], "red": ["Metalworking"], "yellow": ["Fermenting"]},
            1: {"green": ["Clothing"]},
        },
        supply_top={4: ["Experimentation", "Invention"]},
    )
    state = dogma(state, "Alchemy")
    assert sorted(offered(state, "card")) == ["Experimentation", "Invention"]
    state = choose(state, "card", "Experimentation")  # meld it; Invention is scored
    assert idle(state)
    assert pile(state, 0, "blue") == ["Experimentation", "Alchemy"]
    assert score_pile(state, 0) == ["Invention"]
    assert hand(state, 0) == []
    assert hand(state, 1) == []  # player 1 (no castles) shares nothing


def test_alchemy_a_card_kept_in_hand_is_secret_again_when_the_second_effect_scores_it():
    state = position(
        players=2,
        boards={
            0: {"blue": ["Alchemy"], "red": ["Metalworking"], "yellow": ["Fermenting"]},
            1: {"green": ["Clothing"]},
        },
        supply_top={4: ["Experimentation", "Anatomy"]},
    )
    state = dogma(state, "Alchemy")
    state = choose(state, "card", "Experimentation")  # melded; Anatomy, kept in hand, is scored
    assert score_pile(state, 0) == ["Anatomy"]
    for viewer in (1, None):
        lines = log_lines(state, viewer)
        assert "Anatomy is revealed" in lines
        assert lines[-1] == "{seat0} scores an age-4 card"
    assert log_lines(state, 0)[-1] == "{seat0} scores Anatomy"


def test_alchemy_a_red_card_returns_the_drawn_cards_and_the_whole_hand():
    state = position(
        players=2,
        boards={
            0: {"blue": ["Alchemy"], "red": ["Metalworking"], "yellow": ["Fermenting"]},
            1: {"green": ["Clothing"]},
        },
        hands={0: ["Sailing"]},
        supply_top={4: ["Colonialism", "Invention"]},
    )
    state = dogma(state, "Alchemy")
    # The two age-4 cards go back in an order the owner picks; the age-1 card alone.
    assert sorted(offered(state, "card")) == ["Colonialism", "Invention"]
    state = choose(state, "card", "Invention")
    assert idle(state)
    assert hand(state, 0) == []
    # The revealed cards go back under everyone's eyes; the card that was in hand unseen.
    spectator = log_lines(state, None)
    assert "{seat0} returns Invention from {seat0}'s hand" in spectator
    assert "{seat0} returns Colonialism from {seat0}'s hand" in spectator
    assert "{seat0} returns an age-1 card from {seat0}'s hand" in spectator
    assert where(state, "Sailing")[0] == "supply"
    assert where(state, "Colonialism")[0] == "supply"
    assert where(state, "Invention")[0] == "supply"
    assert pile(state, 0, "blue") == ["Alchemy"]  # nothing left to meld or score
    assert score_pile(state, 0) == []


def test_alchemy_is_shared_by_a_player_with_as_many_castles():
    # Player 0 has 2 castles (no card drawn), player 1 has 3 (one card) and shares.
    state = position(
        players=2,
        boards={0: {"blue": ["Alchemy"]}, 1: {"green": ["The Wheel"]}},
        supply_top={4: ["Perspective"], 3: ["Paper"]},
    )
    state = dogma(state, "Alchemy")
    assert idle(state)
    assert pile(state, 1, "yellow") == ["Perspective"]  # drawn, then melded (only card)
    assert score_pile(state, 1) == []
    # Player 1 changed the game: player 0 draws the sharing bonus (an age 3).
    assert hand(state, 0) == ["Paper"]


# --- Translation -------------------------------------------------------------------------------


def test_translation_melds_the_score_pile_in_the_chosen_order_and_claims_world():
    state = position(
        players=2,
        boards={0: {"blue": ["Translation"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Oars", "Optics", "Sailing"]},
    )
    state = dogma(state, "Translation")
    state = yes(state)
    state = choose(state, "card", "Optics")  # melded first, so Oars ends on top of it
    state = choose(state, "card", "Oars")
    assert idle(state)
    assert pile(state, 0, "red") == ["Oars", "Optics"]
    assert pile(state, 0, "green") == ["Sailing"]
    assert score_pile(state, 0) == []
    # Every top card (Translation, Oars, Sailing) shows a crown.
    assert specials(state, 0) == ["World"]
    assert achievements(state, 0) == 1


def test_translation_declined_keeps_the_score_pile_and_a_top_card_without_crown_blocks_world():
    state = position(
        players=2,
        boards={0: {"blue": ["Translation"], "red": ["Archery"]}, 1: {"red": ["Oars"]}},
        scores={0: ["Sailing"]},
    )
    state = dogma(state, "Translation")
    state = no(state)
    assert idle(state)
    assert score_pile(state, 0) == ["Sailing"]
    assert specials(state, 0) == []
    assert achievements(state, 0) == 0


def test_translation_a_sharing_player_claims_world_first():
    # Player 1 has 4 crowns (3 needed) and shares; the World goes to the first to qualify.
    state = position(
        players=2,
        boards={
            0: {"blue": ["Translation"]},
            1: {"purple": ["Code of Laws"], "green": ["Sailing"]},
        },
        supply_top={3: ["Paper"]},
    )
    state = dogma(state, "Translation")
    assert idle(state)
    assert specials(state, 1) == ["World"]
    assert specials(state, 0) == []
    assert hand(state, 0) == ["Paper"]  # the sharing bonus


def test_translation_an_empty_board_is_not_every_top_card_showing_a_crown():
    # Not reachable by a dogma (Translation itself is on the board), but by running its effects
    # for a player: nothing to meld and no top card, so no World.
    state = position(players=2, boards={0: {"red": ["Archery"]}, 1: {}})
    list(run_effects(state, "Translation", 1, "normal", {}))
    assert specials(state, 1) == []
    assert "World" in state["specials"]


# --- Engineering -------------------------------------------------------------------------------


def test_engineering_takes_every_castle_top_card_into_the_demanders_score_pile():
    # Player 0: 5 castles; player 1: 4 (Tools 1, Mysticism 3) and is affected.
    state = position(
        players=2,
        boards={
            0: {"red": ["Engineering", "Archery"], "yellow": ["Masonry"]},
            1: {"blue": ["Tools"], "green": ["Clothing"], "purple": ["Mysticism"]},
        },
    )
    state = dogma(state, "Engineering")
    assert offered(state, "color") == ["red"]
    state = choose(state, "color", "red")
    assert idle(state)
    assert sorted(score_pile(state, 0)) == ["Mysticism", "Tools"]
    assert pile(state, 1, "green") == ["Clothing"]
    assert pile(state, 1, "blue") == []
    assert splay_of(state, 0, "red") == "left"


def test_engineering_spares_a_player_with_as_many_castles_who_shares_the_splay():
    state = position(
        players=2,
        boards={
            0: {"red": ["Engineering", "Archery"], "yellow": ["Masonry"]},
            1: {"red": ["Metalworking", "Oars"], "yellow": ["Domestication"]},
        },
        supply_top={3: ["Paper"]},
    )
    state = dogma(state, "Engineering")
    state = choose(state, "color", "red")  # player 1 splays first
    assert splay_of(state, 1, "red") == "left"
    state = done(state)  # player 0 does not
    assert idle(state)
    assert splay_of(state, 0, "red") is None
    assert score_pile(state, 0) == []
    assert pile(state, 1, "red") == ["Metalworking", "Oars"]
    assert hand(state, 0) == ["Paper"]  # the sharing bonus


# --- Optics ------------------------------------------------------------------------------------


def test_optics_a_crown_card_melded_means_an_age_4_scored():
    state = position(
        players=2,
        boards={0: {"red": ["Optics"]}, 1: {"blue": ["Tools"]}},
        supply_top={3: ["Translation"], 4: ["Navigation"]},
    )
    state = dogma(state, "Optics")
    assert idle(state)
    assert pile(state, 0, "blue") == ["Translation"]
    assert score_pile(state, 0) == ["Navigation"]


def test_optics_without_a_crown_a_score_card_goes_to_an_opponent_with_fewer_points():
    state = position(
        players=3,
        boards={0: {"red": ["Optics"]}, 1: {"blue": ["Tools"]}, 2: {"blue": ["Pottery"]}},
        scores={0: ["Archery", "Calendar"], 1: ["Oars"], 2: ["Mathematics", "Construction"]},
        supply_top={3: ["Engineering"]},
    )
    state = dogma(state, "Optics")
    assert pile(state, 0, "red") == ["Engineering", "Optics"]
    state = choose(state, "card", "Calendar")  # only player 1 (1 point < 3) can receive it
    assert idle(state)
    assert sorted(score_pile(state, 1)) == ["Calendar", "Oars"]
    assert score_pile(state, 0) == ["Archery"]
    assert len(score_pile(state, 2)) == 2


def test_optics_team_game_compares_own_scores_not_the_teams():
    # Seat 0 has 3 points, seat 1 has 1 (5 with its teammate, seat 3), seat 3 has 4.
    state = position(
        players=4,
        teams=True,
        boards={0: {"red": ["Optics"]}, 1: {}, 2: {}, 3: {}},
        scores={0: ["Archery", "Calendar"], 1: ["Oars"], 3: ["Mathematics", "Construction"]},
        supply_top={3: ["Engineering"]},
    )
    state = dogma(state, "Optics")
    state = choose(state, "card", "Calendar")  # seat 1 alone has fewer points: it receives it
    assert idle(state)
    assert sorted(score_pile(state, 1)) == ["Calendar", "Oars"]
    assert score_pile(state, 0) == ["Archery"]


def test_optics_with_two_poorer_opponents_the_player_picks_the_card_then_the_receiver():
    state = position(
        players=3,
        boards={0: {"red": ["Optics"]}, 1: {"blue": ["Tools"]}, 2: {"blue": ["Pottery"]}},
        scores={0: ["Archery", "Calendar"], 1: ["Oars"]},
        supply_top={3: ["Engineering"]},
    )
    state = dogma(state, "Optics")
    state = choose(state, "card", "Archery")
    assert offered(state, "player") == [1, 2]
    state = choose(state, "player", 2)
    assert idle(state)
    assert score_pile(state, 2) == ["Archery"]
    assert score_pile(state, 1) == ["Oars"]


def test_optics_without_a_crown_and_no_poorer_opponent_nothing_moves():
    state = position(
        players=2,
        boards={0: {"red": ["Optics"]}, 1: {"blue": ["Tools"]}},
        scores={0: ["Archery"], 1: ["Oars"]},
        supply_top={3: ["Engineering"]},
    )
    state = dogma(state, "Optics")
    assert idle(state)
    assert score_pile(state, 0) == ["Archery"]
    assert score_pile(state, 1) == ["Oars"]


def test_optics_is_shared_and_points_are_compared_when_the_card_is_melded():
    # Player 1 (4 crowns) shares: a crown card melded, an age 4 scored. Player 0 then melds a
    # card without a crown, but player 1 now has more points: nobody to give a card to.
    state = position(
        players=2,
        boards={0: {"red": ["Optics"]}, 1: {"green": ["Sailing"], "purple": ["Code of Laws"]}},
        scores={0: ["Archery", "Calendar"]},
        supply_top={3: ["Translation", "Engineering", "Paper"], 4: ["Navigation"]},
    )
    state = dogma(state, "Optics")
    assert idle(state)
    assert pile(state, 1, "blue") == ["Translation"]
    assert score_pile(state, 1) == ["Navigation"]
    assert pile(state, 0, "red") == ["Engineering", "Optics"]
    assert sorted(score_pile(state, 0)) == ["Archery", "Calendar"]
    assert hand(state, 0) == ["Paper"]  # the sharing bonus


# --- Compass -----------------------------------------------------------------------------------


def test_compass_gives_a_leaf_card_then_takes_a_leafless_one():
    # Player 0: 4 crowns; player 1: 1 (Clothing) and is affected.
    state = position(
        players=2,
        boards={
            0: {
                "green": ["Compass"],
                "purple": ["Code of Laws"],
                "red": ["Archery"],
                "yellow": ["Masonry"],
            },
            1: {"yellow": ["Agriculture"], "green": ["Clothing"], "blue": ["Tools"]},
        },
    )
    state = dogma(state, "Compass")
    # Agriculture (the only non-green leaf card) went first and now covers Masonry, so Archery is
    # the only leafless top card left to take: no question at all.
    assert idle(state)
    assert pile(state, 0, "yellow") == ["Agriculture", "Masonry"]
    assert pile(state, 1, "red") == ["Archery"]
    assert pile(state, 0, "red") == []
    assert pile(state, 1, "green") == ["Clothing"]


def test_compass_each_half_happens_on_its_own_and_the_affected_player_chooses():
    state = position(
        players=2,
        boards={
            0: {
                "green": ["Compass"],
                "purple": ["Code of Laws"],
                "red": ["Archery"],
                "yellow": ["Masonry"],
            },
            1: {"green": ["Clothing"], "blue": ["Tools"]},
        },
    )
    state = dogma(state, "Compass")
    assert asking(state)[0] == 1
    assert sorted(offered(state, "card")) == ["Archery", "Masonry"]
    state = choose(state, "card", "Masonry")
    assert idle(state)
    assert pile(state, 1, "yellow") == ["Masonry"]
    assert pile(state, 0, "red") == ["Archery"]


def test_compass_a_player_with_as_many_crowns_is_not_affected():
    state = position(
        players=2,
        boards={
            0: {"green": ["Compass"], "red": ["Archery"]},
            1: {"yellow": ["Agriculture"], "purple": ["City States"]},
        },
    )
    state = dogma(state, "Compass")
    assert idle(state)
    assert pile(state, 1, "yellow") == ["Agriculture"]
    assert pile(state, 0, "red") == ["Archery"]


# --- Paper -------------------------------------------------------------------------------------


def test_paper_splays_blue_left_then_draws_an_age_4_per_pile_splayed_left():
    state = position(
        players=2,
        boards={
            0: {
                "green": ["Paper", "Clothing"],
                "blue": ["Writing", "Tools"],
                "red": ["Archery", "Oars"],
            },
            1: {"blue": ["Pottery"]},
        },
        splays={0: {"red": "left"}},
        supply_top={4: ["Anatomy", "Enterprise", "Gunpowder"]},
    )
    state = dogma(state, "Paper")
    assert sorted(offered(state, "color")) == ["blue", "green"]
    state = choose(state, "color", "blue")
    assert idle(state)
    assert splay_of(state, 0, "blue") == "left"
    assert splay_of(state, 0, "green") is None
    assert sorted(hand(state, 0)) == ["Anatomy", "Enterprise"]


def test_paper_declined_still_draws_for_the_piles_already_splayed_left():
    state = position(
        players=2,
        boards={
            0: {"green": ["Paper", "Clothing"], "red": ["Archery", "Oars"]},
            1: {"blue": ["Pottery"]},
        },
        splays={0: {"red": "left"}},
        supply_top={4: ["Anatomy", "Enterprise"]},
    )
    state = dogma(state, "Paper")
    state = done(state)
    assert idle(state)
    assert splay_of(state, 0, "green") is None
    assert hand(state, 0) == ["Anatomy"]


def test_paper_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        players=2,
        boards={0: {"green": ["Paper"]}, 1: {"blue": ["Tools", "Writing"]}},
        splays={1: {"blue": "left"}},
        supply_top={4: ["Anatomy"], 3: ["Optics"]},
    )
    state = dogma(state, "Paper")
    assert idle(state)  # player 1's blue pile is already splayed left: nothing to ask
    assert hand(state, 1) == ["Anatomy"]
    assert hand(state, 0) == ["Optics"]  # player 0 has nothing splayed: only the bonus


# --- Machinery ---------------------------------------------------------------------------------


def test_machinery_swaps_the_hand_for_the_demanders_highest_cards_then_scores_a_castle():
    # Player 0: 5 leaves; player 1: none, affected.
    state = position(
        players=2,
        boards={0: {"yellow": ["Machinery"], "blue": ["Pottery"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Optics", "Compass", "Tools"], 1: ["Sailing", "Calendar"]},
    )
    state = dogma(state, "Machinery")
    # Player 0's castle cards in hand: Tools only, scored without a question; no red pile.
    assert idle(state)
    assert sorted(hand(state, 1)) == ["Compass", "Optics"]
    assert sorted(hand(state, 0)) == ["Calendar", "Sailing"]
    assert score_pile(state, 0) == ["Tools"]


def test_machinery_an_empty_hand_still_receives_the_demanders_highest():
    state = position(
        players=2,
        boards={
            0: {"yellow": ["Machinery"], "blue": ["Pottery"], "red": ["Oars", "Archery"]},
            1: {"red": ["Metalworking"]},
        },
        hands={0: ["Optics", "Tools", "Masonry"]},
    )
    state = dogma(state, "Machinery")
    assert hand(state, 1) == ["Optics"]
    # Tools and Masonry both show a castle: player 0 picks one to score.
    assert sorted(offered(state, "card")) == ["Masonry", "Tools"]
    state = choose(state, "card", "Masonry")
    state = choose(state, "color", "red")
    assert idle(state)
    assert score_pile(state, 0) == ["Masonry"]
    assert hand(state, 0) == ["Tools"]
    assert splay_of(state, 0, "red") == "left"


def test_machinery_the_demanders_highest_are_taken_from_the_hand_as_it_was_before():
    # Player 1's Anatomy (age 4) lands in player 0's hand, but only Tools was player 0's
    # highest card before the swap: Anatomy stays with player 0.
    state = position(
        players=2,
        boards={0: {"yellow": ["Machinery"], "blue": ["Pottery"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools"], 1: ["Anatomy"]},
    )
    state = dogma(state, "Machinery")
    assert idle(state)
    assert hand(state, 1) == ["Tools"]
    assert hand(state, 0) == ["Anatomy"]


def test_machinery_a_sharing_player_scores_and_is_not_affected():
    state = position(
        players=2,
        boards={
            0: {"yellow": ["Machinery"], "blue": ["Pottery"]},
            1: {"yellow": ["Agriculture"], "green": ["Clothing"]},
        },
        hands={0: ["Optics"], 1: ["Masonry", "Sailing"]},
        supply_top={3: ["Paper"]},
    )
    state = dogma(state, "Machinery")
    assert idle(state)
    assert score_pile(state, 1) == ["Masonry"]
    assert hand(state, 1) == ["Sailing"]
    assert sorted(hand(state, 0)) == ["Optics", "Paper"]  # kept, plus the sharing bonus


# --- Medicine ----------------------------------------------------------------------------------


def test_medicine_swaps_their_highest_score_card_for_the_demanders_lowest_each_owner_picks():
    state = position(
        players=2,
        boards={0: {"yellow": ["Medicine"], "blue": ["Pottery"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Tools", "Sailing", "Calendar"], 1: ["Optics", "Engineering", "Writing"]},
    )
    state = dogma(state, "Medicine")
    assert asking(state)[0] == 1
    assert sorted(offered(state, "card")) == ["Engineering", "Optics"]
    state = choose(state, "card", "Engineering")
    assert asking(state)[0] == 0
    assert sorted(offered(state, "card")) == ["Sailing", "Tools"]
    state = choose(state, "card", "Sailing")
    assert idle(state)
    assert sorted(score_pile(state, 0)) == ["Calendar", "Engineering", "Tools"]
    assert sorted(score_pile(state, 1)) == ["Optics", "Sailing", "Writing"]


def test_medicine_with_an_empty_side_only_the_other_card_moves():
    state = position(
        players=2,
        boards={0: {"yellow": ["Medicine"], "blue": ["Pottery"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Calendar", "Optics"]},
    )
    state = dogma(state, "Medicine")
    assert idle(state)
    assert score_pile(state, 1) == ["Calendar"]
    assert score_pile(state, 0) == ["Optics"]


def test_medicine_a_player_with_as_many_leaves_is_not_affected():
    state = position(
        players=2,
        boards={0: {"yellow": ["Medicine"]}, 1: {"yellow": ["Agriculture"]}},
        scores={0: ["Calendar"], 1: ["Optics"]},
    )
    state = dogma(state, "Medicine")
    assert idle(state)
    assert score_pile(state, 0) == ["Calendar"]
    assert score_pile(state, 1) == ["Optics"]


# --- Education ---------------------------------------------------------------------------------


def test_education_returns_the_highest_score_card_and_draws_two_above_the_next_highest():
    state = position(
        players=2,
        boards={0: {"purple": ["Education"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Construction", "Optics", "Anatomy"]},
        supply_top={5: ["Coal"]},
    )
    state = dogma(state, "Education")
    assert offered(state, "card") == ["Anatomy"]
    state = choose(state, "card", "Anatomy")
    assert idle(state)
    assert where(state, "Anatomy")[0] == "supply"
    assert hand(state, 0) == ["Coal"]  # highest left is 3, so an age 5


def test_education_with_the_score_pile_emptied_draws_an_age_2_and_ties_are_the_players_pick():
    state = position(
        players=2,
        boards={0: {"purple": ["Education"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Optics", "Paper"]},
        supply_top={5: ["Coal"], 2: ["Calendar"]},
    )
    state = dogma(state, "Education")
    assert sorted(offered(state, "card")) == ["Optics", "Paper"]
    state = choose(state, "card", "Paper")
    assert idle(state)
    assert hand(state, 0) == ["Coal"]
    state = position(
        players=2,
        boards={0: {"purple": ["Education"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Optics"]},
        supply_top={2: ["Calendar"]},
    )
    state = choose(dogma(state, "Education"), "card", "Optics")
    assert hand(state, 0) == ["Calendar"]
    assert score_pile(state, 0) == []


def test_education_declined_changes_nothing():
    state = position(
        players=2,
        boards={0: {"purple": ["Education"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Optics"]},
    )
    state = done(dogma(state, "Education"))
    assert idle(state)
    assert score_pile(state, 0) == ["Optics"]
    assert hand(state, 0) == []


def test_education_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        players=2,
        boards={0: {"purple": ["Education"]}, 1: {"blue": ["Writing"], "green": ["Paper"]}},
        scores={1: ["Optics"]},
        supply_top={2: ["Calendar"], 3: ["Alchemy"]},
    )
    state = dogma(state, "Education")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Optics")
    assert idle(state)  # player 0 has no score card: nothing to ask
    assert hand(state, 1) == ["Calendar"]
    assert hand(state, 0) == ["Alchemy"]  # the sharing bonus


# --- Feudalism ---------------------------------------------------------------------------------


def feudalism_position(edition: str) -> State:
    # Player 0: 5 castles; player 1: none, with its yellow pile splayed right.
    return position(
        players=2,
        boards={
            0: {"purple": ["Feudalism"], "red": ["Metalworking"]},
            1: {"yellow": ["Canal Building", "Agriculture"]},
        },
        splays={1: {"yellow": "right"}},
        hands={1: ["Masonry", "Pottery"]},
        edition=edition,
    )


def test_feudalism_takes_a_castle_card_from_hand_and_unsplays_that_color():
    state = dogma(feudalism_position("third"), "Feudalism")
    assert idle(state)
    assert hand(state, 0) == ["Masonry"]
    assert hand(state, 1) == ["Pottery"]
    assert splay_of(state, 1, "yellow") is None


def test_feudalism_first_edition_does_not_unsplay():
    state = dogma(feudalism_position("first"), "Feudalism")
    assert idle(state)
    assert hand(state, 0) == ["Masonry"]
    assert splay_of(state, 1, "yellow") == "right"


def test_feudalism_without_a_castle_in_hand_nothing_is_unsplayed_and_the_demander_splays():
    state = position(
        players=2,
        boards={
            0: {"purple": ["Feudalism", "City States"], "yellow": ["Masonry", "Agriculture"]},
            1: {"yellow": ["Canal Building", "Fermenting"]},
        },
        splays={1: {"yellow": "right"}},
        hands={1: ["Pottery"]},
    )
    state = dogma(state, "Feudalism")
    assert sorted(offered(state, "color")) == ["purple", "yellow"]
    state = choose(state, "color", "purple")
    assert idle(state)
    assert splay_of(state, 0, "purple") == "left"
    assert splay_of(state, 1, "yellow") == "right"
    assert hand(state, 1) == ["Pottery"]


def test_feudalism_a_player_with_as_many_castles_keeps_its_hand_and_shares_the_splay():
    state = position(
        players=2,
        boards={
            0: {"purple": ["Feudalism"], "yellow": ["Masonry"]},
            1: {"red": ["Metalworking"], "purple": ["Mysticism", "City States"]},
        },
        hands={1: ["Archery"]},
        supply_top={3: ["Paper"]},
    )
    state = dogma(state, "Feudalism")
    assert asking(state)[0] == 1
    state = choose(state, "color", "purple")
    assert idle(state)  # player 0's piles hold one card each: nothing to splay
    assert splay_of(state, 1, "purple") == "left"
    assert hand(state, 1) == ["Archery"]
    assert hand(state, 0) == ["Paper"]  # the sharing bonus
