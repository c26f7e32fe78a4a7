"""UNSCREWED's component file: its format, loading and checking it.

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

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from app.games.unscrewed.component_entry import Entry, named, shown
from app.games.unscrewed.components import CHARACTERS, ComponentError, Components
from app.games.unscrewed.printed_cards import check_gimmick, check_improv, check_quirk
from app.games.unscrewed.printed_maps import check_map

MIN_IMPROV = 30
MIN_QUIRKS = 20


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
        raise ComponentError(f"components: the file must hold a JSON object, not {shown(data)}")
    known = {"stand_in", "note", "maps", "improv", "quirks", "gimmicks", "friend", "master_plans"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ComponentError(f'components: unknown field "{unknown[0]}"')
    maps = [check_map(i, d) for i, d in enumerate(_list(data, "maps"))]
    _unique("maps", maps)
    improv = [check_improv(i, d) for i, d in enumerate(_list(data, "improv"))]
    _unique("improv", improv)
    total = sum(card["count"] for card in improv)
    if total < MIN_IMPROV:
        raise ComponentError(f"improv: the deck has {total} cards; it needs at least {MIN_IMPROV}")
    first = sum(card["count"] for card in improv if card["first_game"])
    if first < MIN_IMPROV // 2:
        raise ComponentError(f"improv: only {first} cards are used in the first game")
    quirks = [check_quirk(i, d) for i, d in enumerate(_list(data, "quirks"))]
    _unique("quirks", quirks)
    if len(quirks) < MIN_QUIRKS:
        raise ComponentError(f"quirks: {len(quirks)} kinds; the deck needs at least {MIN_QUIRKS}")
    gimmicks = [check_gimmick(i, d) for i, d in enumerate(_list(data, "gimmicks"))]
    _unique("gimmicks", gimmicks, "character")
    missing = [c for c in CHARACTERS if c not in {g["character"] for g in gimmicks}]
    if missing:
        raise ComponentError(f'gimmicks: no gimmick for "{missing[0]}"')
    friend = Entry("friend", data.get("friend"), ("name", "text"))
    friend.text("name")
    friend.text("text")
    plans = [
        Entry(named("master_plans", i, d), d, ("id", "name", "text"))
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
