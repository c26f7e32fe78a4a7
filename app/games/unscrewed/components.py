"""UNSCREWED's components: the box a game is played with, as checked plain data.

`Components` holds every map and card face of one box: the stand-ins the game ships, or the
host's own file named by the setting UNSCREWED_COMPONENTS. How a box is read from its file and
checked is in component_file.py; how a state names its box, in box.py.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

from app.games.determinism import canonical

CHARACTERS = {
    "freddy_fraidy": "Freddy Fraidy",
    "moe_skeeto": "Moe Skeeto",
    "the_mad_cow": "The Mad Cow",
    "slappy": "Slappy",
    "dr_piddles": "Dr. Piddles",
}


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
