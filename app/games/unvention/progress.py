"""Each seat's standing as the game goes, for the chart at the end: its sheet's total score."""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.unvention import scoring
from app.games.unvention.turn import complete_journals, wrenches

MEASURE = "Points"


def progress(state: State) -> dict[Seat, int]:
    sheets = state["sheets"]
    return {seat: scoring.total(sheets, seat) for seat in range(len(sheets))}


def breakdown(state: State) -> list[tuple[str, dict[Seat, int]]]:
    """The result's columns, in the rulebook's order: the score, then the tiebreakers."""
    sheets = state["sheets"]
    seats = range(len(sheets))
    return [
        ("Points", {seat: scoring.total(sheets, seat) for seat in seats}),
        ("Complete journals", {seat: complete_journals(sheets[seat]) for seat in seats}),
        ("Unused wrenches", {seat: wrenches(sheets[seat]) for seat in seats}),
    ]
