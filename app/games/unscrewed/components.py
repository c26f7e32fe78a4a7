"""UNSCREWED's components: loading and checking maps and decks.

The rulebook prints none of the maps or cards, so the game ships stand-ins of our own
(maps.json and cards.json beside this file, every entry marked `"stand_in": true`). A host who
owns the printed game writes one JSON object holding all of it in the same format and names the
file in the setting UNSCREWED_COMPONENTS; `load_components` checks it and raises ComponentError
naming the entry and the problem.

The format (one JSON object; "stand_in" and "note" are optional on the object and every entry):

    maps          a list of maps (at least one)
        id        a short name ("1A"), unique
        name      what the lobby shows
        rows      a list of rows, North first; each row a text of spaces separated by blanks,
                  as many as there are rows (the map is square, 9 by 9 so that the four one-ring
                  covers leave the centre space, or 8 by 8 so that the Core covers everything;
                  either way the game ends by the fourth Aftermath):
                    .   blank           S   slick          C   cracks        H   hole
                    X   crush spot      #   wall
                    Fn  Fe  Fs  Fw      a fan blowing North / East / South / West
                    Bn  Be  Bs  Bw      a bomb spitter whose mouth points that way
                    Pa  Pb  ...         a portal; each letter used by exactly two portals
                  a map uses every space type and lets five players spawn apart
    improv        the Improv deck: attack and surprise cards (at least 30 cards in all)
        id        lower_case_words, unique
        name, text  what the page shows
        kind      "attack" or "surprise"
        count     copies in the deck (default 1)
        first_game  false to leave the card out of the first game (default true)
        icons     the icons the card shows, each one of ICONS
        grid      attacks only: {"melee": [[r, f], ...], "ranged": [{"from": [r, f],
                  "dir": "forward"}], "move": [[r, f], ...]} as if aimed North: r to the right,
                  f forward (attacks.py)
        effects   a list of effects, resolved top to bottom (improv.py lists them)
    quirks        the Quirk deck (at least 20 kinds; copies by "count")
        id, name, text, count
        effect    one of quirks.EFFECTS: what the rules do with it
    gimmicks      one per character (CHARACTERS), each {"character", "front", "back"} where a
                  side is {"title", "goal", "reward", "text"}; "back" is null for one-sided
                  gimmicks; Freddy Fraidy's and The Mad Cow's are double-sided. The texts are
                  shown; what each gimmick does is fixed by the character (gimmicks.py).
    friend        Slappy's Friend token: {"name", "text"}
    master_plans  Dr. Piddles' three Master Plan cards: [{"id", "name", "text"}] x 3
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from app.games.determinism import canonical
from app.games.unscrewed.board import DIRECTIONS, SPACE_TYPES, adjacent
from app.games.unscrewed.quirks import EFFECTS as QUIRK_EFFECTS

CHARACTERS = {
    "freddy_fraidy": "Freddy Fraidy",
    "moe_skeeto": "Moe Skeeto",
    "the_mad_cow": "The Mad Cow",
    "slappy": "Slappy",
    "dr_piddles": "Dr. Piddles",
}
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
LETTERS = {".": "blank", "S": "slick", "C": "cracks", "H": "hole", "X": "crush", "#": "wall"}
FACING = {"n": "north", "e": "east", "s": "south", "w": "west"}
MIN_SIZE = 8
MAX_SIZE = 9
MIN_IMPROV = 30
MIN_QUIRKS = 20
PLAYERS = 5
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
_ID = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


class ComponentError(ValueError):
    """Components that do not fit the format; the message names the entry and the problem."""


@dataclass(frozen=True)
class Components:
    """Everything a game is played with, as checked plain data."""

    maps: tuple[dict[str, Any], ...]
    improv: tuple[dict[str, Any], ...]
    quirks: tuple[dict[str, Any], ...]
    gimmicks: dict[str, dict[str, Any]]
    friend: dict[str, Any]
    master_plans: tuple[dict[str, Any], ...]
    stand_in: bool = False
    note: str = ""

    def map(self, map_id: str) -> dict[str, Any]:
        return self.layouts[map_id]

    def faces(self) -> dict[str, Any]:
        """Every map and card face, JSON-ready: what anyone sees who opens the box."""
        faces: dict[str, Any] = json.loads(json.dumps(asdict(self)))
        return faces

    @cached_property
    def digest(self) -> str:
        """What a state keeps of its box (box.py): 16 hex digits of a SHA-256 over every map
        and card face (the note aside), so that other components, however alike, differ."""
        faces = self.faces()
        faces.pop("note")
        return hashlib.sha256(canonical(faces).encode()).hexdigest()[:16]

    @cached_property
    def layouts(self) -> dict[str, dict[str, Any]]:
        """The maps by id."""
        return {entry["id"]: entry for entry in self.maps}

    @cached_property
    def improv_cards(self) -> dict[str, dict[str, Any]]:
        """The Improv cards by id (a card in a deck is "<id>.<copy>")."""
        return {card["id"]: card for card in self.improv}

    @cached_property
    def quirk_cards(self) -> dict[str, dict[str, Any]]:
        """The Quirks by id (a card in the deck is "<id>.<copy>")."""
        return {quirk["id"]: quirk for quirk in self.quirks}


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Entry:
    def __init__(
        self, where: str, data: Any, required: tuple[str, ...], optional: tuple[str, ...] = ()
    ) -> None:
        self.where = where
        if not isinstance(data, dict):
            raise ComponentError(f"{where}: must be a JSON object, not {_shown(data)}")
        self.data = data
        missing = [name for name in required if name not in data]
        if missing:
            raise ComponentError(f'{where}: missing field "{missing[0]}"')
        known = set(required) | set(optional) | {"stand_in", "note"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ComponentError(f'{where}: unknown field "{unknown[0]}"')
        if not isinstance(data.get("stand_in", False), bool):
            raise ComponentError(f'{where}: "stand_in" must be true or false')

    def fail(self, message: str) -> ComponentError:
        return ComponentError(f"{self.where}: {message}")

    def text(self, name: str) -> str:
        value = self.data[name]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f'"{name}" must be a non-empty text, not {_shown(value)}')
        return value

    def ident(self, name: str = "id") -> str:
        value = self.data[name]
        if not isinstance(value, str) or not _ID.match(value):
            raise self.fail(f'"{name}" must be lower_case_words, not {_shown(value)}')
        return value

    def count(self) -> int:
        value = self.data.get("count", 1)
        if type(value) is not int or value < 1:
            raise self.fail(f'"count" must be a whole number of at least 1, not {_shown(value)}')
        return value


def _named(kind: str, index: int, data: Any) -> str:
    label = data.get("id") if isinstance(data, dict) else None
    return f"{kind}[{index}]" + (f' "{label}"' if isinstance(label, str) else "")


# --- maps -------------------------------------------------------------------------------------


def _space(entry: _Entry, x: int, y: int, text: str) -> dict[str, Any]:
    if text in LETTERS:
        return {"type": LETTERS[text]}
    if len(text) == 2 and text[0] in "FB" and text[1] in FACING:
        kind = "fan" if text[0] == "F" else "bomb_spitter"
        return {"type": kind, "facing": FACING[text[1]]}
    if len(text) == 2 and text[0] == "P" and text[1].isalpha() and text[1].islower():
        return {"type": "portal", "pair": text[1]}
    raise entry.fail(f'row {y + 1}, space {x + 1}: unknown space "{text}"')


def parse_rows(rows: list[str], where: str = "map") -> list[list[dict[str, Any]]]:
    """A grid of space dicts from rows of space letters (no checks beyond the letters)."""
    entry = _Entry(where, {}, ())
    return [
        [_space(entry, x, y, text) for x, text in enumerate(row.split())]
        for y, row in enumerate(rows)
    ]


def _map(index: int, data: Any) -> dict[str, Any]:
    entry = _Entry(_named("maps", index, data), data, ("id", "name", "rows"))
    map_id = data["id"]
    if not isinstance(map_id, str) or not re.match(r"^[A-Za-z0-9]{1,8}$", map_id):
        raise entry.fail(f'"id" must be up to 8 letters and digits, not {_shown(map_id)}')
    entry.text("name")
    rows = data["rows"]
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise entry.fail('"rows" must be a list of texts')
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise entry.fail(f"the map has {size} rows; it must have {MIN_SIZE} to {MAX_SIZE}")
    grid = []
    for y, row in enumerate(rows):
        texts = row.split()
        if len(texts) != size:
            raise entry.fail(f"row {y + 1} has {len(texts)} spaces, not {size} (the map is square)")
        grid.append([_space(entry, x, y, text) for x, text in enumerate(texts)])
    pairs: dict[str, int] = {}
    for row in grid:
        for space in row:
            if space["type"] == "portal":
                pairs[space["pair"]] = pairs.get(space["pair"], 0) + 1
    for pair, count in sorted(pairs.items()):
        if count != 2:
            raise entry.fail(f'portal "P{pair}" appears {count} times; each pair needs exactly 2')
    used = {space["type"] for row in grid for space in row}
    missing = [kind for kind in SPACE_TYPES if kind not in used]
    if missing:
        raise entry.fail(f"the map has no {missing[0]} space; it must use every space type")
    blanks = [
        (x, y)
        for y, row in enumerate(grid)
        for x, space in enumerate(row)
        if space["type"] == "blank"
    ]
    apart: list[tuple[int, int]] = []
    for pos in blanks:
        if all(not adjacent(pos, other) for other in apart):
            apart.append(pos)
    if len(apart) < PLAYERS:
        raise entry.fail(f"only {len(apart)} blank spaces lie apart; five players must spawn")
    return {
        "id": map_id,
        "name": data["name"],
        "size": size,
        "grid": grid,
        "rows": list(rows),
        "stand_in": data.get("stand_in", False),
    }


# --- improv cards -----------------------------------------------------------------------------


def _offset(entry: _Entry, value: Any, what: str) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int and -6 <= v <= 6 for v in value)
    ):
        raise entry.fail(f"{what} must be an offset [right, forward], not {_shown(value)}")
    if value == [0, 0]:
        raise entry.fail(f"{what} cannot be the attacker's own space [0, 0]")
    return value


def _grid(entry: _Entry, grid: Any) -> dict[str, Any]:
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
                f'a ranged line must be {{"from": [r, f], "dir": ...}}, not {_shown(line)}'
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
    entry: _Entry, effects: Any, attack: bool, grid: dict[str, Any] | None
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
                    f"not {_shown(effect.get(name))}"
                )

        if do == "move":
            need("who", WHO)
            need("dir", MOVE_DIRS)
            steps = effect.get("n", 1)
            if steps != "roll" and not (type(steps) is int and 1 <= steps <= 6):
                raise entry.fail(f'{where}: "n" must be 1 to 6 or "roll", not {_shown(steps)}')
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


def _improv(index: int, data: Any) -> dict[str, Any]:
    entry = _Entry(
        _named("improv", index, data),
        data,
        ("id", "name", "kind", "text", "icons", "effects"),
        ("count", "first_game", "grid"),
    )
    card_id = entry.ident()
    entry.text("name")
    entry.text("text")
    kind = data["kind"]
    if kind not in ("attack", "surprise"):
        raise entry.fail(f'"kind" must be "attack" or "surprise", not {_shown(kind)}')
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


def _quirk(index: int, data: Any) -> dict[str, Any]:
    entry = _Entry(
        _named("quirks", index, data), data, ("id", "name", "text", "effect"), ("count",)
    )
    quirk_id = entry.ident()
    entry.text("name")
    entry.text("text")
    if data["effect"] not in QUIRK_EFFECTS:
        raise entry.fail(
            f'"effect" must be one of {", ".join(QUIRK_EFFECTS)}, not {_shown(data["effect"])}'
        )
    return {
        "id": quirk_id,
        "name": data["name"],
        "text": data["text"],
        "effect": data["effect"],
        "count": entry.count(),
        "stand_in": data.get("stand_in", False),
    }


def _side(entry: _Entry, data: Any, name: str) -> dict[str, Any]:
    side = _Entry(f"{entry.where} {name}", data, ("title", "goal", "reward", "text"))
    for field in ("title", "goal", "reward", "text"):
        side.text(field)
    return {field: data[field] for field in ("title", "goal", "reward", "text")}


def _gimmick(index: int, data: Any) -> dict[str, Any]:
    label = data.get("character") if isinstance(data, dict) else None
    where = f"gimmicks[{index}]" + (f' "{label}"' if isinstance(label, str) else "")
    entry = _Entry(where, data, ("character", "front", "back"))
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


def _list(data: dict[str, Any], name: str) -> list[Any]:
    if name not in data:
        raise ComponentError(f'components: missing "{name}"')
    value = data[name]
    if not isinstance(value, list) or not value:
        raise ComponentError(f'components: "{name}" must be a non-empty list')
    return value


def _unique(kind: str, entries: list[dict[str, Any]], field: str = "id") -> None:
    seen: set[str] = set()
    for entry in entries:
        if entry[field] in seen:
            raise ComponentError(f'{kind}: the {field} "{entry[field]}" is used twice')
        seen.add(entry[field])


def load_components(data: Any) -> Components:
    """Check a parsed component file (see the module docstring) and return its components."""
    if not isinstance(data, dict):
        raise ComponentError(f"components: the file must hold a JSON object, not {_shown(data)}")
    known = {"stand_in", "note", "maps", "improv", "quirks", "gimmicks", "friend", "master_plans"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ComponentError(f'components: unknown field "{unknown[0]}"')
    maps = [_map(i, d) for i, d in enumerate(_list(data, "maps"))]
    _unique("maps", maps)
    improv = [_improv(i, d) for i, d in enumerate(_list(data, "improv"))]
    _unique("improv", improv)
    total = sum(card["count"] for card in improv)
    if total < MIN_IMPROV:
        raise ComponentError(f"improv: the deck has {total} cards; it needs at least {MIN_IMPROV}")
    first = sum(card["count"] for card in improv if card["first_game"])
    if first < MIN_IMPROV // 2:
        raise ComponentError(f"improv: only {first} cards are used in the first game")
    quirks = [_quirk(i, d) for i, d in enumerate(_list(data, "quirks"))]
    _unique("quirks", quirks)
    if len(quirks) < MIN_QUIRKS:
        raise ComponentError(f"quirks: {len(quirks)} kinds; the deck needs at least {MIN_QUIRKS}")
    gimmicks = [_gimmick(i, d) for i, d in enumerate(_list(data, "gimmicks"))]
    _unique("gimmicks", gimmicks, "character")
    missing = [c for c in CHARACTERS if c not in {g["character"] for g in gimmicks}]
    if missing:
        raise ComponentError(f'gimmicks: no gimmick for "{missing[0]}"')
    friend = _Entry("friend", data.get("friend"), ("name", "text"))
    friend.text("name")
    friend.text("text")
    plans = [
        _Entry(_named("master_plans", i, d), d, ("id", "name", "text"))
        for i, d in enumerate(_list(data, "master_plans"))
    ]
    for plan in plans:
        plan.ident()
        plan.text("name")
        plan.text("text")
    if len(plans) != 3:
        raise ComponentError(f"master_plans: {len(plans)} cards, not 3")
    stand_in = data.get("stand_in", False)
    if not isinstance(stand_in, bool):
        raise ComponentError('components: "stand_in" must be true or false')
    return Components(
        maps=tuple(maps),
        improv=tuple(improv),
        quirks=tuple(quirks),
        gimmicks={g["character"]: g for g in gimmicks},
        friend=dict(data["friend"]),
        master_plans=tuple(dict(p.data) for p in plans),
        stand_in=stand_in,
        note=str(data.get("note", "")),
    )


def stand_in_data() -> dict[str, Any]:
    """The stand-in files combined into the one-object format a host file uses."""
    package = resources.files("app.games.unscrewed")
    maps = json.loads(package.joinpath("maps.json").read_text())
    cards = json.loads(package.joinpath("cards.json").read_text())
    return {
        "stand_in": True,
        "note": cards.get("note", ""),
        "maps": maps["maps"],
        **{
            name: cards[name] for name in ("improv", "quirks", "gimmicks", "friend", "master_plans")
        },
    }


@lru_cache(maxsize=1)
def stand_in_components() -> Components:
    return load_components(stand_in_data())
