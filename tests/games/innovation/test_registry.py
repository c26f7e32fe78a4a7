"""The card registry: the card data as loaded, and every card's effects registered exactly
(indices 1..n in cards.json order, generator functions, nothing for unknown cards)."""

from __future__ import annotations

import inspect
import json
from collections import Counter
from pathlib import Path

import pytest

from app.games.innovation.cards import CARDS, COLORS, ICONS, SPECIALS
from app.games.innovation.effects import EFFECTS, effect

PACKAGE = Path(__file__).parents[3] / "app" / "games" / "innovation"


def test_the_card_data_is_the_base_set():
    data = json.loads((PACKAGE / "cards.json").read_text())
    assert [card["name"] for card in data] == list(CARDS)
    assert len(CARDS) == 105
    assert Counter(card.age for card in CARDS.values()) == {
        1: 15,
        **{age: 10 for age in range(2, 11)},
    }
    assert Counter(card.color for card in CARDS.values()) == dict.fromkeys(COLORS, 21)
    for card in CARDS.values():
        assert card.icons.count("hex") == 1, card.name
        assert set(card.icons) <= {*ICONS, "hex"}, card.name
        assert card.dogma_icon in ICONS, card.name
        assert card.effects and all(kind in ("demand", "normal") for kind, _ in card.effects)
    assert list(SPECIALS) == ["Monument", "Empire", "World", "Wonder", "Universe"]
    assert {special.card for special in SPECIALS.values()} <= set(CARDS)


@pytest.mark.parametrize("name", list(CARDS))
def test_every_effect_of_the_card_is_registered(name):
    registered = EFFECTS.get(name, {})
    assert sorted(registered) == list(range(1, len(CARDS[name].effects) + 1))
    for index, fn in registered.items():
        assert inspect.isgeneratorfunction(fn), f"{name} effect {index} is not a generator"


def test_nothing_is_registered_for_unknown_cards():
    assert set(EFFECTS) <= set(CARDS)
    for name, registered in EFFECTS.items():
        assert set(registered) <= set(range(1, len(CARDS[name].effects) + 1)), name


def test_the_decorator_refuses_unknown_cards_indices_and_doubles(monkeypatch):
    def nothing(ctx):
        yield from ()

    monkeypatch.setitem(EFFECTS, "Writing", {1: nothing})

    with pytest.raises(KeyError):
        effect("Not A Card", 1)
    with pytest.raises(KeyError):
        effect("Writing", 2)
    with pytest.raises(KeyError):
        effect("Writing", 0)
    with pytest.raises(KeyError):
        effect("Writing", 1)(nothing)
    monkeypatch.setitem(EFFECTS, "Pottery", {})
    assert effect("Pottery", 2)(nothing) is nothing
    assert EFFECTS["Pottery"] == {2: nothing}
