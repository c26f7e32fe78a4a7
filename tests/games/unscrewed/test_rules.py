"""The course of the game: characters, spawning, Dibs, Quirks, Scheming, Execution, Aftermath,
death and the end."""

from __future__ import annotations

import pytest

from app.games.core import IllegalAction
from app.games.unscrewed.aftermath import shrink
from app.games.unscrewed.board import adjacent, space_type
from app.games.unscrewed.rounds import SCRIPTS

from .helpers import (
    GAME,
    blank,
    drive,
    kinds,
    restart,
    rig_dice,
    table,
    top_improv,
    where,
    with_space,
)


def scheme(state, plans):
    """Each seat in `plans` schemes its cards and locks."""
    for seat, cards in plans.items():
        for card in cards:
            state = GAME.apply(state, seat, {"type": "scheme", "card": card})
        state = GAME.apply(state, seat, {"type": "lock"})
    return state


def test_characters_are_chosen_in_seat_order():
    state = GAME.start(3, {"mode": "first"}, 7)
    assert GAME.active(state) == [0]
    assert [a["name"] for a in GAME.legal(state, 0)] == [
        "freddy_fraidy",
        "moe_skeeto",
        "the_mad_cow",
        "slappy",
        "dr_piddles",
    ]
    assert GAME.legal(state, 1) == []
    state = GAME.apply(state, 0, {"type": "character", "name": "slappy"})
    assert GAME.active(state) == [1]
    assert {"type": "character", "name": "slappy"} not in GAME.legal(state, 1)


def test_spawning_in_dibs_order_on_blank_spaces_apart():
    state = GAME.start(3, {"mode": "first"}, 11)
    for seat, name in enumerate(["slappy", "moe_skeeto", "dr_piddles"]):
        state = GAME.apply(state, seat, {"type": "character", "name": name})
    dibs = state["dibs"]
    order = [(dibs + i) % 3 for i in range(3)]
    spawned = []
    for seat in order:
        assert GAME.active(state) == [seat]
        options = GAME.legal(state, seat)
        for option in options:
            assert space_type(state, option["at"]) == "blank"
            assert not any(adjacent(option["at"], at) or option["at"] == at for at in spawned)
        state = GAME.apply(state, seat, options[-1])
        spawned.append(options[-1]["at"])
    assert state["phase"] == "scheming"


def test_scheming_steps_and_secrecy():
    state = table(blank(), {"c0": [1, 1], "c1": [5, 5]})
    assert sorted(GAME.active(state)) == [0, 1]
    assert GAME.legal(state, 0) == [
        {"type": "scheme", "card": c}
        for c in ["north", "east", "south", "west", "improvise", "again"]
    ]
    state = GAME.apply(state, 0, {"type": "scheme", "card": "east"})
    assert {"type": "unscheme"} in GAME.legal(state, 0)
    assert {"type": "scheme", "card": "east"} not in GAME.legal(state, 0)
    state = GAME.apply(state, 0, {"type": "unscheme"})
    assert state["seats"][0]["slots"] == [None, None, None]
    state = GAME.apply(state, 0, {"type": "scheme", "card": "east"})
    state = GAME.apply(state, 0, {"type": "scheme", "card": "again"})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "lock"})
    state = GAME.apply(state, 0, {"type": "scheme", "card": "south"})
    assert GAME.legal(state, 0) == [{"type": "unscheme"}, {"type": "lock"}]
    state = GAME.apply(state, 0, {"type": "lock"})
    assert GAME.active(state) == [1]
    assert GAME.legal(state, 0) == []
    assert GAME.action_for_log({"type": "scheme", "card": "east"}) == {"type": "scheme"}


def test_execution_goes_step_by_step_in_dibs_order_and_again_repeats():
    state = table(blank(9), {"c0": [2, 2], "c1": [6, 6]})
    state["dibs"] = 1
    state = scheme(state, {0: ["east", "again", "south"], 1: ["west", "north", "again"]})
    # every card resolved; then the Aftermath shrank the map
    flips = [(e["seat"], e["slot"]) for e in kinds(state, "flip")]
    assert flips == [(1, 0), (0, 0), (1, 1), (0, 1), (1, 2), (0, 2)]
    assert where(state, "c0") == [4, 3]
    assert where(state, "c1") == [5, 4]
    agains = kinds(state, "again")
    assert [(e["seat"], e["repeats"]) for e in agains] == [(0, "east"), (1, "north")]
    assert state["covers"] == 1 and state["round"] == 2
    assert state["dibs"] == 0  # Dibs passed on


def test_again_first_in_the_scheme_stumbles():
    state = table(blank(9), {"c0": [4, 4], "c1": [7, 7]})
    rig_dice(state, 6, 2)  # a 6 is rolled again; 2 is East
    state = scheme(state, {0: ["again", "north", "south"], 1: ["west", "north", "east"]})
    stumbles = kinds(state, "stumble")
    assert stumbles[0]["thing"] == "c0" and stumbles[0]["direction"] == "east"
    assert where(state, "c0") == [5, 4]


def test_death_takes_the_scheme_but_not_the_quirks():
    rows = with_space(blank(9), 3, 2, "H")
    state = table(
        rows,
        {"c0": [2, 2], "c1": [6, 6], "c2": [6, 2]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    state["seats"][0]["quirks"] = ["anchored.1"]  # unpushable
    state["dibs"] = 0
    state = scheme(
        state,
        {0: ["east", "south", "west"], 1: ["west", "north", "east"], 2: ["north", "west", "east"]},
    )
    assert not state["seats"][0]["alive"]
    assert state["seats"][0]["quirks"] == ["anchored.1"]
    assert [e["seat"] for e in kinds(state, "flip")].count(0) == 1  # acted once, then died


def test_the_last_two_dying_together_leave_no_winner():
    state = table(blank(9), {"c0": [0, 4], "c1": [8, 4]})
    drive(_shrink(state))
    assert state["result"]["winners"] == []
    assert GAME.result(state).winners == []


def _shrink(state):
    shrink(state)
    yield from ()


def test_a_dead_player_respawns_when_dibs_passes_to_them():
    state = table(
        blank(9),
        {"c0": [4, 4], "c1": [2, 2], "c2": [6, 6]},
        characters=["moe_skeeto", "slappy", "freddy_fraidy"],
    )
    state["things"]["c1"]["at"] = None
    state["seats"][1]["alive"] = False
    state["dibs"] = 0
    from app.games.decisions import Simultaneous

    Simultaneous.open(state, "scheming", [0, 2])
    state = scheme(state, {0: ["north", "south", "east"], 2: ["south", "north", "west"]})
    ask = SCRIPTS.asking(state)
    assert ask is not None and ask.seat == 1 and ask.options[0]["type"] == "spawn"
    state = GAME.apply(state, 1, ask.options[0])
    assert state["seats"][1]["alive"] and state["dibs"] == 1


def test_the_dibs_player_keeps_one_of_two_quirks_and_the_rest_draw():
    state = table(blank(9), {"c0": [1, 1], "c1": [5, 5]}, mode="full")
    ask = SCRIPTS.asking(state)
    assert ask.seat == state["dibs"]
    seen = [option["quirk"] for option in ask.options]
    assert len(seen) == 2
    draw = list(state["quirk_deck"]["draw"])
    state = GAME.apply(state, ask.seat, ask.options[1])
    other = 1 - ask.seat
    assert state["seats"][ask.seat]["quirks"] == [seen[1]]
    assert seen[0] in state["quirk_deck"]["discard"]
    assert state["seats"][other]["quirks"] == [draw[0]]
    assert state["phase"] == "scheming"


def test_over_the_quirk_limit_the_new_one_is_kept():
    state = table(blank(9), {"c0": [1, 1], "c1": [5, 5]}, mode="full")
    dibs = state["dibs"]
    other = 1 - dibs
    held = [q for q in state["quirk_deck"]["draw"] if not q.startswith("pack_rat")][-3:]
    state["quirk_deck"]["draw"] = [q for q in state["quirk_deck"]["draw"] if q not in held]
    state["seats"][other]["quirks"] = list(held)
    restart(state)
    ask = SCRIPTS.asking(state)
    state = GAME.apply(state, dibs, ask.options[0])
    ask = SCRIPTS.asking(state)
    assert ask.seat == other
    assert [o["quirk"] for o in ask.options] == held  # the new one is not offered
    state = GAME.apply(state, other, ask.options[0])
    assert len(state["seats"][other]["quirks"]) == 3
    assert held[0] not in state["seats"][other]["quirks"]


def test_the_quirk_deck_is_reshuffled_from_the_discards():
    state = table(blank(9), {"c0": [1, 1], "c1": [5, 5]}, mode="full")
    deck = state["quirk_deck"]
    deck["discard"] = deck["draw"][1:]
    deck["draw"] = deck["draw"][:1]
    discards = len(deck["discard"])
    restart(state)  # the Dibs player draws the last card, then the deck is refilled
    assert [e["deck"] for e in kinds(state, "reshuffle")] == ["quirks"]
    assert state["quirk_deck"]["discard"] == []
    assert len(state["quirk_deck"]["draw"]) == discards - 1


def test_first_game_mode_leaves_out_quirks_gimmicks_and_marked_cards():
    state = GAME.start(2, {"mode": "first"}, 3)
    assert state["quirk_deck"]["draw"] == []
    kinds_drawn = {card.split(".")[0] for card in state["improv_deck"]["draw"]}
    assert "trash_talk" not in kinds_drawn and "garbage_day" not in kinds_drawn
    assert len(state["improv_deck"]["draw"]) == 55
    full = GAME.start(2, {"mode": "full"}, 3)
    assert len(full["improv_deck"]["draw"]) == 60
    assert len(full["quirk_deck"]["draw"]) == 40


def test_an_attack_moving_several_victims_lets_its_player_order_them():
    state = table(blank(9), {"c0": [4, 4], "c1": [5, 4], "anvil1": [5, 5]})
    top_improv(state, "big_hammer.1")
    state = scheme(state, {0: ["improvise", "north", "south"], 1: ["north", "east", "west"]})
    ask = SCRIPTS.asking(state)
    if ask.options[0]["type"] == "aim":
        state = GAME.apply(state, ask.seat, {"type": "aim", "direction": "east"})
        ask = SCRIPTS.asking(state)
    assert ask.seat == 0 and [o["type"] for o in ask.options] == ["order", "order"]


def test_the_map_shrinks_one_ring_per_round_and_the_game_ends_by_the_fourth():
    state = GAME.start(2, {"mode": "first", "map": "1A"}, 5)
    rounds_seen = {}
    while GAME.result(state) is None:
        seat = GAME.active(state)[0]
        legal = [a for a in GAME.legal(state, seat) if a["type"] != "unscheme"]
        state = GAME.apply(state, seat, legal[0])
        rounds_seen[state["round"]] = state["covers"]
    for number, covers in rounds_seen.items():
        assert covers in (number - 1, number)
    assert state["round"] <= 5
