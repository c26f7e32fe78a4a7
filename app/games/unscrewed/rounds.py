"""The course of the game: characters, spawning, and each round's four phases.

Everything that can stop for a question runs as a `core.Script` (a generator rebuilt from the
recorded answers); Scheming is a `core.Simultaneous` decision. `advance` starts the next piece
of the game whenever nothing is waiting:

    characters   seats pick characters in seat order (a script "begin", which then draws the
                 Dibs player from the seed and spawns everyone in Dibs order)
    quirks       Draw Quirks (full mode): the Dibs player keeps one of two, the others draw
    scheming     everyone alive at once: three cards into the slots, then lock
    execution    step 1, 2, 3; in each, every living player in Dibs order flips and resolves
                 the card in that slot (one script "act" per card)
    aftermath    fans, bombs, crush spots, the cover, retrieving, end-of-Aftermath effects,
                 passing Dibs and the respawn (one script "aftermath")

The game ends (core.finish) when someone is the last one standing, or nobody is.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from app.games.core import (
    Action,
    Ask,
    Script,
    ScriptFn,
    Simultaneous,
    State,
    log,
    randomness,
    seat_token,
)
from app.games.unscrewed import gimmicks
from app.games.unscrewed.board import (
    COVER_NAMES,
    DIRECTIONS,
    Phase,
    Pos,
    add,
    available,
    character,
    grid,
    neighbours,
    occupant,
    on_grid,
    printed,
    sign,
    space_type,
    spawn_spaces,
)
from app.games.unscrewed.chance import stumble
from app.games.unscrewed.deaths import GameEnded, kill, living, together
from app.games.unscrewed.decks import draw_from
from app.games.unscrewed.events import event, thing_name, who
from app.games.unscrewed.hand import ACTION_CARDS
from app.games.unscrewed.improv import dibs_order, improvise
from app.games.unscrewed.movement import move
from app.games.unscrewed.moving_together import move_together
from app.games.unscrewed.placing import place_thing
from app.games.unscrewed.quirks import gain_quirk, has_quirk, keep_quirk

Effect = Generator[Ask, Action, None]
SCHEMING = "scheming"
SLOTS = 3


# --- Quirks -----------------------------------------------------------------------------------


def draw_quirks(state: State) -> Effect:
    for index, seat in enumerate(dibs_order(state)):
        if not state["seats"][seat]["alive"]:
            continue
        if index == 0:
            first, second = draw_from(state, "quirks"), draw_from(state, "quirks")
            seen = [quirk for quirk in (first, second) if quirk is not None]
            if len(seen) == 2:
                answer = yield Ask(
                    seat,
                    "Keep one of these two Quirks (the other is discarded)",
                    [{"type": "keep_quirk", "quirk": quirk} for quirk in seen],
                    {"kind": "keep_quirk", "quirks": seen},
                )
                kept = answer["quirk"]
                state["quirk_deck"]["discard"].append(second if kept == first else first)
                yield from keep_quirk(state, seat, kept)
            elif seen:
                yield from keep_quirk(state, seat, seen[0])
        else:
            yield from gain_quirk(state, seat)


# --- characters and spawning ------------------------------------------------------------------


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


# --- Execution --------------------------------------------------------------------------------


def act(state: State, seat: int, step: int) -> Effect:
    """Flip the card in slot `step` and resolve it (then any Gimmick rewards)."""
    since = state["next_event"]
    player = state["seats"][seat]
    slot = player["slots"][step]
    slot["flipped"] = True
    event(state, "flip", seat=seat, slot=step, card=slot["card"])
    card = slot["card"]
    if card == "plan":
        answer = yield Ask(
            seat,
            "Master Plan: take any basic action",
            [{"type": "master_plan", "action": name} for name in ACTION_CARDS],
            {"kind": "master_plan"},
        )
        card = answer["action"]
        event(state, "master_plan_action", seat=seat, action=card)
    log(state, f"{who(state, seat)} plays {card.capitalize()}")
    did = yield from perform(state, seat, step, card)
    if player["slots"][step] is not None:
        player["slots"][step]["did"] = did
    yield from gimmicks.rewards(state, since, seat)


def perform(state: State, seat: int, step: int, action: str) -> Generator[Ask, Action, str]:
    me = character(seat)
    if action == "again":
        previous = state["seats"][seat]["slots"][step - 1] if step > 0 else None
        action = (previous or {}).get("did") or "stumble"
        event(state, "again", seat=seat, repeats=action)
    if action in DIRECTIONS:
        steps = 2 if has_quirk(state, seat, "stride") else 1
        event(state, "move", thing=me, direction=action, steps=steps)
        move(state, me, DIRECTIONS[action], steps)
    elif action == "stumble":
        yield from stumble(state, me)
    elif action == "improvise":
        yield from improvise(state, seat)
    return action


# --- Aftermath --------------------------------------------------------------------------------


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


# --- running the pieces -----------------------------------------------------------------------


def _guarded(body: ScriptFn) -> ScriptFn:
    def run(state: State, **args: Any) -> Effect:
        try:
            yield from body(state, **args)
        except GameEnded:
            return

    return run


# The game's open decision is the state's "asking": the script in progress, with its question.
SCRIPTS = Script(
    {
        "begin": _guarded(begin),
        "quirks": _guarded(draw_quirks),
        "act": _guarded(act),
        "aftermath": _guarded(aftermath),
    },
    key="asking",
)


def advance(state: State) -> None:
    """Start whatever comes next until someone must decide or the game is over."""
    while state.get("result") is None:
        if SCRIPTS.asking(state) is not None or Simultaneous.waiting(state, SCHEMING):
            return
        phase = state["phase"]
        if phase == Phase.START:
            if state["mode"] == "full":
                state["phase"] = Phase.QUIRKS
                event(state, "phase", phase=Phase.QUIRKS, round=state["round"])
                SCRIPTS.start(state, "quirks")
            else:
                open_scheming(state)
        elif phase == Phase.QUIRKS:
            open_scheming(state)
        elif phase == Phase.EXECUTION:
            next_card(state)
        elif phase == Phase.AFTERMATH:
            state["phase"] = Phase.AFTERMATH_RUNNING
            SCRIPTS.start(state, "aftermath")
        else:
            raise RuntimeError(f"nothing to do in phase {phase}")


def open_scheming(state: State) -> None:
    state["phase"] = Phase.SCHEMING
    event(state, "phase", phase=Phase.SCHEMING, round=state["round"])
    log(state, f"Round {state['round']}: everyone schemes")
    Simultaneous.open(state, SCHEMING, living(state))


def close_scheming(state: State) -> None:
    Simultaneous.close(state, SCHEMING)
    state["phase"] = Phase.EXECUTION
    state["execution"] = {"step": 0, "turn": 0}
    event(state, "phase", phase=Phase.EXECUTION, round=state["round"])


def next_card(state: State) -> None:
    """Start the next card of the Execution phase, or the Aftermath after the last."""
    cursor = state["execution"]
    order = dibs_order(state)
    while cursor["step"] < SLOTS:
        while cursor["turn"] < len(order):
            seat = order[cursor["turn"]]
            cursor["turn"] += 1
            player = state["seats"][seat]
            if player["alive"] and player["slots"][cursor["step"]] is not None:
                SCRIPTS.start(state, "act", seat=seat, step=cursor["step"])
                return
        cursor["step"] += 1
        cursor["turn"] = 0
    state["phase"] = Phase.AFTERMATH
    event(state, "phase", phase=Phase.AFTERMATH, round=state["round"])
