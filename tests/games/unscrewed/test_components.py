"""The stand-in components load; a host file with a mistake gets an error naming it."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from app.games.unscrewed import ComponentError, Unscrewed, load_components
from app.games.unscrewed.board import SPACE_TYPES
from app.games.unscrewed.component_file import stand_in_data
from app.games.unscrewed.printed_cards import ICONS

DATA = stand_in_data()


def broken(change) -> str:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(ComponentError) as caught:
        load_components(data)
    return str(caught.value)


def test_the_stand_ins_load_and_are_marked_as_stand_ins():
    components = load_components(DATA)
    assert components.stand_in
    assert len(components.maps) >= 4
    for name in ("maps.json", "cards.json"):
        raw = json.loads(resources.files("app.games.unscrewed").joinpath(name).read_text())
        assert raw["stand_in"] is True and "stand-in" in raw["note"].lower()
    entries = [
        *DATA["maps"],
        *DATA["improv"],
        *DATA["quirks"],
        *DATA["gimmicks"],
        *DATA["master_plans"],
        DATA["friend"],
    ]
    assert all(entry.get("stand_in") is True for entry in entries)


def test_every_stand_in_map_uses_every_space_type():
    for entry in load_components(DATA).maps:
        used = {space["type"] for row in entry["grid"] for space in row}
        assert used == set(SPACE_TYPES), entry["id"]


def test_the_stand_in_decks_are_full_sized_and_use_every_icon():
    components = load_components(DATA)
    assert sum(card["count"] for card in components.improv) == 60
    assert sum(quirk["count"] for quirk in components.quirks) == 40
    icons = {icon for card in components.improv for icon in card["icons"]}
    assert icons == set(ICONS)
    names = {card["name"] for card in components.improv}
    assert {"Big Hammer", "Extendo-Gloves", "Chompy!", "Switcheroo"} <= names
    assert any(not card["first_game"] for card in components.improv)


def test_a_host_file_replaces_the_maps():
    data = copy.deepcopy(DATA)
    data["maps"] = [dict(DATA["maps"][1], id="H1", name="Host map")]
    game = Unscrewed(load_components(data))
    assert [o for o in game.options if o.name == "map"][0].choices == ("H1",)
    state = game.start(2, {"map": "H1"}, 1)
    assert state["map"] == "H1"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("maps"), 'components: missing "maps"'),
        (lambda d: d.update(extra=1), 'components: unknown field "extra"'),
        (
            lambda d: d["maps"][0]["rows"].__delitem__(slice(0, 2)),
            'maps[0] "1A": the map has 7 rows; it must have 8 to 9',
        ),
        (
            lambda d: d["maps"][0]["rows"].__setitem__(2, ". . ."),
            'maps[0] "1A": row 3 has 3 spaces, not 9',
        ),
        (
            lambda d: d["maps"][0]["rows"].__setitem__(0, ". . . . Q . . . ."),
            'maps[0] "1A": row 1, space 5: unknown space "Q"',
        ),
        (
            lambda d: d["maps"][0]["rows"].__setitem__(0, ". . . . Pa . . . ."),
            'maps[0] "1A": portal "Pa" appears 3 times',
        ),
        (
            lambda d: d["maps"][0]["rows"].__setitem__(4, ". . S . . . . Bw ."),
            'maps[0] "1A": the map has no hole space',
        ),
        (lambda d: d["maps"].append(dict(d["maps"][0])), 'maps: the id "1A" is used twice'),
        (lambda d: d["maps"][0].pop("name"), 'maps[0] "1A": missing field "name"'),
        (
            lambda d: d["improv"][0].update(kind="spell"),
            'improv[0] "big_hammer": "kind" must be "attack" or "surprise"',
        ),
        (lambda d: d["improv"][0].pop("grid"), 'improv[0] "big_hammer": an attack needs a "grid"'),
        (
            lambda d: d["improv"][0]["grid"].update(melee=[[0, 0]]),
            'improv[0] "big_hammer": grid melee cannot be the attacker\'s own space',
        ),
        (
            lambda d: d["improv"][0]["effects"].append({"do": "explode"}),
            'improv[0] "big_hammer": effect 3: unknown effect "explode"',
        ),
        (
            lambda d: d["improv"][0]["effects"][0].update(dir="up"),
            'improv[0] "big_hammer": effect 1: "dir" must be one of',
        ),
        (
            lambda d: d["improv"][0].update(icons=["sparkle"]),
            'improv[0] "big_hammer": "icons" must list icons',
        ),
        (
            lambda d: d["improv"][20]["effects"].append(
                {"do": "move", "who": "victims", "dir": "away"}
            ),
            'improv[20] "switcheroo": effect 2: only attacks have an aim and victims',
        ),
        (lambda d: d["improv"].__setitem__(slice(3, None), []), "improv: the deck has"),
        (lambda d: d["quirks"][0].update(effect="fly"), 'quirks[0] "anchored": "effect" must be'),
        (lambda d: d["quirks"].pop(), "quirks: 19 kinds"),
        (lambda d: d["gimmicks"].pop(), 'gimmicks: no gimmick for "dr_piddles"'),
        (
            lambda d: d["gimmicks"][0]["back"].pop("goal"),
            'gimmicks[0] "freddy_fraidy" back: missing field "goal"',
        ),
        (
            lambda d: d["gimmicks"][1].update(back=d["gimmicks"][0]["back"]),
            'gimmicks[1] "moe_skeeto": this gimmick is one-sided',
        ),
        (lambda d: d["master_plans"].pop(), "master_plans: 2 cards, not 3"),
        (lambda d: d.pop("friend"), "friend: must be a JSON object, not null"),
    ],
)
def test_a_mistake_gets_a_precise_error(change, message):
    assert message in broken(change)


def test_a_map_where_five_cannot_spawn_apart_is_refused():
    def crowd(data):
        rows = ["# # # # # # # # #"] * 9
        rows = list(rows)
        rows[0] = ". . # Pa Pa S C H X"
        rows[1] = "# # # Fn Bn # # # #"
        data["maps"][0]["rows"] = rows

    assert 'maps[0] "1A": only 1 blank spaces lie apart' in broken(crowd)
