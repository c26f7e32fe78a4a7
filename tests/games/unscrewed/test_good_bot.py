"""UNSCREWED's good bot (app/games/unscrewed/bot.py): whole games through `game.apply` from
views only, views with the hidden parts turned to nonsense, clear choices, reproducibility."""

from __future__ import annotations

import json
from typing import Any

from app.games.bots import CHANCE, EASY, Bot, Weighed, bot_rng, bots_for
from app.games.core import Action, Game, canonical
from app.games.unscrewed import Unscrewed
from app.games.unscrewed.board import ring
from app.games.unscrewed.bot import GoodBot
from app.games.unscrewed.box import improv_card
from app.games.unscrewed.hand import hand_shown
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


# --- weighing the options (consider) ----------------------------------------------------------


def _hidden_improv_names(state: dict[str, Any], view: dict[str, Any]) -> set[str]:
    """The names of the Improv cards in the draw pile that the seat's view never shows."""
    shown = json.dumps(view)
    names = set()
    for card_id in state["improv_deck"]["draw"]:
        card = improv_card(state, card_id)
        if card["id"] not in shown:
            names.add(card["name"])
    return names


def _check_weighed(state: dict[str, Any], seat: int, seed: int, seq: int) -> list[Weighed]:
    view, legal = _view(GAME, state, seat), GAME.legal(state, seat)
    weighed = GOOD.consider(GAME, view, legal, bot_rng(seed, seq, seat))
    keys = [canonical(entry.action) for entry in weighed]
    assert sorted(keys) == sorted(canonical(action) for action in legal)
    values = [entry.value for entry in weighed]
    assert values == sorted(values, reverse=True)
    assert all(0.0 <= value <= 1.0 for value in values)
    hidden = _hidden_improv_names(state, view)
    hand = {card.capitalize() for card in hand_shown(view["state"])}
    for entry in weighed:
        assert entry.reason.strip(), entry
        assert not any(name in entry.reason for name in hidden), entry.reason
        if entry.action["type"] == "scheme":
            named = entry.reason.split(":")[0].removeprefix("Schemes ").replace(", then", ",")
            assert set(named.replace(" and ", ", ").split(", ")) <= hand, entry.reason
    again = GOOD.consider(GAME, view, list(reversed(legal)), bot_rng(seed, seq, seat))
    assert again == weighed
    assert GOOD.choose(GAME, view, legal, bot_rng(seed, seq, seat)) == weighed[0].action
    return weighed


def test_consider_weighs_every_legal_action_best_first_with_reasons_and_no_secrets() -> None:
    """Along a game of the good bot against the easy one: every legal action weighed once,
    chances of winning that never rise, a reason for each naming only the seat's own cards
    (and no Improv card hidden in the deck), `choose` as the first, the same list again."""
    assert GOOD.unit == CHANCE
    seed = 7
    state = GAME.start(2, {}, seed)
    checked, seq = 0, 0
    while GAME.result(state) is None and checked < 6:
        seat = min(GAME.active(state))
        if seat == 0:
            action = _check_weighed(state, seat, seed, seq)[0].action
            checked += 1
        else:
            legal = GAME.legal(state, seat)
            action = EASY.choose(GAME, _view(GAME, state, seat), legal, bot_rng(seed, seq, seat))
        state = GAME.apply(state, seat, action)
        seq += 1
    assert checked >= 4


def test_the_step_over_the_edge_is_weighed_last_and_said_to_fall() -> None:
    """On the West edge with a hole to the East: West goes over The Edge, so every scheme that
    begins with it falls: it comes last, with no chance of winning, and the reason says so."""
    rows = with_space(blank(9), 1, 4, "H")
    state = _scheming_table(rows, {"c0": [0, 4], "c1": [6, 6]})
    weighed = _check_weighed(state, 0, 3, 0)
    assert weighed[0].action["card"] in ("north", "south", "improvise")
    west = next(entry for entry in weighed if entry.action == {"type": "scheme", "card": "west"})
    assert west.value == 0.0 and "you fall in every playout" in west.reason
    assert weighed[0].value > 0.4


def test_the_attack_that_pushes_the_victim_over_the_edge_is_a_certain_win() -> None:
    state = _scheming_table(blank(9), {"c0": [7, 4], "c1": [8, 5]})
    top_improv(state, "big_hammer.1")
    for seat, cards in ((0, ("improvise", "north", "west")), (1, ("south", "west", "east"))):
        for card in cards:
            state = GAME.apply(state, seat, {"type": "scheme", "card": card})
        state = GAME.apply(state, seat, {"type": "lock"})
    weighed = _check_weighed(state, 0, 1, 1)
    assert weighed[0].action == {"type": "aim", "direction": "east"}
    assert weighed[0].value == 1.0
    assert weighed[0].reason == "Aims Big Hammer East: you win the game in every playout"


def test_the_greedy_sparring_bot_plays_whole_games_legally() -> None:
    greedy = GAME.sparring_bots()["greedy"]
    assert greedy.level == "greedy" and "greedy" not in bots_for(GAME)
    for players, mode, seed in ((2, "first", 5), (3, "full", 6)):
        bots: list[Bot] = [greedy, EASY, greedy][:players]
        first = _play(bots, seed, {"mode": mode})
        assert GAME.result(first) is not None
        assert canonical(_play(bots, seed, {"mode": mode})) == canonical(first)
