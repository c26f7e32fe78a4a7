"""The age-5 cards' dogma effects, one or more tests per card named after it.

Each test builds a position, takes the dogma action as seat 0 and checks what moved. Icon
counts are noted where they decide who is affected by a demand or shares an effect.
"""

from __future__ import annotations

from app.games.innovation.cards import CARDS
from tests.games.innovation.helpers import (
    State,
    achievements,
    asking,
    choose,
    dogma,
    done,
    game,
    hand,
    in_supply,
    log_lines,
    pile,
    position,
    score_pile,
    specials,
    splay_of,
    where,
)

# --- Chemistry ------------------------------------------------------------------------------


def test_chemistry_splays_blue_scores_one_above_highest_top_and_returns_a_score_card():
    # Seat 0: 2 factories (Chemistry); seat 1: none, so seat 1 does not share.
    state = position(
        players=2,
        boards={
            0: {"blue": ["Chemistry", "Tools"], "yellow": ["Agriculture"]},
            1: {"red": ["Archery"]},
        },
        scores={0: ["Calendar"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Chemistry")
    assert asking(state)[0] == 0
    state = choose(state, "color", "blue")
    assert splay_of(state, 0, "blue") == "right"
    # Highest top card is 5, so an age-6 card is drawn and scored; then one score card back.
    assert sorted(score_pile(state, 0)) == ["Calendar", "Canning"]
    state = choose(state, "card", "Calendar")
    assert score_pile(state, 0) == ["Canning"]
    assert in_supply(state, "Calendar")


def test_chemistry_shared_by_an_opponent_with_as_many_factories_gives_the_sharing_draw():
    # Seat 1 shows 3 factories (Coal) >= seat 0's 2: seat 1 shares, first.
    state = position(
        players=2,
        boards={0: {"blue": ["Chemistry", "Tools"]}, 1: {"red": ["Coal"]}},
        scores={0: ["Calendar"]},
        supply_top={6: ["Canning", "Vaccination"], 5: ["Statistics"]},
    )
    state = dogma(state, "Chemistry")
    # Effect 1: seat 1 has no blue pile (no question); seat 0 declines the splay.
    assert asking(state)[0] == 0
    state = done(state)
    assert splay_of(state, 0, "blue") is None
    # Effect 2: seat 1 scores Canning and must return it, its only score card.
    assert score_pile(state, 1) == []
    assert in_supply(state, "Canning")
    # Seat 0 scores Vaccination and returns one of two.
    state = choose(state, "card", "Vaccination")
    assert score_pile(state, 0) == ["Calendar"]
    # Seat 1 changed the game while sharing: seat 0 draws by its highest top card (5).
    assert "Statistics" in hand(state, 0)


# --- Physics --------------------------------------------------------------------------------


def test_physics_two_of_a_color_sends_the_three_and_the_whole_hand_back():
    state = position(
        players=2,
        boards={0: {"blue": ["Physics"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools"]},
        supply_top={6: ["Atomic Theory", "Canning", "Encyclopedia"]},
    )
    state = dogma(state, "Physics")
    # Atomic Theory and Encyclopedia are both blue: all four cards go back. The three age-6
    # cards go to the same supply pile, so seat 0 orders them.
    assert asking(state)[0] == 0
    state = choose(state, "card", "Encyclopedia")
    state = choose(state, "card", "Canning")
    assert hand(state, 0) == []
    assert state["supply"]["1"][-1] == "Tools"
    assert state["supply"]["6"][-3:] == ["Encyclopedia", "Canning", "Atomic Theory"]


def test_physics_three_colors_keeps_all_three():
    state = position(
        players=2,
        boards={0: {"blue": ["Physics"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools"]},
        supply_top={6: ["Atomic Theory", "Canning", "Democracy"]},
    )
    state = dogma(state, "Physics")
    assert sorted(hand(state, 0)) == ["Atomic Theory", "Canning", "Democracy", "Tools"]


def test_physics_shared_by_an_opponent_with_as_many_lightbulbs():
    # Seat 1 shows 2 lightbulbs (Writing) = seat 0's 2: shares and draws first.
    state = position(
        players=2,
        boards={0: {"blue": ["Physics"]}, 1: {"blue": ["Writing"]}},
        supply_top={
            6: [
                "Atomic Theory",
                "Canning",
                "Democracy",
                "Industrialization",
                "Classification",
                "Vaccination",
            ],
            5: ["Coal"],
        },
    )
    state = dogma(state, "Physics")
    assert sorted(hand(state, 1)) == ["Atomic Theory", "Canning", "Democracy"]
    assert {"Industrialization", "Classification", "Vaccination", "Coal"} <= set(hand(state, 0))


# --- Coal -----------------------------------------------------------------------------------


def test_coal_tucks_a_five_splays_red_and_scores_a_top_card_and_the_one_under_it():
    state = position(
        players=2,
        boards={
            0: {"red": ["Coal", "Archery"], "blue": ["Writing", "Tools"]},
            1: {"green": ["Clothing"]},
        },
        supply_top={5: ["Statistics"]},
    )
    state = dogma(state, "Coal")
    assert pile(state, 0, "yellow") == ["Statistics"]
    state = choose(state, "color", "red")
    assert splay_of(state, 0, "red") == "right"
    state = choose(state, "card", "Writing")
    assert sorted(score_pile(state, 0)) == ["Tools", "Writing"]
    assert pile(state, 0, "blue") == []


def test_coal_scoring_a_single_card_pile_scores_only_that_card():
    state = position(
        players=2,
        boards={0: {"red": ["Coal"], "blue": ["Writing", "Tools"]}, 1: {"green": ["Clothing"]}},
        supply_top={5: ["Statistics"]},
    )
    state = dogma(state, "Coal")
    # Red has one card: no splay question. Score the tucked Statistics, alone in yellow.
    state = choose(state, "card", "Statistics")
    assert score_pile(state, 0) == ["Statistics"]
    assert pile(state, 0, "blue") == ["Writing", "Tools"]


def test_coal_scoring_is_optional():
    state = position(
        players=2,
        boards={0: {"red": ["Coal", "Archery"], "blue": ["Writing"]}, 1: {"green": ["Clothing"]}},
        supply_top={5: ["Statistics"]},
    )
    state = dogma(state, "Coal")
    state = done(state)
    assert splay_of(state, 0, "red") is None
    state = done(state)
    assert score_pile(state, 0) == []
    assert pile(state, 0, "red") == ["Coal", "Archery"]


def test_coal_shared_by_an_opponent_with_as_many_factories():
    # Seat 1: Machine Tools' 3 factories = seat 0's 3 (Coal): shares every effect, first.
    state = position(
        players=2,
        boards={0: {"red": ["Coal"]}, 1: {"red": ["Machine Tools"]}},
        supply_top={5: ["Statistics", "Physics", "Chemistry"]},
    )
    state = dogma(state, "Coal")
    assert pile(state, 1, "yellow") == ["Statistics"]
    assert pile(state, 0, "blue") == ["Physics"]
    # No red pile can be splayed; effect 3 asks seat 1 first, then seat 0.
    assert asking(state)[0] == 1
    state = choose(state, "card", "Statistics")
    assert score_pile(state, 1) == ["Statistics"]
    assert asking(state)[0] == 0
    state = done(state)
    assert score_pile(state, 0) == []
    # Seat 1 changed the game: seat 0 draws by its highest top card (5).
    assert hand(state, 0) == ["Chemistry"]


# --- The Pirate Code ------------------------------------------------------------------------


def test_the_pirate_code_takes_two_low_score_cards_then_scores_the_lowest_crown_top_card():
    # Seat 0: 2 crowns + Sailing's 2 = 4; seat 1: none, so affected.
    state = position(
        players=2,
        boards={0: {"red": ["The Pirate Code"], "green": ["Sailing"]}, 1: {"blue": ["Tools"]}},
        scores={1: ["Archery", "Calendar", "Optics", "Coal"]},
    )
    state = dogma(state, "The Pirate Code")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Archery")
    state = choose(state, "card", "Optics")
    assert sorted(score_pile(state, 1)) == ["Calendar", "Coal"]
    # The demand moved cards: seat 0 scores Sailing (age 1, lowest top card with a crown).
    assert sorted(score_pile(state, 0)) == ["Archery", "Optics", "Sailing"]
    assert pile(state, 0, "green") == []


def test_the_pirate_code_moves_what_it_can_without_asking():
    state = position(
        players=2,
        boards={0: {"red": ["The Pirate Code"], "green": ["Sailing"]}, 1: {"blue": ["Tools"]}},
        scores={1: ["Archery", "Coal"]},
    )
    state = dogma(state, "The Pirate Code")
    assert score_pile(state, 1) == ["Coal"]
    assert sorted(score_pile(state, 0)) == ["Archery", "Sailing"]


def test_the_pirate_code_with_nothing_moved_scores_nothing():
    state = position(
        players=2,
        boards={0: {"red": ["The Pirate Code"], "green": ["Sailing"]}, 1: {"blue": ["Tools"]}},
        scores={1: ["Coal"]},
    )
    state = dogma(state, "The Pirate Code")
    assert score_pile(state, 1) == ["Coal"]
    assert score_pile(state, 0) == []
    assert pile(state, 0, "green") == ["Sailing"]


def test_the_pirate_code_an_opponent_with_as_many_crowns_is_not_affected_and_shares():
    # Seat 1: 3 crowns (Navigation) against seat 0's 2: not affected; shares effect 2
    # but the demand moved nothing, so nobody scores.
    state = position(
        players=2,
        boards={0: {"red": ["The Pirate Code"]}, 1: {"green": ["Navigation"]}},
        scores={1: ["Archery"]},
    )
    state = dogma(state, "The Pirate Code")
    assert score_pile(state, 1) == ["Archery"]
    assert score_pile(state, 0) == []
    assert pile(state, 0, "red") == ["The Pirate Code"]


def test_the_pirate_code_one_affected_opponent_moving_is_enough_for_every_sharer():
    # Three players: seat 1 (0 crowns) is affected and pays; seat 2 (3 crowns) shares effect 2
    # and scores its lowest crowned top card too.
    state = position(
        players=3,
        boards={
            0: {"red": ["The Pirate Code"]},
            1: {"blue": ["Tools"]},
            2: {"green": ["Navigation"], "purple": ["City States"]},
        },
        scores={1: ["Archery"]},
    )
    state = dogma(state, "The Pirate Code")
    # Seat 2 scores City States (age 1, lowest of its crowned top cards).
    assert score_pile(state, 2) == ["City States"]
    # Seat 0 scores The Pirate Code itself (its only crowned top card).
    assert sorted(score_pile(state, 0)) == ["Archery", "The Pirate Code"]


# --- Banking --------------------------------------------------------------------------------


def test_banking_takes_a_non_green_factory_top_card_and_the_victim_scores_a_five():
    # Seat 0: 2 crowns; seat 1: Steam Engine's 1 crown, affected.
    state = position(
        players=2,
        boards={
            0: {"green": ["Banking", "Clothing"]},
            1: {"red": ["Coal"], "yellow": ["Steam Engine"], "green": ["Invention"]},
        },
        supply_top={5: ["Statistics"]},
    )
    state = dogma(state, "Banking")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Coal")
    assert pile(state, 0, "red") == ["Coal"]
    assert pile(state, 1, "red") == []
    assert score_pile(state, 1) == ["Statistics"]
    state = choose(state, "color", "green")
    assert splay_of(state, 0, "green") == "right"


def test_banking_with_only_a_green_factory_card_nothing_moves():
    state = position(
        players=2,
        boards={0: {"green": ["Banking"]}, 1: {"green": ["Invention"], "yellow": ["Agriculture"]}},
        supply_top={5: ["Statistics"]},
    )
    state = dogma(state, "Banking")
    assert pile(state, 1, "green") == ["Invention"]
    assert score_pile(state, 1) == []
    assert pile(state, 0, "green") == ["Banking"]


def test_banking_an_opponent_with_as_many_crowns_is_not_affected():
    state = position(
        players=2,
        boards={0: {"green": ["Banking"]}, 1: {"red": ["Coal"], "purple": ["Enterprise"]}},
        supply_top={5: ["Statistics"]},
    )
    state = dogma(state, "Banking")
    assert pile(state, 1, "red") == ["Coal"]
    assert pile(state, 0, "red") == []


# --- Measurement ----------------------------------------------------------------------------


def test_measurement_returns_a_card_splays_its_color_and_draws_by_the_pile_size():
    state = position(
        players=2,
        boards={
            0: {"green": ["Measurement"], "blue": ["Writing", "Pottery"]},
            1: {"red": ["Archery"]},
        },
        hands={0: ["Tools"]},
        supply_top={2: ["Mathematics"]},
    )
    state = dogma(state, "Measurement")
    state = choose(state, "card", "Tools")
    assert in_supply(state, "Tools")
    assert splay_of(state, 0, "blue") == "right"
    assert hand(state, 0) == ["Mathematics"]
    spectator = log_lines(state, None)
    assert "Tools is revealed" in spectator
    assert "{seat0} returns Tools from {seat0}'s hand" in spectator


def test_measurement_a_color_not_on_the_board_draws_an_age_one():
    state = position(
        players=2,
        boards={0: {"green": ["Measurement"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Oars"]},
        supply_top={1: ["Pottery"]},
    )
    state = dogma(state, "Measurement")
    state = choose(state, "card", "Oars")
    assert hand(state, 0) == ["Pottery"]


def test_measurement_is_optional():
    state = position(
        players=2,
        boards={0: {"green": ["Measurement"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Oars"]},
    )
    state = dogma(state, "Measurement")
    state = done(state)
    assert hand(state, 0) == ["Oars"]


def test_measurement_first_edition_picks_any_color():
    state = position(
        players=2,
        boards={
            0: {"green": ["Measurement"], "red": ["Archery", "Oars", "Metalworking"]},
            1: {"yellow": ["Agriculture"]},
        },
        hands={0: ["Tools"]},
        supply_top={3: ["Paper"]},
        edition="first",
    )
    state = dogma(state, "Measurement")
    state = choose(state, "card", "Tools")
    state = choose(state, "color", "red")
    assert splay_of(state, 0, "red") == "right"
    assert hand(state, 0) == ["Paper"]


def test_measurement_first_edition_returns_the_card_unrevealed():
    state = position(
        players=2,
        boards={0: {"green": ["Measurement"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: ["Tools"]},
        edition="first",
    )
    state = dogma(state, "Measurement")
    state = choose(state, "card", "Tools")
    state = choose(state, "color", "green")
    assert in_supply(state, "Tools")
    assert game.view(state, 1)["state"]["revealed"] == []
    for viewer in (1, None):
        assert not any("Tools" in line for line in log_lines(state, viewer))
        assert "{seat0} returns an age-1 card from {seat0}'s hand" in log_lines(state, viewer)
    assert "{seat0} returns Tools from {seat0}'s hand" in log_lines(state, 0)


def test_measurement_shared_by_an_opponent_with_as_many_lightbulbs():
    # Seat 1: Writing's 2 lightbulbs = seat 0's 2 (Measurement).
    state = position(
        players=2,
        boards={0: {"green": ["Measurement"]}, 1: {"blue": ["Writing"]}},
        hands={1: ["Oars"]},
        supply_top={1: ["Pottery"], 5: ["Coal"]},
    )
    state = dogma(state, "Measurement")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Oars")
    assert where(state, "Oars") == ("supply", 1)
    assert hand(state, 1) == ["Pottery"]
    # Seat 0 has no hand card: nothing to ask. Then the sharing draw (highest top card 5).
    assert asking(state) is None
    assert hand(state, 0) == ["Coal"]


# --- Statistics -----------------------------------------------------------------------------


def test_statistics_moves_every_highest_score_card_to_the_victims_hand():
    # Seat 0: 2 leaves (Statistics; Agriculture is covered); seat 1: none.
    state = position(
        players=2,
        boards={0: {"yellow": ["Statistics", "Agriculture"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Coal", "Chemistry", "Tools"]},
    )
    state = dogma(state, "Statistics")
    assert sorted(hand(state, 1)) == ["Chemistry", "Coal"]
    assert score_pile(state, 1) == ["Tools"]
    state = choose(state, "color", "yellow")
    assert splay_of(state, 0, "yellow") == "right"


def test_statistics_an_opponent_with_as_many_leaves_is_not_affected_but_shares_the_splay():
    state = position(
        players=2,
        boards={0: {"yellow": ["Statistics"]}, 1: {"yellow": ["Agriculture", "Masonry"]}},
        scores={1: ["Coal"]},
    )
    state = dogma(state, "Statistics")
    assert score_pile(state, 1) == ["Coal"]
    assert asking(state)[0] == 1
    state = choose(state, "color", "yellow")
    assert splay_of(state, 1, "yellow") == "right"


def test_statistics_first_edition_moves_one_and_repeats_while_the_hand_holds_one_card():
    state = position(
        players=2,
        boards={0: {"yellow": ["Statistics"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Coal", "Chemistry", "Tools"]},
        edition="first",
    )
    state = dogma(state, "Statistics")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Coal")
    # One card in hand: repeat; Chemistry is now the only highest, so it moves at once.
    assert sorted(hand(state, 1)) == ["Chemistry", "Coal"]
    assert score_pile(state, 1) == ["Tools"]


def test_statistics_first_edition_stops_when_the_hand_is_not_one_card():
    state = position(
        players=2,
        boards={0: {"yellow": ["Statistics"]}, 1: {"red": ["Archery"]}},
        hands={1: ["Oars"]},
        scores={1: ["Coal", "Tools"]},
        edition="first",
    )
    state = dogma(state, "Statistics")
    assert sorted(hand(state, 1)) == ["Coal", "Oars"]
    assert score_pile(state, 1) == ["Tools"]


# --- Steam Engine ---------------------------------------------------------------------------


def test_steam_engine_tucks_two_fours_and_scores_the_bottom_yellow_card():
    state = position(
        players=2,
        boards={0: {"yellow": ["Steam Engine", "Agriculture"]}, 1: {"green": ["Clothing"]}},
        supply_top={4: ["Anatomy", "Colonialism"]},
    )
    state = dogma(state, "Steam Engine")
    assert score_pile(state, 0) == ["Anatomy"]
    assert pile(state, 0, "yellow") == ["Steam Engine", "Agriculture"]
    assert pile(state, 0, "red") == ["Colonialism"]


def test_steam_engine_can_score_itself_and_is_shared():
    # Seat 1: Coal's 3 factories >= 2: shares; its only yellow card is a tucked one.
    state = position(
        players=2,
        boards={0: {"yellow": ["Steam Engine"]}, 1: {"red": ["Coal"]}},
        supply_top={4: ["Colonialism", "Anatomy", "Gunpowder", "Invention"]},
    )
    state = dogma(state, "Steam Engine")
    assert pile(state, 1, "red") == ["Coal", "Colonialism"]
    assert score_pile(state, 1) == ["Anatomy"]
    # Seat 0 tucks Gunpowder and Invention; Steam Engine is the bottom yellow card.
    assert score_pile(state, 0) == ["Steam Engine"]
    assert pile(state, 0, "yellow") == []
    # Seat 1 changed the game: seat 0 draws by its highest top card now (Gunpowder, 4).
    (bonus,) = hand(state, 0)
    assert CARDS[bonus].age == 4


# --- Astronomy ------------------------------------------------------------------------------


def test_astronomy_melds_green_and_blue_cards_until_another_color_then_claims_universe():
    state = position(
        players=2,
        boards={0: {"purple": ["Astronomy"], "red": ["Machine Tools"]}, 1: {"red": ["Archery"]}},
        supply_top={6: ["Atomic Theory", "Classification", "Canning"]},
    )
    state = dogma(state, "Astronomy")
    assert pile(state, 0, "blue") == ["Atomic Theory"]
    assert pile(state, 0, "green") == ["Classification"]
    assert hand(state, 0) == ["Canning"]
    # All non-purple top cards are 6: Universe.
    assert "Universe" not in state_specials_available(state)
    assert achievements(state, 0) == 1


def test_astronomy_a_low_top_card_blocks_universe():
    state = position(
        players=2,
        boards={0: {"purple": ["Astronomy"], "red": ["Archery"]}, 1: {"yellow": ["Agriculture"]}},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Astronomy")
    assert hand(state, 0) == ["Canning"]
    assert "Universe" in state_specials_available(state)
    assert achievements(state, 0) == 0


def test_astronomy_no_non_purple_top_card_still_claims_universe():
    # Decision: nothing fails "each of your non-purple top cards is 6 or more".
    state = position(
        players=2,
        boards={0: {"purple": ["Astronomy"]}, 1: {"yellow": ["Agriculture"]}},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Astronomy")
    assert achievements(state, 0) == 1


def test_astronomy_universe_already_claimed_is_not_claimed_again():
    state = position(
        players=2,
        boards={0: {"purple": ["Astronomy"], "red": ["Machine Tools"]}, 1: {"red": ["Archery"]}},
        specials={1: ["Universe"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Astronomy")
    assert achievements(state, 0) == 0
    assert achievements(state, 1) == 1


def test_astronomy_a_sharing_opponent_can_claim_universe_first():
    # Seat 1: Atomic Theory's 3 lightbulbs >= seat 0's 2: shares, and goes first.
    state = position(
        players=2,
        boards={
            0: {"purple": ["Astronomy"], "red": ["Machine Tools"]},
            1: {"blue": ["Atomic Theory"]},
        },
        supply_top={6: ["Canning", "Democracy", "Vaccination"]},
    )
    state = dogma(state, "Astronomy")
    assert hand(state, 1) == ["Canning"]
    assert specials(state, 1) == ["Universe"]
    assert specials(state, 0) == []
    assert sorted(hand(state, 0)) == ["Democracy", "Vaccination"]


def state_specials_available(state: State) -> list[str]:
    return [
        name
        for name in ("Monument", "Empire", "World", "Wonder", "Universe")
        if all(name not in seat["specials"] for seat in state["seats"])
    ]


# --- Societies ------------------------------------------------------------------------------


def test_societies_takes_a_higher_lightbulb_top_card_and_the_victim_draws_a_five():
    # Seat 0: 2 crowns; seat 1: none. Archery (1) is not above seat 0's Engineering (3).
    state = position(
        players=2,
        boards={
            0: {"purple": ["Societies"], "blue": ["Tools"], "red": ["Engineering"]},
            1: {"blue": ["Experimentation"], "yellow": ["Perspective"], "red": ["Archery"]},
        },
        supply_top={5: ["Coal"]},
    )
    state = dogma(state, "Societies")
    seat, options = asking(state)
    assert seat == 1
    offered = {option.get("card") for option in options}
    assert "Archery" not in offered
    state = choose(state, "card", "Experimentation")
    assert pile(state, 0, "blue") == ["Experimentation", "Tools"]
    assert hand(state, 1) == ["Coal"]


def test_societies_nothing_eligible_nothing_drawn():
    state = position(
        players=2,
        boards={
            0: {"purple": ["Societies"], "red": ["Engineering"]},
            1: {"purple": ["Philosophy"], "red": ["Archery"]},
        },
        supply_top={5: ["Coal"]},
    )
    state = dogma(state, "Societies")
    assert pile(state, 1, "purple") == ["Philosophy"]
    assert pile(state, 1, "red") == ["Archery"]
    assert hand(state, 1) == []


def test_societies_first_edition_any_non_purple_lightbulb_card():
    state = position(
        players=2,
        boards={
            0: {"purple": ["Societies"], "red": ["Engineering"]},
            1: {"purple": ["Philosophy"], "red": ["Archery"]},
        },
        supply_top={5: ["Coal"]},
        edition="first",
    )
    state = dogma(state, "Societies")
    assert pile(state, 0, "red") == ["Archery", "Engineering"]
    assert pile(state, 1, "purple") == ["Philosophy"]
    assert hand(state, 1) == ["Coal"]


def test_societies_an_opponent_with_as_many_crowns_is_not_affected():
    state = position(
        players=2,
        boards={
            0: {"purple": ["Societies"]},
            1: {"blue": ["Experimentation"], "green": ["Sailing"]},
        },
        supply_top={5: ["Coal"]},
    )
    state = dogma(state, "Societies")
    assert pile(state, 1, "blue") == ["Experimentation"]
    assert game.result(state) is None
