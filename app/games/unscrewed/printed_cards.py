"""The cards of a component file: Improv cards (with an attack's grid and the effects), Quirks
and gimmicks, each checked against the format in component_file.py.
"""

from __future__ import annotations

from typing import Any

from app.games.unscrewed.board import DIRECTIONS
from app.games.unscrewed.component_entry import Entry, named, shown
from app.games.unscrewed.components import CHARACTERS
from app.games.unscrewed.quirks import EFFECTS as QUIRK_EFFECTS

DOUBLE_SIDED = ("freddy_fraidy", "the_mad_cow")
ICONS = (
    "stumble",
    "coin",
    "improvise",
    "directions",
    "arrows",
    "confuse",
    "shift",
    "trash",
    "die",
    "bomb",
    "anvil",
    "hole",
    "slick",
    "plan",
)
RELATIVE = ("forward", "back", "left", "right")
WHO = ("self", "victims", "others", "everyone")
MOVE_DIRS = (
    "forward",
    "back",
    "left",
    "right",
    *DIRECTIONS,
    "away",
    "toward",
    "choose",
    "shift",
    "stumble",
)
PLACES = ("targets", "front", "behind", "around", "cross")
WHAT = ("hole", "slick", "bomb", "anvil")


def _offset(entry: Entry, value: Any, what: str) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int and -6 <= v <= 6 for v in value)
    ):
        raise entry.fail(f"{what} must be an offset [right, forward], not {shown(value)}")
    if value == [0, 0]:
        raise entry.fail(f"{what} cannot be the attacker's own space [0, 0]")
    return value


def _grid(entry: Entry, grid: Any) -> dict[str, Any]:
    if not isinstance(grid, dict) or set(grid) - {"melee", "ranged", "move"}:
        raise entry.fail('"grid" must be an object with "melee", "ranged" and "move" lists')
    checked: dict[str, Any] = {}
    for name in ("melee", "move"):
        values = grid.get(name, [])
        if not isinstance(values, list):
            raise entry.fail(f'grid "{name}" must be a list of offsets')
        checked[name] = [_offset(entry, v, f"grid {name}") for v in values]
    lines = grid.get("ranged", [])
    if not isinstance(lines, list):
        raise entry.fail('grid "ranged" must be a list of lines')
    checked["ranged"] = []
    for line in lines:
        if not isinstance(line, dict) or "from" not in line:
            raise entry.fail(
                f'a ranged line must be {{"from": [r, f], "dir": ...}}, not {shown(line)}'
            )
        direction = line.get("dir", "forward")
        if direction not in RELATIVE:
            raise entry.fail(f'a ranged line\'s "dir" must be one of {", ".join(RELATIVE)}')
        checked["ranged"].append(
            {"from": _offset(entry, line["from"], "ranged from"), "dir": direction}
        )
    if not (checked["melee"] or checked["ranged"] or checked["move"]):
        raise entry.fail("an attack's grid needs at least one symbol")
    return checked


def _effects(
    entry: Entry, effects: Any, attack: bool, grid: dict[str, Any] | None
) -> list[dict[str, Any]]:
    if not isinstance(effects, list) or not effects:
        raise entry.fail('"effects" must be a non-empty list')
    for number, effect in enumerate(effects, 1):
        where = f"effect {number}"
        if not isinstance(effect, dict) or "do" not in effect:
            raise entry.fail(f'{where} must be an object with "do"')
        do = effect["do"]

        def need(
            name: str, choices: tuple[str, ...], where: str = where, effect: Any = effect
        ) -> None:
            if effect.get(name) not in choices:
                raise entry.fail(
                    f'{where}: "{name}" must be one of {", ".join(choices)}, '
                    f"not {shown(effect.get(name))}"
                )

        if do == "move":
            need("who", WHO)
            need("dir", MOVE_DIRS)
            steps = effect.get("n", 1)
            if steps != "roll" and not (type(steps) is int and 1 <= steps <= 6):
                raise entry.fail(f'{where}: "n" must be 1 to 6 or "roll", not {shown(steps)}')
            aimed = effect["dir"] in ("forward", "back", "left", "right")
            if (aimed or effect["who"] == "victims") and not attack:
                raise entry.fail(f"{where}: only attacks have an aim and victims")
        elif do == "path":
            if not attack or not (grid and grid["move"]):
                raise entry.fail(f"{where}: a path needs an attack with move symbols")
        elif do == "place":
            need("what", WHAT)
            need("where", PLACES)
            if effect["where"] in ("targets", "front", "behind") and not attack:
                raise entry.fail(f"{where}: only attacks have targets, a front and a behind")
        elif do == "coin":
            for side in ("win", "lose"):
                if side not in effect:
                    raise entry.fail(f'{where}: a coin flip needs "{side}"')
                _effects(entry, effect[side], attack, grid) if effect[side] else None
        elif do in ("confuse", "trash"):
            need("who", WHO[:4] if do == "trash" else WHO[:3])
            if effect["who"] == "victims" and not attack:
                raise entry.fail(f"{where}: only attacks have victims")
        elif do == "switch":
            need("with", ("next", "previous", "victim"))
        elif do not in ("improvise", "plan"):
            raise entry.fail(f'{where}: unknown effect "{do}"')
    return effects


def check_improv(index: int, data: Any) -> dict[str, Any]:
    entry = Entry(
        named("improv", index, data),
        data,
        ("id", "name", "kind", "text", "icons", "effects"),
        ("count", "first_game", "grid"),
    )
    card_id = entry.ident()
    entry.text("name")
    entry.text("text")
    kind = data["kind"]
    if kind not in ("attack", "surprise"):
        raise entry.fail(f'"kind" must be "attack" or "surprise", not {shown(kind)}')
    icons = data["icons"]
    if not isinstance(icons, list) or any(icon not in ICONS for icon in icons):
        raise entry.fail(f'"icons" must list icons from {", ".join(ICONS)}')
    first_game = data.get("first_game", True)
    if not isinstance(first_game, bool):
        raise entry.fail('"first_game" must be true or false')
    grid = None
    if kind == "attack":
        if "grid" not in data:
            raise entry.fail('an attack needs a "grid"')
        grid = _grid(entry, data["grid"])
    elif "grid" in data:
        raise entry.fail('a surprise has no "grid"')
    effects = _effects(entry, data["effects"], kind == "attack", grid)
    card = {
        "id": card_id,
        "name": data["name"],
        "kind": kind,
        "text": data["text"],
        "icons": list(icons),
        "count": entry.count(),
        "first_game": first_game,
        "effects": effects,
        "stand_in": data.get("stand_in", False),
    }
    if grid is not None:
        card["grid"] = grid
    return card


def check_quirk(index: int, data: Any) -> dict[str, Any]:
    entry = Entry(named("quirks", index, data), data, ("id", "name", "text", "effect"), ("count",))
    quirk_id = entry.ident()
    entry.text("name")
    entry.text("text")
    if data["effect"] not in QUIRK_EFFECTS:
        raise entry.fail(
            f'"effect" must be one of {", ".join(QUIRK_EFFECTS)}, not {shown(data["effect"])}'
        )
    return {
        "id": quirk_id,
        "name": data["name"],
        "text": data["text"],
        "effect": data["effect"],
        "count": entry.count(),
        "stand_in": data.get("stand_in", False),
    }


def _side(entry: Entry, data: Any, name: str) -> dict[str, Any]:
    side = Entry(f"{entry.where} {name}", data, ("title", "goal", "reward", "text"))
    for field in ("title", "goal", "reward", "text"):
        side.text(field)
    return {field: data[field] for field in ("title", "goal", "reward", "text")}


def check_gimmick(index: int, data: Any) -> dict[str, Any]:
    label = data.get("character") if isinstance(data, dict) else None
    where = f"gimmicks[{index}]" + (f' "{label}"' if isinstance(label, str) else "")
    entry = Entry(where, data, ("character", "front", "back"))
    if data["character"] not in CHARACTERS:
        raise entry.fail(f'"character" must be one of {", ".join(CHARACTERS)}')
    front = _side(entry, data["front"], "front")
    back = None
    if data["character"] in DOUBLE_SIDED:
        back = _side(entry, data["back"], "back")
    elif data["back"] is not None:
        raise entry.fail('this gimmick is one-sided: "back" must be null')
    return {
        "character": data["character"],
        "front": front,
        "back": back,
        "stand_in": data.get("stand_in", False),
    }
