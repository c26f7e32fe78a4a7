"""Convolution's good bot (app/games/convolution/bot.py): whole games through the engine with
views only, its indifference to the dice to come, clear choices, and reproducible answers."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.bots import EASY, Bot, bot_rng, bots_for
from app.games.convolution import Convolution
from app.games.convolution.bot import GoodBot
from app.games.core import Rng, canonical

game = Convolution()
GOOD = GoodBot()
CATEGORIES = ["red", "blue", "green", "yellow", "first", "second", "third", "fourth", "bluggard"]
GARBAGE: list[Any] = [None, "garbage", 12345, [1, 2, 3], {"sheets": "nonsense"}, {}]


def seen(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return {**game.view(state, seat), "you": seat}


def play(bots: list[Bot], seed: int) -> dict[str, Any]:
    """A whole game, each bot given only its seat's view and legal actions."""
    state = game.start(2, {}, seed)
    seq = 0
    while game.result(state) is None:
        (seat,) = game.active(state)
        legal = game.legal(state, seat)
        action = bots[seat].choose(game, seen(state, seat), legal, bot_rng(seed, seq, seat))
        assert canonical(action) in {canonical(option) for option in legal}
        state = game.apply(state, seat, action)
        seq += 1
    return state


def sheet_entry(score: int, turn: int, circled: bool) -> dict[str, Any]:
    return {"score": score, "turn": turn, "circled": circled}


def position(dice: dict[str, list[int]], sheets: list[dict[str, Any]], turn: int) -> dict:
    """A state in the score phase of `turn` (host first), the sheets and the roll as given."""
    state = game.start(2, {"first_player": "host"}, 1)
    state["rolls"] = [dice]
    state["sheets"] = sheets
    state["turn"], state["phase"] = turn, "score"
    return state


def test_convolution_offers_the_good_bot() -> None:
    assert list(bots_for(game)) == ["easy", "good"]
    assert isinstance(bots_for(game)["good"], GoodBot)
    assert game.info()["bots"][1] == {"level": "good", "label": "Good"}


def test_a_game_of_good_bots_plays_to_the_end() -> None:
    state = play([GOOD, GOOD], seed=11)
    result = game.result(state)
    assert result is not None and len(result.winners) == 1
    assert all(entry is not None for sheet in state["sheets"] for entry in sheet.values())


@pytest.mark.parametrize("good_seat", [0, 1])
def test_the_good_bot_beats_the_easy_bot_here(good_seat: int) -> None:
    bots = [EASY, EASY]
    bots[good_seat] = GOOD
    result = game.result(play(bots, seed=3 + good_seat))
    assert result is not None and result.winners == [good_seat]


def test_the_bot_never_looks_at_the_dice_to_come() -> None:
    """Two states that show the same (the same roll and sheets) but whose generators differ,
    so that every later roll differs: the bot makes the same choice on both."""
    state = game.start(2, {"first_player": "host"}, 5)
    state = game.apply(state, 0, {"type": "roll"})
    other = {**state, "rng": format(Rng.from_seed(999).state, "016x")}
    assert game.view(state, 0) == game.view(other, 0)
    legal = game.legal(state, 0)
    for draw in range(5):
        first = GOOD.choose(game, seen(state, 0), legal, bot_rng(5, draw, 0))
        assert GOOD.choose(game, seen(other, 0), legal, bot_rng(5, draw, 0)) == first
    # Nor do its values and reasons: they say nothing of the dice to come.
    weighed = GOOD.consider(game, seen(state, 0), legal, bot_rng(5, 9, 0))
    assert GOOD.consider(game, seen(other, 0), legal, bot_rng(5, 9, 0)) == weighed


def test_the_bot_answers_a_legal_action_from_a_view_of_garbage() -> None:
    state = game.apply(game.start(2, {"first_player": "host"}, 8), 0, {"type": "roll"})
    legal = game.legal(state, 0)
    for index, garbage in enumerate(GARBAGE):
        view = {**seen(state, 0), "state": garbage}
        action = GOOD.choose(game, view, legal, bot_rng(8, index, 0))
        assert action in legal
    # Sheets of the right shape holding nonsense values.
    view = seen(state, 0)
    view["state"]["sheets"] = [{category: "x" for category in CATEGORIES}] * 2
    assert GOOD.choose(game, view, legal, bot_rng(8, 99, 0)) in legal


def test_the_bot_rolls_when_rolling_is_all_it_may_do() -> None:
    state = game.start(2, {"first_player": "guest"}, 2)
    assert GOOD.choose(game, seen(state, 1), game.legal(state, 1), bot_rng(2, 0, 1)) == {
        "type": "roll"
    }


def test_the_bot_does_not_write_a_twelve_as_one_on_the_first_turn() -> None:
    """Yellow 6 6 would be written as 1 by the first to play it: a waste of Yellow."""
    dice = {"red": [3, 4], "blue": [2, 3], "green": [4, 4], "yellow": [6, 6]}
    blank = {category: None for category in [*CATEGORIES, "colors", "ranks", "grand"]}
    state = position(dice, [dict(blank), dict(blank)], turn=1)
    legal = game.legal(state, 0)
    for draw in range(5):
        action = GOOD.choose(game, seen(state, 0), legal, bot_rng(4, draw, 0))
        assert action["category"] not in ("yellow", "first"), action


def red_or_blue() -> dict[str, Any]:
    """Turn 16, the host's last choice: Red and Blue are open, and the guest has Red 10 and
    Blue 12. The roll shows Red 11 and Blue 11: in Red it wins Red for sure (and Blue was lost
    anyway: nothing beats a circled 12); in Blue it loses Blue and needs an 11 or 12 later to
    win Red. The Colors Total is alike either way (11 and one later roll). The host leads 4
    to 4 on the decided categories and needs Red to stay ahead."""
    dice = {"red": [5, 6], "blue": [6, 5], "green": [1, 1], "yellow": [1, 2]}
    host: dict[str, Any] = {
        "red": None,
        "blue": None,
        "green": sheet_entry(9, 1, True),
        "yellow": sheet_entry(9, 4, True),
        "first": sheet_entry(11, 5, True),
        "second": sheet_entry(10, 8, True),
        "third": sheet_entry(3, 9, True),
        "fourth": sheet_entry(2, 12, True),
        "bluggard": sheet_entry(30, 13, True),
        "colors": None,
        "ranks": sheet_entry(26, 12, True),
        "grand": None,
    }
    guest: dict[str, Any] = {
        "red": sheet_entry(10, 2, True),
        "blue": sheet_entry(12, 3, True),
        "green": None,  # the guest's last turn, 18
        "yellow": sheet_entry(8, 7, False),
        "first": sheet_entry(10, 6, False),
        "second": sheet_entry(9, 10, False),
        "third": sheet_entry(6, 11, False),
        "fourth": sheet_entry(5, 14, False),
        "bluggard": sheet_entry(28, 15, False),
        "colors": None,
        "ranks": sheet_entry(30, 14, False),
        "grand": None,
    }
    return position(dice, [host, guest], turn=16)


def test_the_bot_takes_the_category_it_wins_for_sure() -> None:
    state = red_or_blue()
    assert game.active(state) == [0]
    legal = game.legal(state, 0)
    assert {action["category"] for action in legal} == {"red", "blue"}
    for draw in range(5):
        action = GOOD.choose(game, seen(state, 0), legal, bot_rng(16, draw, 0))
        assert action == {"type": "score", "category": "red"}


def test_the_choice_is_reproducible_from_the_view_legal_and_seed() -> None:
    state = game.apply(game.start(2, {"first_player": "host"}, 21), 0, {"type": "roll"})
    legal = game.legal(state, 0)
    answers = {
        canonical(GOOD.choose(game, seen(state, 0), legal, bot_rng(21, 1, 0))) for _ in range(3)
    }
    assert len(answers) == 1
    shuffled = list(legal)
    Rng.from_seed(4).shuffle(shuffled)
    again = GOOD.choose(game, seen(state, 0), shuffled, bot_rng(21, 1, 0))
    assert {canonical(again)} == answers


# --- consider: every open category weighed ---------------------------------------------------


def weighed_game(seed: int) -> list[tuple[dict[str, Any], list[Any], list[Any]]]:
    """A game of the good bot against the easy one: at each of the good bot's decisions, the
    view, the legal actions and what `consider` gave."""
    state, seq, found = game.start(2, {}, seed), 0, []
    while game.result(state) is None:
        (seat,) = game.active(state)
        legal = game.legal(state, seat)
        rng = bot_rng(seed, seq, seat)
        if seat == 0:
            weighed = GOOD.consider(game, seen(state, seat), legal, rng)
            found.append((seen(state, seat), legal, weighed))
            action = weighed[0].action
        else:
            action = EASY.choose(game, seen(state, seat), legal, rng)
        state = game.apply(state, seat, action)
        seq += 1
    return found


def test_consider_weighs_every_open_category_best_first() -> None:
    decisions = weighed_game(seed=5)
    kinds = {w.action["type"] for _, _, weighed in decisions for w in weighed}
    assert kinds == {"roll", "score"}
    for index, (view, legal, weighed) in enumerate(decisions):
        assert sorted(map(canonical, (w.action for w in weighed))) == sorted(map(canonical, legal))
        values = [w.value for w in weighed]
        assert values == sorted(values, reverse=True)
        assert all(0.0 <= value <= 1.0 for value in values)
        assert all(w.reason for w in weighed)
        if index % 4:
            continue
        again = GOOD.consider(game, view, legal, bot_rng(5, 0, 0))
        assert again == GOOD.consider(game, view, legal, bot_rng(5, 0, 0)), index
        assert GOOD.choose(game, view, legal, bot_rng(5, 0, 0)) == again[0].action


def test_consider_names_the_sure_category_and_its_score() -> None:
    state = red_or_blue()
    weighed = GOOD.consider(game, seen(state, 0), game.legal(state, 0), bot_rng(16, 0, 0))
    assert [w.action["category"] for w in weighed] == ["red", "blue"]
    assert GOOD.unit == "chance"
    assert weighed[0].value > weighed[1].value
    assert weighed[0].reason.startswith("Scores 11 in Red, wins it against their 10; wins ")
    assert weighed[1].reason.startswith("Scores 11 in Blue, loses it to their 12; wins ")


def test_consider_says_the_first_twelve_is_written_as_one() -> None:
    dice = {"red": [3, 4], "blue": [2, 3], "green": [4, 4], "yellow": [6, 6]}
    blank = {category: None for category in [*CATEGORIES, "colors", "ranks", "grand"]}
    state = position(dice, [dict(blank), dict(blank)], turn=1)
    weighed = GOOD.consider(game, seen(state, 0), game.legal(state, 0), bot_rng(4, 0, 0))
    yellow = next(w for w in weighed if w.action["category"] == "yellow")
    assert yellow.reason.startswith("Scores 1 in Yellow (a first 12 is written as 1), circled")


def test_the_greedy_sparring_bot_plays_a_whole_game_legally() -> None:
    greedy = game.sparring_bots()["greedy"]
    assert "greedy" not in bots_for(game) and greedy.label == "Greedy"
    for seats in ([greedy, EASY], [EASY, greedy]):
        result = game.result(play(seats, seed=7))
        assert result is not None and len(result.winners) == 1


def test_the_greedy_bot_wins_a_category_it_can_win_at_once() -> None:
    """Red 11 beats the guest's 10 at once; Blue 11 loses to their 12."""
    state = red_or_blue()
    greedy = game.sparring_bots()["greedy"]
    legal = game.legal(state, 0)
    assert greedy.choose(game, seen(state, 0), legal, bot_rng(1, 0, 0))["category"] == "red"
