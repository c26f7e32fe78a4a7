"""Improv cards and the effects they (and the action cards) are made of.

Effects are generator functions: they change the state and `yield` an `Ask` when someone must
choose (an aim, a coin call, a direction, the order of simultaneous moves, a Quirk to trash). They
run inside a `decisions.Script` (rounds.py), which rebuilds the state from the recorded answers.

An Improv card (cards.json, component_file.py) has a list of effects, resolved top to bottom,
each a dict with "do":

    move      who: self | victims | others | everyone; dir: forward | back | left | right (turned
              by the aim) | north | east | south | west | away | toward (from the attacker) |
              choose (the controller picks one of four) | shift (one of eight) | stumble (a die
              per thingamajig); n: a number or "roll" (one die for the whole effect)
    path      the attacker moves through the grid's move symbols, in order
    place     what: hole | slick | bomb | anvil; where: targets (the melee spaces) | front |
              behind (by the aim) | around (the eight spaces around you) | cross (the four)
    coin      call a coin flip: "win" and "lose" list the effects for each outcome
    improvise draw and resolve another Improv card
    confuse   who: self | victims | others
    trash     who: self | victims | others | everyone: each discards a Quirk of their choice
    switch    with: next | previous (the next/previous living player in Dibs order) | victim
    plan      put the Plan token on a free space around you (if the Plan token is in the game)

Every effect is a generator; those that never ask end with `yield from ()`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.log import log
from app.games.unscrewed.attacks import at_offset, melee_spaces, preview, turn, victims
from app.games.unscrewed.board import (
    ALL_DIRECTIONS,
    DIRECTIONS,
    add,
    available,
    character,
    name_of,
    neighbours,
    occupant,
    sign,
)
from app.games.unscrewed.box import improv_card
from app.games.unscrewed.chance import coin, roll, stumble
from app.games.unscrewed.choices import choose_direction, pick_order
from app.games.unscrewed.decks import draw_from
from app.games.unscrewed.events import event, thing_name, who
from app.games.unscrewed.hand import confuse
from app.games.unscrewed.movement import move, switch
from app.games.unscrewed.placing import place_thing, place_token
from app.games.unscrewed.quirks import has_quirk, trash_quirk

Effect = Generator[Ask, Action, None]
MAX_DEPTH = 6


# --- drawing and resolving --------------------------------------------------------------------


def improvise(state: State, seat: int, depth: int = 0) -> Effect:
    """Draw an Improv card, resolve it, discard it (a picky player draws two and picks)."""
    if depth > MAX_DEPTH:
        return
    card_id = draw_from(state, "improv")
    if card_id is None:
        log(state, "The Improv deck is empty")
        return
    if has_quirk(state, seat, "picky"):
        other = draw_from(state, "improv")
        if other is not None:
            answer = yield Ask(
                seat,
                "Pick the Improv card to resolve",
                [{"type": "pick_improv", "card": card_id}, {"type": "pick_improv", "card": other}],
                {"kind": "pick_improv"},
            )
            unused = other if answer["card"] == card_id else card_id
            card_id = answer["card"]
            state["improv_deck"]["discard"].append(unused)
    state["improv_deck"]["in_play"].append(card_id)
    yield from resolve(state, seat, card_id, depth)
    state["improv_deck"]["in_play"].remove(card_id)
    state["improv_deck"]["discard"].append(card_id)


def kind_of(card_id: str) -> str:
    return card_id.split(".")[0]


def resolve(state: State, seat: int, card_id: str, depth: int = 0) -> Effect:
    card = improv_card(state, card_id)
    me = character(seat)
    event(state, "improv", seat=seat, card=card_id)
    log(state, f"{who(state, seat)} improvises: {card['name']}")
    context: dict[str, Any] = {"seat": seat, "card": card, "aim": None, "depth": depth}
    if card["kind"] == "attack":
        at = state["things"][me]["at"]
        answer = yield Ask(
            seat,
            f"Aim {card['name']}",
            [{"type": "aim", "direction": name} for name in DIRECTIONS],
            {"kind": "aim", "card": card_id, "preview": preview(state, card["grid"], at)},
        )
        context["aim"] = answer["direction"]
        event(state, "aim", seat=seat, card=card_id, direction=answer["direction"])
    yield from run_effects(state, context, card["effects"])


def run_effects(state: State, context: dict[str, Any], effects: list[dict[str, Any]]) -> Effect:
    for effect in effects:
        if state["things"][character(context["seat"])]["at"] is None:
            return  # a dead attacker does nothing more
        yield from EFFECTS[effect["do"]](state, context, effect)


# --- the effects ------------------------------------------------------------------------------


def _who(state: State, context: dict[str, Any], who: str) -> list[str]:
    seat = context["seat"]
    me = character(seat)
    if who == "self":
        return [me]
    if who == "victims":
        if context["aim"] is None:
            return []
        at = state["things"][me]["at"]
        return victims(state, context["card"]["grid"], at, context["aim"])
    players = [character(other) for other in dibs_order(state) if state["seats"][other]["alive"]]
    if who == "others":
        return [thing for thing in players if thing != me]
    if who == "everyone":
        return players
    raise ValueError(f"unknown who {who}")


def dibs_order(state: State) -> list[int]:
    start = state["dibs"]
    return [(start + step) % state["players"] for step in range(state["players"])]


def _move(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    seat = context["seat"]
    me = character(seat)
    movers = _who(state, context, effect["who"])
    steps = effect.get("n", 1)
    if steps == "roll":
        steps = roll(state, context["card"]["name"])
    direction = effect["dir"]
    chosen = None
    if direction in ("choose", "shift") and movers:
        chosen = yield from choose_direction(
            state, seat, context["card"]["name"], shift=direction == "shift"
        )
    if len(movers) > 1:
        movers = yield from pick_order(state, seat, movers, context["card"]["name"])
    origin = state["things"][me]["at"]
    for thing_id in movers:
        at = state["things"][thing_id]["at"]
        if at is None:
            continue
        if direction == "stumble":
            yield from stumble(state, thing_id, steps)
            continue
        if chosen is not None:
            delta = ALL_DIRECTIONS[chosen]
        elif direction in DIRECTIONS:
            delta = DIRECTIONS[direction]
        elif direction in ("away", "toward"):
            if origin is None or tuple(origin) == tuple(at):
                continue
            delta = (sign(at[0] - origin[0]), sign(at[1] - origin[1]))
            if direction == "toward":
                delta = (-delta[0], -delta[1])
        else:
            delta = DIRECTIONS[turn(context["aim"], direction)]
        event(state, "move", thing=thing_id, direction=name_of(delta), steps=steps)
        move(state, thing_id, delta, steps)


def _path(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    me = character(context["seat"])
    aim = context["aim"]
    symbols = context["card"]["grid"].get("move", [])
    start = state["things"][me]["at"]
    previous = tuple(start)
    for index, offset in enumerate(symbols):
        target = at_offset(start, aim, offset)
        delta = (target[0] - previous[0], target[1] - previous[1])
        previous = target
        if state["things"][me]["at"] is None:
            return
        move(state, me, delta, 1, stops=index == len(symbols) - 1)
    yield from ()


def _place(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    me = character(context["seat"])
    at = state["things"][me]["at"]
    where = effect["where"]
    aim = context["aim"]
    if where == "targets":
        spaces = melee_spaces(state, context["card"]["grid"], at, aim) if aim else []
    elif where == "front":
        spaces = [add(at, DIRECTIONS[aim])] if aim else []
    elif where == "behind":
        spaces = [add(at, DIRECTIONS[turn(aim, "back")])] if aim else []
    elif where == "around":
        spaces = neighbours(at)
    elif where == "cross":
        spaces = [add(at, delta) for delta in DIRECTIONS.values()]
    else:
        raise ValueError(f"unknown where {where}")
    for space in spaces:
        if effect["what"] in ("hole", "slick"):
            place_token(state, space, effect["what"])
        else:
            place_thing(state, effect["what"], space)
    yield from ()


def _coin(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    won = yield from coin(state, context["seat"])
    yield from run_effects(state, context, effect["win"] if won else effect["lose"])


def _improvise(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    yield from improvise(state, context["seat"], context["depth"] + 1)


def _confuse(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    for thing_id in _who(state, context, effect["who"]):
        seat = state["things"][thing_id].get("seat")
        if seat is not None:
            confuse(state, seat)
    yield from ()


def _trash(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    for thing_id in _who(state, context, effect["who"]):
        seat = state["things"][thing_id].get("seat")
        if seat is not None:
            yield from trash_quirk(state, seat)


def _switch(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    seat = context["seat"]
    me = character(seat)
    other = None
    if effect["with"] == "victim":
        found = [t for t in _who(state, context, "victims") if t.startswith("c")]
        other = found[0] if found else None
    else:
        order = [s for s in dibs_order(state) if state["seats"][s]["alive"] or s == seat]
        place = order.index(seat)
        step = 1 if effect["with"] == "next" else -1
        candidate = order[(place + step) % len(order)]
        other = character(candidate) if candidate != seat else None
    if other is not None and state["things"][other]["at"] is not None:
        names = f"{thing_name(state, me)} and {thing_name(state, other)}"
        if switch(state, me, other):
            log(state, f"{names} switch places")
        else:
            log(state, f"{names} cannot switch places: a portal may not be occupied")
    yield from ()


def _plan(state: State, context: dict[str, Any], effect: dict[str, Any]) -> Effect:
    if not plan_in_game(state):
        return
    me = character(context["seat"])
    spaces = [
        list(space)
        for space in neighbours(state["things"][me]["at"])
        if available(state, space) and occupant(state, space) is None
    ]
    if not spaces:
        return
    answer = yield Ask(
        context["seat"],
        "Put the Plan token on a space around you",
        [{"type": "plan", "at": space} for space in spaces],
        {"kind": "plan"},
    )
    state["plan"]["at"] = answer["at"]
    event(state, "plan", at=answer["at"])


def plan_in_game(state: State) -> bool:
    """The Plan token is in the game in full mode when someone plays Dr. Piddles."""
    return state["mode"] == "full" and any(
        player["character"] == "dr_piddles" for player in state["seats"]
    )


EFFECTS = {
    "move": _move,
    "path": _path,
    "place": _place,
    "coin": _coin,
    "improvise": _improvise,
    "confuse": _confuse,
    "trash": _trash,
    "switch": _switch,
    "plan": _plan,
}
