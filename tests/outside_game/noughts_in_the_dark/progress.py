"""Each seat's standing as the game goes, for the chart at the end: the most of its marks in
one line that the other has not blocked (3 is a win)."""

from __future__ import annotations

from noughts_in_the_dark.board import best_line

from app.games.core import Seat, State

MEASURE = "Marks in the best open line"


def progress(state: State) -> dict[Seat, int]:
    return {seat: best_line(state, seat) for seat in (0, 1)}
