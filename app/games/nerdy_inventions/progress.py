"""Each seat's standing as the game goes, for the chart at the end: the points its tableau
would score now (inventions, tools and the set bonus)."""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.nerdy_inventions.board import score

MEASURE = "Points"


def progress(state: State) -> dict[Seat, int]:
    return {seat: score(state, seat)["total"] for seat in range(state["players"])}
