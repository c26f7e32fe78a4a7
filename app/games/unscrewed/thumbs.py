"""The good bot's rules of thumb, for the choices it does not play out: where to stand
(spawning, the Friend and Plan tokens), which Quirk to keep, which character to take.

Each gives every option a score (in `foresight.judge`'s points, so that weighing.chance reads
them as it reads a playout) and a reason in the game's words; the bot takes the highest score,
the first in its options' order on a tie.
"""

from __future__ import annotations

from typing import Any

from app.games.bots import View
from app.games.core import Action, Game, Rng
from app.games.unscrewed.board import character, ring
from app.games.unscrewed.box import quirk_card
from app.games.unscrewed.foresight import guess_state, safety
from app.games.unscrewed.weighing import Scored, id_name, space_text

CHARACTER_PREFERENCE = ("the_mad_cow", "moe_skeeto", "freddy_fraidy", "slappy", "dr_piddles")
QUIRK_VALUE = {
    "edge_grip": 10,
    "hole_proof": 8,
    "fan_wary": 8,
    "unpushable": 8,
    "shove": 7,
    "fan_still": 6,
    "bomb_proof": 6,
    "steady": 6,
    "crush_proof": 5,
    "defuser": 5,
    "slick_proof": 5,
    "ducker": 4,
    "thick_skin": 4,
    "picky": 4,
    "collector": 3,
    "light_step": 3,
    "lucky": 3,
    "portal_proof": 2,
    "stride": 2,
    "bouncy": 0,
}
PUTS = {"spawn": "Spawns on", "friend": "Puts your Friend on", "plan": "Puts the Plan token on"}


def best(scored: list[Scored]) -> Action:
    """The highest score, the first on a tie."""
    top, top_score = scored[0][0], None
    for action, score, _ in scored:
        if top_score is None or score > top_score:
            top, top_score = action, score
    return top


def safest_space(game: Game, view: View, legal: list[Action], rng: Rng) -> list[Scored]:
    """The spaces (for a spawn, the Friend or the Plan token) scored by how far they are from
    the Edge and the dangers; for a spawn, also from the other characters."""
    state = guess_state(game, view, rng)
    seat = view["state"]["you"]["seat"]
    me = character(seat)
    others = [
        thing["at"]
        for thing_id, thing in state["things"].items()
        if thing["kind"] == "character" and thing_id != me and thing["at"] is not None
    ]
    spawning = legal[0]["type"] == "spawn"
    scored: list[Scored] = []
    for option in legal:
        at = option["at"]
        score = 20.0 * ring(state, at)
        why = f"{PUTS.get(option['type'], 'Takes')} {space_text(ring(state, at) - state['covers'])}"
        if spawning:
            saved = state["things"][me]["at"]
            state["things"][me]["at"] = list(at)
            score += safety(state, seat)
            state["things"][me]["at"] = saved
            if others:
                far = min(max(abs(at[0] - o[0]), abs(at[1] - o[1])) for o in others)
                score += 5.0 * far
                why += f", {far} space{'s' if far != 1 else ''} from the nearest character"
        scored.append((option, score, why))
    return scored


def quirk_choice(game: Game, view: View, legal: list[Action], keep: bool) -> list[Scored]:
    """Quirks scored by how much they protect (a discarded one by how little)."""
    components = getattr(game, "box", None)
    effects = {quirk["id"]: quirk["effect"] for quirk in components.quirks} if components else {}
    scored: list[Scored] = []
    for action in legal:
        value = QUIRK_VALUE.get(effects.get(action["quirk"].split(".")[0], ""), 1)
        name = _quirk_name(view, action["quirk"])
        if keep:
            why = f"Keeps {name}: {_protects(value)}"
        else:
            why = f"Discards {name}: {_protects(value)}"
        scored.append((action, float(value if keep else -value), why))
    return scored


def _protects(value: int) -> str:
    if value >= 8:
        return "one of the Quirks that protect you most"
    if value >= 5:
        return "a Quirk that protects you well"
    return "a Quirk that protects you little"


def _quirk_name(view: View, quirk: str) -> str:
    try:
        name: Any = quirk_card(view["state"], quirk)["name"]
    except Exception:  # noqa: BLE001 - a name is only words
        return quirk.split(".")[0].replace("_", " ")
    return str(name)


def character_choice(legal: list[Action]) -> list[Scored]:
    """Characters by the bot's preference (all worth the same: nothing is known yet)."""

    def rank(name: str) -> int:
        return CHARACTER_PREFERENCE.index(name) if name in CHARACTER_PREFERENCE else 9

    ordered = sorted(legal, key=lambda action: rank(action["name"]))
    return [
        (
            action,
            0.0,
            f"{id_name(action['name'])}: the bot's "
            + ("favourite of those left" if index == 0 else f"choice number {index + 1} of these"),
        )
        for index, action in enumerate(ordered)
    ]
