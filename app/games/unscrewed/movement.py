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
blast) move with `move_together`, in beats of one step each (see "Moving together" in rules.md).

Deaths go through `kill`; the game ends the moment one living player is left, which is raised
as `GameEnded` and caught by whoever runs the effect (rounds.py). Deaths that happen at once (the
fans, a blast, the crush spots, a map cover) are gathered with `together` so that the last
players dying together leave no winner.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from app.games.core import State, finish
from app.games.log import log, seat_token
from app.games.randomness import randomness
from app.games.unscrewed.board import (
    DIRECTIONS,
    Phase,
    Pos,
    add,
    available,
    key,
    name_of,
    occupant,
    on_grid,
    partner,
    portal_active,
    printed,
    seat_of,
    space_type,
    tokens_left,
)
from app.games.unscrewed.quirks import has_quirk

MAX_PORTAL_HOPS = 8


class GameEnded(Exception):
    """One living player (or none) is left: stop resolving anything."""


# --- events -----------------------------------------------------------------------------------


def event(state: State, kind: str, **facts: Any) -> None:
    """Record something that happened, for the page to animate in order."""
    number = state["next_event"]
    state["next_event"] = number + 1
    state["events"].append({"n": number, "kind": kind, **facts})


def who(state: State, seat: int) -> str:
    """A player as log lines and reasons name them: "{seatN} (Character)"; the server puts the
    player's name in place of {seatN}."""
    character = state["seats"][seat]["name"]
    return f"{seat_token(seat)} ({character})" if character else seat_token(seat)


def thing_name(state: State, thing_id: str) -> str:
    thing = state["things"][thing_id]
    if thing["kind"] == "character":
        return who(state, thing["seat"])
    if thing["kind"] == "bomb":
        return f"Bomb {thing['number']}"
    return "an Anvil"


# --- deaths and the end -------------------------------------------------------------------


def living(state: State) -> list[int]:
    return [seat for seat, player in enumerate(state["seats"]) if player["alive"]]


def kill(state: State, thing_id: str, cause: str) -> None:
    """Remove a thingamajig from the map; a character's player loses their scheme."""
    thing = state["things"][thing_id]
    if thing["at"] is None:
        return
    event(state, "death", thing=thing_id, at=list(thing["at"]), cause=cause)
    thing["at"] = None
    seat = seat_of(thing_id)
    if seat is None:
        log(state, f"{thing_name(state, thing_id)} is gone ({cause})")
        return
    player = state["seats"][seat]
    player["alive"] = False
    for index, slot in enumerate(player["slots"]):
        if slot is not None and slot["card"] != "plan":
            player["slots"][index] = None
    log(state, f"{who(state, seat)} dies ({cause})")
    if state.get("together") is None:
        check_end(state)
    else:
        state["together"].append(seat)


@contextmanager
def together(state: State) -> Iterator[None]:
    """Deaths inside this block happen at the same time; the end is checked after it."""
    state["together"] = []
    try:
        yield
    finally:
        state["together"] = None
    check_end(state)


def check_end(state: State) -> None:
    alive = living(state)
    if len(alive) > 1 or state.get("phase") in (Phase.CHARACTERS, Phase.SPAWNING):
        return
    if state.get("result") is None:
        reason = (
            f"{who(state, alive[0])} is the last one standing"
            if alive
            else "the last players died together: no winner"
        )
        scores = {str(seat): 1 if seat in alive else 0 for seat in range(state["players"])}
        finish(state, alive, scores, reason)
        log(state, "The game is over: " + reason)
    raise GameEnded


# --- placing ----------------------------------------------------------------------------------


def place_token(state: State, pos: Pos | list[int], token: str) -> bool:
    """Put a slick or hole token on an uncovered, unoccupied space (none left: nothing)."""
    if not available(state, pos) or occupant(state, pos) is not None:
        return False
    if state["tokens"].get(key(pos)) == token:
        return True
    if tokens_left(state, token) <= 0:
        log(state, f"No {token} token is left to place")
        return False
    state["tokens"][key(pos)] = token
    event(state, "token", token=token, at=list(pos))
    return True


def free_thing(state: State, kind: str) -> str | None:
    """The lowest-numbered bomb or anvil off the map, if any."""
    free = [
        (thing.get("number", 0), thing_id)
        for thing_id, thing in state["things"].items()
        if thing["kind"] == kind and thing["at"] is None
    ]
    return min(free)[1] if free else None


def place_thing(state: State, kind: str, pos: Pos | list[int]) -> str | None:
    if not available(state, pos) or occupant(state, pos) is not None:
        return None
    if space_type(state, pos) in ("wall", "fan", "portal"):
        return None  # our decision: nothing is placed where a thingamajig may not stand
    thing_id = free_thing(state, kind)
    if thing_id is None:
        log(state, f"No {kind} is left to place")
        return None
    state["things"][thing_id]["at"] = list(pos)
    event(state, "place", thing=thing_id, at=list(pos))
    return thing_id


# --- moving -----------------------------------------------------------------------------------


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


# --- moving together --------------------------------------------------------------------------


@dataclass
class Mover:
    """A thingamajig in a movement together: its direction, the steps it has left after the
    current one, who pushed it (if it was pushed into the movement) and whether it has entered a
    space yet (only then can a hole kill it when it stops)."""

    delta: Pos
    steps: int
    pushed_by: str | None = None
    entered: bool = False


@dataclass
class Attempt:
    """One thingamajig's step in a beat: where it stands, where it would come to (through any
    portals) and what it meets first (`barrier`)."""

    start: Pos
    target: Pos
    portals: list[Pos]
    barrier: str | None


def move_together(state: State, moves: dict[str, Pos], steps: int) -> list[str]:
    """Move thingamajigs at the same time, each `steps` spaces its own way (`moves`: id ->
    direction). The movement goes in beats: in each, every thingamajig with steps left takes one
    step, all at once (`beat`). The caller gathers the deaths with `together`. Returns the
    bombs spat during the movement (the bombs step does not check them)."""
    movers = {
        thing_id: Mover(delta, steps)
        for thing_id, delta in moves.items()
        if state["things"][thing_id]["at"] is not None
    }
    trail = Trail()
    for thing_id, mover in movers.items():
        trail.arrive(thing_id, state["things"][thing_id]["at"], mover.delta)
    while True:
        walking = [
            thing_id
            for thing_id in state["things"]
            if thing_id in movers
            and movers[thing_id].steps > 0
            and state["things"][thing_id]["at"] is not None
        ]
        if not walking:
            return trail.spat
        beat(state, movers, walking, trail)


def beat(state: State, movers: dict[str, Mover], walking: list[str], trail: Trail) -> None:
    """The thingamajigs in `walking` take one step at once; those they push step with them.

    Two or more stepping into one space bump: none of them enters it. One stepping into a space
    whose occupant steps too follows it, if it leaves (a row moves as one; a swap or a ring
    stays). One stepping alone into the space of a thingamajig standing still pushes it: that
    one steps in the same beat, the pusher's way. Then the entered spaces act, in the map's
    reading order, and a thingamajig whose move has ended stops (a hole kills it). A step back
    to a space the thingamajig already had, going the same way, in this movement is blocked
    (`Trail`)."""
    attempts: dict[str, Attempt] = {}
    claims: dict[Pos, list[str]] = {}
    for thing_id in walking:
        movers[thing_id].steps -= 1
    newcomers = walking
    while newcomers:
        for thing_id in newcomers:
            start = tuple(state["things"][thing_id]["at"])
            target, portals = destination(state, thing_id, start, movers[thing_id].delta)
            met = barrier(state, thing_id, start, target)
            if met is None and trail.round_trip(thing_id, target, movers[thing_id].delta):
                met = "blocked"
            attempt = Attempt(start, target, portals, met)
            attempts[thing_id] = attempt
            if attempt.barrier is None:
                claims.setdefault(target, []).append(thing_id)
        newcomers = pushed(state, movers, attempts, claims, newcomers, trail)
    goers = going(state, attempts, claims)
    for thing_id in attempts:
        if thing_id not in goers:
            movers[thing_id].steps = 0  # stopped: the rest of its move is lost
    for thing_id in goers:
        take_step(state, thing_id, attempts[thing_id], movers[thing_id], trail)
    for thing_id in goers:
        leave(state, thing_id, attempts[thing_id].start)
    arrived = [thing_id for thing_id in goers if attempts[thing_id].barrier is None]
    arrived.sort(key=lambda thing_id: (attempts[thing_id].target[1], attempts[thing_id].target[0]))
    spat_before = len(trail.spat)
    for thing_id in arrived:
        target = attempts[thing_id].target
        if state["things"][thing_id]["at"] != list(target):
            continue  # a bomb spat by an earlier space pushed it on
        if enter(state, thing_id, target, movers[thing_id].delta, trail) == "slick":
            movers[thing_id].steps += 1
    for bomb in trail.spat[spat_before:]:
        if bomb in movers:
            movers[bomb].steps = 0  # a new bomb: the move of the one that died ended with it
    for thing_id in attempts:
        if movers[thing_id].steps == 0 and movers[thing_id].entered:
            stop(state, thing_id)


def pushed(
    state: State,
    movers: dict[str, Mover],
    attempts: dict[str, Attempt],
    claims: dict[Pos, list[str]],
    pushers: list[str],
    trail: Trail,
) -> list[str]:
    """The thingamajigs standing still where one of `pushers` steps alone: they are pushed
    (one space, two by a Quirk or The Mad Cow) and step in this beat too."""
    found = []
    for pusher in pushers:
        attempt = attempts[pusher]
        if attempt.barrier is not None or len(claims[attempt.target]) > 1:
            continue
        other = occupant(state, attempt.target, besides=pusher)
        if other is None or other in attempts or not can_be_pushed(state, other):
            continue
        delta = movers[pusher].delta
        event(state, "push", thing=pusher, pushed=other, direction=name_of(delta))
        movers[other] = Mover(delta, push_distance(state, pusher, other) - 1, pushed_by=pusher)
        trail.arrive(other, attempt.target, delta)
        found.append(other)
    return found


def going(state: State, attempts: dict[str, Attempt], claims: dict[Pos, list[str]]) -> list[str]:
    """The thingamajigs that take their step, each after the one whose space it enters: over
    The Edge, or alone into a space that is empty or whose occupant takes its step."""
    goers: list[str] = []
    settled = False
    while not settled:
        settled = True
        for thing_id, attempt in attempts.items():
            if thing_id in goers or attempt.barrier == "blocked":
                continue
            if attempt.barrier is None:
                if len(claims[attempt.target]) > 1:
                    continue
                other = occupant(state, attempt.target, besides=thing_id)
                if other is not None and other not in goers:
                    continue
            goers.append(thing_id)
            settled = False
    return goers


def take_step(state: State, thing_id: str, attempt: Attempt, mover: Mover, trail: Trail) -> None:
    mover.entered = True
    if attempt.barrier == "edge":
        fall(state, thing_id, attempt.start, attempt.target, attempt.portals, mover.pushed_by)
        return
    state["things"][thing_id]["at"] = list(attempt.target)
    trail.arrive(thing_id, attempt.target, mover.delta)
    record_step(state, thing_id, attempt.start, attempt.target, attempt.portals, mover.pushed_by)
