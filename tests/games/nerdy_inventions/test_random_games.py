"""Nerdy Inventions: whole games of random legal moves, with the invariants checked at every step.

TT_RANDOM_GAMES (default 1000) sets how many seeded games `test_random_games` plays, with 2, 3
and 4 players and every starting-player option. The players choose uniformly among the legal
actions, except that they build when they can (most of the time) and end a turn that has gone on
long, so that games end. The final scores and the winners are recomputed here from the cards in
front of each player, without the engine's helpers.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.core import Rng
from app.games.nerdy_inventions import NerdyInventions

game = NerdyInventions()
GAMES = int(os.environ.get("TT_RANDOM_GAMES", "1000"))
STARTS = ["random", "host", "second", "third", "fourth"]
END_TURN = {"type": "end_turn"}
LONG_TURN = 12
VIEW_EVERY = 25  # check the view after every 25th action (and at the end of the game)
BONUS = {7: 3, 8: 4, 9: 5, 10: 6}


def broken_invariant(state: dict[str, Any], cards_in_play: set[str]) -> str | None:
    """What is wrong, if anything: every invention and starting card in exactly one place,
    players - 1 tools with at most one per seat, dice values 1..6 with distinct ids.

    Plain `if`s rather than asserts: this runs after every action of every game, and pytest's
    assertion rewriting would make it several times slower.
    """
    players = state["players"]
    places = state["deck"] + [card for card in state["row"] if card is not None]
    for tableau in state["tableaus"]:
        places.extend(held["card"] for held in tableau)
    if len(places) != len(cards_in_play) or set(places) != cards_in_play:
        return f"cards lost or doubled: {sorted(places)}"
    if len(state["row"]) != 6:
        return f"the row has {len(state['row'])} places"
    holders = [tool["holder"] for tool in state["tools"].values()]
    if len(holders) != players - 1:
        return f"{len(holders)} tools in play with {players} players"
    if len(set(holders)) != len(holders) or not set(holders) <= set(range(players)):
        return f"tool holders {holders}"
    ids = set()
    for die in state["dice"]:
        if not 1 <= die["value"] <= 6:
            return f"a die shows {die['value']}"
        if die["id"] in ids or die["id"] >= state["next_die"]:
            return f"die ids {[die['id'] for die in state['dice']]}"
        ids.add(die["id"])
    return None


def check_view(state: dict[str, Any], everyone: bool = False) -> None:
    """The view names no card of the deck (so never its order); everyone sees the same."""
    seen = game.view(state, None)
    text = json.dumps(seen)
    assert not any(f'"{card}"' in text for card in state["deck"])
    assert seen["state"]["deck"] == len(state["deck"])
    assert state["rng"] not in text
    if everyone:
        for seat in range(state["players"]):
            assert game.view(state, seat)["state"] == seen["state"]


def recount(state: dict[str, Any], seat: int) -> int:
    cards = [state["cards"][held["card"]] for held in state["tableaus"][seat]]
    points = sum(card["points"] for card in cards)
    points += sum(
        state["cards"][tool_id]["points"]
        for tool_id, tool in state["tools"].items()
        if tool["holder"] == seat
    )
    kinds = len({card["ability"] for card in cards})
    return points + BONUS.get(kinds, 0)


def play(seed: int, players: int, start: str, draw: Callable[[int], int]) -> dict[str, Any]:
    """Play one game, `draw(n)` choosing among n; check the invariants at every step."""
    state = game.start(players, {"first_player": start}, seed)
    cards_in_play = {card_id for card_id, card in state["cards"].items() if card["group"] != "tool"}
    assert len(cards_in_play) == 29 + players
    turns = Counter()
    steps = steps_this_turn = 0
    while game.result(state) is None:
        seat = state["current"]
        legal = game.legal(state, seat)
        if not legal or (END_TURN in legal) != (state["asking"] is None):
            raise AssertionError(f"legal {legal} while asking {state['asking']}")
        builds = [action for action in legal if action["type"] in ("build", "pay")]
        if builds and draw(10) < 8:
            action = builds[draw(len(builds))]
        elif steps_this_turn >= LONG_TURN and END_TURN in legal:
            action = END_TURN
        else:
            action = legal[draw(len(legal))]
        if action == END_TURN:
            assert game.active(state) == [seat]
            assert all(game.legal(state, other) == [] for other in range(players) if other != seat)
            turns[seat] += 1
            steps_this_turn = 0
        else:
            steps_this_turn += 1
        game.play(state, seat, action)  # apply() without its copy: `action` is from `legal`
        steps += 1
        if steps % VIEW_EVERY == 0:
            check_view(state)
        problem = broken_invariant(state, cards_in_play)
        if problem or state["turn"] >= 1000:
            raise AssertionError(problem or "the game does not end")
    check_finished_game(state, turns)
    return state


def cause(state: dict[str, Any]) -> str:
    """What ended the game, as its result's reason says."""
    reason = state["result"]["reason"]
    if reason.startswith("The zeppelin ended the game: "):
        return "zeppelin"
    assert reason.startswith("The deck ran out and everyone had the same number of turns: ")
    return "deck"


def check_finished_game(state: dict[str, Any], turns: Counter) -> None:
    players = state["players"]
    assert game.active(state) == []
    assert all(game.legal(state, seat) == [] for seat in range(players))
    if cause(state) == "deck":
        assert state["deck"] == [] and state["final_round"]
        assert [turns[seat] for seat in range(players)] == [turns[0]] * players, "equal turns"
    else:
        last = state["current"]
        zeppelins = [
            held
            for held in state["tableaus"][last]
            if state["cards"][held["card"]]["ability"] == "zeppelin"
        ]
        assert any(held["tapped"] for held in zeppelins)
    totals = [recount(state, seat) for seat in range(players)]
    best = max(totals)
    result = game.result(state)
    assert result.scores == {str(seat): total for seat, total in enumerate(totals)}
    assert result.winners == [seat for seat in range(players) if totals[seat] == best]
    assert ("shared win" in result.reason) == (len(result.winners) > 1)
    check_view(state, everyone=True)
    assert state["log"][-1]["text"].startswith("Final scores: ")


def test_random_games():
    endings: Counter = Counter()
    player_counts: Counter = Counter()
    winners: set[int] = set()
    for seed in range(GAMES):
        players = 2 + seed % 3
        start = STARTS[(seed // 3) % (players + 1)]
        rng = Rng.from_seed(seed)
        try:
            state = play(seed, players, start, rng.below)
        except AssertionError as error:
            raise AssertionError(f"game on seed {seed}: {error}") from error
        endings[cause(state)] += 1
        player_counts[players] += 1
        winners.update(game.result(state).winners)
    if GAMES >= 100:
        assert endings["deck"] and endings["zeppelin"], endings
        assert winners == {0, 1, 2, 3}


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    players=st.integers(min_value=2, max_value=4),
    start=st.sampled_from(["random", "host", "second"]),
    data=st.data(),
)
def test_games_drawn_by_hypothesis(seed, players, start, data):
    """Hypothesis draws the first 150 choices (an index into `legal`); a seeded generator the
    rest, so that a failing game shrinks to its first moves."""
    rng = Rng.from_seed(seed)
    drawn = [0]

    def draw(n: int) -> int:
        drawn[0] += 1
        if drawn[0] > 150:
            return rng.below(n)
        return data.draw(st.integers(min_value=0, max_value=n - 1))

    play(seed, players, start, draw)
