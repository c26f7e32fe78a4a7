"""Foresight for the good bot: a full rules state guessed from one seat's view, and a round
played out on it.

The bot never sees the state. `guess_state` builds one from its view: the map, tokens,
thingamajigs, Quirks, Gimmicks and the bot's own scheme as shown; what the view hides is drawn
with the bot's generator: the order of the Improv and Quirk decks (from the cards not seen in a
discard pile or a hand) and the face-down cards of the other schemes (from the cards those
players still hold). The state's own generator is seeded from the bot's, so dice and coins in
a playout are guesses too.

`play_out` then runs the rest of the round on such a state with the rules' own effects (the
generators of rounds.py and improv.py, driven directly rather than through `decisions.Script`, which
is fast enough to try a hundred schemes), asking `policy` whenever an effect wants an answer.
`judge` scores the position it leads to for one seat.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterable
from typing import Any

from app.games.core import Action, Game, Rng, State
from app.games.decisions import Ask
from app.games.unscrewed import rounds
from app.games.unscrewed.board import (
    DIRECTIONS,
    POOL,
    Phase,
    add,
    available,
    character,
    neighbours,
    ring,
    space_type,
)
from app.games.unscrewed.box import box
from app.games.unscrewed.deaths import GameEnded
from app.games.unscrewed.hand import ACTION_CARDS
from app.games.unscrewed.improv import dibs_order

Policy = Callable[[State, Ask], Action]
View = dict[str, Any]

# The parts of a state a playout changes; the rest is shared.
MUTABLE = (
    "things",
    "seats",
    "tokens",
    "improv_deck",
    "quirk_deck",
    "plan",
    "friend",
    "execution",
)

WIN = 100_000.0
DEATH = 20_000.0


# --- a state from the view --------------------------------------------------------------------


def guess_state(game: Game, view: View, rng: Rng) -> State:
    """A full rules state consistent with `view`, the hidden parts drawn from `rng`."""
    table = view["state"]
    me = table.get("you")
    components = box(table)
    full = table["mode"] == "full"
    players = len(table["players"])
    things: dict[str, dict[str, Any]] = {}
    for seat in range(players):
        things[character(seat)] = {"kind": "character", "seat": seat, "at": None}
    for number in range(1, POOL["bomb"] + 1):
        things[f"bomb{number}"] = {"kind": "bomb", "number": number, "at": None}
    for number in range(1, POOL["anvil"] + 1):
        things[f"anvil{number}"] = {"kind": "anvil", "number": number, "at": None}
    for thing_id, thing in table["things"].items():
        entry = dict(thing)
        entry["at"] = list(thing["at"]) if thing.get("at") is not None else None
        things[thing_id] = entry

    improv_ids = _copies(card for card in components.improv if full or card["first_game"])
    quirk_ids = _copies(components.quirks if full else ())
    held = {quirk for player in table["players"] for quirk in player["quirks"]}

    seats = []
    for player in table["players"]:
        own = me is not None and player["seat"] == me.get("seat")
        shown = player["slots"]  # the viewer's own face up, the others' as they may see them
        gimmick = player.get("gimmick")
        seats.append(
            {
                "character": player.get("character"),
                "name": player.get("name") or "",
                "alive": bool(player.get("alive")),
                "slots": _slots(shown, own, bool(player.get("alive")), rng),
                "quirks": list(player["quirks"]),
                "gimmick": {"character": gimmick["character"], "side": gimmick["side"]}
                if gimmick
                else None,
            }
        )

    decks = table["decks"]
    improv_discard = [card for card in decks["improv_discard"] if card in improv_ids]
    improv_draw = _draw(improv_ids, set(improv_discard), decks["improv"], rng)
    quirk_discard = [card for card in decks["quirk_discard"] if card in quirk_ids]
    quirk_draw = _draw(quirk_ids, set(quirk_discard) | held, decks["quirks"], rng)

    plans = [plan["id"] for plan in components.master_plans]
    shown_plan = table.get("plan")
    if shown_plan:
        left = shown_plan.get("cards_left", len(plans))
        plan = {
            "at": shown_plan.get("at"),
            "placed": shown_plan.get("at") is not None or table["round"] > 1,
            "cards": plans[len(plans) - left :] if left else [],
        }
    else:
        plan = {"at": None, "placed": False, "cards": plans}
    friend = table.get("friend") or {"at": None}
    execution = table.get("execution") or {"step": 0}
    return {
        "players": players,
        "mode": table["mode"],
        "box": components.digest,
        "map": table["map"]["id"],
        "covers": table["map"]["covers"],
        "tokens": dict(table["tokens"]),
        "things": things,
        "seats": seats,
        "dibs": table["dibs"],
        "round": table["round"],
        "phase": Phase.EXECUTION,
        "execution": {"step": execution.get("step", 0), "turn": 0},
        "improv_deck": {"draw": improv_draw, "discard": improv_discard, "in_play": []},
        "quirk_deck": {"draw": quirk_draw, "discard": quirk_discard},
        "plan": {"at": plan["at"], "placed": plan["placed"], "cards": plan["cards"]},
        "friend": {"at": friend.get("at")},
        "rng": format(Rng.from_seed(rng.next64()).state, "016x"),
        "events": [],
        "next_event": 0,
        "log": [],
        "result": None,
        "together": None,
    }


def _copies(cards: Iterable[dict[str, Any]]) -> list[str]:
    """The ids of every copy of these cards in a deck: "<id>.<copy>"."""
    return [f"{card['id']}.{copy}" for card in cards for copy in range(1, card["count"] + 1)]


def _draw(ids: list[str], seen: set[str], count: int, rng: Rng) -> list[str]:
    unseen = [card for card in ids if card not in seen]
    rng.shuffle(unseen)
    return unseen[: max(0, count)]


def _slots(shown: list[Any], own: bool, alive: bool, rng: Rng) -> list[Any]:
    """A seat's scheme: own and flipped cards as shown; face-down cards of others guessed."""
    slots: list[Any] = [None] * len(shown)
    known = [
        entry["card"]
        for entry in shown
        if entry is not None and entry.get("card") in ACTION_CARDS and (own or entry.get("flipped"))
    ]
    hand = [card for card in ACTION_CARDS if card not in known]
    rng.shuffle(hand)
    for index, entry in enumerate(shown):
        if entry is None:
            if not own and alive:
                slots[index] = _slot(hand.pop() if hand else "again", False)
            continue
        card = entry.get("card")
        flipped = bool(entry.get("flipped"))
        if card not in (*ACTION_CARDS, "plan") or not (own or flipped or card == "plan"):
            card = hand.pop() if hand else "again"
        slot = _slot(card, flipped)
        if card == "plan":
            slot["plan"] = entry.get("plan")
        slots[index] = slot
    previous = None
    for slot in slots:
        if slot is not None and slot["flipped"]:
            slot["did"] = previous if slot["card"] in ("again", "plan") else slot["card"]
            previous = slot["did"]
    return slots


def _slot(card: str, flipped: bool) -> dict[str, Any]:
    return {"card": card, "flipped": flipped, "did": None}


def fork(state: State) -> State:
    """A copy to play out on: the changing parts copied, the fixed parts shared."""
    copy = dict(state)
    for name in MUTABLE:
        copy[name] = json.loads(json.dumps(state[name]))
    copy["events"] = []
    copy["log"] = []
    return copy


# --- playing out ------------------------------------------------------------------------------


def drive(state: State, effect: Generator[Ask, Action, Any], policy: Policy) -> None:
    """Run an effect to its end, answering its questions with `policy`."""
    try:
        ask = next(effect)
        while True:
            ask = effect.send(policy(state, ask))
    except (StopIteration, GameEnded):
        return


def play_out(state: State, policy: Policy, step: int = 0, after: int | None = None) -> None:
    """Resolve the scheme cards from slot `step` on (in that slot, only the seats after
    `after` in Dibs order), then the Aftermath; stops when the game ends."""
    act = rounds.SCRIPTS.scripts["act"]
    order = dibs_order(state)
    for slot in range(step, len(state["seats"][0]["slots"])):
        start = 0
        if slot == step and after is not None and after in order:
            start = order.index(after) + 1
        for seat in order[start:]:
            if state.get("result") is not None:
                return
            player = state["seats"][seat]
            if player["alive"] and player["slots"][slot] is not None:
                drive(state, act(state, seat=seat, step=slot), policy)
    if state.get("result") is None:
        state["phase"] = Phase.AFTERMATH_RUNNING
        drive(state, rounds.SCRIPTS.scripts["aftermath"](state), policy)


# --- judging a position -----------------------------------------------------------------------


def judge(state: State, seat: int) -> float:
    """How good the position is for `seat`: winning, living, and standing far from danger,
    with the others close to it."""
    result = state.get("result")
    if result is not None:
        if seat in result["winners"]:
            return WIN
        return -WIN
    if not state["seats"][seat]["alive"]:
        return -DEATH
    score = safety(state, seat)
    for other, player in enumerate(state["seats"]):
        if other == seat:
            continue
        if not player["alive"]:
            score += 3_000.0
        else:
            score -= 0.5 * safety(state, other)
    return score


def safety(state: State, seat: int) -> float:
    """How far a living character stands from the Edge and the dangers around it."""
    at = state["things"][character(seat)]["at"]
    if at is None:
        return -DEATH / 10
    margin = ring(state, at) - state["covers"]
    score = [-600.0, -150.0, 0.0, 60.0][min(margin, 3)] if margin >= 0 else -1_000.0
    for delta in DIRECTIONS.values():
        near = add(at, delta)
        if not available(state, near):
            score -= 40.0
            continue
        kind = space_type(state, near)
        if kind in ("hole", "fan"):
            score -= 25.0
        elif kind == "slick":
            score -= 10.0
    for space in neighbours(at):
        for thing in state["things"].values():
            if thing["kind"] == "bomb" and thing["at"] is not None and tuple(thing["at"]) == space:
                score -= 80.0
    if in_fan_line(state, at):
        score -= 60.0
    if space_type(state, at) in ("crush", "cracks"):
        score -= 120.0 if space_type(state, at) == "crush" else 20.0
    return score


def in_fan_line(state: State, pos: Any) -> bool:
    """Whether a working fan blows along the row or column of `pos` with no wall between."""
    for delta in DIRECTIONS.values():
        here = add(pos, delta)
        while available(state, here):
            kind = space_type(state, here)
            if kind == "wall":
                break
            if kind == "fan":
                return True
            here = add(here, delta)
    return False
