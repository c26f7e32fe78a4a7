"""The age-4 cards' effects, one position per behaviour: demands (affected or not by the icon
count), sharing, "if you do" and repeat branches, and Invention's Wonder."""

from __future__ import annotations

from tests.games.innovation.helpers import (
    achievements,
    asking,
    choose,
    dogma,
    done,
    hand,
    idle,
    offered,
    pile,
    position,
    score_pile,
    specials,
    splay_of,
    where,
)

# --- Experimentation ---------------------------------------------------------------------------


def test_experimentation_draws_and_melds_an_age_5():
    state = position(
        players=2,
        boards={0: {"blue": ["Experimentation"]}, 1: {"red": ["Archery"]}},
        supply_top={5: ["Coal"]},
    )
    state = dogma(state, "Experimentation")
    assert idle(state)
    assert pile(state, 0, "red") == ["Coal"]
    assert hand(state, 0) == []


def test_experimentation_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        players=2,
        boards={0: {"blue": ["Experimentation"]}, 1: {"purple": ["Philosophy"]}},
        supply_top={5: ["Chemistry", "Coal", "Physics"]},
    )
    state = dogma(state, "Experimentation")
    assert idle(state)
    assert pile(state, 1, "blue") == ["Chemistry"]  # the sharing player goes first
    assert pile(state, 0, "red") == ["Coal"]
    assert hand(state, 0) == ["Physics"]  # the sharing bonus, by the new highest top card


# --- Printing Press ----------------------------------------------------------------------------


def test_printing_press_returns_a_score_card_and_draws_two_above_the_top_purple_then_splays():
    state = position(
        players=2,
        boards={
            0: {"blue": ["Printing Press", "Writing"], "purple": ["Education"]},
            1: {"red": ["Archery"]},
        },
        scores={0: ["Tools", "Oars"]},
        supply_top={5: ["Coal"]},
    )
    state = dogma(state, "Printing Press")
    assert sorted(offered(state, "card")) == ["Oars", "Tools"]
    state = choose(state, "card", "Tools")
    assert where(state, "Tools")[0] == "supply"
    assert hand(state, 0) == ["Coal"]  # purple top is age 3: an age 5
    assert offered(state, "color") == ["blue"]
    state = choose(state, "color", "blue")
    assert idle(state)
    assert splay_of(state, 0, "blue") == "right"
    assert score_pile(state, 0) == ["Oars"]


def test_printing_press_without_a_purple_pile_draws_an_age_2_and_may_decline_both():
    state = position(
        players=2,
        boards={0: {"blue": ["Printing Press", "Writing"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Tools"]},
        supply_top={2: ["Calendar"]},
    )
    state = choose(dogma(state, "Printing Press"), "card", "Tools")
    assert hand(state, 0) == ["Calendar"]
    state = done(state)
    assert idle(state)
    assert splay_of(state, 0, "blue") is None

    state = position(
        players=2,
        boards={0: {"blue": ["Printing Press", "Writing"]}, 1: {"red": ["Archery"]}},
        scores={0: ["Tools"]},
    )
    state = done(dogma(state, "Printing Press"))  # keep the score card: no draw
    assert score_pile(state, 0) == ["Tools"]
    assert hand(state, 0) == []


def test_printing_press_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        players=2,
        boards={
            0: {"blue": ["Printing Press", "Writing"]},
            1: {"purple": ["Philosophy"]},
        },
        scores={1: ["Tools"]},
        supply_top={4: ["Anatomy", "Enterprise"]},
    )
    state = dogma(state, "Printing Press")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Tools")
    assert hand(state, 1) == ["Anatomy"]  # purple top Philosophy is age 2: an age 4
    assert asking(state)[0] == 0  # player 0: no score card, but a blue pile to splay
    state = done(state)
    assert idle(state)
    assert hand(state, 0) == ["Enterprise"]  # the sharing bonus


# --- Colonialism -------------------------------------------------------------------------------


def test_colonialism_tucks_age_3_cards_until_one_shows_no_crown():
    state = position(
        players=2,
        boards={0: {"red": ["Colonialism"]}, 1: {"blue": ["Pottery"]}},
        supply_top={3: ["Translation", "Optics", "Alchemy", "Paper"]},
    )
    state = dogma(state, "Colonialism")
    assert idle(state)
    assert pile(state, 0, "blue") == ["Translation", "Alchemy"]
    assert pile(state, 0, "red") == ["Colonialism", "Optics"]
    assert where(state, "Paper")[0] == "supply"  # Alchemy shows no crown: the repeats stop


def test_colonialism_a_first_card_without_crown_stops_at_once_and_sharers_tuck_too():
    state = position(
        players=2,
        boards={0: {"red": ["Colonialism"]}, 1: {"red": ["Coal"]}},
        supply_top={3: ["Paper", "Engineering", "Alchemy"], 4: ["Anatomy"]},
    )
    state = dogma(state, "Colonialism")
    assert idle(state)
    # Player 1 (3 factories) shares and goes first: Paper shows a crown, so it carries on and
    # tucks Engineering (no crown) too.
    assert pile(state, 1, "green") == ["Paper"]
    assert pile(state, 1, "red") == ["Coal", "Engineering"]
    # Player 0's first card, Alchemy, shows no crown: one tuck only.
    assert pile(state, 0, "blue") == ["Alchemy"]
    assert hand(state, 0) == ["Anatomy"]  # the sharing bonus


# --- Gunpowder ---------------------------------------------------------------------------------


def test_gunpowder_takes_a_castle_top_card_then_the_demander_draws_and_scores_an_age_2():
    state = position(
        players=2,
        boards={
            0: {"red": ["Gunpowder"]},
            1: {"green": ["The Wheel"], "purple": ["Code of Laws"], "red": ["Archery"]},
        },
        supply_top={2: ["Calendar"]},
    )
    state = dogma(state, "Gunpowder")
    assert asking(state)[0] == 1
    assert sorted(offered(state, "card")) == ["Archery", "The Wheel"]
    state = choose(state, "card", "The Wheel")
    assert idle(state)
    assert sorted(score_pile(state, 0)) == ["Calendar", "The Wheel"]
    assert pile(state, 1, "green") == []


def test_gunpowder_nothing_moved_means_no_age_2():
    state = position(
        players=2,
        boards={0: {"red": ["Gunpowder"]}, 1: {"purple": ["Code of Laws"]}},
        supply_top={2: ["Calendar"]},
    )
    state = dogma(state, "Gunpowder")
    assert idle(state)
    assert score_pile(state, 0) == []
    assert where(state, "Calendar")[0] == "supply"


def test_gunpowder_a_sharing_player_scores_too_when_the_demand_moved_a_card():
    # Player 1 (no factories) is affected; player 2 (Coal: 3 factories) shares.
    state = position(
        players=3,
        boards={
            0: {"red": ["Gunpowder"]},
            1: {"green": ["The Wheel"]},
            2: {"red": ["Coal"]},
        },
        supply_top={2: ["Calendar", "Mathematics"], 4: ["Anatomy"]},
    )
    state = dogma(state, "Gunpowder")
    assert idle(state)
    assert score_pile(state, 2) == ["Calendar"]
    assert sorted(score_pile(state, 0)) == ["Mathematics", "The Wheel"]
    assert hand(state, 0) == ["Anatomy"]  # the sharing bonus


# --- Invention ---------------------------------------------------------------------------------


def test_invention_turns_a_left_splay_right_and_scores_an_age_4():
    state = position(
        players=2,
        boards={
            0: {
                "green": ["Invention"],
                "blue": ["Writing", "Tools"],
                "red": ["Archery", "Oars"],
            },
            1: {"blue": ["Pottery"]},
        },
        splays={0: {"blue": "left", "red": "left"}},
        supply_top={4: ["Anatomy"]},
    )
    state = dogma(state, "Invention")
    assert sorted(offered(state, "color")) == ["blue", "red"]
    state = choose(state, "color", "blue")
    assert idle(state)  # three colors only: no Wonder
    assert splay_of(state, 0, "blue") == "right"
    assert splay_of(state, 0, "red") == "left"
    assert score_pile(state, 0) == ["Anatomy"]
    assert specials(state, 0) == []


def test_invention_claims_wonder_with_five_colors_splayed_even_left():
    state = position(
        players=2,
        boards={
            0: {
                "blue": ["Writing", "Tools"],
                "red": ["Archery", "Oars"],
                "green": ["Invention", "Sailing"],
                "yellow": ["Agriculture", "Masonry"],
                "purple": ["Mysticism", "City States"],
            },
            1: {"blue": ["Pottery"]},
        },
        splays={
            0: {"blue": "left", "red": "left", "green": "right", "yellow": "up", "purple": "left"}
        },
    )
    state = dogma(state, "Invention")
    state = done(state)
    assert idle(state)
    assert splay_of(state, 0, "blue") == "left"
    assert specials(state, 0) == ["Wonder"]
    assert achievements(state, 0) == 1


def test_invention_no_wonder_with_an_unsplayed_color():
    state = position(
        players=2,
        boards={
            0: {
                "blue": ["Writing", "Tools"],
                "red": ["Archery", "Oars"],
                "green": ["Invention", "Sailing"],
                "yellow": ["Agriculture", "Masonry"],
                "purple": ["Mysticism"],
            },
            1: {"blue": ["Pottery"]},
        },
        splays={0: {"blue": "right", "red": "right", "green": "right", "yellow": "up"}},
    )
    state = dogma(state, "Invention")
    assert idle(state)  # no pile is splayed left: nothing to ask
    assert specials(state, 0) == []
    assert achievements(state, 0) == 0


def test_invention_a_sharing_player_claims_wonder_first():
    state = position(
        players=2,
        boards={
            0: {"green": ["Invention"]},
            1: {
                "blue": ["Writing", "Tools"],
                "red": ["Archery", "Oars"],
                "green": ["Sailing", "Clothing"],
                "yellow": ["Agriculture", "Masonry"],
                "purple": ["Mysticism", "City States"],
            },
        },
        splays={1: dict.fromkeys(("blue", "red", "green", "yellow", "purple"), "left")},
        supply_top={4: ["Anatomy", "Enterprise"]},
    )
    state = dogma(state, "Invention")
    assert asking(state)[0] == 1
    state = choose(state, "color", "red")
    assert idle(state)
    assert splay_of(state, 1, "red") == "right"
    assert score_pile(state, 1) == ["Anatomy"]
    assert specials(state, 1) == ["Wonder"]
    assert specials(state, 0) == []
    assert hand(state, 0) == ["Enterprise"]  # the sharing bonus


# --- Navigation --------------------------------------------------------------------------------


def test_navigation_takes_an_age_2_or_3_score_card():
    state = position(
        players=2,
        boards={0: {"green": ["Navigation"]}, 1: {"red": ["Archery"]}},
        scores={1: ["Calendar", "Optics", "Anatomy", "Tools"]},
    )
    state = dogma(state, "Navigation")
    assert asking(state)[0] == 1
    assert sorted(offered(state, "card")) == ["Calendar", "Optics"]
    state = choose(state, "card", "Optics")
    assert idle(state)
    assert score_pile(state, 0) == ["Optics"]
    assert sorted(score_pile(state, 1)) == ["Anatomy", "Calendar", "Tools"]


def test_navigation_nothing_of_age_2_or_3_and_a_player_with_as_many_crowns_keep_everything():
    state = position(
        players=3,
        boards={
            0: {"green": ["Navigation"]},
            1: {"red": ["Archery"]},
            2: {"purple": ["Code of Laws"], "green": ["Sailing"]},
        },
        scores={1: ["Anatomy", "Tools"], 2: ["Calendar"]},
    )
    state = dogma(state, "Navigation")
    assert idle(state)
    assert score_pile(state, 0) == []
    assert sorted(score_pile(state, 1)) == ["Anatomy", "Tools"]
    assert score_pile(state, 2) == ["Calendar"]


# --- Anatomy -----------------------------------------------------------------------------------


def test_anatomy_returns_a_score_card_and_a_top_card_of_the_same_value():
    state = position(
        players=2,
        boards={
            0: {"yellow": ["Anatomy"]},
            1: {"red": ["Archery"], "blue": ["Tools"], "green": ["Paper"]},
        },
        scores={1: ["Pottery", "Optics"]},
    )
    state = dogma(state, "Anatomy")
    state = choose(state, "card", "Pottery")
    assert sorted(offered(state, "card")) == ["Archery", "Tools"]
    state = choose(state, "card", "Tools")
    assert idle(state)
    assert where(state, "Pottery")[0] == "supply"
    assert where(state, "Tools")[0] == "supply"
    assert pile(state, 1, "red") == ["Archery"]
    assert score_pile(state, 1) == ["Optics"]


def test_anatomy_no_top_card_of_that_value_or_an_empty_score_pile():
    state = position(
        players=2,
        boards={0: {"yellow": ["Anatomy"]}, 1: {"red": ["Archery"], "green": ["Paper"]}},
        scores={1: ["Calendar"]},
    )
    state = dogma(state, "Anatomy")
    assert idle(state)  # one score card: returned without a question; no age-2 top card
    assert score_pile(state, 1) == []
    assert pile(state, 1, "red") == ["Archery"]
    assert pile(state, 1, "green") == ["Paper"]

    state = position(
        players=2,
        boards={0: {"yellow": ["Anatomy"]}, 1: {"red": ["Archery"]}},
    )
    state = dogma(state, "Anatomy")
    assert idle(state)
    assert pile(state, 1, "red") == ["Archery"]


def test_anatomy_a_player_with_as_many_leaves_is_not_affected():
    state = position(
        players=2,
        boards={0: {"yellow": ["Anatomy"]}, 1: {"blue": ["Pottery"]}},
        scores={1: ["Tools"]},
    )
    state = dogma(state, "Anatomy")
    assert idle(state)
    assert score_pile(state, 1) == ["Tools"]
    assert pile(state, 1, "blue") == ["Pottery"]


# --- Perspective -------------------------------------------------------------------------------


def test_perspective_returns_a_card_then_scores_one_per_two_lightbulbs():
    # Lightbulbs: Perspective 2, Writing 2, Philosophy 3 = 7: three cards.
    state = position(
        players=2,
        boards={
            0: {"yellow": ["Perspective"], "blue": ["Writing"], "purple": ["Philosophy"]},
            1: {"red": ["Archery"]},
        },
        hands={0: ["Tools", "Pottery", "Sailing", "Oars", "Calendar"]},
    )
    state = dogma(state, "Perspective")
    state = choose(state, "card", "Tools")
    assert where(state, "Tools")[0] == "supply"
    state = choose(state, "card", "Pottery")
    state = choose(state, "card", "Sailing")
    state = choose(state, "card", "Oars")
    assert idle(state)
    assert sorted(score_pile(state, 0)) == ["Oars", "Pottery", "Sailing"]
    assert hand(state, 0) == ["Calendar"]


def test_perspective_scores_what_the_hand_holds_and_declining_scores_nothing():
    state = position(
        players=2,
        boards={
            0: {"yellow": ["Perspective"], "blue": ["Writing"], "purple": ["Philosophy"]},
            1: {"red": ["Archery"]},
        },
        hands={0: ["Tools", "Pottery"]},
    )
    state = choose(dogma(state, "Perspective"), "card", "Tools")
    assert idle(state)
    assert score_pile(state, 0) == ["Pottery"]
    assert hand(state, 0) == []

    state = position(
        players=2,
        boards={0: {"yellow": ["Perspective"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools", "Pottery"]},
    )
    state = done(dogma(state, "Perspective"))
    assert idle(state)
    assert score_pile(state, 0) == []
    assert sorted(hand(state, 0)) == ["Pottery", "Tools"]


def test_perspective_is_shared_by_a_player_with_as_many_lightbulbs():
    state = position(
        players=2,
        boards={0: {"yellow": ["Perspective"]}, 1: {"blue": ["Writing"]}},
        hands={0: ["Oars"], 1: ["Tools", "Pottery"]},
        supply_top={4: ["Anatomy"]},
    )
    state = dogma(state, "Perspective")
    assert asking(state)[0] == 1
    state = choose(state, "card", "Tools")  # 2 lightbulbs: one card scored, Pottery
    assert score_pile(state, 1) == ["Pottery"]
    state = done(state)  # player 0 keeps Oars
    assert idle(state)
    assert sorted(hand(state, 0)) == ["Anatomy", "Oars"]  # Anatomy: the sharing bonus


# --- Enterprise --------------------------------------------------------------------------------


def test_enterprise_takes_a_non_purple_crown_card_and_the_giver_draws_and_melds_an_age_4():
    # Player 0: 5 crowns; player 1: 3 (Oars 1, Canal Building 2), affected.
    state = position(
        players=2,
        boards={
            0: {"purple": ["Enterprise"], "green": ["Compass", "Clothing"]},
            1: {"red": ["Oars"], "yellow": ["Canal Building"], "purple": ["Mysticism"]},
        },
        supply_top={4: ["Anatomy"]},
    )
    state = dogma(state, "Enterprise")
    assert asking(state)[0] == 1
    assert sorted(offered(state, "card")) == ["Canal Building", "Oars"]
    state = choose(state, "card", "Canal Building")
    assert pile(state, 0, "yellow") == ["Canal Building"]
    assert pile(state, 1, "yellow") == ["Anatomy"]
    assert offered(state, "color") == ["green"]
    state = choose(state, "color", "green")
    assert idle(state)
    assert splay_of(state, 0, "green") == "right"


def test_enterprise_nothing_to_give_means_no_draw():
    state = position(
        players=2,
        boards={0: {"purple": ["Enterprise"]}, 1: {"purple": ["City States"], "red": ["Archery"]}},
        supply_top={4: ["Anatomy"]},
    )
    state = dogma(state, "Enterprise")
    assert idle(state)
    assert pile(state, 1, "purple") == ["City States"]
    assert where(state, "Anatomy")[0] == "supply"


def test_enterprise_a_player_with_as_many_crowns_shares_the_splay_and_keeps_its_cards():
    state = position(
        players=2,
        boards={
            0: {"purple": ["Enterprise"]},
            1: {"red": ["Optics"], "green": ["Sailing", "Clothing"]},
        },
        supply_top={4: ["Anatomy"]},
    )
    state = dogma(state, "Enterprise")
    assert asking(state)[0] == 1
    state = choose(state, "color", "green")
    assert idle(state)
    assert splay_of(state, 1, "green") == "right"
    assert pile(state, 1, "red") == ["Optics"]
    assert hand(state, 0) == ["Anatomy"]  # the sharing bonus


# --- Reformation -------------------------------------------------------------------------------


def test_reformation_tucks_up_to_one_card_per_two_leaves_then_splays():
    # Leaves: Reformation 3, Pottery 3 = 6: three tucks at most.
    state = position(
        players=2,
        boards={
            0: {"purple": ["Reformation", "Mysticism"], "blue": ["Pottery"]},
            1: {"green": ["Clothing"]},
        },
        hands={0: ["Tools", "Archery", "Sailing", "Agriculture"]},
    )
    state = dogma(state, "Reformation")
    state = choose(state, "card", "Tools")
    state = choose(state, "card", "Archery")
    state = choose(state, "card", "Agriculture")
    # No fourth tuck is offered: the splay question comes next.
    assert offered(state, "color") == ["purple"]
    state = choose(state, "color", "purple")
    assert idle(state)
    assert pile(state, 0, "blue") == ["Pottery", "Tools"]
    assert pile(state, 0, "red") == ["Archery"]
    assert pile(state, 0, "yellow") == ["Agriculture"]
    assert hand(state, 0) == ["Sailing"]
    assert splay_of(state, 0, "purple") == "right"


def test_reformation_the_limit_is_fixed_when_the_effect_starts():
    # Leaves: Reformation 3 + Fermenting's bottom row under an upward splay 1 = 4: two tucks.
    # Tucking Agriculture under the splay shows 3 more leaves, but the limit stays two.
    state = position(
        players=2,
        boards={
            0: {"purple": ["Reformation"], "yellow": ["Masonry", "Fermenting"]},
            1: {"red": ["Oars"]},
        },
        splays={0: {"yellow": "up"}},
        hands={0: ["Agriculture", "Pottery", "Clothing"]},
    )
    state = dogma(state, "Reformation")
    state = choose(state, "card", "Agriculture")
    state = choose(state, "card", "Pottery")
    assert offered(state, "card") == []
    state = done(state)  # the yellow pile may be splayed right instead of up
    assert idle(state)
    assert pile(state, 0, "yellow") == ["Masonry", "Fermenting", "Agriculture"]
    assert hand(state, 0) == ["Clothing"]
    assert splay_of(state, 0, "yellow") == "up"


def test_reformation_may_stop_early_and_is_shared():
    state = position(
        players=2,
        boards={0: {"purple": ["Reformation"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: ["Tools", "Archery"], 1: ["Oars"]},
        supply_top={4: ["Anatomy"]},
    )
    state = dogma(state, "Reformation")
    assert asking(state)[0] == 1  # 3 leaves each: player 1 shares, one tuck at most
    state = choose(state, "card", "Oars")
    assert asking(state)[0] == 0
    state = done(state)
    assert idle(state)
    assert pile(state, 1, "red") == ["Oars"]
    assert sorted(hand(state, 0)) == ["Anatomy", "Archery", "Tools"]  # Anatomy: the bonus
