"""What a seat may know in Unvention: everything but the next dice."""

from __future__ import annotations

from app.games.core import Action, Rng, Seat, State
from app.games.secrets import Keeper
from app.games.unvention import Unvention


class UnventionKeeper(Keeper):
    """Sheets are public and every step is seen at once (rules.md): only the next dice are
    secret."""

    def __init__(self) -> None:
        super().__init__(Unvention(), tuple((players, {}) for players in (2, 3, 1, 4, 6, 5)))

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """As tests/games/unvention: an action type at random, then one of its actions, builds
        usually finished and inventions usually presented."""
        kinds = sorted({action["type"] for action in legal})
        if "build_place" in kinds and rng.below(10) < 7:
            wanted = "build_place"
        elif "present" in kinds and rng.below(10) < 8:
            wanted = "present"
        elif "build_start" in kinds and rng.below(10) < 5:
            wanted = "build_start"
        else:
            choices = [kind for kind in kinds if kind != "build_cancel"] or kinds
            wanted = rng.choice(choices)
        return rng.choice([action for action in legal if action["type"] == wanted])
