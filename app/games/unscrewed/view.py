"""What each seat sees of the table: `table(state, seat)`, the "state" of `Game.view`.

`view["state"]` (the page reads this) is contract.Table. It names the map, the cards, the Quirks
and the Gimmicks by id only: their faces are served once by `Unscrewed.components()`, where the
page looks them up. It changes little when little happens, as the patches sent after every
action are the diff of two views (app/play/patches.py): the things on the map and the space
tokens are keyed by id and by "x,y" (a move or a new token is one key, not a list rebuilt), the
events leave out what goes without saying (below), and nothing is sent that the page works out
from the rest (page/derived.js; hand.py for the bots): a player's place (their character's in
`things`), how many slots they filled, whether they locked in (not active while Scheming), and
your hand and slots (your own slots are face up among the players'). Its events and asks:

    asking     null or {"seat", "kind" (character, spawn, keep_quirk, discard_quirk, aim, call,
                direction, shift, order, master_plan, pick_improv, friend, plan), "prompt",
                "info"}; for an aim, info has "card" and, for the one aiming only, "preview":
                {direction: {"targets": [[x, y]...], "move": [[x, y]...]}}; the Quirks a Dibs
                player is choosing from and the Improv cards a picky player is choosing from are
                shown to them only
    events     what happened since the last action, in order, each {"kind", ...}, the first with
                its number "n" (the others follow it one by one): flip {seat, slot, card}, again
                {seat, repeats}, move {thing, direction, steps} (an intended move), step {thing, to,
                portals (passed through; left out when none), pushed_by (left out when none)} (where
                it came from is the state's only), push {thing, pushed, direction}, death {thing,
                at, cause}, token {token, at}, place {thing, at}, spit {thing, at, distance},
                unspit, roll {value, why}, coin {seat, call, side, won}, stumble {thing, direction},
                improv {seat, card}, aim {seat, card, direction}, confuse {seat, slot}, switch
                {things, at}, fan {at, direction, things}, bomb_check {thing, at, explodes}, explode
                {thing, at, things}, remove {thing}, crush {thing, at}, cover {name, ring},
                aftermath {step}, spawn {seat, thing, at}, quirk {seat, quirk}, trash {seat, quirk},
                goal {seat, reward}, gimmick_flip, master_plan, friend, plan, dibs {seat}, phase
                {phase, round}, locked {seat}, reshuffle {deck}
"""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.decisions import Simultaneous
from app.games.unscrewed.board import COVER_NAMES, POOL, Phase, tokens_left
from app.games.unscrewed.contract import (
    Asking,
    Decks,
    Event,
    Gimmick,
    Player,
    Slot,
    SlotShown,
    Table,
    Thing,
    You,
)
from app.games.unscrewed.hand import ACTION_CARDS
from app.games.unscrewed.improv import dibs_order, plan_in_game
from app.games.unscrewed.rounds import SCHEMING, SCRIPTS

PRIVATE_ASKS = ("keep_quirk", "pick_improv")


def _slot(slot: Slot | None, shown: bool) -> SlotShown | None:
    if slot is None:
        return None
    entry: SlotShown = {
        "flipped": slot["flipped"],
        "card": slot["card"] if shown or slot["flipped"] or slot["card"] == "plan" else None,
    }
    if slot["card"] == "plan":
        entry["plan"] = slot["plan"]
    return entry


# What a step says when nothing special happened on it: the view leaves these out (most steps
# pass no portal and are not pushed, and every byte of an event is sent once to every seat).
STEP_DEFAULTS: dict[str, object] = {"portals": [], "pushed_by": None}

# What a step says that the view leaves out always: where the thing was (its previous step's
# `to`, or its place before). The page moves a thing to each `to` in turn and never reads it;
# the rules that look back at a step read the state's events, which keep it.
STEP_UNSHOWN = ("from",)


def _shown(event: Event, key: str, value: object) -> bool:
    if event["kind"] != "step":
        return True
    if key in STEP_UNSHOWN:
        return False
    return key not in STEP_DEFAULTS or value != STEP_DEFAULTS[key]


def _event(event: Event, index: int) -> Event:
    """An event as the view shows it: numbered if it is the first (the others follow it one by
    one), and a step with only where it went (no start, no empty portals and pusher)."""
    return {
        key: value
        for key, value in event.items()
        if not (key == "n" and index) and _shown(event, key, value)
    }


def _gimmick(gimmick: Gimmick | None) -> Gimmick | None:
    if gimmick is None:
        return None
    return {"character": gimmick["character"], "side": gimmick["side"]}


def table(state: State, seat: Seat | None, everything: bool = False) -> Table:
    players: list[Player] = []
    for other, player in enumerate(state["seats"]):
        shown = everything or other == seat
        slots = [_slot(slot, shown) for slot in player["slots"]]
        players.append(
            {
                "seat": other,
                "name": player["name"],
                "character": player["character"],
                "alive": player["alive"],
                "quirks": list(player["quirks"]),
                "gimmick": _gimmick(player["gimmick"]),
                "slots": slots,
            }
        )
    you: You | None = None
    if seat is not None and 0 <= seat < state["players"]:
        you = {"seat": seat, "cards": list(ACTION_CARDS)}
    asking: Asking | None = None
    ask = SCRIPTS.asking(state)
    if ask is not None:
        info = dict(ask.info)
        kind = info.pop("kind", "")
        if kind in PRIVATE_ASKS and ask.seat != seat and not everything:
            info = {}
        elif ask.seat != seat and not everything:
            # What an aim would hit is lit for the one aiming only (the others see the card).
            info.pop("preview", None)
        asking = {"seat": ask.seat, "kind": kind, "prompt": ask.prompt, "info": info}
    things: dict[str, Thing] = state["things"]
    decks: Decks = {
        "improv": len(state["improv_deck"]["draw"]),
        "improv_discard": list(state["improv_deck"]["discard"]),
        "quirks": len(state["quirk_deck"]["draw"]),
        "quirk_discard": list(state["quirk_deck"]["discard"]),
    }
    if everything:
        decks["improv_order"] = list(state["improv_deck"]["draw"])
        decks["quirk_order"] = list(state["quirk_deck"]["draw"])
    phase = state["phase"]
    if phase == Phase.AFTERMATH_RUNNING:
        phase = Phase.AFTERMATH
    if phase == Phase.START:
        phase = Phase.QUIRKS if state["mode"] == "full" else Phase.SCHEMING
    return {
        "mode": state["mode"],
        "box": state["box"],
        "map": {
            "id": state["map"],
            "covers": state["covers"],
            "cover_names": list(COVER_NAMES),
            "next_cover": COVER_NAMES[state["covers"]]
            if state["covers"] < len(COVER_NAMES)
            else None,
        },
        "tokens": dict(state["tokens"]),
        "things": {
            thing_id: Thing(**thing)
            for thing_id, thing in things.items()
            if thing["at"] is not None
        },
        "supply": {token: tokens_left(state, token) for token in POOL},
        "friend": {"at": state["friend"]["at"]}
        if state["mode"] == "full" and any(p["character"] == "slappy" for p in state["seats"])
        else None,
        "plan": {"at": state["plan"]["at"], "cards_left": len(state["plan"]["cards"])}
        if plan_in_game(state)
        else None,
        "players": players,
        "you": you,
        "dibs": state["dibs"],
        "dibs_order": dibs_order(state),
        "round": state["round"],
        "phase": phase,
        "execution": {"step": state["execution"]["step"]} if phase == Phase.EXECUTION else None,
        "decks": decks,
        "asking": asking,
        "events": [_event(event, index) for index, event in enumerate(state["events"])],
        "result": state.get("result"),
    }


def prompt_for(state: State, seat: Seat | None) -> str | None:
    if state.get("result") is not None or seat is None:
        return None
    ask = SCRIPTS.asking(state)
    if ask is not None:
        return ask.prompt if ask.seat == seat else None
    if seat in Simultaneous.waiting(state, SCHEMING):
        slots = state["seats"][seat]["slots"]
        if None in slots:
            return f"Scheme: choose the card for slot {slots.index(None) + 1}"
        return "Lock in your scheme (or take a card back)"
    return None
