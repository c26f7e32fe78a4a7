"""Noughts in the Dark's rules (noughts_in_the_dark/rules.md), one by one: turns, the hidden
mark and what each viewer sees of it, bumping into it, a line through it, a draw; its good bot;
and its keeper, which finds a hidden mark shown, its cell left out of the legal actions, and a
count that depends on where it lies."""

from __future__ import annotations

from typing import Any

import pytest
from noughts_in_the_dark import NoughtsInTheDark
from noughts_in_the_dark.bot import GoodBot
from noughts_in_the_dark.secrets import DarkKeeper

from app.games.bots import bot_rng
from app.games.core import Game, IllegalAction, Seat, State
from app.play.views import rules_view
from tests.games.secrets import Leak, Playout, seed_for

GAME = NoughtsInTheDark()
NAMES = ["Ann", "Bob"]


def played(*moves: tuple[str, int], first: str = "host") -> State:
    """The state after `moves` (type, cell), taken in turn by whoever's turn it is."""
    state = GAME.start(2, {"first_player": first}, 1)
    for kind, cell in moves:
        state = GAME.apply(state, state["turn"], {"type": kind, "cell": cell})
    return state


def view(state: State, seat: Seat | None) -> dict[str, Any]:
    return rules_view(GAME, state, seat, NAMES)


def test_the_first_player_places_first_and_the_turns_alternate() -> None:
    state = played(first="guest")
    assert (
        GAME.active(state) == [1] and state["log"][0]["text"] == "{seat1} goes first, with crosses"
    )
    assert GAME.legal(state, 0) == []
    state = played(("place", 4), first="guest")
    assert state["cells"][4] == 1 and GAME.active(state) == [0]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "place", "cell": 4})


def test_a_hidden_mark_is_seen_by_its_owner_alone() -> None:
    state = played(("hide", 0))
    assert state["hidden"] == [0, None] and state["hidden_left"] == [False, True]
    mine, theirs, watching = view(state, 0), view(state, 1), view(state, None)
    assert mine["state"]["hidden"] == [0, None]
    assert theirs["state"]["hidden"] == watching["state"]["hidden"] == [None, None]
    assert theirs["state"]["face_down"] == [True, False]
    assert theirs["state"]["cells"][0] is None
    assert {"type": "place", "cell": 0} in theirs["legal"]  # it looks free to Bob
    assert mine["log"][-1] == "Ann's hidden mark in the top left"
    assert theirs["log"][-1] == "Ann placed their hidden mark face down"
    assert GAME.action_for_log({"type": "hide", "cell": 0}) == {"type": "hide"}
    # Ann may not place on her own hidden mark, nor hide a second one.
    state = played(("hide", 0), ("place", 4))
    assert all(action["type"] == "place" and action["cell"] != 0 for action in GAME.legal(state, 0))


def test_bumping_into_a_hidden_mark_turns_it_face_up_and_the_turn_passes() -> None:
    state = played(("hide", 0), ("hide", 0))
    assert state["cells"][0] == 0 and state["hidden"] == [None, None]
    assert state["hidden_left"] == [False, True]  # Bob keeps his hidden mark
    assert GAME.active(state) == [0]
    assert (
        "{seat1} tried the top left, but {seat0}'s hidden mark was there"
        in (state["log"][-1]["text"])
    )


def test_a_line_through_a_hidden_mark_wins_and_every_mark_is_turned_face_up() -> None:
    state = played(("hide", 0), ("place", 3), ("place", 1), ("hide", 4), ("place", 2))
    result = GAME.result(state)
    assert result is not None and result.winners == [0]
    assert result.reason == "three in a row: top left, top middle, top right"
    assert state["line"] == [0, 1, 2]
    assert state["cells"][0] == 0 and state["cells"][4] == 1 and state["hidden"] == [None, None]
    assert view(state, None)["state"] == view(state, 1)["state"]


def test_a_full_board_without_a_line_is_a_draw() -> None:
    state = played(*[("place", cell) for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8)])
    result = GAME.result(state)
    assert result is not None and result.winners == []
    assert result.reason == "the board is full without a line of three"


def test_the_good_bot_wins_when_it_can_and_blocks_when_it_must() -> None:
    bot = GoodBot()
    state = played(("place", 0), ("place", 3), ("place", 1), ("place", 4))
    best = bot.consider(GAME, view(state, 0), GAME.legal(state, 0), bot_rng(1, 4, 0))[0]
    assert best.action == {"type": "place", "cell": 2} and best.value == 1.0
    state = played(("place", 0), ("place", 4), ("place", 8), ("place", 1))
    best = bot.consider(GAME, view(state, 0), GAME.legal(state, 0), bot_rng(1, 4, 0))[0]
    assert best.action["cell"] == 7  # Bob threatens the middle column


# --- the keeper finds leaks -----------------------------------------------------------------


def leaky_keeper(leak: str) -> DarkKeeper:
    """A keeper whose game shows the face-down marks in one way or another."""
    keeper = DarkKeeper()
    game: Game = keeper.game
    honest = type(game).view

    def shown(state: State, seat: Seat | None) -> Any:
        seen = honest(game, state, seat)
        if leak == "shown":
            return {**seen, "state": {**seen["state"], "hidden": list(state["hidden"])}}
        if leak == "counted":  # how many face-down marks lie in the top row
            top = sum(cell in (0, 1, 2) for cell in state["hidden"] if cell is not None)
            return {**seen, "state": {**seen["state"], "top_row": top}}
        if leak == "logged":
            kept = [entry["text"] for entry in state["log"] if "seats" in entry]
            return {**seen, "log": [*seen["log"], *kept]}
        return seen

    game.view = shown  # type: ignore[method-assign]
    if leak == "legal":
        game.legal = lambda state, seat: [  # type: ignore[method-assign]
            action
            for action in type(game).legal(game, state, seat)
            if action["cell"] not in state["hidden"]
        ]
    return keeper


@pytest.mark.parametrize(
    ("leak", "found"),
    [
        ("shown", "face-down mark is shown"),
        ("legal", "legal cells"),
        ("counted", "changes with the secrets"),
        ("logged", "kept for other seats"),
    ],
)
def test_the_keeper_finds_a_planted_leak(leak: str, found: str) -> None:
    keeper = leaky_keeper(leak)
    with pytest.raises(Leak, match=found):
        for index in range(20):
            Playout(keeper, seed_for(index), *keeper.variants[index % 2]).run()


def test_a_mark_may_be_taken_back_only_while_the_other_has_none_face_down() -> None:
    before = played(("place", 4))
    after = GAME.apply(before, 1, {"type": "hide", "cell": 0})
    assert GAME.undoable(before, after, 1, {"type": "hide", "cell": 0})
    later = GAME.apply(after, 0, {"type": "place", "cell": 8})  # Bob's mark lies face down
    assert not GAME.undoable(after, later, 0, {"type": "place", "cell": 8})
    bumped = GAME.apply(after, 0, {"type": "place", "cell": 0})
    assert not GAME.undoable(after, bumped, 0, {"type": "place", "cell": 0})
    assert GAME.took_back({"type": "hide", "cell": 0}) == "their last mark"
