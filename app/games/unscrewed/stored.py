"""Games stored before the printed components left the state, in today's shape.

Until December 2026 a state carried its own copy of everything printed it used: the map's
name, size and grid, and the texts (and effects) of its Improv cards, Quirks, Master Plans,
Friend and Gimmicks, 17 KB of a 44 KB state. Today it names its box by digest and its map by
id (box.py). A game also ended by setting the phase "over" and a result without scores; today
`core.finish` writes the result, scores included, and the end is no phase. The open decision
(the script in progress, with its question) was the state's "script"; it is its "asking".

`upgrade` checks that the copy the state holds is exactly the printed data of the server's box
and keeps only the box's digest; a state whose copy differs was set up with components this
server no longer has, and is refused (`UnknownBox`) rather than played on with other cards.
The script in progress keeps the state at its start, which is upgraded the same way, so that
rebuilding the script from its answers gives today's shape too.
"""

from __future__ import annotations

from typing import Any

from app.games.core import State, clone
from app.games.unscrewed.board import Phase
from app.games.unscrewed.box import UnknownBox
from app.games.unscrewed.components import Components

# What an old state held of the printed components.
PRINTED = (
    "map_name",
    "size",
    "grid",
    "improv_cards",
    "quirk_cards",
    "plan_cards",
    "friend_card",
    "gimmick_texts",
)


def printed_copy(box: Components, mode: str, map_id: str) -> dict[str, Any]:
    """The copy of `box` that the old `setup` put into a state (the fields of PRINTED)."""
    full = mode == "full"
    chosen = box.layouts.get(map_id)
    if chosen is None:
        return {}
    fields = ("name", "kind", "text", "icons", "effects", "grid")
    return {
        "map_name": chosen["name"],
        "size": chosen["size"],
        "grid": chosen["grid"],
        "improv_cards": {
            card["id"]: {field: card[field] for field in fields if field in card}
            for card in box.improv
            if full or card["first_game"]
        },
        "quirk_cards": {
            f"{quirk['id']}.{copy}": {
                "name": quirk["name"],
                "text": quirk["text"],
                "effect": quirk["effect"],
            }
            for quirk in (box.quirks if full else ())
            for copy in range(1, quirk["count"] + 1)
        },
        "plan_cards": {
            plan["id"]: {"name": plan["name"], "text": plan["text"]} for plan in box.master_plans
        },
        "friend_card": {"name": box.friend["name"], "text": box.friend["text"]},
        "gimmick_texts": {
            character: {"front": gimmick["front"], "back": gimmick["back"]}
            for character, gimmick in box.gimmicks.items()
        },
    }


def upgrade(state: State, box: Components) -> State:
    """`state` in today's shape (unchanged if it is already), played with `box`; the state
    passed in is never changed."""
    if "box" in state:
        return state
    return clone(_upgraded(state, box))


def _upgraded(state: State, box: Components) -> State:
    held = {name: state.get(name) for name in PRINTED}
    if printed_copy(box, state["mode"], state["map"]) != held:
        raise UnknownBox(
            "this UNSCREWED game was stored with components this server does not have: the "
            "stand-ins of another version, or another file named by UNSCREWED_COMPONENTS"
        )
    upgraded = {name: value for name, value in state.items() if name not in PRINTED}
    upgraded["box"] = box.digest
    if upgraded.get("phase") == "over":
        # The phase the game ended in was not kept; the round's last one stands for it.
        upgraded["phase"] = Phase.AFTERMATH
    ending = upgraded.get("result")
    if ending is not None and "scores" not in ending:
        # What the old `Unscrewed.result` made of it: 1 for the winner, 0 for the others.
        winners = ending["winners"]
        scores = {str(seat): 1 if seat in winners else 0 for seat in range(state["players"])}
        upgraded["result"] = {"winners": winners, "scores": scores, "reason": ending["reason"]}
    script = upgraded.pop("script", None)
    if script is not None:
        upgraded["asking"] = {**script, "base": _upgraded(script["base"], box)}
    return upgraded
