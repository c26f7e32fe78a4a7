"""The bot interface (app/games/bots.py): the easy bot of every game, levels, and the bots'
seeded randomness; and the driver's `decide`, which never lets a bad bot stall a game."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from app.config import Settings
from app.games.bots import EASY, Bot, RandomBot, bot_rng, bots_for
from app.games.core import Action, Game, Rng, canonical
from app.play.bots import Turn, decide
from app.play.registry import games_for
from app.play.runner import Position
from tests.registered import a_game

GAMES = games_for(Settings(_env_file=None))
A_GAME = a_game(players=2)  # any game seating two: these tests are about the bot interface
GARBAGE: list[Any] = [None, "garbage", 12345, [1, 2, 3], {"hand": ["not", "a", "card"]}]


def _legal_index(action: Action, legal: list[Action]) -> int | None:
    wanted = canonical(action)
    return next((i for i, option in enumerate(legal) if canonical(option) == wanted), None)


def _walk(game: Game, players: int, seed: int, steps: int) -> list[tuple[dict[str, Any], int]]:
    """(state, active seat) pairs along a game the easy bot plays against itself."""
    state = game.start(players, {}, seed)
    seen = []
    for seq in range(steps):
        if game.result(state) is not None:
            break
        seat = game.active(state)[0]
        seen.append((state, seat))
        legal = game.legal(state, seat)
        view = {**game.view(state, seat), "you": seat}
        state = game.apply(state, seat, EASY.choose(game, view, legal, bot_rng(seed, seq, seat)))
    return seen


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_easy_bot_plays_from_a_view_whose_state_is_garbage(game_id: str) -> None:
    """The bot is handed the seat's view with its "state" replaced by nonsense, and still
    answers a legal action: it never needed the state, and never got it."""
    game = GAMES[game_id]
    players = max(game.min_players, 2)
    problems = []
    for index, (state, seat) in enumerate(_walk(game, players, seed=7, steps=300)):
        legal = game.legal(state, seat)
        view = {**game.view(state, seat), "you": seat, "state": GARBAGE[index % len(GARBAGE)]}
        for draw in range(3):
            action = EASY.choose(game, view, legal, bot_rng(7, index, draw))
            if _legal_index(action, legal) is None:
                problems.append(f"step {index}: {action} is not legal")
    assert not problems, problems[:5]


def test_the_easy_bot_chooses_uniformly() -> None:
    legal = [{"type": "pick", "n": n} for n in range(4)]
    counts = [0] * 4
    game = GAMES[A_GAME]
    for seq in range(4000):
        counts[EASY.choose(game, {}, legal, bot_rng(99, seq, 0))["n"]] += 1
    assert all(900 < count < 1100 for count in counts), counts


def test_the_easy_bot_chooses_the_same_whatever_the_order_of_legal() -> None:
    legal = [{"type": "pick", "n": n, "of": [n, "x"]} for n in range(7)]
    game = GAMES[A_GAME]
    for seq in range(50):
        shuffled = list(legal)
        random_order = bot_rng(3, seq, 1)
        random_order.shuffle(shuffled)
        first = EASY.choose(game, {}, legal, bot_rng(1, seq, 0))
        assert EASY.choose(game, {}, shuffled, bot_rng(1, seq, 0)) == first


def test_bot_randomness_comes_from_the_seed_the_seq_and_the_seat() -> None:
    def draws(seed: int, seq: int, seat: int) -> list[int]:
        rng = bot_rng(seed, seq, seat)
        return [rng.next64() for _ in range(3)]

    assert draws(1, 2, 0) == draws(1, 2, 0)
    others = [draws(2, 2, 0), draws(1, 3, 0), draws(1, 2, 1), draws(1, 0, 2)]
    assert all(other != draws(1, 2, 0) for other in others)
    # Never the game's own stream from that seed.
    game_rng = Rng.from_seed(1)
    assert [game_rng.next64() for _ in range(3)] != draws(1, 0, 0)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_offers_the_easy_bot_first(game_id: str) -> None:
    game = GAMES[game_id]
    bots = bots_for(game)
    assert next(iter(bots)) == "easy" and bots["easy"] is EASY
    assert game.info()["bots"][0] == {"level": "easy", "label": "Easy"}


class _Clever(Bot):
    level = "good"
    label = "Good"

    def choose(self, game: Game, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        return legal[-1]


class _Broken(Bot):
    level = "good"
    label = "Good"

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def choose(self, game: Game, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_a_game_offers_its_own_levels_through_its_bots_hook() -> None:
    base = type(GAMES[A_GAME])

    class WithGoodBot(base):  # type: ignore[misc, valid-type]
        def bots(self) -> dict[str, Bot]:
            return {"good": _Clever()}

    game = WithGoodBot()
    assert list(bots_for(game)) == ["easy", "good"]
    assert [bot["level"] for bot in game.info()["bots"]] == ["easy", "good"]
    assert Game.bots(GAMES[A_GAME]) == {}  # the hook offers nothing by default
    assert isinstance(EASY, RandomBot)


def _position(game_id: str = A_GAME) -> Position:
    game = GAMES[game_id]
    state = game.start(2, {}, 5)
    seats = [{"name": "A", "bot": True, "level": "good"}, {"name": "B", "bot": True}]
    return Position(1, game, seats, 0, state, 5)


@pytest.mark.parametrize("answer", [ValueError("a bug"), {"type": "cheat"}, None])
def test_a_failing_bot_is_replaced_by_the_easy_bot_for_that_decision(
    answer: Any, caplog: pytest.LogCaptureFixture
) -> None:
    position = _position()
    seat = position.game.active(position.state)[0]
    view = position.game.view(position.state, seat)
    legal = position.game.legal(position.state, seat)
    with caplog.at_level(logging.ERROR, logger="app.play.bots"):
        action = decide(position, Turn(seat, _Broken(answer)), view, legal)
    assert _legal_index(action, legal) is not None
    assert "easy bot" in caplog.text or "not a legal action" in caplog.text


def test_decide_keeps_a_good_answer() -> None:
    position = _position()
    seat = position.game.active(position.state)[0]
    legal = position.game.legal(position.state, seat)
    view = position.game.view(position.state, seat)
    assert decide(position, Turn(seat, _Clever()), view, legal) == legal[-1]
