"""Before the first round: every seat chooses a character, Dibs is drawn, and everyone spawns
in Dibs order; and spawning itself (a respawn in the Aftermath too).
"""

from __future__ import annotations

from collections.abc import Generator

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.log import log, seat_token
from app.games.randomness import randomness
from app.games.unscrewed import gimmicks
from app.games.unscrewed.board import Phase, character, spawn_spaces
from app.games.unscrewed.events import event, who
from app.games.unscrewed.improv import dibs_order

Effect = Generator[Ask, Action, None]


def spawn(state: State, seat: int, why: str = "Spawn") -> Effect:
    spaces = spawn_spaces(state)
    if not spaces:
        log(state, f"{who(state, seat)} finds no space to spawn and stays dead")
        return
    answer = yield Ask(
        seat,
        f"{why}: choose a Blank space away from the other characters",
        [{"type": "spawn", "at": space} for space in spaces],
        {"kind": "spawn"},
    )
    player = state["seats"][seat]
    player["alive"] = True
    state["things"][character(seat)]["at"] = answer["at"]
    event(state, "spawn", seat=seat, thing=character(seat), at=answer["at"])
    log(state, f"{who(state, seat)} spawns")
    yield from gimmicks.after_spawn(state, seat)


def begin(state: State, names: dict[str, str], gimmick_sides: bool) -> Effect:
    left = list(names)
    for seat in range(state["players"]):
        answer = yield Ask(
            seat,
            "Choose your character",
            [{"type": "character", "name": name} for name in left],
            {"kind": "character"},
        )
        left.remove(answer["name"])
        player = state["seats"][seat]
        player["character"] = answer["name"]
        player["name"] = names[answer["name"]]
        if gimmick_sides:
            player["gimmick"] = {"character": answer["name"], "side": "front"}
        log(state, f"{seat_token(seat)} plays {player['name']}")
    with randomness(state) as rng:
        state["dibs"] = rng.below(state["players"])
    log(state, f"{who(state, state['dibs'])} called Dibs first")
    state["phase"] = Phase.SPAWNING
    for seat in dibs_order(state):
        yield from spawn(state, seat)
    state["phase"] = Phase.START
