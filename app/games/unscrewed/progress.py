"""Each seat's standing as the game goes, for the chart at the end: a survival chart. A seat is
standing (1) from the start, while its player picks a character and spawns, and for as long as
its character is on the map; it is out (0) while its character is dead, and standing again if
it respawns when Dibs comes to it. The last one standing wins; there are no points, so the chart
names its two levels in words (`LEVELS`) rather than counting."""

from __future__ import annotations

from app.games.core import Seat, State
from app.games.unscrewed.board import Phase
from app.games.unscrewed.deaths import living

MEASURE = "Still standing"
LEVELS = ("Out", "Standing")  # the words for 0 and 1

# Before the first round nobody has fallen: a character not yet on the map is still to come.
OPENING = (Phase.CHARACTERS, Phase.SPAWNING)


def progress(state: State) -> dict[Seat, int]:
    seats = range(len(state["seats"]))
    if state["phase"] in OPENING and state.get("result") is None:
        return dict.fromkeys(seats, 1)
    alive = set(living(state))
    return {seat: int(seat in alive) for seat in seats}
