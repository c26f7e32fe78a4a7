"""UNSCREWED's steps that write no log line, in words for the review (Unscrewed.action_words).

Whole seeded games check every legal step; then one exact sentence per step said, each on a
table made for it (helpers.table) and played on with the game's own `apply`.
"""

from __future__ import annotations

import random
from typing import Any

from app.games.core import canonical
from app.games.log import seat_token
from app.games.unscrewed.rounds import SCRIPTS
from app.play import logbook
from app.play.review import words
from app.play.views import name_seats

from .helpers import GAME, blank, quirk, table, top_improv

SAID = {"scheme", "unscheme", "lock", "aim", "direction", "shift", "order", "friend", "plan"}
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def test_every_step_of_seeded_games_is_said_in_words() -> None:
    maps = [entry["id"] for entry in GAME.box.maps]
    covered: set[str] = set()
    for number in range(8):
        players = 2 + number % 4
        mode = "first" if number % 3 == 2 else "full"
        state = GAME.start(players, {"mode": mode, "map": maps[number % len(maps)]}, number)
        rng = random.Random(number)
        names = NAMES[:players]
        for _ in range(1500):
            active = GAME.active(state)
            if not active:
                break
            seat = rng.choice(active)
            legal = GAME.legal(state, seat)
            before = canonical(state)
            for action in legal:
                text = words(GAME, state, seat, action, names)
                assert text != logbook.action_words(GAME.action_for_log(action)), action
                assert "{seat" not in text, text
                own = GAME.action_words(state, seat, action)
                if action["type"] in SAID:
                    assert own is not None, action
                if own is not None:
                    covered.add(action["type"])
                    assert own.startswith(seat_token(seat) + " "), own
                    shown = name_seats(own, names)
                    assert shown.startswith(names[seat] + " ") and "{seat" not in shown
                    assert len(shown) <= 90, shown
                    assert text == shown  # the review says the game's words for it
                assert names[seat] in text, (action, text)
            assert canonical(state) == before  # action_words changes nothing
            choices = [a for a in legal if a["type"] != "unscheme"] or legal
            state = GAME.apply(state, seat, rng.choice(legal if rng.random() < 0.1 else choices))
    assert covered >= {"scheme", "unscheme", "lock", "aim", "friend", "plan", "order"}


# --- exact sentences --------------------------------------------------------------------------


def say(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """What the review says of the step (its log lines, else the game's sentence)."""
    return words(GAME, state, seat, action, NAMES[: state["players"]])


def said(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """The game's own sentence, the players named. A step of the Execution phase writes no
    line of its own, but the cards it sets going do, and the review shows those instead."""
    own = GAME.action_words(state, seat, action)
    assert own is not None
    return name_seats(own, NAMES[: state["players"]])


def scheming(characters: list[str], at: dict[str, list[int]], **kw: Any) -> dict[str, Any]:
    state = table(blank(), at, characters=characters, **kw)
    state["dibs"] = 0
    return state


def scheme(state: dict[str, Any], seat: int, *cards: str) -> dict[str, Any]:
    for card in cards:
        state = GAME.apply(state, seat, {"type": "scheme", "card": card})
    return GAME.apply(state, seat, {"type": "lock"})


def asked(state: dict[str, Any]) -> tuple[int, str]:
    ask = SCRIPTS.asking(state)
    assert ask is not None
    return ask.seat, ask.info["kind"]


def test_scheme_unscheme_and_lock() -> None:
    state = scheming(["moe_skeeto", "slappy"], {"c0": [1, 1], "c1": [5, 5]})
    assert say(state, 0, {"type": "scheme", "card": "north"}) == "Ann schemes North into slot 1"
    state = GAME.apply(state, 0, {"type": "scheme", "card": "north"})
    assert say(state, 0, {"type": "scheme", "card": "improvise"}) == (
        "Ann schemes Improvise into slot 2"
    )
    state = GAME.apply(state, 0, {"type": "scheme", "card": "improvise"})
    assert say(state, 0, {"type": "unscheme"}) == "Ann takes Improvise back out of slot 2"
    state = GAME.apply(state, 0, {"type": "scheme", "card": "again"})
    assert GAME.action_words(state, 0, {"type": "lock"}) == (
        "{seat0} locks in the scheme North, Improvise, Again"
    )


def test_aim_and_order() -> None:
    state = scheming(["moe_skeeto", "slappy"], {"c0": [2, 3], "c1": [3, 3], "bomb1": [3, 4]})
    top_improv(state, "big_hammer.1")
    state = scheme(state, 0, "improvise", "north", "west")
    state = scheme(state, 1, "south", "east", "west")
    assert asked(state) == (0, "aim")
    aim = {"type": "aim", "direction": "east"}
    assert GAME.action_words(state, 0, aim) == (
        "{seat0} aims Big Hammer east, hitting {seat1} (Slappy) and Bomb 1"
    )
    assert said(state, 0, {"type": "aim", "direction": "west"}) == (
        "Ann aims Big Hammer west, hitting nothing"
    )
    state = GAME.apply(state, 0, aim)
    assert asked(state) == (0, "order")
    assert said(state, 0, {"type": "order", "thing": "bomb1"}) == (
        "Ann moves Bomb 1 before Bob (Slappy) for Big Hammer"
    )


def test_a_direction_for_an_improv_card() -> None:
    state = scheming(["moe_skeeto", "slappy"], {"c0": [2, 3], "c1": [5, 5]})
    top_improv(state, "compass_chaos.1")
    state = scheme(state, 0, "improvise", "north", "west")
    state = scheme(state, 1, "west", "south", "east")
    assert asked(state) == (0, "direction")
    assert said(state, 0, {"type": "direction", "direction": "north"}) == (
        "Ann moves every player 1 space north (Compass Chaos)"
    )


def test_a_shift_for_an_improv_card() -> None:
    state = scheming(["moe_skeeto", "slappy"], {"c0": [2, 3], "c1": [5, 5]})
    top_improv(state, "zippy_shoes.1")
    state = scheme(state, 0, "improvise", "north", "west")
    state = scheme(state, 1, "west", "south", "east")
    assert asked(state) == (0, "shift")
    assert said(state, 0, {"type": "shift", "direction": "southwest"}) == (
        "Ann shifts 1 space southwest (Zippy Shoes)"
    )


def test_a_steady_stumble() -> None:
    state = scheming(["moe_skeeto", "slappy"], {"c0": [2, 3], "c1": [5, 5]})
    state["seats"][1]["quirks"] = [quirk("steady")]
    state = scheme(state, 0, "north", "east", "south")
    state = scheme(state, 1, "again", "west", "south")  # Again first: a stumble
    assert asked(state) == (1, "direction")
    assert said(state, 1, {"type": "direction", "direction": "east"}) == (
        "Bob chooses to stumble east (Good Balance)"
    )


def test_freddys_reward_shift_or_stay() -> None:
    state = table(
        blank(),
        {"c0": [2, 3], "c1": [3, 3]},
        characters=["moe_skeeto", "freddy_fraidy"],
        mode="full",
    )
    while SCRIPTS.asking(state) is not None:  # Draw Quirks: keep the first, discard the new
        ask = SCRIPTS.asking(state)
        assert ask is not None
        state = GAME.apply(state, ask.seat, ask.options[0])
    state["dibs"] = 0
    state["seats"][0]["quirks"] = []
    state["seats"][1]["quirks"] = []
    state = scheme(state, 0, "east", "north", "west")  # Moe pushes Freddy: Freddy's Goal
    state = scheme(state, 1, "north", "south", "west")
    assert asked(state) == (1, "shift")
    assert said(state, 1, {"type": "shift", "direction": "stay"}) == (
        "Bob stays put rather than shift 1 space (a Goal's Reward)"
    )
    assert said(state, 1, {"type": "shift", "direction": "northeast"}) == (
        "Bob shifts 1 space northeast (a Goal's Reward)"
    )


def test_the_plan_token_and_slappys_friend() -> None:
    state = GAME.start(2, {"mode": "full"}, 3)
    state = GAME.apply(state, 0, {"type": "character", "name": "slappy"})
    state = GAME.apply(state, 1, {"type": "character", "name": "dr_piddles"})
    state = GAME.apply(state, 1, {"type": "spawn", "at": [3, 1]})  # Dr. Piddles has Dibs
    assert asked(state) == (1, "plan")
    assert say(state, 1, {"type": "plan", "at": [0, 0]}) == (
        "Bob puts the Plan token at column 1, row 1"
    )
    state = GAME.apply(state, 1, {"type": "plan", "at": [0, 0]})
    state = GAME.apply(state, 0, {"type": "spawn", "at": [6, 4]})
    assert asked(state) == (0, "friend")
    assert say(state, 0, {"type": "friend", "at": [7, 4]}) == (
        "Ann puts Slappy's Friend at column 8, row 5 (east of Slappy)"
    )


def test_steps_that_always_write_a_line_are_left_to_the_log() -> None:
    state = GAME.start(2, {"mode": "first"}, 1)
    assert GAME.action_words(state, 0, {"type": "character", "name": "slappy"}) is None
    assert GAME.action_words(state, 0, {"type": "call", "side": "heads"}) is None
    assert say(state, 0, {"type": "character", "name": "slappy"}) == "Ann plays Slappy"
