"""What a seat may know in Noughts in the Dark: everything but where the other's face-down
mark lies (rules.md). A spectator knows where neither lies. Once the game is over, or once a
mark is bumped into, it is face up and no secret."""

from __future__ import annotations

from noughts_in_the_dark.board import NAMES, empty, face_down, free_to
from noughts_in_the_dark.rules import NoughtsInTheDark

from app.games.core import Action, Rng, Seat, State, clone
from app.games.secrets import Keeper, Knowledge, Viewer, moved_generator


def kept_from(state: State, viewer: Viewer) -> dict[int, Seat]:
    """The face-down marks `viewer` may not see: cell -> its seat."""
    if state["result"] is not None:
        return {}
    return {cell: seat for cell, seat in face_down(state).items() if seat != viewer}


class DarkKeeper(Keeper):
    def __init__(self) -> None:
        super().__init__(
            NoughtsInTheDark(),
            ((2, {"first_player": "random"}), (2, {"first_player": "guest"})),
        )

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """A random player who places its mark face down one time in three when it may, so
        that random games keep a secret for most of their length."""
        hides = [action for action in legal if action["type"] == "hide"]
        if hides and rng.below(3) == 0:
            return rng.choice(hides)
        places = [action for action in legal if action["type"] == "place"]
        return rng.choice(places or legal)

    def canaries(self, state: State, viewer: Viewer, known: Knowledge) -> set[str]:
        """The words that say where a face-down mark the viewer may not see lies (the owner's
        own log line says them)."""
        return {f"hidden mark in the {NAMES[cell]}" for cell in kept_from(state, viewer)}

    def check(self, state: State, viewer: Viewer, view: dict[str, object]) -> str | None:
        table = view["state"]
        assert isinstance(table, dict)
        for cell, seat in kept_from(state, viewer).items():
            if table["hidden"][seat] is not None:
                return f"seat {seat}'s face-down mark is shown"
            if table["cells"][cell] is not None:
                return f"the cell of seat {seat}'s face-down mark is shown taken"
        if viewer is not None and view["legal"]:
            cells = {action["cell"] for action in view["legal"]}  # type: ignore[attr-defined]
            if cells != set(free_to(state, viewer)):
                return "the legal cells tell where a face-down mark lies"
        return None

    def disguise(self, state: State, viewer: Viewer, known: Knowledge, rng: Rng) -> State:
        """The face-down marks the viewer may not see, each moved to a cell drawn from those
        that look free to the viewer."""
        other = clone(state)
        moved_generator(other, rng)
        kept = kept_from(state, viewer)
        spots = sorted([*empty(state), *kept])
        rng.shuffle(spots)
        for seat in kept.values():
            other["hidden"][seat] = spots.pop()
        return other
