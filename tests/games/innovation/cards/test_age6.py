"""The age-6 cards' dogma effects, one or more tests per card named after it.

Each test builds a position, takes the dogma action as seat 0 and checks what moved. Icon
counts are noted where they decide who is affected by a demand or shares an effect.
"""

from __future__ import annotations

from tests.games.innovation.helpers import (
    asking,
    choose,
    dogma,
    done,
    hand,
    in_supply,
    no,
    pile,
    position,
    score_pile,
    splay_of,
    yes,
)

# --- Atomic Theory --------------------------------------------------------------------------


def test_atomic_theory_splays_blue_right_and_melds_a_seven():
    # Seat 0: 3 lightbulbs; seat 1: Archery's 1.
    state = position(
        players=2,
        boards={0: {"blue": ["Atomic Theory", "Tools"]}, 1: {"red": ["Archery"]}},
        supply_top={7: ["Lighting"]},
    )
    state = dogma(state, "Atomic Theory")
    state = choose(state, "color", "blue")
    assert splay_of(state, 0, "blue") == "right"
    assert pile(state, 0, "purple") == ["Lighting"]


def test_atomic_theory_shared_by_an_opponent_with_as_many_lightbulbs():
    # Seat 1: Experimentation's 3 lightbulbs = seat 0's 3: shares.
    state = position(
        players=2,
        boards={0: {"blue": ["Atomic Theory", "Tools"]}, 1: {"blue": ["Experimentation"]}},
        supply_top={7: ["Lighting", "Railroad", "Evolution"]},
    )
    state = dogma(state, "Atomic Theory")
    state = done(state)
    assert splay_of(state, 0, "blue") is None
    assert pile(state, 1, "purple") == ["Lighting"]
    assert pile(state, 0, "purple") == ["Railroad"]
    # The sharing draw: seat 0's highest top card is now 7.
    assert hand(state, 0) == ["Evolution"]


# --- Encyclopedia ---------------------------------------------------------------------------


def test_encyclopedia_melds_every_highest_score_card():
    state = position(
        players=2,
        boards={0: {"blue": ["Encyclopedia"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Coal", "Steam Engine", "Tools"]},
    )
    state = dogma(state, "Encyclopedia")
    state = yes(state)
    assert pile(state, 0, "red") == ["Coal"]
    assert pile(state, 0, "yellow") == ["Steam Engine"]
    assert score_pile(state, 0) == ["Tools"]


def test_encyclopedia_orders_cards_of_one_color_the_last_ends_on_top():
    state = position(
        players=2,
        boards={0: {"blue": ["Encyclopedia"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Coal", "The Pirate Code", "Tools"]},
    )
    state = dogma(state, "Encyclopedia")
    state = yes(state)
    state = choose(state, "card", "Coal")
    assert pile(state, 0, "red") == ["The Pirate Code", "Coal"]


def test_encyclopedia_all_or_nothing_no_melds_nothing():
    state = position(
        players=2,
        boards={0: {"blue": ["Encyclopedia"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Coal", "Steam Engine"]},
    )
    state = dogma(state, "Encyclopedia")
    state = no(state)
    assert sorted(score_pile(state, 0)) == ["Coal", "Steam Engine"]
    assert pile(state, 0, "red") == []


def test_encyclopedia_shared_by_an_opponent_with_as_many_crowns():
    # Seat 1: Navigation's 3 crowns = seat 0's 3.
    state = position(
        players=2,
        boards={0: {"blue": ["Encyclopedia"]}, 1: {"green": ["Navigation"]}},
        scores={0: ["Coal"], 1: ["Tools"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Encyclopedia")
    state = yes(state)
    assert pile(state, 1, "blue") == ["Tools"]
    state = yes(state)
    assert pile(state, 0, "red") == ["Coal"]
    # The sharing draw by seat 0's highest top card (Encyclopedia, 6).
    assert hand(state, 0) == ["Canning"]


# --- Industrialization ----------------------------------------------------------------------


def test_industrialization_tucks_a_six_per_color_showing_a_factory_then_splays():
    # Red (Industrialization), blue (Chemistry) and yellow (Canning's factory shows through
    # the right splay) show factories: three draws. Seat 1 has none.
    state = position(
        players=2,
        boards={
            0: {
                "red": ["Industrialization"],
                "blue": ["Chemistry"],
                "yellow": ["Agriculture", "Canning"],
            },
            1: {"green": ["Clothing"]},
        },
        splays={0: {"yellow": "right"}},
        supply_top={6: ["Machine Tools", "Democracy", "Emancipation", "Vaccination"]},
    )
    state = dogma(state, "Industrialization")
    assert pile(state, 0, "red") == ["Industrialization", "Machine Tools"]
    assert pile(state, 0, "purple") == ["Democracy", "Emancipation"]
    assert in_supply(state, "Vaccination")
    state = choose(state, "color", "purple")
    assert splay_of(state, 0, "purple") == "right"
    assert splay_of(state, 0, "red") is None


def test_industrialization_a_covered_unsplayed_factory_does_not_count():
    state = position(
        players=2,
        boards={
            0: {"red": ["Industrialization"], "yellow": ["Agriculture", "Canning"]},
            1: {"green": ["Clothing"]},
        },
        supply_top={6: ["Democracy", "Emancipation"]},
    )
    state = dogma(state, "Industrialization")
    assert pile(state, 0, "purple") == ["Democracy"]
    assert in_supply(state, "Emancipation")


def test_industrialization_first_edition_one_per_two_visible_factories():
    # 2 (Industrialization) + 2 (Chemistry) + 1 (Canning, splayed right) = 5: two draws.
    state = position(
        players=2,
        boards={
            0: {
                "red": ["Industrialization"],
                "blue": ["Chemistry"],
                "yellow": ["Agriculture", "Canning"],
            },
            1: {"green": ["Clothing"]},
        },
        splays={0: {"yellow": "right"}},
        supply_top={6: ["Machine Tools", "Democracy", "Emancipation"]},
        edition="first",
    )
    state = dogma(state, "Industrialization")
    assert pile(state, 0, "red") == ["Industrialization", "Machine Tools"]
    assert pile(state, 0, "purple") == ["Democracy"]
    assert in_supply(state, "Emancipation")
    state = choose(state, "color", "red")
    assert splay_of(state, 0, "red") == "right"


def test_industrialization_shared_by_an_opponent_with_as_many_factories():
    # Seat 1: Machine Tools' 3 factories >= seat 0's 2.
    state = position(
        players=2,
        boards={0: {"red": ["Industrialization"]}, 1: {"red": ["Machine Tools"]}},
        supply_top={6: ["Canning", "Vaccination", "Democracy"]},
    )
    state = dogma(state, "Industrialization")
    assert pile(state, 1, "yellow") == ["Canning"]
    assert pile(state, 0, "yellow") == ["Vaccination"]
    assert asking(state) is None
    assert hand(state, 0) == ["Democracy"]


# --- Machine Tools --------------------------------------------------------------------------


def test_machine_tools_draws_and_scores_the_highest_score_value():
    state = position(
        players=2,
        boards={0: {"red": ["Machine Tools"]}, 1: {"green": ["Clothing"]}},
        scores={0: ["Tools", "Coal"]},
        supply_top={5: ["Statistics"]},
    )
    state = dogma(state, "Machine Tools")
    assert sorted(score_pile(state, 0)) == ["Coal", "Statistics", "Tools"]


def test_machine_tools_with_an_empty_score_pile_draws_a_one_and_is_shared():
    # Seat 1: Coal's 3 factories = seat 0's 3: shares.
    state = position(
        players=2,
        boards={0: {"red": ["Machine Tools"]}, 1: {"red": ["Coal"]}},
        supply_top={1: ["Oars", "Pottery"], 6: ["Canning"]},
    )
    state = dogma(state, "Machine Tools")
    assert score_pile(state, 1) == ["Oars"]
    assert score_pile(state, 0) == ["Pottery"]
    assert hand(state, 0) == ["Canning"]


# --- Classification -------------------------------------------------------------------------


def test_classification_takes_that_color_from_every_opponent_and_melds_it_all():
    state = position(
        players=3,
        boards={
            0: {"green": ["Classification"]},
            1: {"yellow": ["Agriculture"]},
            2: {"red": ["Metalworking"]},
        },
        hands={0: ["Tools", "Oars"], 1: ["Writing", "Archery"], 2: ["Calendar"]},
    )
    state = dogma(state, "Classification")
    state = choose(state, "card", "Tools")
    assert hand(state, 1) == ["Archery"]
    assert hand(state, 2) == []
    # Three blue cards to meld: seat 0 orders them, the last ends on top.
    state = choose(state, "card", "Calendar")
    state = choose(state, "card", "Writing")
    assert pile(state, 0, "blue") == ["Tools", "Writing", "Calendar"]
    assert hand(state, 0) == ["Oars"]


def test_classification_shared_by_an_opponent_with_as_many_lightbulbs():
    # Seat 1: Experimentation's 3 lightbulbs = seat 0's 3.
    state = position(
        players=2,
        boards={0: {"green": ["Classification"]}, 1: {"blue": ["Experimentation"]}},
        hands={0: ["Tools"], 1: ["Oars"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Classification")
    assert pile(state, 1, "red") == ["Oars"]
    assert pile(state, 0, "blue") == ["Tools"]
    assert hand(state, 0) == ["Canning"]


# --- Metric System --------------------------------------------------------------------------


def test_metric_system_with_green_splayed_right_splays_any_color_right():
    state = position(
        players=2,
        boards={
            0: {"green": ["Metric System", "Sailing"], "red": ["Archery", "Oars"]},
            1: {"blue": ["Tools"]},
        },
        splays={0: {"green": "right"}},
    )
    state = dogma(state, "Metric System")
    seat, options = asking(state)
    # Green is already splayed right: only red would change.
    assert (seat, options) == (0, [{"type": "color", "color": "red"}, {"type": "done"}])
    state = choose(state, "color", "red")
    assert splay_of(state, 0, "red") == "right"
    assert splay_of(state, 0, "green") == "right"
    # Effect 2 has nothing to offer: green is already splayed right.
    assert asking(state) is None


def test_metric_system_without_green_splayed_right_only_offers_green():
    state = position(
        players=2,
        boards={
            0: {"green": ["Metric System", "Sailing"], "red": ["Archery", "Oars"]},
            1: {"blue": ["Tools"]},
        },
    )
    state = dogma(state, "Metric System")
    # Effect 1 does nothing; effect 2 offers green alone.
    assert asking(state) == (0, [{"type": "color", "color": "green"}, {"type": "done"}])
    state = choose(state, "color", "green")
    assert splay_of(state, 0, "green") == "right"
    assert splay_of(state, 0, "red") is None
    assert asking(state) is None


def test_metric_system_shared_by_an_opponent_with_as_many_crowns():
    # Seat 1: Sailing's 2 crowns = seat 0's 2 (Metric System).
    state = position(
        players=2,
        boards={
            0: {"green": ["Metric System", "Mapmaking"]},
            1: {"green": ["Sailing", "Clothing"]},
        },
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Metric System")
    assert asking(state)[0] == 1
    state = choose(state, "color", "green")
    assert splay_of(state, 1, "green") == "right"
    state = done(state)
    assert splay_of(state, 0, "green") is None
    assert hand(state, 0) == ["Canning"]


# --- Canning --------------------------------------------------------------------------------


def test_canning_tucks_a_six_and_scores_every_top_card_without_a_factory():
    state = position(
        players=2,
        boards={
            0: {"yellow": ["Canning"], "blue": ["Tools"], "red": ["Coal"], "green": ["Clothing"]},
            1: {"purple": ["Mysticism"]},
        },
        supply_top={6: ["Vaccination"]},
    )
    state = dogma(state, "Canning")
    state = yes(state)
    assert pile(state, 0, "yellow") == ["Canning", "Vaccination"]
    assert sorted(score_pile(state, 0)) == ["Clothing", "Tools"]
    assert pile(state, 0, "red") == ["Coal"]
    state = choose(state, "color", "yellow")
    assert splay_of(state, 0, "yellow") == "right"


def test_canning_a_card_tucked_into_an_empty_pile_is_a_top_card():
    state = position(
        players=2,
        boards={0: {"yellow": ["Canning"], "red": ["Coal"]}, 1: {"purple": ["Mysticism"]}},
        supply_top={6: ["Democracy"]},
    )
    state = dogma(state, "Canning")
    state = yes(state)
    assert score_pile(state, 0) == ["Democracy"]


def test_canning_declined_does_nothing():
    state = position(
        players=2,
        boards={0: {"yellow": ["Canning"], "blue": ["Tools"]}, 1: {"purple": ["Mysticism"]}},
        supply_top={6: ["Democracy"]},
    )
    state = dogma(state, "Canning")
    state = no(state)
    assert score_pile(state, 0) == []
    assert pile(state, 0, "blue") == ["Tools"]
    assert in_supply(state, "Democracy")


def test_canning_shared_by_an_opponent_with_as_many_factories():
    # Seat 1: Machine Tools' 3 factories >= seat 0's 2. Vaccination shows a factory.
    state = position(
        players=2,
        boards={0: {"yellow": ["Canning"]}, 1: {"red": ["Machine Tools"], "blue": ["Tools"]}},
        supply_top={6: ["Vaccination", "Democracy"]},
    )
    state = dogma(state, "Canning")
    assert asking(state)[0] == 1
    state = yes(state)
    assert pile(state, 1, "yellow") == ["Vaccination"]
    assert score_pile(state, 1) == ["Tools"]
    state = no(state)
    assert score_pile(state, 0) == []
    assert hand(state, 0) == ["Democracy"]


# --- Vaccination ----------------------------------------------------------------------------


def test_vaccination_returns_the_lowest_score_cards_then_both_sides_meld():
    # Seat 0: 2 leaves; seat 1: none.
    state = position(
        players=2,
        boards={0: {"yellow": ["Vaccination"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Tools", "Oars", "Calendar"]},
        supply_top={6: ["Canning"], 7: ["Lighting"]},
    )
    state = dogma(state, "Vaccination")
    # Two age-1 cards go to the same supply pile: seat 1 orders them.
    state = choose(state, "card", "Oars")
    assert state["supply"]["1"][-2:] == ["Oars", "Tools"]
    assert score_pile(state, 1) == ["Calendar"]
    assert pile(state, 1, "yellow") == ["Canning"]
    assert pile(state, 0, "purple") == ["Lighting"]


def test_vaccination_an_empty_score_pile_returns_nothing_and_nobody_melds():
    state = position(
        players=2,
        boards={0: {"yellow": ["Vaccination"]}, 1: {"red": ["Archery"]}},
        supply_top={6: ["Canning"], 7: ["Lighting"]},
    )
    state = dogma(state, "Vaccination")
    assert pile(state, 1, "yellow") == []
    assert pile(state, 0, "purple") == []


def test_vaccination_an_opponent_with_as_many_leaves_is_not_affected():
    state = position(
        players=2,
        boards={0: {"yellow": ["Vaccination"]}, 1: {"green": ["Clothing"]}},
        scores={1: ["Tools"]},
        supply_top={6: ["Canning"], 7: ["Lighting"]},
    )
    state = dogma(state, "Vaccination")
    assert score_pile(state, 1) == ["Tools"]
    assert pile(state, 1, "purple") == []
    assert pile(state, 0, "purple") == []


# --- Democracy ------------------------------------------------------------------------------


def test_democracy_returning_more_than_everyone_else_scores_an_eight():
    state = position(
        players=2,
        boards={0: {"purple": ["Democracy"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools", "Oars"]},
        supply_top={8: ["Flight"]},
    )
    state = dogma(state, "Democracy")
    state = choose(state, "card", "Tools")
    state = done(state)
    assert in_supply(state, "Tools")
    assert hand(state, 0) == ["Oars"]
    assert score_pile(state, 0) == ["Flight"]


def test_democracy_returning_nothing_scores_nothing():
    state = position(
        players=2,
        boards={0: {"purple": ["Democracy"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools"]},
        supply_top={8: ["Flight"]},
    )
    state = dogma(state, "Democracy")
    state = done(state)
    assert hand(state, 0) == ["Tools"]
    assert score_pile(state, 0) == []


def test_democracy_compares_running_totals_with_a_sharing_opponent():
    # Seat 1: Writing's 2 lightbulbs = seat 0's 2: shares, first. It returns two, so seat 0
    # returning one is not more and draws nothing.
    state = position(
        players=2,
        boards={0: {"purple": ["Democracy"]}, 1: {"blue": ["Writing"]}},
        hands={0: ["Tools", "Calendar"], 1: ["Archery", "Oars", "Pottery"]},
        supply_top={8: ["Flight"], 6: ["Canning"]},
    )
    state = dogma(state, "Democracy")
    state = choose(state, "card", "Archery")
    state = choose(state, "card", "Oars")
    state = done(state)
    assert score_pile(state, 1) == ["Flight"]
    state = choose(state, "card", "Tools")
    state = done(state)
    assert score_pile(state, 0) == []
    # The sharing draw by seat 0's highest top card (Democracy, 6).
    assert sorted(hand(state, 0)) == ["Calendar", "Canning"]


# --- Emancipation ---------------------------------------------------------------------------


def test_emancipation_takes_a_hand_card_into_the_demanders_score_and_the_victim_draws_a_six():
    # Seat 0: 2 factories; seat 1: none.
    state = position(
        players=2,
        boards={
            0: {"purple": ["Emancipation", "Mysticism"], "red": ["Archery"]},
            1: {"blue": ["Tools"]},
        },
        hands={1: ["Oars", "Pottery"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Emancipation")
    state = choose(state, "card", "Oars")
    assert score_pile(state, 0) == ["Oars"]
    assert sorted(hand(state, 1)) == ["Canning", "Pottery"]
    # Red has one card: only purple is offered.
    state = choose(state, "color", "purple")
    assert splay_of(state, 0, "purple") == "right"


def test_emancipation_an_empty_hand_gives_nothing_and_draws_nothing():
    state = position(
        players=2,
        boards={0: {"purple": ["Emancipation"]}, 1: {"blue": ["Tools"]}},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Emancipation")
    assert score_pile(state, 0) == []
    assert hand(state, 1) == []
    assert in_supply(state, "Canning")


def test_emancipation_an_opponent_with_as_many_factories_shares_the_splay():
    # Seat 1: Coal's 3 factories >= 2: not affected; shares the splay, so seat 0 draws after.
    state = position(
        players=2,
        boards={0: {"purple": ["Emancipation", "Mysticism"]}, 1: {"red": ["Coal", "Archery"]}},
        hands={1: ["Oars"]},
        supply_top={6: ["Canning"]},
    )
    state = dogma(state, "Emancipation")
    state = choose(state, "color", "red")
    assert splay_of(state, 1, "red") == "right"
    assert hand(state, 1) == ["Oars"]
    state = done(state)
    assert splay_of(state, 0, "purple") is None
    assert hand(state, 0) == ["Canning"]
