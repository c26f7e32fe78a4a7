"""Quirks: continuous effects a player holds (at most three), looked up by their effect key.

Each Quirk card names one `effect` from EFFECTS; the rules ask `has_quirk(state, seat, effect)`
wherever that effect can change what happens. The card texts are in the component file.
"""

from __future__ import annotations

from app.games.core import State
from app.games.unscrewed.box import quirk_card

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
