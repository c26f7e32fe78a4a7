"""Nerdy Inventions' cards: the card model and `load_cards`, which checks a parsed card list.

The rulebook describes the cards but does not print their values. The list the game plays with
by default is `cards.json` beside this file: stand-in values of our own, each marked
`"stand_in": true`. A host who owns the printed game writes a file of the same format and gives
it to the server (the setting NERDY_INVENTIONS_CARDS); the server parses the JSON and calls
`load_cards`, which refuses anything malformed with a `CardError` naming the card and the field.

The format (a JSON object):

    stand_in     optional bool: the whole list is a stand-in (default false)
    note         optional text
    inventions   the invention cards: one entry per kind, the copies given by "count"
                 (the counts add up to 29); every one of the ten abilities appears once
        slug     lower-case words joined by "-": "pocket-watch" (copies are "pocket-watch-1", ...)
        name     what the page shows
        ability  one of ABILITIES
        level    1..5: charging needs a die of at least this value; the tool raises by it
        cost     1 to 3 requirements, each a number 1..6 or "gear" (the value of the tile above)
        points   victory points, 0 or more
        count    how many copies are in the game, 1 or more
        stand_in, note   optional, as above
    starting     the 4 starting inventions, one per seat_order 1..4 (the turn order), each with
                 slug, name, seat_order, ability, level, points, and an optional cost (without
                 one, the card can never be built should it reach the invention row)
    tools        the tool cards: slug, name, points, count (the counts add up to 3)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

ABILITIES = (
    "shuffle_row",  # camera
    "minus_one",  # pocket watch
    "exchange",  # top hat
    "minus_two",  # clamp
    "redistribute",  # locomotive
    "swap_neighbours",  # dragonfly
    "pass_tool",  # flintlock
    "reroll",  # cuckoo clock
    "split",  # hot air balloon
    "zeppelin",
)
GEAR = "gear"
INVENTION_CARDS = 29
STARTING_CARDS = 4
TOOL_CARDS = 3
MAX_LEVEL = 5
MAX_COST = 3

Requirement = int | str

_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class CardError(ValueError):
    """A card list that does not fit the format; the message names the card and the field."""


@dataclass(frozen=True)
class Invention:
    """One kind of invention card and how many copies of it the deck holds."""

    slug: str
    name: str
    ability: str
    level: int
    cost: tuple[Requirement, ...]
    points: int
    count: int
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class StartingInvention:
    """A starting invention, dealt to the seat whose place in the turn order is seat_order."""

    slug: str
    name: str
    seat_order: int
    ability: str
    level: int
    points: int
    cost: tuple[Requirement, ...] | None = None
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class Tool:
    slug: str
    name: str
    points: int
    count: int
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class CardSet:
    """A whole card list: the inventions, the starting inventions (by seat_order), the tools."""

    inventions: tuple[Invention, ...]
    starting: tuple[StartingInvention, ...]
    tools: tuple[Tool, ...]
    stand_in: bool = False
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        """The list in the file format; `load_cards(cards.to_json()) == cards`."""

        def entry(card: Any, fields: tuple[str, ...]) -> dict[str, Any]:
            data: dict[str, Any] = {}
            for name in fields:
                value = getattr(card, name)
                if name == "cost":
                    if value is None:
                        continue
                    value = list(value)
                data[name] = value
            if card.stand_in:
                data["stand_in"] = True
            if card.note:
                data["note"] = card.note
            return data

        data: dict[str, Any] = {}
        if self.stand_in:
            data["stand_in"] = True
        if self.note:
            data["note"] = self.note
        data["inventions"] = [entry(card, _INVENTION_FIELDS) for card in self.inventions]
        data["starting"] = [entry(card, _STARTING_FIELDS) for card in self.starting]
        data["tools"] = [entry(card, _TOOL_FIELDS) for card in self.tools]
        return data


_INVENTION_FIELDS = ("slug", "name", "ability", "level", "cost", "points", "count")
_STARTING_FIELDS = ("slug", "name", "seat_order", "ability", "level", "points", "cost")
_TOOL_FIELDS = ("slug", "name", "points", "count")
_OPTIONAL = ("stand_in", "note")
_TOP_FIELDS = ("stand_in", "note", "inventions", "starting", "tools")


# --- checking a card list -------------------------------------------------------------------


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Entry:
    """One entry of a list under check, which knows how to name itself in an error."""

    def __init__(self, section: str, index: int, data: Any) -> None:
        self.data = data
        self.where = f"{section}[{index}]"
        if not isinstance(data, dict):
            raise CardError(f"{self.where}: each card must be a JSON object, not {_shown(data)}")
        slug = data.get("slug")
        if isinstance(slug, str) and _SLUG.match(slug):
            self.where += f' "{slug}"'

    def fail(self, message: str) -> CardError:
        return CardError(f"{self.where}: {message}")

    def fields(self, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        for name in required:
            if name not in self.data:
                raise self.fail(f'missing field "{name}"')
        unknown = [name for name in self.data if name not in required + optional + _OPTIONAL]
        if unknown:
            known = ", ".join(required + optional + _OPTIONAL)
            raise self.fail(f'unknown field "{unknown[0]}" (the fields are {known})')

    def slug(self) -> str:
        value = self.data["slug"]
        if not isinstance(value, str) or not _SLUG.match(value):
            raise self.fail(
                f'"slug" must be lower-case letters and digits joined by "-", not {_shown(value)}'
            )
        return value

    def name(self) -> str:
        value = self.data["name"]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f'"name" must be a non-empty text, not {_shown(value)}')
        if "{" in value or "}" in value or len(value) > 40:
            raise self.fail(f'"name" must be at most 40 characters without braces: {_shown(value)}')
        return value

    def number(self, field: str, low: int, high: int | None = None) -> int:
        value = self.data[field]
        if not _is_int(value) or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"of {low} or more"
            raise self.fail(f'"{field}" must be a whole number {bound}, not {_shown(value)}')
        number: int = value
        return number

    def ability(self) -> str:
        value = self.data["ability"]
        if value not in ABILITIES:
            raise self.fail(f'"ability" must be one of {", ".join(ABILITIES)}, not {_shown(value)}')
        ability: str = value
        return ability

    def cost(self) -> tuple[Requirement, ...]:
        value = self.data["cost"]
        if not isinstance(value, list) or not 1 <= len(value) <= MAX_COST:
            raise self.fail(
                f'"cost" must be a list of 1 to {MAX_COST} requirements, not {_shown(value)}'
            )
        for position, requirement in enumerate(value, 1):
            if requirement != GEAR and not (_is_int(requirement) and 1 <= requirement <= 6):
                raise self.fail(
                    f'"cost" requirement {position} must be a number from 1 to 6 or "gear", '
                    f"not {_shown(requirement)}"
                )
        return tuple(value)

    def optional(self) -> tuple[bool, str]:
        stand_in = self.data.get("stand_in", False)
        note = self.data.get("note", "")
        if not isinstance(stand_in, bool):
            raise self.fail(f'"stand_in" must be true or false, not {_shown(stand_in)}')
        if not isinstance(note, str):
            raise self.fail(f'"note" must be a text, not {_shown(note)}')
        return stand_in, note


def _section(data: dict[str, Any], name: str) -> list[Any]:
    if name not in data:
        raise CardError(f'card list: missing field "{name}"')
    value = data[name]
    if not isinstance(value, list):
        raise CardError(f'card list: "{name}" must be a list of cards, not {_shown(value)}')
    return value


def _invention(index: int, data: Any) -> Invention:
    entry = _Entry("inventions", index, data)
    entry.fields(_INVENTION_FIELDS)
    stand_in, note = entry.optional()
    return Invention(
        slug=entry.slug(),
        name=entry.name(),
        ability=entry.ability(),
        level=entry.number("level", 1, MAX_LEVEL),
        cost=entry.cost(),
        points=entry.number("points", 0),
        count=entry.number("count", 1),
        stand_in=stand_in,
        note=note,
    )


def _starting(index: int, data: Any) -> StartingInvention:
    entry = _Entry("starting", index, data)
    entry.fields(("slug", "name", "seat_order", "ability", "level", "points"), ("cost",))
    stand_in, note = entry.optional()
    return StartingInvention(
        slug=entry.slug(),
        name=entry.name(),
        seat_order=entry.number("seat_order", 1, STARTING_CARDS),
        ability=entry.ability(),
        level=entry.number("level", 1, MAX_LEVEL),
        points=entry.number("points", 0),
        cost=entry.cost() if "cost" in entry.data else None,
        stand_in=stand_in,
        note=note,
    )


def _tool(index: int, data: Any) -> Tool:
    entry = _Entry("tools", index, data)
    entry.fields(_TOOL_FIELDS)
    stand_in, note = entry.optional()
    return Tool(
        slug=entry.slug(),
        name=entry.name(),
        points=entry.number("points", 0),
        count=entry.number("count", 1),
        stand_in=stand_in,
        note=note,
    )


def load_cards(data: Any) -> CardSet:
    """Check a parsed card list (see the module docstring) and return it as a CardSet.

    Raises CardError with a message naming the card (section, index and slug) and the field.
    """
    if not isinstance(data, dict):
        raise CardError(f"card list: the file must hold a JSON object, not {_shown(data)}")
    unknown = [name for name in data if name not in _TOP_FIELDS]
    if unknown:
        raise CardError(
            f'card list: unknown field "{unknown[0]}" (the fields are {", ".join(_TOP_FIELDS)})'
        )
    stand_in = data.get("stand_in", False)
    note = data.get("note", "")
    if not isinstance(stand_in, bool):
        raise CardError(f'card list: "stand_in" must be true or false, not {_shown(stand_in)}')
    if not isinstance(note, str):
        raise CardError(f'card list: "note" must be a text, not {_shown(note)}')

    inventions = tuple(_invention(i, card) for i, card in enumerate(_section(data, "inventions")))
    starting = tuple(_starting(i, card) for i, card in enumerate(_section(data, "starting")))
    tools = tuple(_tool(i, card) for i, card in enumerate(_section(data, "tools")))

    total = sum(card.count for card in inventions)
    if total != INVENTION_CARDS:
        raise CardError(
            f"inventions: the counts add up to {total}, not {INVENTION_CARDS} "
            f"({', '.join(f'{card.slug} {card.count}' for card in inventions)})"
        )
    owner: dict[str, str] = {}
    for card in inventions:
        if card.ability in owner:
            raise CardError(
                f'inventions: "{owner[card.ability]}" and "{card.slug}" both have the ability '
                f"{card.ability}; each kind of invention (one per ability) is one entry"
            )
        owner[card.ability] = card.slug
    missing = [ability for ability in ABILITIES if ability not in owner]
    if missing:
        raise CardError(f"inventions: no card has the ability {', '.join(missing)}")

    orders = sorted(card.seat_order for card in starting)
    if orders != list(range(1, STARTING_CARDS + 1)):
        raise CardError(
            f"starting: there must be {STARTING_CARDS} starting inventions, one for each "
            f"seat_order 1 to {STARTING_CARDS}, not seat_order {orders}"
        )
    tool_total = sum(card.count for card in tools)
    if tool_total != TOOL_CARDS:
        raise CardError(f"tools: the counts add up to {tool_total}, not {TOOL_CARDS}")

    seen: set[str] = set()
    every: list[Invention | StartingInvention | Tool] = [*inventions, *starting, *tools]
    for entry in every:
        if entry.slug in seen:
            raise CardError(f'card list: the slug "{entry.slug}" is used by two cards')
        seen.add(entry.slug)

    return CardSet(
        inventions=inventions,
        starting=tuple(sorted(starting, key=lambda card: card.seat_order)),
        tools=tools,
        stand_in=stand_in,
        note=note,
    )


@lru_cache(maxsize=1)
def stand_in_cards() -> CardSet:
    """The stand-in card list shipped with the game (cards.json beside this module)."""
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return load_cards(json.loads(text))
