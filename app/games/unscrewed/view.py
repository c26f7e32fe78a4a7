"""What each seat sees of the table: `table(state, seat)`, the "state" of `Game.view`.

`view["state"]` (the page reads this) is contract.Table. It names the map, the cards, the Quirks
and the Gimmicks by id only: their faces are served once by `Unscrewed.components()`, where the
page looks them up. Its events and asks:

    asking     null or {"seat", "kind" (character, spawn, keep_quirk, discard_quirk, aim, call,
                direction, shift, order, master_plan, pick_improv, friend, plan), "prompt",
                "info"}; for an aim, info has "card" and "preview": {direction: {"targets":
                [[x, y]...], "move": [[x, y]...]}}; the Quirks a Dibs player is choosing from
                and the Improv cards a picky player is choosing from are shown to them only
    events     what happened since the last action, in order, each {"n", "kind", ...}:
                flip {seat, slot, card}, again {seat, repeats}, move {thing, direction,
                steps} (an intended move), step {thing, from, to, portals (portals passed
                through), pushed_by}, push {thing, pushed, direction}, death {thing, at,
                cause}, token {token, at}, place {thing, at}, spit {thing, at, distance},
                unspit, roll {value, why}, coin {seat, call, side, won}, stumble {thing,
                direction}, improv {seat, card}, aim {seat, card, direction}, confuse {seat,
                slot}, switch {things, at}, fan {at, direction, things}, bomb_check {thing,
                at, explodes}, explode {thing, at, things}, remove {thing}, crush {thing,
                at}, cover {name, ring}, aftermath {step}, spawn {seat, thing, at}, quirk
                {seat, quirk}, trash {seat, quirk}, goal {seat, reward}, gimmick_flip,
                master_plan, friend, plan, dibs {seat}, phase {phase, round}, locked {seat},
                reshuffle {deck}
"""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.decisions import Simultaneous
from app.games.unscrewed.board import COVER_NAMES, POOL, Phase, tokens_left, unkey
from app.games.unscrewed.contract import (
    Asking,
    Decks,
    Gimmick,
    Player,
    Slot,
    SlotShown,
    Table,
    Thing,
    You,
)
from app.games.unscrewed.hand import ACTION_CARDS, hand_of
from app.games.unscrewed.improv import dibs_order, plan_in_game
from app.games.unscrewed.rounds import SCHEMING, SCRIPTS

PRIVATE_ASKS = ("keep_quirk", "pick_improv")


def _slot(slot: Slot | None, shown: bool) -> SlotShown | None:
    if slot is None:
        return None
    entry: SlotShown = {
        "filled": True,
        "flipped": slot["flipped"],
        "card": slot["card"] if shown or slot["flipped"] or slot["card"] == "plan" else None,
    }
    if slot["card"] == "plan":
        entry["plan"] = slot["plan"]
    return entry


def _gimmick(gimmick: Gimmick | None) -> Gimmick | None:
    if gimmick is None:
        return None
    return {"character": gimmick["character"], "side": gimmick["side"]}


def table(state: State, seat: Seat | None, everything: bool = False) -> Table:
    waiting = Simultaneous.waiting(state, SCHEMING)
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
                "at": state["things"][f"c{other}"]["at"],
                "quirks": list(player["quirks"]),
                "gimmick": _gimmick(player["gimmick"]),
                "slots": slots,
                "filled": sum(1 for slot in player["slots"] if slot is not None),
                "locked": state["phase"] == Phase.SCHEMING and other not in waiting,
            }
        )
    you: You | None = None
    if seat is not None and 0 <= seat < state["players"]:
        you = {
            "seat": seat,
            "cards": list(ACTION_CARDS),
            "hand": hand_of(state, seat),
            "slots": [_slot(slot, True) for slot in state["seats"][seat]["slots"]],
        }
    asking: Asking | None = None
    ask = SCRIPTS.asking(state)
    if ask is not None:
        info = dict(ask.info)
        kind = info.pop("kind", "")
        if kind in PRIVATE_ASKS and ask.seat != seat and not everything:
            info = {}
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
        "tokens": [
            {"at": list(unkey(space)), "token": token}
            for space, token in sorted(state["tokens"].items())
        ],
        "things": [
            {"id": thing_id, **thing}
            for thing_id, thing in things.items()
            if thing["at"] is not None
        ],
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
        "events": list(state["events"]),
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
