"""Each seat's standing as the game goes, for the chart at the end: its achievements (its
team's in the team game), the count that wins the game."""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.innovation.ending import achievement_count, team_score

MEASURE = "Achievements"


def progress(state: State) -> dict[Seat, int]:
    return {seat: achievement_count(state, seat) for seat in range(state["players"])}


def breakdown(state: State) -> list[tuple[str, dict[Seat, int]]]:
    """The result's columns: achievements, then the score (what decides at the end by score)."""
    seats = range(state["players"])
    return [
        ("Achievements", {seat: achievement_count(state, seat) for seat in seats}),
        ("Score", {seat: team_score(state, seat) for seat in seats}),
    ]
