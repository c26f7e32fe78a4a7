"""Each seat's standing as the game goes, for the chart at the end: its achievements (its
team's in the team game), the count that wins the game."""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.innovation.ending import achievement_count

MEASURE = "Achievements"


def progress(state: State) -> dict[Seat, int]:
    return {seat: achievement_count(state, seat) for seat in range(state["players"])}
