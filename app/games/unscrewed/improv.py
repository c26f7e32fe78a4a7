"""Improv cards and the effects they (and the action cards) are made of.

Effects are generator functions: they change the state and `yield` an `Ask` when someone must
choose (an aim, a coin call, a direction, the order of simultaneous moves, a Quirk to trash). They
run inside a `core.Script` (rounds.py), which rebuilds the state from the recorded answers.

An Improv card (cards.json, components.py) has a list of effects, resolved top to bottom, each a
dict with "do":

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
from app.games.randomness import randomness
from app.games.unscrewed.attacks import at_offset, melee_spaces, preview, turn, victims
from app.games.unscrewed.board import (
    ALL_DIRECTIONS,
    DIRECTIONS,
    SHIFT_ORDER,
    add,
    available,
    character,
    name_of,
    neighbours,
    occupant,
    sign,
)
from app.games.unscrewed.box import improv_card, quirk_card
from app.games.unscrewed.movement import (
    event,
    move,
    place_thing,
    place_token,
    switch,
    thing_name,
    who,
)
from app.games.unscrewed.quirks import has_quirk, quirk_limit

Effect = Generator[Ask, Action, None]
STUMBLE_FACES = {1: "north", 2: "east", 3: "south", 4: "west"}
MAX_DEPTH = 6


# --- small questions --------------------------------------------------------------------------


def pick_order(
    state: State, seat: int, things: list[str], why: str
) -> Generator[Ask, Action, list[str]]:
    """The player of a card orders its moves of several thingamajigs, one pick at a time (the
    fans and the bombs of the Aftermath move theirs together instead: movement.move_together)."""
    left = list(things)
    ordered: list[str] = []
    while len(left) > 1:
        answer = yield Ask(
            seat,
            f"Which goes first ({why})?",
            [{"type": "order", "thing": thing} for thing in left],
            {"kind": "order", "why": why},
        )
        left.remove(answer["thing"])
        ordered.append(answer["thing"])
    return ordered + left


def choose_direction(state: State, seat: int, why: str, shift: bool) -> Generator[Ask, Action, str]:
    names = SHIFT_ORDER if shift else tuple(DIRECTIONS)
    kind = "shift" if shift else "direction"
    answer = yield Ask(
        seat,
        f"Choose a direction ({why})",
        [{"type": kind, "direction": name} for name in names],
        {"kind": kind, "why": why},
    )
    direction: str = answer["direction"]
    return direction


def roll(state: State, why: str) -> int:
    with randomness(state) as rng:
        value = rng.die()
    event(state, "roll", value=value, why=why)
    return value


def stumble_direction(state: State, thing_id: str) -> Generator[Ask, Action, str]:
    """Roll for a direction: 1 North, 2 East, 3 South, 4 West; 5 and 6 are rolled again."""
    seat = state["things"][thing_id].get("seat")
    if seat is not None and has_quirk(state, seat, "steady"):
        return (yield from choose_direction(state, seat, "a steady stumble", shift=False))
    while True:
        value = roll(state, "stumble")
        if value in STUMBLE_FACES:
            return STUMBLE_FACES[value]


def stumble(state: State, thing_id: str, steps: int = 1) -> Effect:
    direction = yield from stumble_direction(state, thing_id)
    event(state, "stumble", thing=thing_id, direction=direction)
    if state["things"][thing_id]["at"] is not None:
        move(state, thing_id, DIRECTIONS[direction], steps)


def coin(state: State, seat: int) -> Generator[Ask, Action, bool]:
    answer = yield Ask(
        seat,
        "Call the coin",
        [{"type": "call", "side": "heads"}, {"type": "call", "side": "tails"}],
        {"kind": "call"},
    )
    call = answer["side"]
    won = _flip(state, seat, call)
    if not won and has_quirk(state, seat, "lucky"):
        won = _flip(state, seat, call)
    return won


def _flip(state: State, seat: int, call: str) -> bool:
    with randomness(state) as rng:
        side = ("heads", "tails")[rng.below(2)]
    won = side == call
    event(state, "coin", seat=seat, call=call, side=side, won=won)
    log(state, f"{who(state, seat)} calls {call}: {side}, {'won' if won else 'lost'}")
    return won


def trash_quirk(state: State, seat: int) -> Effect:
    quirks = state["seats"][seat]["quirks"]
    if not quirks:
        return
    answer = yield Ask(
        seat,
        "Discard one of your Quirks",
        [{"type": "discard_quirk", "quirk": quirk} for quirk in quirks],
        {"kind": "discard_quirk"},
    )
    quirks.remove(answer["quirk"])
    state["quirk_deck"]["discard"].append(answer["quirk"])
    event(state, "trash", seat=seat, quirk=answer["quirk"])
    log(
        state,
        f"{who(state, seat)} discards {quirk_card(state, answer['quirk'])['name']}",
    )


def confuse(state: State, seat: int) -> None:
    """The next face-down action card of the scheme goes back to the hand; one at random
    (from the hand with it) replaces it."""
    player = state["seats"][seat]
    for index, slot in enumerate(player["slots"]):
        if slot is None or slot["flipped"] or slot["card"] == "plan":
            continue
        hand = [card for card in hand_of(state, seat)] + [slot["card"]]
        hand.sort(key=ACTION_CARDS.index)
        with randomness(state) as rng:
            slot["card"] = rng.choice(hand)
        event(state, "confuse", seat=seat, slot=index)
        log(state, f"{who(state, seat)} is confused")
        return


ACTION_CARDS = ("north", "east", "south", "west", "improvise", "again")


def hand_of(state: State, seat: int) -> list[str]:
    in_scheme = [slot["card"] for slot in state["seats"][seat]["slots"] if slot is not None]
    return [card for card in ACTION_CARDS if card not in in_scheme]


# --- drawing and resolving --------------------------------------------------------------------


DECKS = {"improv": "improv_deck", "quirks": "quirk_deck"}


def draw_from(state: State, deck: str) -> str | None:
    """The top card of the Improv or the Quirk deck ("improv" / "quirks"); an empty deck is
    first refilled by shuffling its discards. None when both are empty."""
    pile = state[DECKS[deck]]
    if not pile["draw"]:
        pile["draw"], pile["discard"] = pile["discard"], []
        with randomness(state) as rng:
            rng.shuffle(pile["draw"])
        if pile["draw"]:
            event(state, "reshuffle", deck=deck)
    return pile["draw"].pop(0) if pile["draw"] else None


def keep_quirk(state: State, seat: int, quirk: str) -> Effect:
    """Take a Quirk; over the limit, discard another (the new one is always kept)."""
    player = state["seats"][seat]
    player["quirks"].append(quirk)
    event(state, "quirk", seat=seat, quirk=quirk)
    log(state, f"{who(state, seat)} gains the Quirk {quirk_card(state, quirk)['name']}")
    while len(player["quirks"]) > quirk_limit(state, seat):
        others = [held for held in player["quirks"] if held != quirk]
        answer = yield Ask(
            seat,
            "You hold too many Quirks: discard one",
            [{"type": "discard_quirk", "quirk": held} for held in others],
            {"kind": "discard_quirk"},
        )
        player["quirks"].remove(answer["quirk"])
        state["quirk_deck"]["discard"].append(answer["quirk"])
        event(state, "trash", seat=seat, quirk=answer["quirk"])
        name = quirk_card(state, answer["quirk"])["name"]
        log(state, f"{who(state, seat)} discards {name}")


def gain_quirk(state: State, seat: int) -> Effect:
    quirk = draw_from(state, "quirks")
    if quirk is not None:
        yield from keep_quirk(state, seat, quirk)


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
