"""Unvention's secrets are the generator's next draws only: a view that shows the coming dice
is found, though it names no generator (tests/games/test_secrets.py checks every game's)."""

from __future__ import annotations

from typing import Any

from app.games.core import Game, Seat, State
from app.games.randomness import randomness
from tests.games.secrets import expect_planted_leak, with_state


def next_dice_shown(game: Game, state: State, seat: Seat | None) -> dict[str, Any]:
    """The dice the generator will roll next: no generator in the text, but they change with
    it."""
    ahead = {"rng": state["rng"]}
    with randomness(ahead) as rng:
        dice = [rng.die() for _ in range(5)]
    return with_state(type(game).view(game, state, seat), coming=dice)


def test_the_checks_find_the_next_dice_planted_in_a_view() -> None:
    expect_planted_leak("unvention", next_dice_shown, "changes with the secrets")
