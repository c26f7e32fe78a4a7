"""A game's log: the lines that tell what happened, each readable by every seat or by some.

Lines name seats by tokens ("{seat0}") that the server replaces by the players' names.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from app.games.terms import Seat, State


class LogEntry(TypedDict):
    text: str  # seats named by the tokens "{seat0}", "{seat1}"... (`seat_token`)
    seats: NotRequired[list[Seat]]  # who may read it; everyone when absent


def seat_token(seat: Seat) -> str:
    """How a log line or a prompt names a seat: the server puts the player's name there."""
    return "{seat" + str(seat) + "}"


def log(state: State, text: str, *, seats: list[Seat] | None = None) -> None:
    """Add a line to the game's log; `seats` limits who may read it (None: everyone)."""
    entry: LogEntry = {"text": text}
    if seats is not None:
        entry["seats"] = sorted(seats)
    state.setdefault("log", []).append(entry)


# A view shows the last LOG_LINES lines at most, and lets its oldest go LOG_STEP at a time: so
# that most new lines are sent alone, not with the removal of the oldest line and a new
# `log_start` each time (app/play/patches.py patches such a slide as removes at the front).
LOG_LINES = 40
LOG_STEP = 16


def visible_log(
    state: State,
    seat: Seat | None,
    last: int = LOG_LINES,
    *,
    everything: bool = False,
    step: int = 1,
) -> list[str]:
    """The last lines of the log that `seat` may read, `last` at most: past `last`, the oldest
    go `step` at a time (between `last - step + 1` and `last` lines are shown); with
    `everything` (a finished game's replay), every line."""
    if everything:
        return [entry["text"] for entry in state.get("log", [])]
    lines = [
        entry["text"]
        for entry in state.get("log", [])
        if "seats" not in entry or (seat is not None and seat in entry["seats"])
    ]
    if len(lines) <= last:
        return lines
    step = max(1, min(step, last))
    gone = -(-(len(lines) - last) // step) * step  # rounded up to whole steps
    return lines[gone:]
