"""Moving thingamajigs: steps, pushes, slicks, portals, cracks, holes, fans, walls, the Edge.

A move is a number of single steps in one direction (diagonals too, for explosions and
shifts). Each step is resolved completely before the next: the space being entered may send the
thingamajig through a portal, push an occupant (who moves one space with all its own effects),
spit a bomb, kill it, or add a step (a slick). A thingamajig that cannot enter a space (a wall,
or an occupant that cannot be pushed out of it) stops there. A hole kills only where the whole
move stops. Placing a thingamajig or a token (a switch, a spawn) is not movement and triggers
nothing.

Slicks and portals can make a round trip: a movement keeps its `Trail`, and a thingamajig never
comes back to a space it already had, going the same way, in one movement (that step is
blocked), nor is it pushed by a push it set going itself. So every movement ends, whatever the
map.

Several thingamajigs that move at the same time (all the fans of the Aftermath, one bomb's
blast) move with `move_together` (moving_together.py). Deaths on the way go through
`deaths.kill`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.games.core import State
from app.games.log import log
from app.games.randomness import randomness
from app.games.unscrewed.board import (
    DIRECTIONS,
    Pos,
    add,
    available,
    name_of,
    occupant,
    on_grid,
    partner,
    portal_active,
    printed,
    seat_of,
    space_type,
)
from app.games.unscrewed.deaths import kill
from app.games.unscrewed.events import event
from app.games.unscrewed.placing import free_thing, place_token
from app.games.unscrewed.quirks import has_quirk

MAX_PORTAL_HOPS = 8


@dataclass
class Trail:
    """What one movement has done so far (a move with the pushes and spat bombs it sets going,
    the fans' step, one bomb's blast), so that it cannot go round for ever.

    `had` holds the spaces each thingamajig has had in it, with the way it was going: coming
    back to one is a round trip (slicks and portals would repeat it for ever), so that step is
    blocked. `stepping` holds the thingamajigs in the middle of a step, pushing: a push that the
    portals bring round to one of them is blocked too (it has not left its space yet, and it
    cannot push itself). `spat` holds the bombs spat during the movement: new bombs, which the
    bombs step does not check."""

    had: set[tuple[str, Pos, Pos]] = field(default_factory=set)
    stepping: list[str] = field(default_factory=list)
    spat: list[str] = field(default_factory=list)

    def arrive(self, thing_id: str, pos: Pos | list[int], delta: Pos) -> None:
        """The thingamajig has this space, going this way."""
        self.had.add((thing_id, (pos[0], pos[1]), delta))

    def round_trip(self, thing_id: str, pos: Pos | list[int], delta: Pos) -> bool:
        """It already had this space, going the same way, in this movement."""
        return (thing_id, (pos[0], pos[1]), delta) in self.had


def quirky(state: State, thing_id: str, effect: str) -> bool:
    seat = seat_of(thing_id)
    return seat is not None and has_quirk(state, seat, effect)


def move(
    state: State,
    thing_id: str,
    delta: Pos,
    steps: int,
    pushed_by: str | None = None,
    stops: bool = True,
    trail: Trail | None = None,
) -> None:
    """Move a thingamajig `steps` spaces by `delta`, resolving everything on the way. A push or
    a spat bomb is part of the movement that set it going: it shares its `trail`."""
    thing = state["things"][thing_id]
    trail = trail if trail is not None else Trail()
    if thing["at"] is not None:
        trail.arrive(thing_id, thing["at"], delta)
    entered = False
    while steps > 0 and thing["at"] is not None:
        steps -= 1
        outcome = step(state, thing_id, delta, pushed_by, trail)
        if outcome == "blocked":
            break
        entered = True
        if outcome == "slick":
            steps += 1
    if stops and entered:
        stop(state, thing_id)


def stop(state: State, thing_id: str) -> None:
    """A move ends: a thingamajig that stops on a hole dies."""
    at = state["things"][thing_id]["at"]
    if at is None or space_type(state, at) != "hole":
        return
    if not quirky(state, thing_id, "hole_proof"):
        kill(state, thing_id, "stopped on a hole")


def destination(state: State, thing_id: str, start: Pos, delta: Pos) -> tuple[Pos, list[Pos]]:
    """Where a step from `start` lands, going through portals; and the portals used."""
    target = add(start, delta)
    used: list[Pos] = []
    if quirky(state, thing_id, "portal_proof"):
        return target, used
    while on_grid(state, target) and portal_active(state, target):
        if len(used) >= MAX_PORTAL_HOPS:
            break
        used.append(target)
        target = add(partner(state, target), delta)
    return target, used


def shoves(state: State, thing_id: str) -> bool:
    """Pushes by this thingamajig push 2 spaces (a Quirk, or The Mad Cow's Mad side)."""
    seat = seat_of(thing_id)
    if seat is None:
        return False
    gimmick = state["seats"][seat].get("gimmick")
    mad = gimmick is not None and gimmick == {"character": "the_mad_cow", "side": "back"}
    return mad or has_quirk(state, seat, "shove")


def can_be_pushed(state: State, thing_id: str) -> bool:
    return not quirky(state, thing_id, "unpushable")


def push_distance(state: State, pusher: str, pushed: str) -> int:
    return 2 if shoves(state, pusher) or quirky(state, pushed, "bouncy") else 1


def barrier(state: State, thing_id: str, start: Pos, target: Pos) -> str | None:
    """What a step from `start` into `target` meets before any push: "edge" (it goes over The
    Edge), "blocked" (a wall; The Edge or a fan that a Quirk keeps it from; the portals
    bringing it back to `start`) or None (it may enter)."""
    if tuple(target) == tuple(start):
        return "blocked"
    if not available(state, target):
        return "blocked" if quirky(state, thing_id, "edge_grip") else "edge"
    kind = space_type(state, target)
    if kind == "wall" or (kind == "fan" and quirky(state, thing_id, "fan_wary")):
        return "blocked"
    return None


def record_step(
    state: State, thing_id: str, start: Pos, target: Pos, portals: list[Pos], pushed_by: str | None
) -> None:
    event(
        state,
        "step",
        thing=thing_id,
        **{"from": list(start)},
        to=list(target),
        portals=[list(p) for p in portals],
        pushed_by=pushed_by,
    )


def fall(
    state: State, thing_id: str, start: Pos, target: Pos, portals: list[Pos], pushed_by: str | None
) -> None:
    """A step over The Edge."""
    record_step(state, thing_id, start, target, portals, pushed_by)
    kill(state, thing_id, "went over The Edge")


def step(state: State, thing_id: str, delta: Pos, pushed_by: str | None, trail: Trail) -> str:
    """One step: "blocked", "moved", "slick" (one more step to go) or "dead"."""
    thing = state["things"][thing_id]
    start = tuple(thing["at"])
    target, portals = destination(state, thing_id, start, delta)
    met = barrier(state, thing_id, start, target)
    if met is None and trail.round_trip(thing_id, target, delta):
        met = "blocked"
    if met == "blocked":
        return "blocked"
    if met == "edge":
        fall(state, thing_id, start, target, portals, pushed_by)
        leave(state, thing_id, start)
        return "dead"
    other = occupant(state, target, besides=thing_id)
    if other is not None:
        if other in trail.stepping or not can_be_pushed(state, other):
            return "blocked"
        event(state, "push", thing=thing_id, pushed=other, direction=name_of(delta))
        trail.stepping.append(thing_id)
        try:
            distance = push_distance(state, thing_id, other)
            move(state, other, delta, distance, pushed_by=thing_id, trail=trail)
        finally:
            trail.stepping.pop()
        if thing["at"] is None:
            return "dead"
        if occupant(state, target, besides=thing_id) is not None:
            return "blocked"
    thing["at"] = list(target)
    trail.arrive(thing_id, target, delta)
    record_step(state, thing_id, start, target, portals, pushed_by)
    leave(state, thing_id, start)
    return enter(state, thing_id, target, delta, trail)


def leave(state: State, thing_id: str, start: Pos) -> None:
    cracked = space_type(state, start) == "cracks" and occupant(state, start) is None
    if cracked and not quirky(state, thing_id, "light_step"):
        place_token(state, start, "hole")


def enter(state: State, thing_id: str, pos: Pos, delta: Pos, trail: Trail) -> str:
    kind = space_type(state, pos)
    if kind == "fan":
        blow_in(state, thing_id, pos)
        return "dead"
    if kind == "slick" and not quirky(state, thing_id, "slick_proof"):
        return "slick"
    if kind == "bomb_spitter":
        spit(state, pos, trail)
    return "moved" if state["things"][thing_id]["at"] is not None else "dead"


def blow_in(state: State, thing_id: str, fan: Pos) -> None:
    """A thingamajig entering a fan dies; for a player, slicks are laid in front of the fan."""
    kill(state, thing_id, "flew into a fan")
    if seat_of(thing_id) is None:
        return
    delta = DIRECTIONS[printed(state, fan)["facing"]]
    pos = add(fan, delta)
    while available(state, pos) and occupant(state, pos) is None:
        if space_type(state, pos) == "wall":
            break
        place_token(state, pos, "slick")
        pos = add(pos, delta)


def spit(state: State, spitter: Pos, trail: Trail) -> None:
    """A bomb spitter spits the next bomb a die roll of spaces out of its mouth. The bomb's
    move is part of the movement that made the spitter spit (`trail`)."""
    delta = DIRECTIONS[printed(state, spitter)["facing"]]
    front = add(spitter, delta)
    if available(state, front):
        if space_type(state, front) == "wall":
            log(state, "The bomb spitter's mouth is blocked by a wall")
            return
        blocker = occupant(state, front)
        if blocker is not None and not can_be_pushed(state, blocker):
            log(state, "The bomb spitter's mouth is blocked")
            return
    bomb = free_thing(state, "bomb")
    if bomb is None:
        log(state, "The bomb spitter has no bomb left to spit")
        return
    with randomness(state) as rng:
        roll = rng.die()
    event(state, "roll", value=roll, why="bomb spitter")
    state["things"][bomb]["at"] = list(spitter)
    event(state, "spit", thing=bomb, at=list(spitter), distance=roll)
    log(state, f"A bomb spitter spits Bomb {state['things'][bomb]['number']} {roll} spaces")
    thing = state["things"][bomb]
    try:
        move(state, bomb, delta, roll, trail=trail)
    finally:
        if thing["at"] is not None and tuple(thing["at"]) == tuple(spitter):
            thing["at"] = None  # it could not leave the spitter: it was never spat
            event(state, "unspit", thing=bomb)
        else:
            trail.spat.append(bomb)


def switch(state: State, first: str, second: str) -> bool:
    """Two thingamajigs swap spaces: a placement, not a move; nothing triggers. No swap (False)
    when one would land on a working portal it may not occupy (one stood there by a Quirk)."""
    a = state["things"][first]
    b = state["things"][second]
    for thing_id, there in ((first, b["at"]), (second, a["at"])):
        if portal_active(state, there) and not quirky(state, thing_id, "portal_proof"):
            return False
    a["at"], b["at"] = b["at"], a["at"]
    event(state, "switch", things=[first, second], at=[a["at"], b["at"]])
    return True
