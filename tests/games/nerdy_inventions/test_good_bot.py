"""Nerdy Inventions' good bot (app/games/nerdy_inventions/bot.py): whole games through the
engine with views only, its blindness to the deck's order, clear choices, and reproducible
answers. Positions are arranged as in tests/games/nerdy_inventions/test_rules.py: cards are
moved between the deck, the row and the tableaus, and the dice in hand are replaced."""

from __future__ import annotations

from typing import Any

from app.games.bots import EASY, Bot, bot_rng, bots_for
from app.games.core import Rng, canonical
from app.games.nerdy_inventions import NerdyInventions
from app.games.nerdy_inventions.bot import GoodBot, workbench
from tests.games.nerdy_inventions.test_rules import give, take

game = NerdyInventions()
GOOD = GoodBot()
END_TURN = {"type": "end_turn"}
GARBAGE: list[Any] = [None, "garbage", 12345, [1, 2, 3], {"row": "nonsense"}, {}]


def seen(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return {**game.view(state, seat), "you": seat}


def play(bots: list[Bot], seed: int, limit: int = 5000) -> dict[str, Any]:
    """A whole game, each bot given only its seat's view and legal actions."""
    state = game.start(len(bots), {}, seed)
    seq = 0
    while game.result(state) is None:
        assert seq < limit, f"no end after {limit} actions"
        (seat,) = game.active(state)
        legal = game.legal(state, seat)
        action = bots[seat].choose(game, seen(state, seat), legal, bot_rng(seed, seq, seat))
        assert canonical(action) in {canonical(option) for option in legal}
        state = game.apply(state, seat, action)
        seq += 1
    return state


def lay_row(state: dict[str, Any], *cards: str | None) -> None:
    """Lay out the row from tile 6 to tile 1; the cards there go to the bottom of the deck."""
    for slot, card_id in zip((6, 5, 4, 3, 2, 1), cards, strict=True):
        old = state["row"][slot - 1]
        state["row"][slot - 1] = None
        if old is not None:
            state["deck"].append(old)
        if card_id is not None:
            take(state, card_id)
        state["row"][slot - 1] = card_id


def set_dice(state: dict[str, Any], *values: int) -> None:
    state["dice"] = [{"id": index, "value": value} for index, value in enumerate(values)]
    state["next_die"] = len(values)


def choose(state: dict[str, Any], draws: int = 3) -> list[dict[str, Any]]:
    """The good bot's choices for the current seat with a few different generators."""
    seat = state["current"]
    legal = game.legal(state, seat)
    return [
        GOOD.choose(game, seen(state, seat), legal, bot_rng(1, draw, seat)) for draw in range(draws)
    ]


def test_nerdy_inventions_offers_the_good_bot() -> None:
    assert list(bots_for(game)) == ["easy", "good"]
    assert isinstance(bots_for(game)["good"], GoodBot)


def test_a_game_of_good_bots_plays_to_the_end() -> None:
    state = play([GOOD, GOOD], seed=4)
    assert game.result(state) is not None


def test_the_good_bot_beats_the_easy_bot_here() -> None:
    result = game.result(play([GOOD, EASY], seed=9))
    assert result is not None and result.winners == [0]


def test_a_game_of_three_with_a_good_bot_plays_to_the_end() -> None:
    assert game.result(play([EASY, GOOD, EASY], seed=2)) is not None


def test_the_workbench_shows_what_the_view_shows() -> None:
    """The state the bot builds from a view gives back the same view; only the deck's order
    (and the log) are its own."""
    state = game.start(3, {}, 12)
    for seq in range(60):
        seat = state["current"]
        view = seen(state, seat)
        bench = workbench(game, view, Rng.from_seed(seq))
        rebuilt = game.view(bench, seat)
        assert rebuilt["state"] == view["state"], seq
        assert sorted(bench["deck"]) == sorted(state["deck"])
        legal = game.legal(state, seat)
        assert game.legal(bench, seat) == legal
        state = game.apply(state, seat, EASY.choose(game, view, legal, bot_rng(12, seq, seat)))


def test_the_bot_never_looks_at_the_deck() -> None:
    """Two states alike but for the deck's order and the generator (the dice to come): the
    bot chooses the same on both, at every step of a game."""
    state = game.start(2, {}, 31)
    for seq in range(40):
        if game.result(state) is not None:
            break
        seat = state["current"]
        other = {**state, "deck": list(reversed(state["deck"])), "rng": "0123456789abcdef"}
        assert seen(state, seat) == seen(other, seat)
        legal = game.legal(state, seat)
        first = GOOD.choose(game, seen(state, seat), legal, bot_rng(31, seq, seat))
        assert GOOD.choose(game, seen(other, seat), legal, bot_rng(31, seq, seat)) == first
        state = game.apply(state, seat, first)


def test_the_bot_answers_a_legal_action_from_a_view_of_garbage() -> None:
    state = game.start(2, {"first_player": "host"}, 8)
    legal = game.legal(state, 0)
    for index, garbage in enumerate(GARBAGE):
        view = {**seen(state, 0), "state": garbage}
        assert GOOD.choose(game, view, legal, bot_rng(8, index, 0)) in legal
    # The deck (the one secret) as nonsense of the same shape: a number, here a wrong one.
    for count in (-3, 0, 500):
        view = seen(state, 0)
        view["state"]["deck"] = count
        assert GOOD.choose(game, view, legal, bot_rng(8, count, 0)) in legal


def test_the_bot_flies_the_zeppelin_when_it_leads() -> None:
    state = game.start(2, {"first_player": "host"}, 5)
    give(state, 0, "zeppelin-1")
    give(state, 0, "top-hat-1")
    set_dice(state, 1, 1, 1)
    assert all(choice == {"type": "use", "card": "zeppelin-1"} for choice in choose(state))
    first = GOOD.consider(game, seen(state, 0), game.legal(state, 0), bot_rng(1, 0, 0))[0]
    assert first.reason == "Fly the Zeppelin: the game ends now, 8 points ahead, on 9"
    assert first.value > 100  # a game won, and the lead
    state = game.apply(state, 0, {"type": "use", "card": "zeppelin-1"})
    result = game.result(state)
    assert result is not None and result.winners == [0]


def test_the_bot_keeps_the_zeppelin_when_it_trails() -> None:
    state = game.start(2, {"first_player": "host"}, 5)
    give(state, 0, "zeppelin-1")
    for card_id in ("top-hat-1", "top-hat-2", "flintlock-1", "locomotive-1"):
        give(state, 1, card_id)
    set_dice(state, 1, 1, 1)
    assert all(
        choice["type"] != "use" or choice["card"] != "zeppelin-1" for choice in choose(state)
    )


def test_the_bot_builds_the_card_worth_most() -> None:
    """A 4, a 4 and a 3 buy the Top Hat under tile 3 (4, 4, gear 3: 3 points) or smaller
    cards; the bot starts building the Top Hat."""
    state = game.start(2, {"first_player": "host"}, 6)
    lay_row(
        state, "dragonfly-1", "pocket-watch-1", "clamp-1", "top-hat-1", "camera-1", "cuckoo-clock-1"
    )
    set_dice(state, 4, 4, 3)
    assert all(choice == {"type": "build", "slot": 3} for choice in choose(state))
    weighed = GOOD.consider(game, seen(state, 0), game.legal(state, 0), bot_rng(1, 0, 0))
    assert weighed[0].reason == "Build the Top Hat from tile 3: +3 points"


def test_the_bot_ends_its_turn_with_nothing_to_gain() -> None:
    """No die left: charging, research and building all need one."""
    state = game.start(2, {"first_player": "host"}, 6)
    set_dice(state)
    for held in state["tableaus"][0]:
        held["tapped"] = True
    assert game.legal(state, 0) == [END_TURN]
    assert choose(state, draws=1) == [END_TURN]


def test_the_choice_is_reproducible_from_the_view_legal_and_seed() -> None:
    state = game.start(2, {}, 21)
    seat = state["current"]
    legal = game.legal(state, seat)
    answers = {
        canonical(GOOD.choose(game, seen(state, seat), legal, bot_rng(21, 0, seat)))
        for _ in range(3)
    }
    assert len(answers) == 1
    shuffled = list(legal)
    Rng.from_seed(4).shuffle(shuffled)
    again = GOOD.choose(game, seen(state, seat), shuffled, bot_rng(21, 0, seat))
    assert {canonical(again)} == answers


# --- consider: every legal step weighed ------------------------------------------------------


def check_weighed(state: dict[str, Any], seed: int, seq: int) -> list[Any]:
    """What `consider` gives for the current seat, checked against the rules of the interface."""
    seat = state["current"]
    legal = game.legal(state, seat)
    weighed = GOOD.consider(game, seen(state, seat), legal, bot_rng(seed, seq, seat))
    assert sorted(canonical(w.action) for w in weighed) == sorted(map(canonical, legal))
    values = [w.value for w in weighed]
    assert values == sorted(values, reverse=True)
    assert all(w.reason for w in weighed)
    assert (
        GOOD.choose(game, seen(state, seat), legal, bot_rng(seed, seq, seat)) == weighed[0].action
    )
    return weighed


def test_consider_weighs_every_legal_step_best_first() -> None:
    state = game.start(2, {}, 14)
    kinds = set()
    for seq in range(24):
        if game.result(state) is not None:
            break
        weighed = check_weighed(state, 14, seq)
        kinds |= {w.action["type"] for w in weighed}
        state = game.apply(state, state["current"], weighed[0].action)
    assert {"end_turn", "build", "pay", "cancel"} <= kinds, kinds


def test_consider_tells_nothing_of_the_deck() -> None:
    """The deck's order and the dice to come differ, the view does not: the same values and
    reasons, at every step of the start of a game."""
    state = game.start(2, {}, 31)
    for seq in range(12):
        seat = state["current"]
        other = {**state, "deck": list(reversed(state["deck"])), "rng": "0123456789abcdef"}
        legal = game.legal(state, seat)
        weighed = GOOD.consider(game, seen(state, seat), legal, bot_rng(31, seq, seat))
        assert GOOD.consider(game, seen(other, seat), legal, bot_rng(31, seq, seat)) == weighed
        state = game.apply(state, seat, weighed[0].action)


def test_a_twin_die_is_worth_as_much_and_cancel_just_below_the_best() -> None:
    """Paying for the Top Hat with two 4s: either 4 pays alike; cancelling changes nothing."""
    state = game.start(2, {"first_player": "host"}, 6)
    lay_row(
        state, "dragonfly-1", "pocket-watch-1", "clamp-1", "top-hat-1", "camera-1", "cuckoo-clock-1"
    )
    set_dice(state, 4, 4, 3)
    state = game.apply(state, 0, {"type": "build", "slot": 3})
    weighed = check_weighed(state, 6, 1)
    pays = [w for w in weighed if w.action["type"] == "pay"]
    assert [w.action["die"] for w in pays] == [0, 1] and pays[0].value == pays[1].value
    assert pays[0].reason == "Pay a 4 toward the Top Hat"
    cancel = next(w for w in weighed if w.action["type"] == "cancel")
    assert cancel.value == weighed[0].value and weighed[0].action["type"] == "pay"


def test_the_greedy_sparring_bot_plays_a_whole_game_legally() -> None:
    greedy = game.sparring_bots()["greedy"]
    assert "greedy" not in bots_for(game) and greedy.label == "Greedy"
    assert game.result(play([greedy, EASY], seed=3)) is not None


def test_the_greedy_bot_starts_the_build_worth_most() -> None:
    state = game.start(2, {"first_player": "host"}, 6)
    lay_row(
        state, "dragonfly-1", "pocket-watch-1", "clamp-1", "top-hat-1", "camera-1", "cuckoo-clock-1"
    )
    set_dice(state, 4, 4, 3)
    greedy = game.sparring_bots()["greedy"]
    legal = game.legal(state, 0)
    assert greedy.choose(game, seen(state, 0), legal, bot_rng(1, 0, 0)) == {
        "type": "build",
        "slot": 3,
    }
