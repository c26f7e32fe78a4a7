"""Moving together: several thingamajigs that move at the same time (all the fans of the
Aftermath, one bomb's blast), in beats of one step each (see "Moving together" in rules.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core import State
from app.games.unscrewed.board import (
    Pos,
    name_of,
    occupant,
)
from app.games.unscrewed.events import event
from app.games.unscrewed.movement import (
    Trail,
    barrier,
    can_be_pushed,
    destination,
    enter,
    fall,
    leave,
    push_distance,
    record_step,
    stop,
)


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
