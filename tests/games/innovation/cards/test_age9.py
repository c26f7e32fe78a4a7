"""The age-9 cards' effects, one group of tests per card, each from a position set up by hand."""

from __future__ import annotations

from tests.games.innovation.helpers import (
    achievements,
    asking,
    board,
    choose,
    dogma,
    done,
    game,
    hand,
    idle,
    position,
    score_pile,
    specials,
    splay_of,
    where,
    winners,
    yes,
)

# --- Computers ------------------------------------------------------------------------------


def test_computers_splays_red_up_then_melds_a_10_and_carries_it_out_alone():
    state = position(
        boards={
            0: {"blue": ["Computers"], "red": ["Coal", "Archery"], "green": ["Sailing"]},
            1: {"green": ["Clothing"]},
        },
        hands={0: ["Tools"], 1: ["Writing"]},
        supply_top={10: ["Stem Cells"]},
    )
    state = dogma(state, "Computers")
    seat, _ = asking(state)
    assert seat == 0  # only red can be splayed (green has one card): a yes/no
    state = yes(state)
    assert splay_of(state, 0, "red") == "up"
    # Stem Cells melded and carried out by seat 0 alone: score the whole hand?
    seat, _ = asking(state)
    assert seat == 0
    state = yes(state)
    assert idle(state)
    assert board(state, 0)["yellow"] == ["Stem Cells"]
    assert score_pile(state, 0) == ["Tools"]
    assert hand(state, 1) == ["Writing"]  # seat 1 (no clocks) neither shares nor is asked


def test_computers_offers_red_or_green_and_may_be_declined():
    state = position(
        boards={
            0: {"blue": ["Computers"], "red": ["Coal", "Archery"], "green": ["Sailing", "Paper"]},
            1: {},
        },
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "Computers")
    state = done(state)
    assert splay_of(state, 0, "red") is None and splay_of(state, 0, "green") is None
    assert idle(state)
    assert board(state, 0)["green"] == ["Databases", "Sailing", "Paper"]


def test_computers_splays_green_when_chosen():
    state = position(
        boards={
            0: {"blue": ["Computers"], "red": ["Coal", "Archery"], "green": ["Sailing", "Paper"]}
        },
        supply_top={10: ["Databases"]},
    )
    state = dogma(state, "Computers")
    state = choose(state, "color", "green")
    assert splay_of(state, 0, "green") == "up" and splay_of(state, 0, "red") is None


def test_computers_shared_each_melds_and_the_melded_cards_demands_are_skipped():
    state = position(
        boards={0: {"blue": ["Computers"]}, 1: {"purple": ["The Internet"]}},
        scores={1: ["Tools", "Writing"]},
        supply_top={10: ["Stem Cells", "Databases", "A.I."]},
    )
    state = dogma(state, "Computers")
    # seat 1 shares (2 clocks each) and goes first: Stem Cells with an empty hand does nothing;
    # seat 0 melds Databases, whose only effect is a demand: skipped, seat 1 keeps its score.
    assert idle(state)
    assert board(state, 1)["yellow"] == ["Stem Cells"]
    assert board(state, 0)["green"] == ["Databases"]
    assert sorted(score_pile(state, 1)) == ["Tools", "Writing"]
    assert hand(state, 0) == ["A.I."]  # the sharing bonus: seat 1 changed the game


# --- Genetics -------------------------------------------------------------------------------


def test_genetics_melds_a_10_and_scores_every_card_under_it():
    state = position(
        boards={0: {"blue": ["Genetics", "Writing", "Pottery"], "red": ["Archery"]}, 1: {}},
        splays={0: {"blue": "left"}},
        supply_top={10: ["Software"]},
    )
    state = dogma(state, "Genetics")
    assert idle(state)
    assert board(state, 0)["blue"] == ["Software"]
    assert sorted(score_pile(state, 0)) == ["Genetics", "Pottery", "Writing"]
    assert board(state, 0)["red"] == ["Archery"]
    assert splay_of(state, 0, "blue") is None  # one card left: the splay is gone


def test_genetics_scores_only_the_pile_of_the_melded_color():
    state = position(
        boards={0: {"blue": ["Genetics", "Writing"], "red": ["Archery", "Oars"]}, 1: {}},
        supply_top={10: ["Robotics"]},
    )
    state = dogma(state, "Genetics")
    assert board(state, 0)["red"] == ["Robotics"]
    assert sorted(score_pile(state, 0)) == ["Archery", "Oars"]
    assert board(state, 0)["blue"] == ["Genetics", "Writing"]


def test_genetics_melding_a_new_color_scores_nothing():
    state = position(boards={0: {"blue": ["Genetics"]}, 1: {}}, supply_top={10: ["A.I."]})
    state = dogma(state, "Genetics")
    assert board(state, 0)["purple"] == ["A.I."] and score_pile(state, 0) == []


# --- Composites -----------------------------------------------------------------------------


def test_composites_takes_all_but_one_hand_card_and_the_highest_score_card():
    state = position(
        boards={0: {"red": ["Composites"]}, 1: {"green": ["Clothing"]}},
        hands={1: ["Tools", "Oars", "Sailing"]},
        scores={1: ["Calendar", "Mathematics", "Archery"]},
    )
    state = dogma(state, "Composites")
    seat, _ = asking(state)
    assert seat == 1
    state = choose(state, "card", "Oars")  # the card kept
    seat, _ = asking(state)
    assert seat == 1  # Calendar and Mathematics tie for highest: seat 1 picks
    state = choose(state, "card", "Mathematics")
    assert idle(state)
    assert hand(state, 1) == ["Oars"]
    assert sorted(hand(state, 0)) == ["Sailing", "Tools"]
    assert score_pile(state, 0) == ["Mathematics"]
    assert sorted(score_pile(state, 1)) == ["Archery", "Calendar"]


def test_composites_with_one_card_in_hand_keeps_it_and_asks_nothing():
    state = position(
        boards={0: {"red": ["Composites"]}, 1: {}},
        hands={1: ["Tools"]},
        scores={1: ["Calendar", "Archery"]},
    )
    state = dogma(state, "Composites")
    assert idle(state)
    assert hand(state, 1) == ["Tools"] and hand(state, 0) == []
    assert score_pile(state, 0) == ["Calendar"] and score_pile(state, 1) == ["Archery"]


def test_composites_does_not_affect_a_player_with_as_many_factories():
    state = position(
        boards={0: {"red": ["Composites"]}, 1: {"red": ["Coal"]}},
        hands={1: ["Tools", "Oars"]},
        scores={1: ["Calendar"]},
    )
    state = dogma(state, "Composites")
    assert idle(state)
    assert sorted(hand(state, 1)) == ["Oars", "Tools"] and score_pile(state, 1) == ["Calendar"]
    assert hand(state, 0) == [] and score_pile(state, 0) == []


# --- Fission --------------------------------------------------------------------------------


def test_fission_red_card_wipes_hands_boards_and_scores_and_ends_the_action():
    state = position(
        boards={
            0: {"red": ["Fission"], "blue": ["Writing", "Pottery"]},
            1: {"green": ["Clothing"]},
        },
        hands={0: ["Tools"], 1: ["Oars"]},
        scores={0: ["Calendar"], 1: ["Archery"]},
        achievements={0: [1], 1: [2]},
        supply_top={10: ["Robotics", "Software"]},
    )
    state = dogma(state, "Fission")
    assert idle(state)
    for seat in (0, 1):
        assert hand(state, seat) == [] and score_pile(state, seat) == []
        assert not any(board(state, seat).values())
    assert achievements(state, 0) == 1 and achievements(state, 1) == 1
    for card in ("Fission", "Robotics", "Writing", "Pottery", "Clothing", "Tools", "Calendar"):
        assert where(state, card)[0] not in ("hand", "board", "score", "supply")
    # the non-demand effect never ran: Software is still on the age-10 pile, nobody drew it
    assert where(state, "Software")[0] == "supply"
    assert game.result(state) is None


def test_fission_wipe_exposes_no_top_card_on_the_way():
    # lifting Writing first would leave five top cards of 9+ for a moment: Universe
    state = position(
        boards={
            0: {
                "red": ["Fission"],
                "blue": ["Writing", "Software"],
                "green": ["Databases"],
                "yellow": ["Stem Cells"],
                "purple": ["A.I."],
            },
            1: {},
        },
        supply_top={10: ["Robotics"]},
    )
    state = dogma(state, "Fission")
    assert idle(state)
    assert not any(board(state, 0).values())
    assert specials(state, 0) == [] and achievements(state, 0) == 0


def test_fission_red_card_stops_before_the_next_affected_player():
    state = position(
        players=3,
        boards={0: {"red": ["Fission"]}, 1: {}, 2: {}},
        hands={2: ["Oars"]},
        supply_top={10: ["Miniaturization", "Software"]},
    )
    state = dogma(state, "Fission")
    assert idle(state)
    assert where(state, "Software")[0] == "supply"  # seat 2 never drew
    assert where(state, "Oars")[0] != "hand"


def test_fission_other_color_is_kept_then_a_top_card_is_returned_and_a_10_taken():
    state = position(
        boards={
            0: {"red": ["Fission"], "blue": ["Writing"]},
            1: {"green": ["Clothing", "Sailing"]},
        },
        supply_top={10: ["Software", "A.I."]},
    )
    state = dogma(state, "Fission")
    assert hand(state, 1) == ["Software"]  # not red: kept in hand
    seat, options = asking(state)
    assert seat == 0
    state = choose(state, "card", "Clothing")  # any board, Fission excluded
    assert idle(state)
    assert where(state, "Clothing")[0] == "supply"
    assert board(state, 1)["green"] == ["Sailing"]
    assert hand(state, 0) == ["A.I."]


def test_fission_return_offers_every_top_card_but_fission():
    state = position(
        boards={0: {"red": ["Fission"], "blue": ["Writing"]}, 1: {"green": ["Clothing"]}},
        supply_top={10: ["Software", "A.I."]},
    )
    state = dogma(state, "Fission")
    _, options = asking(state)
    offered = sorted(o["card"] for o in options if o["type"] == "card")
    assert offered == ["Clothing", "Writing"]


def test_fission_with_only_fission_on_the_boards_still_draws():
    state = position(boards={0: {"red": ["Fission"]}, 1: {}}, supply_top={10: ["Software", "A.I."]})
    state = dogma(state, "Fission")
    assert idle(state)
    assert board(state, 0)["red"] == ["Fission"]
    assert hand(state, 0) == ["A.I."]


def test_fission_first_edition_returns_without_drawing():
    state = position(
        boards={0: {"red": ["Fission"], "blue": ["Writing"]}, 1: {}},
        supply_top={10: ["Software", "A.I."]},
        edition="first",
    )
    state = dogma(state, "Fission")
    assert idle(state)
    assert where(state, "Writing")[0] == "supply"
    assert hand(state, 0) == [] and hand(state, 1) == ["Software"]


def test_fission_not_affected_with_as_many_clocks_shares_the_return():
    state = position(
        boards={0: {"red": ["Fission"], "blue": ["Writing"]}, 1: {"blue": ["Software"]}},
        supply_top={9: ["Computers"], 10: ["A.I.", "Robotics"]},
    )
    state = dogma(state, "Fission")
    seat, _ = asking(state)
    assert seat == 1  # 3 clocks each: no demand, seat 1 shares and returns first
    state = choose(state, "card", "Writing")
    assert hand(state, 1) == ["A.I."]
    # seat 0 returns the last top card left besides Fission: Software (automatic)
    assert idle(state)
    assert where(state, "Software")[0] == "supply"
    # its own draw, and the sharing bonus by its highest top card (Fission: 9)
    assert sorted(hand(state, 0)) == ["Computers", "Robotics"]


# --- Collaboration --------------------------------------------------------------------------


def test_collaboration_demander_picks_one_drawn_card_the_other_is_melded():
    state = position(
        boards={0: {"green": ["Collaboration"]}, 1: {"red": ["Archery"]}},
        supply_top={9: ["Computers", "Ecology"]},
    )
    state = dogma(state, "Collaboration")
    seat, _ = asking(state)
    assert seat == 0
    state = choose(state, "card", "Ecology")
    assert idle(state)
    assert board(state, 0)["yellow"] == ["Ecology"]
    assert board(state, 1)["blue"] == ["Computers"]
    assert hand(state, 1) == [] and game.result(state) is None


def test_collaboration_ten_green_cards_win():
    green = ["Collaboration", "Clothing", "Sailing", "The Wheel", "Currency", "Mapmaking"]
    green += ["Compass", "Paper", "Invention", "Navigation"]
    # seat 1 (City States: two crowns) shares instead of being affected, and has no green
    state = position(boards={0: {"green": green}, 1: {"purple": ["City States"]}})
    state = dogma(state, "Collaboration")
    assert winners(state) == [0]


def test_collaboration_nine_green_cards_do_not_win():
    green = ["Collaboration", "Clothing", "Sailing", "The Wheel", "Currency", "Mapmaking"]
    green += ["Compass", "Paper", "Invention"]
    state = position(boards={0: {"green": green}, 1: {"red": ["Oars"]}})
    state = dogma(state, "Collaboration")
    while not idle(state):  # seat 1 (one crown) is affected: seat 0 picks a drawn card
        _, options = asking(state)
        state = choose(state, "card", options[0]["card"])
    assert game.result(state) is None


def test_collaboration_sharing_player_with_ten_green_wins_first():
    green = ["Satellites", "Clothing", "Sailing", "The Wheel", "Currency", "Mapmaking"]
    green += ["Compass", "Paper", "Invention", "Navigation"]
    state = position(
        boards={0: {"green": ["Collaboration"]}, 1: {"green": green, "blue": ["Translation"]}},
    )
    state = dogma(state, "Collaboration")
    assert winners(state) == [1]


# --- Satellites -----------------------------------------------------------------------------

# The age-8 pile is emptied (nine 8s in seat 1's score, the tenth is the age-8 achievement),
# so the three "age-8" draws come from pile 9, whose cards this file controls.
EIGHTS = ["Quantum Theory", "Rocketry", "Flight", "Mobility", "Corporations", "Mass Media"]
EIGHTS += ["Antibiotics", "Skyscrapers", "Empiricism"]


def test_satellites_returns_the_hand_draws_three_splays_purple_and_carries_out_a_meld():
    state = position(
        boards={
            0: {
                "green": ["Satellites"],
                "purple": ["Mysticism", "Code of Laws"],
                "blue": ["Pottery"],
            },
            1: {"green": ["Clothing"]},
        },
        hands={0: ["Tools", "Writing", "Calendar"]},
        scores={1: EIGHTS},
        supply_top={9: ["Genetics", "Ecology", "Suburbia"], 10: ["Software"]},
    )
    state = dogma(state, "Satellites")
    seat, _ = asking(state)
    assert seat == 0  # the two age-1 cards go back to the same pile: their order is asked
    state = choose(state, "card", "Writing")
    for card in ("Tools", "Writing", "Calendar"):
        assert where(state, card)[0] == "supply"
    assert state["supply"]["1"][-2:] == ["Writing", "Tools"]  # in the order picked
    assert sorted(hand(state, 0)) == ["Ecology", "Genetics", "Suburbia"]
    state = yes(state)  # splay purple up
    assert splay_of(state, 0, "purple") == "up"
    state = choose(state, "card", "Genetics")  # meld it, then carry out Genetics alone
    assert idle(state)
    assert board(state, 0)["blue"] == ["Software"]
    assert sorted(score_pile(state, 0)) == ["Genetics", "Pottery"]
    assert sorted(hand(state, 0)) == ["Ecology", "Suburbia"]
    assert hand(state, 1) == []


def test_satellites_with_an_empty_hand_still_draws_and_melds():
    state = position(
        boards={0: {"green": ["Satellites"]}, 1: {}},
        scores={1: EIGHTS},
        supply_top={9: ["Collaboration", "Services", "Composites"]},
    )
    state = dogma(state, "Satellites")
    state = choose(state, "card", "Collaboration")  # no purple pile: no splay question
    # Collaboration's demand is skipped; its other effect (ten green cards) does nothing
    assert idle(state)
    assert board(state, 0)["green"] == ["Collaboration", "Satellites"]
    assert sorted(hand(state, 0)) == ["Composites", "Services"]
    assert hand(state, 1) == []  # the demand did not make seat 1 draw


# --- Ecology --------------------------------------------------------------------------------


def test_ecology_return_then_score_then_take_two_10s():
    state = position(
        boards={0: {"yellow": ["Ecology"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Tools", "Oars", "Sailing"]},
        supply_top={10: ["A.I.", "Software"]},
    )
    state = dogma(state, "Ecology")
    state = choose(state, "card", "Tools")  # returned
    state = choose(state, "card", "Oars")  # scored
    assert idle(state)
    assert where(state, "Tools")[0] == "supply"
    assert score_pile(state, 0) == ["Oars"]
    assert sorted(hand(state, 0)) == ["A.I.", "Sailing", "Software"]


def test_ecology_declined_does_nothing():
    state = position(
        boards={0: {"yellow": ["Ecology"]}, 1: {}},
        hands={0: ["Tools", "Oars"]},
        supply_top={10: ["A.I.", "Software"]},
    )
    state = dogma(state, "Ecology")
    state = done(state)
    assert idle(state)
    assert sorted(hand(state, 0)) == ["Oars", "Tools"] and score_pile(state, 0) == []


def test_ecology_returning_the_only_card_still_takes_two_10s():
    state = position(
        boards={0: {"yellow": ["Ecology"]}, 1: {}},
        hands={0: ["Tools"]},
        supply_top={10: ["A.I.", "Software"]},
    )
    state = dogma(state, "Ecology")
    state = choose(state, "card", "Tools")
    assert idle(state)
    assert score_pile(state, 0) == [] and sorted(hand(state, 0)) == ["A.I.", "Software"]


# --- Suburbia -------------------------------------------------------------------------------


def test_suburbia_tucks_the_chosen_cards_in_order_and_scores_a_1_for_each():
    state = position(
        boards={0: {"yellow": ["Suburbia"], "blue": ["Pottery"]}, 1: {"red": ["Metalworking"]}},
        hands={0: ["Tools", "Archery", "Writing"]},
        supply_top={1: ["Oars", "Sailing"]},
    )
    state = dogma(state, "Suburbia")
    state = choose(state, "card", "Writing")
    state = choose(state, "card", "Tools")
    state = done(state)
    assert idle(state)
    assert board(state, 0)["blue"] == ["Pottery", "Writing", "Tools"]
    assert hand(state, 0) == ["Archery"]
    assert sorted(score_pile(state, 0)) == ["Oars", "Sailing"]


def test_suburbia_tucking_nothing_scores_nothing():
    state = position(
        boards={0: {"yellow": ["Suburbia"]}, 1: {}},
        hands={0: ["Tools"]},
    )
    state = dogma(state, "Suburbia")
    state = done(state)
    assert idle(state)
    assert hand(state, 0) == ["Tools"] and score_pile(state, 0) == []


def test_suburbia_shared_by_a_player_with_as_many_leaves():
    state = position(
        boards={0: {"yellow": ["Suburbia"]}, 1: {"yellow": ["Agriculture"]}},
        hands={0: [], 1: ["Archery"]},
        supply_top={1: ["Oars"], 9: ["Computers"]},
    )
    state = dogma(state, "Suburbia")
    seat, _ = asking(state)
    assert seat == 1
    state = choose(state, "card", "Archery")  # its last hand card: no "done" needed
    assert idle(state)  # seat 0 has an empty hand: nothing to ask
    assert board(state, 1)["red"] == ["Archery"] and score_pile(state, 1) == ["Oars"]
    assert hand(state, 0) == ["Computers"]  # sharing bonus, by seat 0's highest top card (9)


# --- Services -------------------------------------------------------------------------------


def test_services_takes_the_highest_score_cards_and_gives_a_leafless_top_card():
    state = position(
        boards={
            0: {
                "purple": ["Services"],
                "red": ["Oars"],
                "blue": ["Writing"],
                "yellow": ["Agriculture"],
            },
            1: {"red": ["Metalworking"]},
        },
        scores={1: ["Calendar", "Mathematics", "Archery"]},
    )
    state = dogma(state, "Services")
    seat, options = asking(state)
    assert seat == 1
    offered = sorted(o["card"] for o in options if o["type"] == "card")
    assert offered == ["Oars", "Writing"]  # Services and Agriculture show a leaf
    state = choose(state, "card", "Writing")
    assert idle(state)
    assert sorted(hand(state, 0)) == ["Calendar", "Mathematics"]
    assert score_pile(state, 1) == ["Archery"]
    assert hand(state, 1) == ["Writing"] and not board(state, 0).get("blue")


def test_services_with_an_empty_score_pile_takes_nothing():
    state = position(
        boards={0: {"purple": ["Services"], "red": ["Oars"]}, 1: {}},
    )
    state = dogma(state, "Services")
    assert idle(state)
    assert hand(state, 1) == [] and board(state, 0)["red"] == ["Oars"]


def test_services_does_not_affect_a_player_with_as_many_leaves():
    state = position(
        boards={0: {"purple": ["Services"], "red": ["Oars"]}, 1: {"blue": ["Pottery"]}},
        scores={1: ["Calendar"]},
    )
    state = dogma(state, "Services")
    assert idle(state)
    assert score_pile(state, 1) == ["Calendar"] and hand(state, 0) == []


# --- Specialization -------------------------------------------------------------------------


def test_specialization_takes_every_opponents_top_card_of_the_revealed_color():
    state = position(
        players=3,
        boards={
            0: {"purple": ["Specialization"], "blue": ["Writing", "Pottery"]},
            1: {"red": ["Oars", "Archery"]},
            2: {"red": ["Metalworking"], "green": ["Sailing"]},
        },
        hands={0: ["Construction", "Tools"]},
    )
    state = dogma(state, "Specialization")
    state = choose(state, "card", "Construction")  # red, revealed
    assert sorted(hand(state, 0)) == ["Construction", "Metalworking", "Oars", "Tools"]
    assert board(state, 1)["red"] == ["Archery"]
    state = yes(state)  # only blue can be splayed up
    assert idle(state)
    assert splay_of(state, 0, "blue") == "up"


def test_specialization_shared_by_a_player_with_as_many_factories():
    state = position(
        boards={0: {"purple": ["Specialization"], "green": ["Sailing"]}, 1: {"red": ["Coal"]}},
        hands={0: [], 1: ["Clothing"]},
        supply_top={9: ["Computers"]},
    )
    state = dogma(state, "Specialization")
    assert idle(state)  # each choice has at most one answer and no pile can be splayed
    assert sorted(hand(state, 1)) == ["Clothing", "Sailing"]  # Clothing is green
    assert hand(state, 0) == ["Computers"]  # seat 0 has no hand card to reveal; sharing bonus


def test_specialization_team_game_takes_nothing_from_the_teammate():
    state = position(
        players=4,
        teams=True,
        boards={
            0: {"purple": ["Specialization"]},
            1: {"red": ["Oars"]},
            2: {"red": ["Archery"]},
            3: {"red": ["Metalworking"]},
        },
        hands={0: ["Construction"]},
    )
    state = dogma(state, "Specialization")
    assert idle(state)
    assert sorted(hand(state, 0)) == ["Construction", "Metalworking", "Oars"]
    assert board(state, 2)["red"] == ["Archery"]
