"""Nerdy Inventions' card lists: the stand-in file, and `load_cards` refusing bad lists clearly."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from app.games.nerdy_inventions import CardError, load_cards
from app.games.nerdy_inventions.cards import ABILITIES, CardSet, stand_in_cards

FILE = Path(__file__).parents[3] / "app" / "games" / "nerdy_inventions" / "cards.json"


def raw() -> dict[str, Any]:
    return json.loads(FILE.read_text())


def refused(data: Any) -> str:
    with pytest.raises(CardError) as caught:
        load_cards(data)
    return str(caught.value)


def card(data: dict[str, Any], slug: str) -> dict[str, Any]:
    (found,) = [
        entry
        for section in ("inventions", "starting", "tools")
        for entry in data[section]
        if entry["slug"] == slug
    ]
    return found


# --- the stand-in file ----------------------------------------------------------------------


def test_the_stand_in_file_loads():
    cards = stand_in_cards()
    assert isinstance(cards, CardSet)
    assert cards == load_cards(raw())
    assert load_cards(cards.to_json()) == cards


def test_29_inventions_4_starting_inventions_and_3_tools():
    cards = stand_in_cards()
    assert len(cards.inventions) == 10
    assert sum(kind.count for kind in cards.inventions) == 29
    assert [start.seat_order for start in cards.starting] == [1, 2, 3, 4]
    assert sum(tool.count for tool in cards.tools) == 3


def test_every_ability_is_on_a_card():
    cards = stand_in_cards()
    assert sorted(kind.ability for kind in cards.inventions) == sorted(ABILITIES)
    assert {start.ability for start in cards.starting} <= set(ABILITIES)


def test_every_card_and_the_file_are_marked_as_stand_ins_with_a_note():
    data = raw()
    assert data["stand_in"] is True and "NERDY_INVENTIONS_CARDS" in data["note"]
    for section in ("inventions", "starting", "tools"):
        for entry in data[section]:
            assert entry["stand_in"] is True, entry["slug"]
            assert entry["note"].startswith("Stand-in"), entry["slug"]


def test_the_curve_cheap_cards_are_worth_little_and_the_zeppelin_is_rare_and_costly():
    kinds = {kind.slug: kind for kind in stand_in_cards().inventions}
    for kind in kinds.values():
        assert 1 <= len(kind.cost) <= 3
        assert kind.points <= len(kind.cost) or kind.ability == "zeppelin"
        if len(kind.cost) == 1:
            assert kind.points == 1 and kind.level <= 2
    zeppelin = kinds["zeppelin"]
    assert (zeppelin.level, zeppelin.count) == (5, 1)
    assert zeppelin.points == max(kind.points for kind in kinds.values())
    assert zeppelin.cost.count(6) == 2 and len(zeppelin.cost) == 3


# --- refusing bad lists, with the card and the field named ----------------------------------


def test_a_missing_field_is_refused():
    data = raw()
    del card(data, "clamp")["level"]
    assert refused(data) == 'inventions[4] "clamp": missing field "level"'


@pytest.mark.parametrize("level", [0, 6, "3", 2.5, True, None])
def test_a_bad_level_is_refused(level):
    data = raw()
    card(data, "clamp")["level"] = level
    expected = '"level" must be a whole number from 1 to 5, not ' + json.dumps(level)
    assert refused(data) == f'inventions[4] "clamp": {expected}'


def test_counts_that_do_not_add_up_to_29_are_refused():
    data = raw()
    card(data, "camera")["count"] = 4
    message = refused(data)
    assert message.startswith("inventions: the counts add up to 30, not 29 (")
    assert "camera 4" in message


def test_an_unknown_ability_is_refused():
    data = raw()
    card(data, "dragonfly")["ability"] = "fly"
    assert refused(data) == (
        'inventions[2] "dragonfly": "ability" must be one of shuffle_row, minus_one, exchange, '
        'minus_two, redistribute, swap_neighbours, pass_tool, reroll, split, zeppelin, not "fly"'
    )


@pytest.mark.parametrize(
    ("cost", "message"),
    [
        ([], '"cost" must be a list of 1 to 3 requirements, not []'),
        ([1, 2, 3, 4], '"cost" must be a list of 1 to 3 requirements, not [1, 2, 3, 4]'),
        ("4, gear", '"cost" must be a list of 1 to 3 requirements, not "4, gear"'),
        ([4, 7], '"cost" requirement 2 must be a number from 1 to 6 or "gear", not 7'),
        ([0], '"cost" requirement 1 must be a number from 1 to 6 or "gear", not 0'),
        (["cog"], '"cost" requirement 1 must be a number from 1 to 6 or "gear", not "cog"'),
        ([4, True], '"cost" requirement 2 must be a number from 1 to 6 or "gear", not true'),
    ],
)
def test_a_bad_cost_is_refused(cost, message):
    data = raw()
    card(data, "clamp")["cost"] = cost
    assert refused(data) == f'inventions[4] "clamp": {message}'


def test_an_unknown_field_is_refused():
    data = raw()
    card(data, "clamp")["lvl"] = 2
    assert refused(data).startswith('inventions[4] "clamp": unknown field "lvl" (the fields are ')


def test_two_entries_with_one_ability_are_refused():
    data = raw()
    card(data, "dragonfly")["ability"] = "minus_one"
    assert refused(data) == (
        'inventions: "pocket-watch" and "dragonfly" both have the ability minus_one; each kind '
        "of invention (one per ability) is one entry"
    )


def test_a_missing_ability_is_refused():
    data = raw()
    data["inventions"] = [entry for entry in data["inventions"] if entry["slug"] != "zeppelin"]
    card(data, "clamp")["count"] += 1
    assert refused(data) == "inventions: no card has the ability zeppelin"


def test_starting_inventions_need_one_per_seat_order():
    data = raw()
    card(data, "starter-camera")["seat_order"] = 3
    assert refused(data) == (
        "starting: there must be 4 starting inventions, one for each seat_order 1 to 4, "
        "not seat_order [1, 2, 3, 3]"
    )
    del data["starting"][0]
    assert "not seat_order [2, 3, 3]" in refused(data)


def test_a_starting_invention_may_have_a_cost():
    data = raw()
    card(data, "starter-camera")["cost"] = [1, "gear"]
    assert load_cards(data).starting[3].cost == (1, "gear")
    card(data, "starter-camera")["cost"] = [9]
    assert refused(data).startswith('starting[3] "starter-camera": "cost" requirement 1 must')


def test_tools_must_add_up_to_3():
    data = raw()
    card(data, "tool")["count"] = 2
    assert refused(data) == "tools: the counts add up to 2, not 3"


@pytest.mark.parametrize(
    ("slug", "message"),
    [
        ("Clamp", '"slug" must be lower-case letters and digits joined by "-", not "Clamp"'),
        (
            "big clamp",
            '"slug" must be lower-case letters and digits joined by "-", not "big clamp"',
        ),
        ("", '"slug" must be lower-case letters and digits joined by "-", not ""'),
    ],
)
def test_a_bad_slug_is_refused(slug, message):
    data = raw()
    card(data, "clamp")["slug"] = slug
    assert refused(data) == f"inventions[4]: {message}"


def test_a_slug_used_twice_is_refused():
    data = raw()
    card(data, "tool")["slug"] = "clamp"
    assert refused(data) == 'card list: the slug "clamp" is used by two cards'


@pytest.mark.parametrize("name", ["", "  ", "{seat0}'s clamp", 7, "x" * 41])
def test_a_bad_name_is_refused(name):
    data = raw()
    card(data, "clamp")["name"] = name
    assert refused(data).startswith('inventions[4] "clamp": "name" must be')


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.pop("tools"), 'card list: missing field "tools"'),
        (
            lambda data: data.update(inventions={}),
            'card list: "inventions" must be a list of cards',
        ),
        (lambda data: data.update(extra=1), 'card list: unknown field "extra"'),
        (lambda data: data.update(stand_in="yes"), 'card list: "stand_in" must be true or false'),
        (
            lambda data: data["inventions"].append(3),
            "inventions[10]: each card must be a JSON object",
        ),
        (
            lambda data: card(data, "clamp").update(points=-1),
            '"points" must be a whole number of 0',
        ),
        (lambda data: card(data, "clamp").update(count=0), '"count" must be a whole number of 1'),
        (lambda data: card(data, "clamp").update(stand_in=1), '"stand_in" must be true or false'),
    ],
)
def test_other_mistakes_are_refused_with_the_field_named(change, message):
    data = raw()
    change(data)
    assert message in refused(data)


@pytest.mark.parametrize("data", [[], "cards", None, 3])
def test_a_list_must_be_a_json_object(data):
    assert refused(data).startswith("card list: the file must hold a JSON object, not ")


def test_a_hosts_list_without_stand_in_marks_loads():
    data = raw()
    data = {key: value for key, value in data.items() if key not in ("stand_in", "note")}
    for section in ("inventions", "starting", "tools"):
        for entry in data[section]:
            entry.pop("stand_in")
            entry.pop("note")
    cards = load_cards(copy.deepcopy(data))
    assert cards.stand_in is False
    assert not any(kind.stand_in for kind in cards.inventions)
    assert load_cards(cards.to_json()) == cards
