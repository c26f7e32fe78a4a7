"""The 105 cards of Innovation and the five special achievements, as read from the JSON files
beside this module (verbatim copies of the shared content)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

COLORS = ("blue", "red", "green", "yellow", "purple")
ICONS = ("crown", "leaf", "lightbulb", "castle", "factory", "clock")
SPLAYS = ("left", "right", "up")
AGES = tuple(range(1, 11))


@dataclass(frozen=True)
class Card:
    """One card: its facts, and its effects as (kind, text) pairs ("demand" or "normal")."""

    name: str
    age: int
    color: str
    icons: tuple[str, str, str, str]  # top-left, bottom-left, bottom-middle, bottom-right
    dogma_icon: str
    effects: tuple[tuple[str, str], ...]

    def has(self, icon: str) -> bool:
        """Whether any of the card's four slots shows `icon`."""
        return icon in self.icons


@dataclass(frozen=True)
class Special:
    """A special achievement: its name and the card that can also claim it."""

    name: str
    condition: str
    card: str


def public_components() -> dict[str, list[dict[str, Any]]]:
    """The two JSON files as the page reads them (every card face is public)."""
    return {
        "cards": json.loads((HERE / "cards.json").read_text()),
        "special_achievements": json.loads((HERE / "special_achievements.json").read_text()),
    }


def load_cards() -> dict[str, Card]:
    data = json.loads((HERE / "cards.json").read_text())
    return {
        entry["name"]: Card(
            name=entry["name"],
            age=entry["age"],
            color=entry["color"],
            icons=tuple(entry["icons"]),
            dogma_icon=entry["dogma_icon"],
            effects=tuple((effect["kind"], effect["text"]) for effect in entry["effects"]),
        )
        for entry in data
    }


def load_specials() -> dict[str, Special]:
    data = json.loads((HERE / "special_achievements.json").read_text())
    return {
        entry["name"]: Special(entry["name"], entry["condition"], entry["also_via_card"])
        for entry in data
    }


CARDS: dict[str, Card] = load_cards()
SPECIALS: dict[str, Special] = load_specials()
SPECIAL_NAMES: tuple[str, ...] = tuple(SPECIALS)  # Monument, Empire, World, Wonder, Universe
BY_AGE: dict[int, list[str]] = {
    age: sorted(card.name for card in CARDS.values() if card.age == age) for age in AGES
}


def title_key(name: str) -> str:
    """How titles compare alphabetically (English, leading "The" included)."""
    return name.casefold()
