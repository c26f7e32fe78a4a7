"""Each seat's standing as the game goes, for the chart at the end: its sheet's total score."""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.unvention import scoring

MEASURE = "Points"


def progress(state: State) -> dict[Seat, int]:
    sheets = state["sheets"]
    return {seat: scoring.total(sheets, seat) for seat in range(len(sheets))}
