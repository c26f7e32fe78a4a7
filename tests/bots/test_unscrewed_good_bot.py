"""UNSCREWED's good bot (app/games/unscrewed/bot.py): whole games through `game.apply` from
views only, views with the hidden parts turned to nonsense, clear choices, reproducibility."""

from __future__ import annotations

from typing import Any

from app.games.bots import EASY, Bot, bot_rng, bots_for
from app.games.core import Action, Game, canonical
from app.games.unscrewed import Unscrewed
from app.games.unscrewed.board import ring
from app.games.unscrewed.bot import GoodBot
from app.games.unscrewed.rounds import SCRIPTS
from tests.games.unscrewed.helpers import blank, table, top_improv, with_space

GAME = Unscrewed()
GOOD = GoodBot(careful=False)  # a failing decision raises here instead of playing at random


def _view(game: Game, state: dict[str, Any], seat: int) -> dict[str, Any]:
    return {**game.view(state, seat), "you": seat}


def _is_legal(action: Action, legal: list[Action]) -> bool:
    return any(canonical(action) == canonical(option) for option in legal)


def _play(bots: list[Bot], seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A whole game, each bot deciding from its seat's view and legal actions alone."""
    state = GAME.start(len(bots), options or {}, seed)
    seq = 0
    while GAME.result(state) is None:
        assert seq < 2_000, "the game does not end"
        seat = min(GAME.active(state))
        legal = GAME.legal(state, seat)
        action = bots[seat].choose(GAME, _view(GAME, state, seat), legal, bot_rng(seed, seq, seat))
        assert _is_legal(action, legal), f"step {seq}: {action} is not legal"
        state = GAME.apply(state, seat, action)
        seq += 1
    return state


def test_the_game_offers_the_good_bot() -> None:
    assert isinstance(bots_for(GAME)["good"], GoodBot)
    assert GAME.info()["bots"] == [
        {"level": "easy", "label": "Easy"},
        {"level": "good", "label": "Good"},
    ]


def test_good_bots_play_whole_games_to_the_end() -> None:
    for players, mode, seed in ((2, "first", 3), (4, "full", 4)):
        state = _play([GOOD] * players, seed, {"mode": mode})
        result = GAME.result(state)
        assert result is not None and len(result.winners) <= 1


def test_a_good_bot_against_an_easy_one_plays_to_the_end_and_wins_most() -> None:
    wins = 0
    for seed in range(6):
        good_seat = seed % 2
        bots: list[Bot] = [EASY, EASY]
        bots[good_seat] = GOOD
        result = GAME.result(_play(bots, seed))
        assert result is not None
        wins += good_seat in result.winners
    assert wins >= 4


def _garbled(view: dict[str, Any], seat: int, salt: int) -> dict[str, Any]:
    """The view with every other seat's face-down scheme cards turned to nonsense of the same
    shape (or removed), and any private question's details dropped."""
    garbled = dict(view)
    table_ = dict(view["state"])
    players = []
    for player in table_["players"]:
        player = dict(player)
        if player["seat"] != seat:
            slots = []
            for index, slot in enumerate(player["slots"]):
                if slot is not None and not slot["flipped"]:
                    slot = dict(slot)
                    if (salt + index) % 2:
                        slot["card"] = f"nonsense{salt}"
                    else:
                        slot.pop("card")
                slots.append(slot)
            player["slots"] = slots
        players.append(player)
    table_["players"] = players
    asking = table_.get("asking")
    if asking is not None and asking["seat"] != seat:
        table_["asking"] = {**asking, "info": {"nonsense": salt}}
    garbled["state"] = table_
    return garbled


def test_the_good_bot_plays_legal_moves_from_views_whose_secrets_are_nonsense() -> None:
    seed = 11
    bots: list[Bot] = [GOOD, EASY, GOOD]
    state = GAME.start(3, {"mode": "full"}, seed)
    checked = 0
    seq = 0
    while GAME.result(state) is None and seq < 2_000:
        seat = min(GAME.active(state))
        legal = GAME.legal(state, seat)
        view = _view(GAME, state, seat)
        if bots[seat] is GOOD:
            for salt in range(2):
                action = GOOD.choose(GAME, _garbled(view, seat, salt), legal, bot_rng(9, seq, salt))
                assert _is_legal(action, legal), f"step {seq}: {action} is not legal"
                checked += 1
        state = GAME.apply(
            state, seat, bots[seat].choose(GAME, view, legal, bot_rng(seed, seq, seat))
        )
        seq += 1
    assert GAME.result(state) is not None
    assert checked > 20


def test_the_good_bot_decides_the_same_from_the_same_view_and_seed() -> None:
    state = GAME.start(3, {"mode": "full"}, 21)
    seq = 0
    compared = 0
    while GAME.result(state) is None and compared < 25:
        seat = min(GAME.active(state))
        legal = GAME.legal(state, seat)
        view = _view(GAME, state, seat)
        first = GOOD.choose(GAME, view, legal, bot_rng(21, seq, seat))
        again = GOOD.choose(GAME, view, list(reversed(legal)), bot_rng(21, seq, seat))
        assert canonical(first) == canonical(again)
        compared += 1
        state = GAME.apply(state, seat, first)
        seq += 1


# --- clear choices ----------------------------------------------------------------------------


def _scheming_table(rows: list[str], at: dict[str, list[int]]) -> dict[str, Any]:
    state = table(rows, at)
    state["dibs"] = 0
    return state


def test_the_good_bot_never_steps_over_the_edge_or_onto_a_hole() -> None:
    """On the West edge with a hole to the East: West is over The Edge, East stops on the hole,
    and Again first stumbles at random; the bot walks along the edge (or improvises)."""
    rows = with_space(blank(9), 1, 4, "H")
    state = _scheming_table(rows, {"c0": [0, 4], "c1": [6, 6]})
    for seed in range(4):
        action = GOOD.choose(GAME, _view(GAME, state, 0), GAME.legal(state, 0), bot_rng(seed, 0, 0))
        assert action["type"] == "scheme" and action["card"] in ("north", "south", "improvise")


def test_the_good_bot_leaves_the_ring_the_next_cover_takes() -> None:
    """Standing on the outer ring, the bot's whole scheme ends the round off it: the Outer cover
    kills whatever stands there in the Aftermath."""
    state = _scheming_table(blank(9), {"c0": [4, 0], "c1": [4, 6]})
    for seq in range(4):
        legal = GAME.legal(state, 0)
        action = GOOD.choose(GAME, _view(GAME, state, 0), legal, bot_rng(5, seq, 0))
        state = GAME.apply(state, 0, action)
        if action["type"] == "lock":
            break
    cards = [slot["card"] for slot in state["seats"][0]["slots"]]
    assert "north" not in cards[:1]
    moves = {"north": -1, "south": 1}
    assert sum(moves.get(card, 0) for card in cards) >= 1, cards


def test_the_good_bot_aims_its_attack_to_push_a_victim_over_the_edge() -> None:
    """Big Hammer hits the three spaces in front and moves the victims one space forward: aimed
    East, it pushes the other character off the map and wins the game."""
    state = _scheming_table(blank(9), {"c0": [7, 4], "c1": [8, 5]})
    top_improv(state, "big_hammer.1")
    for seat, cards in ((0, ("improvise", "north", "west")), (1, ("south", "west", "east"))):
        for card in cards:
            state = GAME.apply(state, seat, {"type": "scheme", "card": card})
        state = GAME.apply(state, seat, {"type": "lock"})
    ask = SCRIPTS.asking(state)  # seat 0 has Dibs: its Improvise comes first
    assert ask is not None and ask.info["kind"] == "aim"
    view = _view(GAME, state, 0)
    for seed in range(3):
        action = GOOD.choose(GAME, view, GAME.legal(state, 0), bot_rng(seed, 1, 0))
        assert action == {"type": "aim", "direction": "east"}


def test_the_good_bot_spawns_away_from_the_edge() -> None:
    state = GAME.start(2, {"mode": "first"}, 8)
    for seat in range(2):
        state = GAME.apply(state, seat, GAME.legal(state, seat)[0])
    for _ in range(2):
        seat = SCRIPTS.asking(state).seat
        legal = GAME.legal(state, seat)
        action = GOOD.choose(GAME, _view(GAME, state, seat), legal, bot_rng(8, 3, seat))
        assert action["type"] == "spawn" and ring(state, action["at"]) >= 2
        state = GAME.apply(state, seat, action)
