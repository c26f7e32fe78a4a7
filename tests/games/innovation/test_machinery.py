"""Innovation's machinery: the dogma action (demands, sharing, the bonus, questions, the order
of players and effects), the moves, splays and icon counts, the four actions, the opening,
achievements (standard and special), the ends of the game and the team variant.

Tests that need a particular effect replace a card's entries in EFFECTS with a test-only
generator (monkeypatch undoes it), so they do not depend on the cards' own effects.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.core import BadOptions, IllegalAction
from app.games.innovation.board import icons
from app.games.innovation.cards import CARDS
from app.games.innovation.effects import EFFECTS, Ctx, Effect
from app.games.innovation.ending import own_score, team_score
from tests.games.innovation.helpers import (
    achieve,
    achievements,
    answer,
    asking,
    board,
    choose,
    dogma,
    draw,
    game,
    hand,
    log_lines,
    meld,
    position,
    score_pile,
    specials,
    splays,
    where,
)

State = dict[str, Any]


def use(monkeypatch: pytest.MonkeyPatch, card: str, *effects: Any) -> None:
    """Give `card` these test effects (indices 1, 2, ...) for this test only."""
    monkeypatch.setitem(EFFECTS, card, dict(enumerate(effects, start=1)))


def silence(monkeypatch: pytest.MonkeyPatch, *cards: str) -> None:
    for card in cards:
        monkeypatch.setitem(EFFECTS, card, {})


# --- the dogma action: demands, sharing, the bonus, questions ------------------------------


def give_highest(ctx: Ctx) -> Effect:
    """A demand: transfer the highest card of your hand to the demander's hand."""
    card = yield from ctx.choose_card(ctx.highest(ctx.hand()), "Give your highest card")
    ctx.transfer(card, to="hand", player=ctx.demander)


def draw_one(ctx: Ctx) -> Effect:
    yield from ctx.draw(1)


def test_a_demand_affects_opponents_with_fewer_featured_icons(monkeypatch):
    use(monkeypatch, "Archery", give_highest)
    # Archery shows 2 castles for seat 0; seat 1 has 1 (Oars shows 2: not affected), seat 2 0.
    state = position(
        players=3,
        boards={0: {"red": ["Archery"]}, 1: {"blue": ["Tools"]}, 2: {"red": ["Oars"]}},
        hands={1: ["Sailing", "Construction"], 2: ["Mathematics"]},
    )
    state = dogma(state, "Archery")
    assert asking(state) is None  # one highest card: no question
    assert hand(state, 0) == ["Construction"]
    assert hand(state, 1) == ["Sailing"]
    assert hand(state, 2) == ["Mathematics"]  # 2 castles, as many as the demander
    assert state["actions_left"] == 1
    assert len(hand(state, 0)) == 1  # demands never give the sharing bonus


def test_sharing_players_go_first_and_an_opponents_change_gives_the_bonus(monkeypatch):
    use(monkeypatch, "Writing", draw_one)
    state = position(
        players=3,
        current=1,
        boards={1: {"blue": ["Writing"]}, 0: {"blue": ["Tools"]}, 2: {"red": ["Oars"]}},
        supply_top={1: ["Sailing", "Metalworking", "Mysticism", "Clothing"]},
    )
    state = dogma(state, "Writing")
    # Seat 2 (left of seat 1) has no lightbulb; seat 0 shares (2 lightbulbs), then seat 1.
    assert hand(state, 0) == ["Sailing"]
    assert hand(state, 2) == []
    assert hand(state, 1) == ["Metalworking", "Mysticism"]  # its own draw, then the bonus
    assert "{seat1} takes the sharing bonus" in log_lines(state)


def test_no_bonus_when_sharing_changed_nothing(monkeypatch):
    def nothing_for_others(ctx: Ctx) -> Effect:
        if ctx.player == ctx.demander:
            yield from ctx.draw(1)

    use(monkeypatch, "Writing", nothing_for_others)
    state = position(boards={0: {"blue": ["Writing"]}, 1: {"blue": ["Tools"]}})
    state = dogma(state, "Writing")
    assert len(hand(state, 0)) == 1
    assert hand(state, 1) == []


def test_a_change_undone_still_gives_the_bonus(monkeypatch):
    def draw_and_return(ctx: Ctx) -> Effect:
        if ctx.player != ctx.demander:
            card = yield from ctx.draw(1)
            ctx.return_card(card)

    use(monkeypatch, "Writing", draw_and_return)
    state = position(boards={0: {"blue": ["Writing"]}, 1: {"blue": ["Tools"]}})
    state = dogma(state, "Writing")
    assert hand(state, 1) == []
    assert len(hand(state, 0)) == 1  # the bonus


def test_the_bonus_draws_by_the_highest_top_card_at_the_end(monkeypatch):
    def meld_a_3(ctx: Ctx) -> Effect:
        if ctx.player == ctx.demander:
            yield from ctx.draw_and_meld(3)
        else:
            yield from ctx.draw(1)

    use(monkeypatch, "Writing", meld_a_3)
    state = position(
        boards={0: {"blue": ["Writing"]}, 1: {"blue": ["Tools"]}},
        supply_top={3: ["Engineering"], 1: ["Oars"]},
    )
    state = dogma(state, "Writing")
    assert board(state, 0)["red"] == ["Engineering"]
    assert [CARDS[card].age for card in hand(state, 0)] == [3]


def test_a_question_waits_for_the_right_seat_and_takes_its_answer(monkeypatch):
    use(monkeypatch, "Archery", give_highest)
    state = position(
        boards={0: {"red": ["Archery"]}},
        hands={1: ["Sailing", "Agriculture", "Mysticism"]},
    )
    state = dogma(state, "Archery")
    seat, options = asking(state)
    assert seat == 1
    assert options == [
        {"type": "card", "card": "Sailing"},
        {"type": "card", "card": "Agriculture"},
        {"type": "card", "card": "Mysticism"},
    ]
    assert game.active(state) == [1]
    assert game.legal(state, 0) == []
    with pytest.raises(IllegalAction):
        game.apply(state, 1, {"type": "card", "card": "Oars"})
    info = state["asking"]["ask"]["info"]
    assert info["kind"] == "card" and info["card"] == "Archery" and info["effect"] == 1
    state = answer(state, options[1])
    assert asking(state) is None
    assert hand(state, 0) == ["Agriculture"]
    assert state["actions_left"] == 1


def test_each_effect_is_finished_for_everyone_before_the_next(monkeypatch):
    order: list[tuple[int, int]] = []

    def first(ctx: Ctx) -> Effect:
        order.append((1, ctx.player))
        yield from ctx.draw(1)

    def second(ctx: Ctx) -> Effect:
        order.append((2, ctx.player))
        yield from ()

    use(monkeypatch, "Tools", first, second)
    state = position(
        players=4,
        current=2,
        boards={0: {"blue": ["Writing"]}, 2: {"blue": ["Tools"]}, 3: {"red": ["Oars"]}},
    )
    state = dogma(state, "Tools")
    # Seat 0 shares; seats 3 and 1 have no lightbulb. Each effect: seat 0 then seat 2.
    assert order == [(1, 0), (1, 2), (2, 0), (2, 2)]


def test_the_featured_icons_are_counted_once_at_the_start(monkeypatch):
    def sharer_loses_its_lightbulbs(ctx: Ctx) -> Effect:
        if ctx.player != ctx.demander:
            ctx.return_card(ctx.top("blue"))
        yield from ()

    use(monkeypatch, "Tools", sharer_loses_its_lightbulbs, draw_one)
    state = position(boards={0: {"blue": ["Tools"]}, 1: {"blue": ["Writing"]}})
    state = dogma(state, "Tools")
    # Seat 1 has no lightbulb left after the first effect but still shares the second.
    assert board(state, 1) == {}
    assert len(hand(state, 1)) == 1
    assert len(hand(state, 0)) == 2  # its draw and the bonus


def test_a_mandatory_choice_with_one_answer_is_not_asked_but_an_optional_one_is(monkeypatch):
    def optional_score(ctx: Ctx) -> Effect:
        card = yield from ctx.choose_card(ctx.hand(), "Score a card?", optional=True)
        ctx.score(card)

    use(monkeypatch, "Writing", optional_score)
    state = position(boards={0: {"blue": ["Writing"]}}, hands={0: ["Oars"]})
    state = dogma(state, "Writing")
    seat, options = asking(state)
    assert seat == 0
    assert options == [{"type": "card", "card": "Oars"}, {"type": "done"}]
    declined = choose(state, "done")
    assert hand(declined, 0) == ["Oars"] and score_pile(declined, 0) == []
    taken = choose(state, "card", "Oars")
    assert score_pile(taken, 0) == ["Oars"]


def test_choose_cards_asks_one_at_a_time_with_done_once_enough(monkeypatch):
    def return_two_or_three(ctx: Ctx) -> Effect:
        cards = yield from ctx.choose_cards(ctx.hand(), "Return cards", min=2, max=3)
        ctx.memory["test_chosen"] = cards
        for card in cards:
            ctx.return_card(card)

    use(monkeypatch, "Writing", return_two_or_three)
    state = position(
        boards={0: {"blue": ["Writing"]}}, hands={0: ["Oars", "Sailing", "Agriculture", "Tools"]}
    )
    state = dogma(state, "Writing")
    assert {"type": "done"} not in asking(state)[1]
    state = choose(state, "card", "Sailing")
    assert {"type": "done"} not in asking(state)[1]
    state = choose(state, "card", "Oars")
    assert asking(state)[1][-1] == {"type": "done"}
    state = choose(state, "done")
    assert hand(state, 0) == ["Agriculture", "Tools"]
    assert where(state, "Oars") == ("supply", 1)
    assert state["supply"]["1"][-2:] == ["Sailing", "Oars"]  # returned to the bottom in order


def test_yes_no_and_other_kinds_of_questions(monkeypatch):
    def questions(ctx: Ctx) -> Effect:
        yes = yield from ctx.yes_no("Go on?")
        color = yield from ctx.choose_color(["red", "blue"], "Which color?")
        seat = yield from ctx.choose_player([0, 1], "Who?")
        age = yield from ctx.choose_age([2, 4], "Which age?")
        icon = yield from ctx.choose_icon(["crown", "leaf"], "Which icon?")
        ctx.memory["test"] = [yes, color, seat, age, icon]
        ctx.log(f"answers {yes} {color} {seat} {age} {icon}")

    use(monkeypatch, "Writing", questions)
    state = position(boards={0: {"blue": ["Writing"]}})
    state = dogma(state, "Writing")
    assert asking(state)[1] == [{"type": "yes", "yes": True}, {"type": "yes", "yes": False}]
    state = choose(state, "yes", False)
    assert asking(state)[1] == [
        {"type": "color", "color": "blue"},
        {"type": "color", "color": "red"},
    ]
    state = choose(state, "color", "red")
    state = choose(state, "player", 1)
    state = choose(state, "age", 4)
    state = choose(state, "icon", "leaf")
    assert log_lines(state)[-1] == "answers False red 1 4 leaf"


def test_a_dogma_survives_a_restart_in_the_middle(monkeypatch):
    def two_questions(ctx: Ctx) -> Effect:
        first = yield from ctx.choose_card(ctx.hand(), "Score one")
        ctx.score(first)
        second = yield from ctx.choose_card(ctx.hand(), "Tuck one")
        ctx.tuck(second)

    use(monkeypatch, "Writing", two_questions)
    state = position(boards={0: {"blue": ["Writing"]}}, hands={0: ["Oars", "Sailing", "Tools"]})
    state = dogma(state, "Writing")
    state = choose(state, "card", "Sailing")
    restarted = json.loads(json.dumps(state))  # only plain JSON survives
    restarted = choose(restarted, "card", "Tools")
    assert score_pile(restarted, 0) == ["Sailing"]
    assert board(restarted, 0)["blue"] == ["Writing", "Tools"]
    assert hand(restarted, 0) == ["Oars"]


def test_a_card_without_registered_effects_does_nothing(monkeypatch):
    silence(monkeypatch, "Writing")
    state = position(boards={0: {"blue": ["Writing"]}, 1: {"blue": ["Tools"]}})
    state = dogma(state, "Writing")
    assert hand(state, 0) == [] and hand(state, 1) == []
    assert state["actions_left"] == 1


def test_execute_runs_another_cards_non_demand_effects_unshared(monkeypatch):
    def demand(ctx: Ctx) -> Effect:
        ctx.log("demand ran")
        yield from ()

    use(monkeypatch, "Oars", demand, draw_one)

    def execute_oars(ctx: Ctx) -> Effect:
        yield from ctx.execute("Oars")

    use(monkeypatch, "Writing", execute_oars)
    state = position(boards={0: {"blue": ["Writing"]}}, hands={1: ["Sailing"]})
    state = dogma(state, "Writing")
    assert len(hand(state, 0)) == 1
    assert "demand ran" not in log_lines(state)


def test_end_action_stops_the_dogma_without_the_bonus(monkeypatch):
    def draw_then_end(ctx: Ctx) -> Effect:
        yield from ctx.draw(1)
        if ctx.player == ctx.demander:
            yield from ctx.end_action()

    use(monkeypatch, "Tools", draw_then_end, draw_one)
    state = position(boards={0: {"blue": ["Tools"]}, 1: {"blue": ["Writing"]}})
    state = dogma(state, "Tools")
    assert len(hand(state, 1)) == 1  # only the first effect
    assert len(hand(state, 0)) == 1  # no second effect, no bonus
    assert state["actions_left"] == 1


# --- ctx reading helpers --------------------------------------------------------------------


def test_ctx_reads_the_position(monkeypatch):
    seen: dict[str, Any] = {}

    def look(ctx: Ctx) -> Effect:
        seen.update(
            players=ctx.players(),
            opponents=ctx.opponents(),
            top_cards=ctx.top_cards(),
            colors=ctx.colors_on_board(),
            highest=ctx.highest(["Oars", "Construction", "Mathematics"]),
            lowest=ctx.lowest(["Oars", "Construction", "Sailing"]),
            top_age=ctx.highest_top_age(),
            score=ctx.score_value(),
            featured=ctx.featured,
            edition=ctx.first_edition,
        )
        yield from ()

    use(monkeypatch, "Writing", look)
    state = position(
        players=3,
        current=1,
        boards={1: {"blue": ["Writing"], "red": ["Construction"]}},
        scores={1: ["Mathematics", "Oars"]},
        edition="first",
    )
    dogma(state, "Writing")
    assert seen == {
        "players": [1, 2, 0],
        "opponents": [2, 0],
        "top_cards": ["Writing", "Construction"],
        "colors": ["blue", "red"],
        "highest": ["Construction", "Mathematics"],
        "lowest": ["Oars", "Sailing"],
        "top_age": 2,
        "score": 3,
        "featured": "lightbulb",
        "edition": True,
    }


# --- moves, splays, icons -------------------------------------------------------------------


def test_splays_reveal_their_slots_and_a_one_card_pile_cannot_be_splayed(monkeypatch):
    # Red pile: Archery (castle, lightbulb, hex, castle) on Oars (castle, crown, hex, castle).
    state = position(boards={0: {"red": ["Archery", "Oars"], "blue": ["Writing"]}})
    assert icons(state, 0)["castle"] == 2
    # Writing shows one crown; Oars's slots are castle, crown, hex, castle.
    for direction, castles, crowns in (("left", 3, 1), ("right", 3, 2), ("up", 3, 2)):
        state["seats"][0]["splays"]["red"] = direction
        counted = icons(state, 0)
        assert (counted["castle"], counted["crown"]) == (castles, crowns), direction

    def splay_both(ctx: Ctx) -> Effect:
        ctx.memory["test"] = (ctx.splay_pile("red", "up"), ctx.splay_pile("blue", "left"))
        ctx.log(f"splayed {ctx.memory['test']}")
        yield from ()

    use(monkeypatch, "Writing", splay_both)
    state = position(boards={0: {"red": ["Archery", "Oars"], "blue": ["Writing"]}})
    state = dogma(state, "Writing")
    assert log_lines(state)[-1] == "splayed (True, False)"
    assert splays(state, 0) == {"red": "up"}


def test_a_pile_reduced_to_one_card_loses_its_splay(monkeypatch):
    def return_top_red(ctx: Ctx) -> Effect:
        ctx.return_card(ctx.top("red"))
        yield from ()

    use(monkeypatch, "Writing", return_top_red)
    state = position(
        boards={0: {"red": ["Archery", "Oars"], "blue": ["Writing"]}}, splays={0: {"red": "left"}}
    )
    state = dogma(state, "Writing")
    assert board(state, 0)["red"] == ["Oars"]
    assert splays(state, 0) == {}


def test_tuck_goes_under_and_meld_on_top_keeping_the_splay(monkeypatch):
    def tuck_and_meld(ctx: Ctx) -> Effect:
        ctx.tuck("Metalworking")
        ctx.meld("Construction")
        yield from ()

    use(monkeypatch, "Writing", tuck_and_meld)
    state = position(
        boards={0: {"red": ["Archery", "Oars"], "blue": ["Writing"]}},
        splays={0: {"red": "right"}},
        hands={0: ["Metalworking", "Construction"]},
    )
    state = dogma(state, "Writing")
    assert board(state, 0)["red"] == ["Construction", "Archery", "Oars", "Metalworking"]
    assert splays(state, 0) == {"red": "right"}


def test_the_draw_rule_skips_empty_piles(monkeypatch):
    def draw_a_2(ctx: Ctx) -> Effect:
        yield from ctx.draw(2)

    use(monkeypatch, "Writing", draw_a_2)
    state = position(boards={0: {"blue": ["Writing"]}}, supply_top={4: ["Invention"]})
    state["supply"]["2"] = []
    state["supply"]["3"] = []
    state = dogma(state, "Writing")
    assert hand(state, 0) == ["Invention"]
    assert log_lines(state, 1)[-1] == "{seat0} draws an age-4 card"


def test_a_returned_card_goes_to_the_bottom_of_its_age(monkeypatch):
    def return_it(ctx: Ctx) -> Effect:
        ctx.return_card("Construction")
        yield from ()

    use(monkeypatch, "Writing", return_it)
    state = position(boards={0: {"blue": ["Writing"]}}, scores={0: ["Construction"]})
    state = dogma(state, "Writing")
    assert state["supply"]["2"][-1] == "Construction"
    assert where(state, "Construction") == ("supply", 2)


def test_exchange_swaps_two_sets_at_once(monkeypatch):
    def swap(ctx: Ctx) -> Effect:
        ctx.exchange(ctx.hand(), "hand", 0, ctx.score_pile(), "score", 0)
        yield from ()

    use(monkeypatch, "Writing", swap)
    state = position(
        boards={0: {"blue": ["Writing"]}}, hands={0: ["Oars"]}, scores={0: ["Sailing", "Tools"]}
    )
    state = dogma(state, "Writing")
    assert hand(state, 0) == ["Sailing", "Tools"]
    assert score_pile(state, 0) == ["Oars"]


# --- the four actions and the turn ----------------------------------------------------------


def test_the_draw_action_draws_by_the_highest_top_card():
    state = position(
        boards={0: {"red": ["Archery"], "blue": ["Mathematics"]}}, supply_top={2: ["Calendar"]}
    )
    state = draw(state)
    assert hand(state, 0) == ["Calendar"]
    assert state["actions_left"] == 1


def test_two_actions_then_the_next_player_and_the_tallies_reset():
    state = position(players=3, hands={0: ["Oars", "Sailing"]}, tucked={0: 3, 2: 2}, scored={1: 4})
    state = meld(state, "Oars")
    assert state["current"] == 0 and state["actions_left"] == 1
    state = meld(state, "Sailing")
    assert state["current"] == 1 and state["actions_left"] == 2
    assert [(seat["tucked"], seat["scored"]) for seat in state["seats"]] == [(0, 0)] * 3


def test_the_legal_turn_actions():
    state = position(
        boards={0: {"red": ["Archery"], "blue": ["Mathematics"]}},
        hands={0: ["Sailing", "Oars"]},
        scores={0: ["Construction", "Philosophy", "Calendar"]},
    )
    assert game.legal(state, 0) == [
        {"type": "draw"},
        {"type": "meld", "card": "Oars"},
        {"type": "meld", "card": "Sailing"},
        {"type": "dogma", "card": "Mathematics"},
        {"type": "dogma", "card": "Archery"},
        {"type": "achieve", "age": 1},
    ]
    assert game.legal(state, 1) == []


def test_achieving_needs_five_times_the_age_and_a_top_card_that_high():
    scores = {0: ["Construction", "Philosophy", "Calendar", "Currency", "Sailing"]}  # 9
    state = position(boards={0: {"red": ["Archery"]}}, scores=scores)
    assert [a for a in game.legal(state, 0) if a["type"] == "achieve"] == [
        {"type": "achieve", "age": 1}
    ]
    state = position(boards={0: {"blue": ["Mathematics"]}}, scores=scores)
    assert [a["age"] for a in game.legal(state, 0) if a["type"] == "achieve"] == [1]
    scores[0].append("Oars")  # 10
    state = position(boards={0: {"blue": ["Mathematics"]}}, scores=scores)
    assert [a["age"] for a in game.legal(state, 0) if a["type"] == "achieve"] == [1, 2]
    state = achieve(state, 2)
    assert achievements(state, 0) == 1
    assert "2" not in state["available"]
    assert score_pile(state, 0) == scores[0]  # achieving spends nothing


def test_the_opening_first_title_alphabetically_starts_with_one_action():
    state = game.start(3, {}, 11)
    picks = {}
    for seat in range(3):
        options = game.legal(state, seat)
        assert [option["type"] for option in options] == ["pick", "pick"]
        picks[seat] = options[0]["card"]
        state = game.apply(state, seat, options[0])
    first = min(picks, key=lambda seat: picks[seat].casefold())
    assert state["phase"] == "turn" and state["current"] == first
    assert state["actions_left"] == 1
    for seat in range(3):
        assert board(state, seat) == {CARDS[picks[seat]].color: [picks[seat]]}
        assert len(hand(state, seat)) == 1
    state = draw(state)
    assert state["current"] == (first + 1) % 3 and state["actions_left"] == 2


def test_the_wheel_sorts_under_t():
    from app.games.innovation.cards import title_key

    assert sorted(["Tools", "The Wheel", "Sailing"], key=title_key) == [
        "Sailing",
        "The Wheel",
        "Tools",
    ]


def test_four_players_the_second_player_also_takes_one_action():
    state = game.start(4, {}, 5)
    for seat in range(4):
        state = game.apply(state, seat, game.legal(state, seat)[0])
    first = state["current"]
    state = draw(state)
    assert state["current"] == (first + 1) % 4 and state["actions_left"] == 1
    state = draw(state)
    assert state["current"] == (first + 2) % 4 and state["actions_left"] == 2


def test_setup_sets_aside_one_achievement_of_each_age_1_to_9():
    state = game.start(2, {}, 1)
    assert sorted(int(age) for age in state["available"]) == list(range(1, 10))
    assert [len(state["supply"][str(age)]) for age in range(1, 11)] == [10] + [9] * 8 + [10]
    assert all(CARDS[card].age == int(age) for age, card in state["available"].items())
    assert game.start(2, {}, 1) == state
    assert game.start(2, {}, 2)["supply"] != state["supply"]


def test_options():
    with pytest.raises(BadOptions):
        game.start(3, {"teams": True}, 1)
    with pytest.raises(BadOptions):
        game.start(2, {"edition": "second"}, 1)
    assert game.start(4, {"teams": True, "edition": "first"}, 1)["edition"] == "first"


# --- special achievements -------------------------------------------------------------------


def tuck_hand(ctx: Ctx) -> Effect:
    for card in ctx.hand():
        ctx.tuck(card)
    yield from ()


def test_monument_six_tucks_in_one_turn_even_as_a_sharing_opponent(monkeypatch):
    use(monkeypatch, "Writing", tuck_hand)
    six = ["Oars", "Sailing", "Tools", "Pottery", "Agriculture", "Mysticism"]
    state = position(
        boards={0: {"blue": ["Writing"]}, 1: {"blue": ["Mathematics"]}},
        hands={1: six, 0: ["Archery"]},
    )
    state = dogma(state, "Writing")
    assert specials(state, 1) == ["Monument"]
    assert "Monument" not in state["specials"]


def test_monument_tallies_add_up_across_actions_but_not_turns(monkeypatch):
    use(monkeypatch, "Writing", tuck_hand)
    state = position(
        boards={0: {"blue": ["Writing"]}}, hands={0: ["Oars", "Sailing"]}, tucked={0: 4}
    )
    state = dogma(state, "Writing")
    assert specials(state, 0) == ["Monument"]
    state = position(boards={0: {"blue": ["Writing"]}}, hands={0: ["Oars"]}, tucked={0: 4})
    state = dogma(state, "Writing")
    assert specials(state, 0) == [] and state["seats"][0]["tucked"] == 5


def test_a_transfer_into_a_score_pile_is_not_a_score(monkeypatch):
    def transfer_all(ctx: Ctx) -> Effect:
        for card in ctx.hand():
            ctx.transfer(card, to="score")
        yield from ()

    use(monkeypatch, "Writing", transfer_all)
    state = position(boards={0: {"blue": ["Writing"]}}, hands={0: ["Oars"]}, scored={0: 5})
    state = dogma(state, "Writing")
    assert specials(state, 0) == [] and state["seats"][0]["scored"] == 5


def test_empire_world_wonder_universe_and_the_order_of_claims(monkeypatch):
    from app.games.innovation import achievements as claims

    def splay_all_right(ctx: Ctx) -> Effect:
        for color in ctx.colors_on_board():
            ctx.splay_pile(color, "right")
        yield from ()

    use(monkeypatch, "Writing", splay_all_right)
    piles = {
        "blue": ["Writing", "Tools"],
        "red": ["Archery", "Oars"],
        "green": ["Sailing", "The Wheel"],
        "yellow": ["Masonry", "Agriculture"],
        "purple": ["Mysticism", "City States"],
    }
    state = position(boards={0: piles})
    state = dogma(state, "Writing")
    assert specials(state, 0) == ["Wonder"]
    state = position(
        current=1,
        boards={
            0: {
                "blue": ["Software"],
                "red": ["Flight"],
                "green": ["Databases"],
                "yellow": ["Stem Cells"],
                "purple": ["Services"],
            }
        },
    )
    assert claims.qualifies(state, 0, "Universe")
    assert not claims.qualifies(state, 0, "Empire")
    state["phase"] = "turn"
    claims.check(state)
    assert specials(state, 0) == ["Universe"]


def test_a_special_claim_can_end_the_game_mid_effect(monkeypatch):
    def splay_then_draw(ctx: Ctx) -> Effect:
        ctx.splay_pile("blue", "right")
        yield from ctx.draw(1)

    use(monkeypatch, "Writing", splay_then_draw)
    state = position(
        boards={
            0: {
                "blue": ["Writing", "Tools"],
                "red": ["Archery", "Oars"],
                "green": ["Sailing", "The Wheel"],
                "yellow": ["Masonry", "Agriculture"],
                "purple": ["Mysticism", "City States"],
            }
        },
        splays={0: {"red": "up", "green": "right", "yellow": "right", "purple": "up"}},
        achievements={0: [1, 2, 3, 4, 5]},
    )
    state = dogma(state, "Writing")
    result = game.result(state)
    assert result.winners == [0] and "6 achievements" in result.reason
    assert hand(state, 0) == []  # the rest of the effect never ran
    assert game.legal(state, 0) == [] and game.active(state) == []


# --- the end of the game --------------------------------------------------------------------


def test_a_draw_above_10_ends_the_game_by_score_with_achievements_breaking_ties(monkeypatch):
    def draw_11(ctx: Ctx) -> Effect:
        yield from ctx.draw(11)
        ctx.log("never")

    use(monkeypatch, "Writing", draw_11)
    state = position(
        boards={0: {"blue": ["Writing"]}},
        scores={0: ["Construction"], 1: ["Mathematics"]},
        achievements={1: [1]},
    )
    state = dogma(state, "Writing")
    result = game.result(state)
    assert result.winners == [1]
    assert result.scores == {"0": 2, "1": 2}
    assert "never" not in log_lines(state)
    state = position(
        boards={0: {"blue": ["Writing"]}}, scores={0: ["Construction"], 1: ["Mathematics"]}
    )
    assert game.result(dogma(state, "Writing")).winners == [0, 1]


def test_drawing_from_an_empty_age_10_pile_ends_the_game():
    state = position(boards={0: {"blue": ["Software"]}}, scores={0: ["Oars"]})
    state["supply"]["10"] = []
    state = draw(state)
    assert game.result(state).winners == [0]
    assert state["won_by"] == "score"


def test_a_card_that_wins_ends_everything(monkeypatch):
    def win_now(ctx: Ctx) -> Effect:
        yield from ctx.win(ctx.player)

    use(monkeypatch, "Tools", win_now, draw_one)
    state = position(current=1, boards={1: {"blue": ["Tools"]}, 0: {"blue": ["Writing"]}})
    state = dogma(state, "Tools")
    assert game.result(state).winners == [0]  # seat 0 shares first and wins
    assert hand(state, 1) == [] and hand(state, 0) == []


# --- teams ----------------------------------------------------------------------------------


def test_teams_teammates_are_never_demanded_and_share_without_bonus(monkeypatch):
    use(monkeypatch, "Archery", give_highest)
    state = position(
        players=4,
        teams=True,
        boards={0: {"red": ["Archery"]}},
        hands={1: ["Oars"], 2: ["Sailing"], 3: ["Tools"]},
    )
    state = dogma(state, "Archery")
    assert hand(state, 2) == ["Sailing"]
    assert sorted(hand(state, 0)) == ["Oars", "Tools"]

    use(monkeypatch, "Writing", draw_one)
    state = position(
        players=4, teams=True, boards={0: {"blue": ["Writing"]}, 2: {"blue": ["Tools"]}}
    )
    state = dogma(state, "Writing")
    assert len(hand(state, 2)) == 1 and len(hand(state, 0)) == 1  # no bonus from a teammate


def test_teams_share_achievements_and_win_with_six_combined():
    state = position(
        players=4,
        teams=True,
        boards={0: {"blue": ["Mathematics"]}},
        scores={0: ["Construction", "Philosophy", "Calendar"]},
        achievements={0: [3, 4, 5], 2: [6, 7]},
    )
    assert [a["age"] for a in game.legal(state, 0) if a["type"] == "achieve"] == [1]
    state = achieve(state, 1)
    result = game.result(state)
    assert result.winners == [0, 2]
    assert result.scores == {"0": 6, "1": 0, "2": 6, "3": 0}  # the team's score at the end


def test_teams_achieving_uses_your_own_score_not_your_teammates():
    # Seat 0: 1 point of its own, 10 with its teammate's 9; top card of age 2.
    state = position(
        players=4,
        teams=True,
        boards={0: {"blue": ["Mathematics"]}, 2: {"blue": ["Tools"]}},
        scores={0: ["Oars"], 2: ["Perspective", "Coal"]},
    )
    assert [a for a in game.legal(state, 0) if a["type"] == "achieve"] == []
    with pytest.raises(IllegalAction):
        game.apply(state, 0, {"type": "achieve", "age": 1})
    assert (own_score(state, 0), team_score(state, 0)) == (1, 10)


def test_teams_the_score_end_compares_teams():
    state = position(
        players=4,
        teams=True,
        boards={0: {"blue": ["Software"]}},
        scores={0: ["Oars"], 2: ["Construction"], 1: ["Mathematics"]},
    )
    state["supply"]["10"] = []
    state = draw(state)
    assert game.result(state).winners == [0, 2]


# --- additions to the contract --------------------------------------------------------------


def test_remove_from_game_and_reorder_pile(monkeypatch):
    def remove_and_reorder(ctx: Ctx) -> Effect:
        ctx.remove_from_game("Oars")
        ctx.reorder_pile("red", ["Metalworking", "Archery", "Construction"])
        yield from ()

    use(monkeypatch, "Writing", remove_and_reorder)
    state = position(
        boards={0: {"blue": ["Writing"], "red": ["Construction", "Archery", "Metalworking"]}},
        splays={0: {"red": "left"}},
        hands={1: ["Oars"]},
    )
    state = dogma(state, "Writing")
    assert where(state, "Oars") == ("removed", 0)
    assert board(state, 0)["red"] == ["Metalworking", "Archery", "Construction"]
    assert splays(state, 0) == {"red": "left"}
    assert game.view(state, 1)["state"]["removed"] == 1
    assert "Oars" not in "\n".join(log_lines(state, 0))


def test_a_card_transferred_into_achievements_can_end_the_game(monkeypatch):
    def achieve_top_red(ctx: Ctx) -> Effect:
        ctx.transfer(ctx.top("red"), to="achievements")
        yield from ctx.draw(1)

    use(monkeypatch, "Writing", achieve_top_red)
    state = position(
        boards={0: {"blue": ["Writing"], "red": ["Archery"]}},
        achievements={0: [1, 2, 3, 4, 5]},
    )
    state = dogma(state, "Writing")
    assert game.result(state).winners == [0]
    assert hand(state, 0) == []


def test_each_turn_starts_with_a_public_log_line():
    state = position(players=3, current=2, actions_left=1, hands={2: ["Oars"]}, turn=7)
    state = meld(state, "Oars")
    assert log_lines(state, None)[-1] == "Turn 8: {seat0} (2 actions)"


# --- the rulebook's examples ---------------------------------------------------------------


def test_rulebook_example_returning_the_only_4_and_drawing_it_back_is_a_share(monkeypatch):
    """ "Return a card from your hand, then draw a 4": the sharer's only card is a 4 and the 4
    pile is empty, so they draw the same card back. Nothing changed in the end, yet it counts."""

    def return_then_draw_a_4(ctx: Ctx) -> Effect:
        card = yield from ctx.choose_card(ctx.hand(), "Return a card from your hand")
        if card is not None:
            ctx.return_card(card)
        yield from ctx.draw(4)

    use(monkeypatch, "Writing", return_then_draw_a_4)
    fours = [name for name, card in CARDS.items() if card.age == 4]
    state = position(
        boards={0: {"blue": ["Writing"]}, 1: {"blue": ["Tools"]}},
        hands={1: ["Invention"]},
        scores={0: [name for name in fours if name != "Invention"]},  # the 4 pile is empty
        supply_top={5: ["Physics"]},
    )
    assert where(state, "Invention") == ("hand", 1)
    state = dogma(state, "Writing")
    assert hand(state, 1) == ["Invention"]  # returned to the empty 4 pile, then drawn back
    assert "Physics" in hand(state, 0)  # the demander's 4 came from pile 5 ... and
    assert len(hand(state, 0)) == 2  # ... the sharing bonus was drawn too


def test_rulebook_example_a_dogma_with_no_effect_is_a_legal_way_to_pass():
    """Archery has only a demand; with no opponent having fewer castles it does nothing, and
    taking it is still a legal action that uses up one action."""
    state = position(boards={0: {"red": ["Archery"]}, 1: {"red": ["Metalworking"]}}, actions_left=2)
    assert {"type": "dogma", "card": "Archery"} in game.legal(state, 0)
    before = {seat: (hand(state, seat), board(state, seat)) for seat in (0, 1)}
    state = dogma(state, "Archery")
    assert {seat: (hand(state, seat), board(state, seat)) for seat in (0, 1)} == before
    assert state["actions_left"] == 1 and state["current"] == 0


def test_rulebook_example_a_value_taken_from_a_missing_card_is_0_and_draws_a_1(monkeypatch):
    """ "Draw a card equal to the value of your top purple" with no purple pile: the value is
    0, and as there is no 0 pile the draw skips up to 1."""

    def draw_by_top_purple(ctx: Ctx) -> Effect:
        top = ctx.top("purple")
        yield from ctx.draw(ctx.age(top) if top else 0)

    use(monkeypatch, "Writing", draw_by_top_purple)
    state = position(boards={0: {"blue": ["Writing"]}}, supply_top={1: ["Sailing"]})
    state = dogma(state, "Writing")
    assert hand(state, 0) == ["Sailing"]
