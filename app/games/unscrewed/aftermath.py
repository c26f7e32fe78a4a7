"""The Aftermath: the fans blow, the bombs are checked, the crush spots crush, a map cover goes
on, the schemes are retrieved, the end-of-Aftermath gimmicks act, Dibs passes and a dead Dibs
player respawns (one script "aftermath", rounds.py).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.log import log
from app.games.unscrewed import gimmicks
from app.games.unscrewed.board import (
    COVER_NAMES,
    DIRECTIONS,
    Phase,
    Pos,
    add,
    available,
    grid,
    neighbours,
    occupant,
    on_grid,
    printed,
    sign,
    space_type,
)
from app.games.unscrewed.deaths import kill, together
from app.games.unscrewed.events import event, thing_name, who
from app.games.unscrewed.moving_together import move_together
from app.games.unscrewed.placing import place_thing
from app.games.unscrewed.quirks import has_quirk
from app.games.unscrewed.spawning import spawn

Effect = Generator[Ask, Action, None]


def fan_lines(state: State) -> list[tuple[Pos, str, list[str]]]:
    """Each working fan: where it is, the way it blows and the thingamajigs in its line (in
    front of it and behind it, up to a wall), in the order they stand from the fan."""
    fans = []
    for y, row in enumerate(grid(state)):
        for x, _space in enumerate(row):
            pos = (x, y)
            if not available(state, pos) or space_type(state, pos) != "fan":
                continue
            facing = printed(state, pos)["facing"]
            delta = DIRECTIONS[facing]
            blown = _line(state, pos, delta) + _line(state, pos, (-delta[0], -delta[1]))
            blown = [thing for thing in blown if not _still(state, thing)]
            if blown:
                fans.append((pos, facing, blown))
    return fans


def _still(state: State, thing_id: str) -> bool:
    seat = state["things"][thing_id].get("seat")
    return seat is not None and has_quirk(state, seat, "fan_still")


def _line(state: State, pos: Any, delta: Any) -> list[str]:
    found = []
    here = add(pos, delta)
    while on_grid(state, here):
        if available(state, here) and space_type(state, here) == "wall":
            break
        thing = occupant(state, here)
        if thing is not None:
            found.append(thing)
        here = add(here, delta)
    return found


def activate_fans(state: State) -> None:
    """All the fans blow at once: everything in a fan's line moves one space, all together. A
    thingamajig in the lines of several fans moves once, the way they blow together (East and
    South: South-East; East and West cancel out)."""
    blowing: dict[str, Pos] = {}
    for pos, facing, blown in fan_lines(state):
        event(state, "fan", at=list(pos), direction=facing, things=blown)
        for thing_id in blown:
            x, y = blowing.get(thing_id, (0, 0))
            blowing[thing_id] = (x + DIRECTIONS[facing][0], y + DIRECTIONS[facing][1])
    moves = {
        thing_id: (sign(x), sign(y)) for thing_id, (x, y) in blowing.items() if (x, y) != (0, 0)
    }
    if moves:
        with together(state):
            move_together(state, moves, 1)


def check_bombs(state: State) -> None:
    """Each bomb on the map when the step begins is checked, in number order; one with anything
    next to it explodes. "If new Bombs appear during this step, they don't get checked": a bomb
    spat during the step is new even if its standee is one that an earlier blast took off the
    map (spitters spit the lowest free bomb), so it is not checked when its number comes up."""
    numbered = sorted(
        (thing["number"], thing_id)
        for thing_id, thing in state["things"].items()
        if thing["kind"] == "bomb" and thing["at"] is not None
    )
    new: set[str] = set()
    for _number, bomb in numbered:
        at = state["things"][bomb]["at"]
        if at is None or bomb in new:
            continue
        near = [thing for thing in (occupant(state, space) for space in neighbours(at)) if thing]
        event(state, "bomb_check", thing=bomb, at=list(at), explodes=bool(near))
        if not near:
            continue
        if len(near) == 1 and near[0].startswith("c"):
            seat = state["things"][near[0]]["seat"]
            if has_quirk(state, seat, "defuser"):
                continue
        new.update(explode(state, bomb, near))


def explode(state: State, bomb: str, near: list[str]) -> list[str]:
    """Everything next to the bomb moves two spaces straight away from it, all at once; then
    the bomb leaves the map. Returns the bombs spat during the blast."""
    at = state["things"][bomb]["at"]
    event(state, "explode", thing=bomb, at=list(at), things=near)
    log(state, f"{thing_name(state, bomb)} explodes")
    moves = {}
    for thing_id in near:
        if not _unmoved_by_bombs(state, thing_id):
            there = state["things"][thing_id]["at"]
            moves[thing_id] = (sign(there[0] - at[0]), sign(there[1] - at[1]))
    with together(state):
        spat = move_together(state, moves, 2)
        if state["things"][bomb]["at"] is not None:
            state["things"][bomb]["at"] = None
            event(state, "remove", thing=bomb)
    return spat


def _unmoved_by_bombs(state: State, thing_id: str) -> bool:
    seat = state["things"][thing_id].get("seat")
    return seat is not None and has_quirk(state, seat, "bomb_proof")


def activate_crush_spots(state: State) -> None:
    crushed = []
    for thing_id in list(state["things"]):
        at = state["things"][thing_id]["at"]
        if at is None or space_type(state, at) != "crush":
            continue
        seat = state["things"][thing_id].get("seat")
        if seat is not None and has_quirk(state, seat, "crush_proof"):
            continue
        crushed.append((thing_id, list(at)))
    if not crushed:
        return
    with together(state):
        for thing_id, _at in crushed:
            event(state, "crush", thing=thing_id, at=_at)
            kill(state, thing_id, "crushed")
    for _thing_id, at in crushed:
        place_thing(state, "anvil", at)


def shrink(state: State) -> None:
    if state["covers"] >= len(COVER_NAMES):
        return
    name = COVER_NAMES[state["covers"]]
    state["covers"] += 1
    event(state, "cover", name=name, ring=state["covers"] - 1)
    log(state, f"The {name} cover goes on the map")
    for space in [space for space in state["tokens"] if not available(state, _pos(space))]:
        del state["tokens"][space]
    gimmicks.cover_tokens(state)
    covered = [
        thing_id
        for thing_id, thing in state["things"].items()
        if thing["at"] is not None and not available(state, thing["at"])
    ]
    with together(state):
        for thing_id in covered:
            kill(state, thing_id, f"covered by the {name} cover")


def _pos(text: str) -> list[int]:
    return [int(v) for v in text.split(",")]


def retrieve(state: State) -> None:
    for player in state["seats"]:
        for index, slot in enumerate(player["slots"]):
            if slot is None:
                continue
            if slot["card"] == "plan":
                slot["flipped"] = False
                slot["did"] = None
            else:
                player["slots"][index] = None


def aftermath(state: State) -> Effect:
    since = state["next_event"]
    event(state, "aftermath", step="fans")
    activate_fans(state)
    event(state, "aftermath", step="bombs")
    check_bombs(state)
    event(state, "aftermath", step="crush")
    activate_crush_spots(state)
    event(state, "aftermath", step="shrink")
    shrink(state)
    yield from gimmicks.rewards(state, since, None)
    event(state, "aftermath", step="retrieve")
    retrieve(state)
    yield from gimmicks.end_of_aftermath(state)
    state["dibs"] = (state["dibs"] + 1) % state["players"]
    event(state, "dibs", seat=state["dibs"])
    log(state, f"Dibs passes to {who(state, state['dibs'])}")
    if not state["seats"][state["dibs"]]["alive"]:
        yield from spawn(state, state["dibs"], "Respawn")
    state["round"] += 1
    state["phase"] = Phase.START
