"""What a seat may know in Nerdy Inventions: everything but the order of the deck."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Rng, Seat, State
from app.games.nerdy_inventions import NerdyInventions
from app.games.secrets import Keeper, Knowledge, Viewer


class NerdyKeeper(Keeper):
    """The deck is face down: views show how many cards it holds, never which or in what
    order (rules.md: "Nothing is secret but the deck")."""

    def __init__(self) -> None:
        super().__init__(
            NerdyInventions(),
            tuple(
                (players, {"first_player": start})
                for players, start in ((2, "random"), (3, "host"), (4, "random"), (3, "third"))
            ),
            edge=r"\w.-",
        )

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """Build when possible (most of the time) and end long turns, so that games end."""
        builds = [action for action in legal if action["type"] in ("build", "pay")]
        if builds and rng.below(10) < 8:
            return rng.choice(builds)
        if {"type": "end_turn"} in legal and rng.below(4) == 0:
            return {"type": "end_turn"}
        return rng.choice(legal)

    def canaries(self, state: State, viewer: Viewer, known: Knowledge) -> set[str]:
        return set(state["deck"])

    def check(self, state: State, viewer: Viewer, view: dict[str, Any]) -> str | None:
        if view["state"]["deck"] != len(state["deck"]):
            return f"the deck is shown as {view['state']['deck']!r}, not its length"
        return None

    def disguise(self, state: State, viewer: Viewer, known: Knowledge, rng: Rng) -> State:
        other = super().disguise(state, viewer, known, rng)
        rng.shuffle(other["deck"])
        return other
