"""Quirks: continuous effects a player holds (at most three), looked up by their effect key;
gaining, keeping and discarding them.

Each Quirk card names one `effect` from EFFECTS; the rules ask `has_quirk(state, seat, effect)`
wherever that effect can change what happens. The card texts are in the component file.
"""

from __future__ import annotations

from collections.abc import Generator

from app.games.core import Action, State
from app.games.decisions import Ask
from app.games.log import log
from app.games.unscrewed.box import quirk_card
from app.games.unscrewed.decks import draw_from
from app.games.unscrewed.events import event, who

Effect = Generator[Ask, Action, None]

EFFECTS = {
    "unpushable": "cannot be pushed",
    "slick_proof": "slicks do not move you further",
    "hole_proof": "stopping on a hole does not kill you",
    "fan_wary": "you cannot enter a fan: it stops you like a wall",
    "fan_still": "fans do not move you in the Aftermath",
    "bomb_proof": "exploding bombs do not move you",
    "portal_proof": "portals do not work for you; you may stand on them",
    "light_step": "leaving cracks does not leave a hole",
    "crush_proof": "crush spots do not activate under you",
    "stride": "your North, East, South and West cards move you 2 spaces",
    "steady": "when you would stumble, you choose the direction",
    "lucky": "when you lose a coin flip, flip once more; the second flip stands",
    "bouncy": "when you are pushed, you are pushed 2 spaces",
    "shove": "things you push are pushed 2 spaces",
    "picky": "when you Improvise, draw two Improv cards, resolve one and discard the other",
    "ducker": "ranged lines pass over you",
    "thick_skin": "melee symbols do not make you a victim",
    "edge_grip": "you cannot move over The Edge: it stops you like a wall",
    "defuser": "a bomb does not explode when you are the only thing next to it",
    "collector": "you may hold 4 Quirks",
}


def has_quirk(state: State, seat: int, effect: str) -> bool:
    return any(
        quirk_card(state, quirk)["effect"] == effect for quirk in state["seats"][seat]["quirks"]
    )


def quirk_limit(state: State, seat: int) -> int:
    return 4 if has_quirk(state, seat, "collector") else 3


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
