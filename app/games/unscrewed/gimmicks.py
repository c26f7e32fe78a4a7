"""Gimmicks (full mode): each character's Goal and Reward, Slappy's Friend, Dr. Piddles' Plan.

The card texts come from the component file; what each gimmick does is fixed here, by
character. Goals are read from the events of the action (or Aftermath step) that just ended, and
the Rewards are resolved right after it, in Dibs order (our decision: movement is never
interrupted for a choice). The gimmick state lives in `state["seats"][seat]["gimmick"]`:
{"character", "side": "front" | "back"}.

    Freddy Fraidy  front: Goal: you are pushed. Reward: shift 1 space or stay put.
                   back: Goal: you push a character. Reward: draw a Quirk.
                   Both sides: at the end of the Aftermath, if no player is next to Freddy, the
                   card flips.
    Moe Skeeto     Goal: a thingamajig you pushed during the action dies. Reward: draw a Quirk.
    The Mad Cow    front: Goal: you push a thingamajig. Reward: flip to the back.
                   back: what you push is pushed 2 spaces. Goal: a character dies during your
                   own action. Reward: draw a Quirk, then flip to the front.
    Slappy         At each spawn the Friend token goes on a free space next to Slappy (his
                   choice). Goal: at the end of the Aftermath Slappy is on or next to it.
                   Reward: draw a Quirk.
    Dr. Piddles    At his first spawn the Plan token goes on a free Blank space (his choice).
                   Goal: after one of his actions he stands on the Plan token. Reward: lay the
                   next Master Plan card on his first scheme slot without one (if any is left),
                   then put the Plan token on a free Blank space (his choice).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.log import log
from app.games.unscrewed.board import (
    ALL_DIRECTIONS,
    SHIFT_ORDER,
    adjacent,
    available,
    character,
    neighbours,
    occupant,
    seat_of,
    size,
    space_type,
)
from app.games.unscrewed.events import event, who
from app.games.unscrewed.movement import move
from app.games.unscrewed.quirks import gain_quirk

Effect = Generator[Ask, Action, None]


def side(state: State, seat: int) -> tuple[str, str] | None:
    gimmick = state["seats"][seat].get("gimmick")
    if gimmick is None:
        return None
    return gimmick["character"], gimmick["side"]


def flip(state: State, seat: int) -> None:
    gimmick = state["seats"][seat]["gimmick"]
    gimmick["side"] = "back" if gimmick["side"] == "front" else "front"
    event(state, "gimmick_flip", seat=seat, side=gimmick["side"])
    log(state, f"{who(state, seat)} flips their Gimmick")


def pushes_two(state: State, thing_id: str) -> bool:
    seat = seat_of(thing_id)
    return seat is not None and side(state, seat) == ("the_mad_cow", "back")


def draw_quirk_reward(state: State, seat: int) -> Effect:
    yield from gain_quirk(state, seat)


def goals(state: State, since: int, acting: int | None) -> list[tuple[int, str]]:
    """The (seat, reward) pairs whose Goal the events numbered `since` onwards fulfil."""
    if state["mode"] != "full":
        return []
    events = [e for e in state["events"] if e["n"] >= since]
    met: list[tuple[int, str]] = []
    for seat, player in enumerate(state["seats"]):
        if not player["alive"] or player.get("gimmick") is None:
            continue
        me = character(seat)
        who, face = player["gimmick"]["character"], player["gimmick"]["side"]
        pushes = [e for e in events if e["kind"] == "push"]
        if who == "freddy_fraidy" and face == "front":
            if any(e["pushed"] == me for e in pushes):
                met.append((seat, "shift"))
        elif who == "freddy_fraidy":
            if any(e["thing"] == me and e["pushed"].startswith("c") for e in pushes):
                met.append((seat, "quirk"))
        elif who == "moe_skeeto":
            pushed = {e["pushed"] for e in pushes if e["thing"] == me}
            if any(e["kind"] == "death" and e["thing"] in pushed for e in events):
                met.append((seat, "quirk"))
        elif who == "the_mad_cow" and face == "front":
            if any(e["thing"] == me for e in pushes):
                met.append((seat, "flip"))
        elif who == "the_mad_cow":
            deaths = [e for e in events if e["kind"] == "death" and e["thing"].startswith("c")]
            if acting == seat and deaths:
                met.append((seat, "quirk_flip"))
        elif who == "dr_piddles":
            plan = state["plan"]
            moved = any(e["kind"] == "step" and e["thing"] == me for e in events)
            at = state["things"][me]["at"]
            if moved and plan["at"] is not None and at is not None and list(at) == plan["at"]:
                met.append((seat, "master_plan"))
    order = dibs_order(state)
    met.sort(key=lambda pair: order.index(pair[0]))
    return met


def dibs_order(state: State) -> list[int]:
    start = state["dibs"]
    return [(start + step) % state["players"] for step in range(state["players"])]


def rewards(state: State, since: int, acting: int | None) -> Effect:
    """Resolve the Rewards of every Goal met since event `since`, in Dibs order."""
    for seat, reward in goals(state, since, acting):
        if not state["seats"][seat]["alive"]:
            continue
        event(state, "goal", seat=seat, reward=reward)
        log(state, f"{who(state, seat)} meets their Goal")
        if reward == "shift":
            yield from shift_or_stay(state, seat)
        elif reward == "quirk":
            yield from draw_quirk_reward(state, seat)
        elif reward == "flip":
            flip(state, seat)
        elif reward == "quirk_flip":
            yield from draw_quirk_reward(state, seat)
            flip(state, seat)
        elif reward == "master_plan":
            lay_master_plan(state, seat)
            yield from place_plan(state, seat)


def shift_or_stay(state: State, seat: int) -> Effect:
    options: list[dict[str, Any]] = [{"type": "shift", "direction": d} for d in SHIFT_ORDER]
    options.append({"type": "shift", "direction": "stay"})
    answer = yield Ask(seat, "Shift 1 space or stay put", options, {"kind": "shift"})
    if answer["direction"] != "stay":
        move(state, character(seat), ALL_DIRECTIONS[answer["direction"]], 1)


def lay_master_plan(state: State, seat: int) -> None:
    player = state["seats"][seat]
    if not state["plan"]["cards"]:
        return
    for index, slot in enumerate(player["slots"]):
        if slot is None or slot["card"] != "plan":
            plan = state["plan"]["cards"].pop(0)
            # an action card already in that slot goes back to the hand
            player["slots"][index] = {"card": "plan", "plan": plan, "flipped": True, "did": None}
            event(state, "master_plan", seat=seat, slot=index, plan=plan)
            log(state, f"{who(state, seat)} lays a Master Plan on slot {index + 1}")
            return


def free_blanks(state: State) -> list[list[int]]:
    return [
        [x, y]
        for y in range(size(state))
        for x in range(size(state))
        if available(state, (x, y))
        and space_type(state, (x, y)) == "blank"
        and occupant(state, (x, y)) is None
    ]


def place_plan(state: State, seat: int) -> Effect:
    spaces = [space for space in free_blanks(state) if space != state["plan"]["at"]]
    if not spaces:
        state["plan"]["at"] = None
        return
    answer = yield Ask(
        seat,
        "Put the Plan token on a free Blank space",
        [{"type": "plan", "at": space} for space in spaces],
        {"kind": "plan"},
    )
    state["plan"]["at"] = answer["at"]
    event(state, "plan", at=answer["at"])


def place_friend(state: State, seat: int) -> Effect:
    at = state["things"][character(seat)]["at"]
    spaces = [
        list(space)
        for space in neighbours(at)
        if available(state, space)
        and occupant(state, space) is None
        and space_type(state, space) not in ("wall", "fan")
    ]
    if not spaces:
        state["friend"]["at"] = None
        return
    answer = yield Ask(
        seat,
        "Put your Friend token on a free space next to you",
        [{"type": "friend", "at": space} for space in spaces],
        {"kind": "friend"},
    )
    state["friend"]["at"] = answer["at"]
    event(state, "friend", at=answer["at"])


def after_spawn(state: State, seat: int) -> Effect:
    """Slappy places his Friend; Dr. Piddles places the Plan token the first time."""
    if state["mode"] != "full":
        return
    who = state["seats"][seat]["gimmick"]["character"]
    if who == "slappy":
        yield from place_friend(state, seat)
    elif who == "dr_piddles" and not state["plan"]["placed"]:
        state["plan"]["placed"] = True
        yield from place_plan(state, seat)


def end_of_aftermath(state: State) -> Effect:
    """Freddy's card flips when nobody is next to him; Slappy's Goal with his Friend."""
    if state["mode"] != "full":
        return
    for seat in dibs_order(state):
        player = state["seats"][seat]
        if not player["alive"]:
            continue
        at = state["things"][character(seat)]["at"]
        who = player["gimmick"]["character"]
        if who == "freddy_fraidy":
            others = [
                state["things"][character(other)]["at"]
                for other, p in enumerate(state["seats"])
                if other != seat and p["alive"]
            ]
            if not any(adjacent(at, there) for there in others if there is not None):
                flip(state, seat)
        elif who == "slappy":
            friend = state["friend"]["at"]
            if friend is not None and (list(at) == friend or adjacent(at, friend)):
                event(state, "goal", seat=seat, reward="quirk")
                yield from draw_quirk_reward(state, seat)


def cover_tokens(state: State) -> None:
    """The Friend and Plan tokens under a new cover leave the map."""
    for name in ("friend", "plan"):
        token = state.get(name)
        if token and token["at"] is not None and not available(state, token["at"]):
            token["at"] = None
