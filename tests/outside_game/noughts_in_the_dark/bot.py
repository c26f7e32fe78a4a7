"""Noughts in the Dark's "good" bot: perfect noughts and crosses on the board it can see.

The bot reads its view alone: its own marks (its face-down one too) and the other's face-up
marks. The other's face-down mark, if any, it cannot see: it weighs each cell where it may lie
(one that looks free and would not have given the other a line already) as equally likely,
and bumps into it where it tries that cell. On each such board it searches every game to its
end (minimax, remembered by position: a 3 x 3 board has a few thousand), the other side
playing perfectly too.

What `consider` gives: every legal action, best first, valued as a chance of winning (unit
CHANCE), averaged over where the other's hidden mark may lie: 1 for a forced win, 0.5 for a
draw with best play, 0 for a forced loss. Among equals, quicker wins and slower losses come
first, then the centre, the corners and the edges. Its own mark goes face down when it makes a
threat the other cannot see (two in a line whose third cell looks free), else it stays in hand.
"""

from __future__ import annotations

from functools import cache

from noughts_in_the_dark.board import LINES, NAMES

from app.games.bots import CHANCE, Bot, View, Weighed
from app.games.core import Action, Game, Rng

MINE, THEIRS, FREE = "m", "t", "."
# The cells by how much they are worth on an empty board: the centre, the corners, the edges.
PREFERENCE = (4, 0, 2, 6, 8, 1, 3, 5, 7)
WORDS = {1.0: "wins with best play", 0.5: "holds the draw", 0.0: "loses against best play"}


def won(board: str, mark: str) -> bool:
    return any(all(board[cell] == mark for cell in line) for line in LINES)


@cache
def outcome(board: str, to_move: str) -> int:
    """The game's end with best play from here, for MINE: the number of free cells plus one
    for a win (quicker is more), minus that for a loss, 0 for a draw."""
    other = THEIRS if to_move == MINE else MINE
    if won(board, other):  # the one who just moved
        score = board.count(FREE) + 1
        return score if other == MINE else -score
    if FREE not in board:
        return 0
    results = [
        outcome(board[:cell] + to_move + board[cell + 1 :], other)
        for cell in range(9)
        if board[cell] == FREE
    ]
    return max(results) if to_move == MINE else min(results)


def seen_board(view: View) -> str:
    """The board as the bot's seat sees it."""
    you, state = int(view["you"]), view["state"]
    board = [FREE] * 9
    for cell, owner in enumerate(state["cells"]):
        if owner is not None:
            board[cell] = MINE if owner == you else THEIRS
    own_hidden = state["hidden"][you]
    if own_hidden is not None:
        board[own_hidden] = MINE
    return "".join(board)


def worlds(view: View, board: str) -> list[int | None]:
    """Where the other's face-down mark may lie (None: it has none face down)."""
    if not view["state"]["face_down"][1 - int(view["you"])]:
        return [None]
    return [
        cell
        for cell in range(9)
        if board[cell] == FREE and not won(put(board, cell, THEIRS), THEIRS)
    ] or [None]


def put(board: str, cell: int, mark: str) -> str:
    return board[:cell] + mark + board[cell + 1 :]


def played(board: str, world: int | None, cell: int) -> int:
    """The outcome of trying `cell` when the other's hidden mark lies at `world`."""
    if world is None:
        return outcome(put(board, cell, MINE), THEIRS)
    theirs = put(board, world, THEIRS)
    if world == cell:  # bumped into it: the turn passes
        return outcome(theirs, THEIRS)
    return outcome(put(theirs, cell, MINE), THEIRS)


def threat(board: str) -> bool:
    """Two of MINE in a line whose third cell is free."""
    return any(sorted(board[cell] for cell in line) == [FREE, MINE, MINE] for line in LINES)


def chance(score: int) -> float:
    return 1.0 if score > 0 else 0.0 if score < 0 else 0.5


class GoodBot(Bot):
    level = "good"
    label = "Good"
    unit = CHANCE

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        board = seen_board(view)
        places = worlds(view, board)
        marks: list[tuple[tuple[float, float, int, int], Action, float, str]] = []
        for action in legal:
            cell = int(action["cell"])
            after = put(board, cell, MINE)
            scores = [played(board, world, cell) for world in places]
            value = round(sum(chance(score) for score in scores) / len(scores), 4)
            hidden_threat = threat(after) and not won(after, MINE)
            # Face down only where it hides a threat; in hand otherwise.
            fits = (action["type"] == "hide") == hidden_threat
            marks.append(
                (
                    (value, sum(scores) / len(scores), int(fits), -PREFERENCE.index(cell)),
                    action,
                    value,
                    reason(action, after, value, hidden_threat),
                )
            )
        marks.sort(key=lambda mark: mark[0], reverse=True)  # stable: `legal`'s order on ties
        return [Weighed(action, value, why) for _, action, value, why in marks]


def reason(action: Action, after: str, value: float, hidden_threat: bool) -> str:
    """In words: where, what it does, and what best play makes of it."""
    where = NAMES[int(action["cell"])]
    face = "face down " if action["type"] == "hide" else ""
    if won(after, MINE) and value == 1.0:
        return f"Completes a line {face}in the {where}: wins now"
    what = f"Places a mark {face}in the {where}"
    if hidden_threat:
        what += ", two in a line" + (" they cannot see" if face else " in plain sight")
    if value in WORDS:
        return f"{what}; {WORDS[value]}"
    return f"{what}; wins {round(value * 100)}% with best play, by where their hidden mark lies"
