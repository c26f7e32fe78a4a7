"""The board of Noughts in the Dark: nine cells, their names, the eight lines, and who holds
what. A cell holds a face-up mark (its seat in `cells`) or a face-down one (its cell in
`hidden`, by seat), or nothing."""

from __future__ import annotations

from app.games.core import Seat, State

CELLS = range(9)
NAMES = (
    "top left",
    "top middle",
    "top right",
    "middle left",
    "centre",
    "middle right",
    "bottom left",
    "bottom middle",
    "bottom right",
)
LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


def marks_of(state: State, seat: Seat) -> set[int]:
    """Every cell holding a mark of `seat`, face up or face down."""
    mine = {cell for cell in CELLS if state["cells"][cell] == seat}
    hidden = state["hidden"][seat]
    return mine if hidden is None else mine | {hidden}


def face_down(state: State) -> dict[int, Seat]:
    """The cells holding a face-down mark, with its seat."""
    return {cell: seat for seat, cell in enumerate(state["hidden"]) if cell is not None}


def empty(state: State) -> list[int]:
    """The cells holding no mark at all."""
    down = face_down(state)
    return [cell for cell in CELLS if state["cells"][cell] is None and cell not in down]


def free_to(state: State, seat: Seat) -> list[int]:
    """The cells `seat` sees as free: no face-up mark and not its own face-down one (another
    seat's face-down mark looks free to it)."""
    return [
        cell for cell in CELLS if state["cells"][cell] is None and cell != state["hidden"][seat]
    ]


def line_of(state: State, seat: Seat) -> list[int] | None:
    """A line of three of `seat`'s marks, if it has one."""
    mine = marks_of(state, seat)
    return next((list(line) for line in LINES if set(line) <= mine), None)


def best_line(state: State, seat: Seat) -> int:
    """The most of `seat`'s marks in one line that the other seat has no mark in (0 to 3)."""
    mine, theirs = marks_of(state, seat), marks_of(state, 1 - seat)
    return max(
        (len(mine & set(line)) for line in LINES if not theirs & set(line)),
        default=0,
    )


def reveal(state: State, seat: Seat) -> None:
    """Turn `seat`'s face-down mark face up."""
    cell = state["hidden"][seat]
    if cell is not None:
        state["cells"][cell] = seat
        state["hidden"][seat] = None
