"""Each seat's standing as the game goes, for the chart at the end: the categories it has won
so far (the count the rulebook decides the game on)."""

from __future__ import annotations

from app.games.convolution.scoresheet import categories_won, standings
from app.games.core import Seat, State

MEASURE = "Categories won"


def progress(state: State) -> dict[Seat, int]:
    return dict(enumerate(categories_won(state["sheets"])))


def breakdown(state: State) -> list[tuple[str, dict[Seat, int]]]:
    """The result's columns, in the order the rulebook decides on them."""
    seats = standings(state["sheets"])
    return [
        ("Categories won", {seat: s.categories for seat, s in enumerate(seats)}),
        ("Calculated categories won", {seat: s.calculated for seat, s in enumerate(seats)}),
    ]
