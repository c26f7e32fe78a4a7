"""Each seat's standing as the game goes, for the chart at the end: 1 while its character is
alive, 0 once it is out (the last one standing wins; there are no points)."""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.unscrewed.movement import living

MEASURE = "Still standing"


def progress(state: State) -> dict[Seat, int]:
    alive = set(living(state))
    return {seat: int(seat in alive) for seat in range(len(state["seats"]))}
