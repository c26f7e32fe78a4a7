"""Noughts in the Dark: noughts and crosses for two, each player with one mark face down.

rules.md beside this file says the rules in words. The players take turns placing a mark on an
empty-looking cell; once a game, a player may place their mark face down instead: the other
player and the spectators see that it was placed, never where. A player who tries a cell that
holds the other's face-down mark turns it face up and loses the turn. A line of three of one
player's marks, face down or up, wins; a board with no empty cell left is a draw. When the game
ends every mark is turned face up.

The state, the table every view shows and the actions are the TypedDicts `DarkState`, `Table`
and `DarkAction` below; the board and its lines are in board.py. Log lines name seats by the
tokens "{seat0}" and "{seat1}", as in every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict

from noughts_in_the_dark import undo
from noughts_in_the_dark.board import NAMES, best_line, empty, face_down, free_to, line_of, reveal

from app.games.core import Action, Contract, Ending, Game, Move, Option, Seat, State, finish
from app.games.log import LogEntry, log, seat_token
from app.games.randomness import randomness, seed_state

if TYPE_CHECKING:
    from app.games.bots import Bot

FIRST_PLAYER = {"host": 0, "guest": 1}


class DarkState(TypedDict):
    rng: str  # the seeded generator (core.randomness); never shown to anyone
    first_player: Seat  # the seat that places the first mark (crosses)
    turn: Seat  # the seat to place a mark now (the last to move, once the game is over)
    cells: list[Seat | None]  # the nine cells' face-up marks, by seat; None: none face up
    hidden: list[int | None]  # each seat's face-down mark: its cell; None while it has none down
    hidden_left: list[bool]  # each seat may still place its mark face down
    line: list[int] | None  # the winning line's cells, once there is one
    result: Ending | None  # written by core.finish
    log: list[LogEntry]


class Table(TypedDict):
    """`view(state, seat)["state"]`: the board as the viewer may see it."""

    first_player: Seat
    turn: Seat
    cells: list[Seat | None]  # the face-up marks
    hidden: list[int | None]  # each seat's face-down mark where this viewer may see it (its
    # own; every one in a finished game's replay), else None
    face_down: list[bool]  # each seat has a mark face down now (where is its secret)
    hidden_left: list[bool]  # each seat may still place its mark face down
    line: list[int] | None


class Place(TypedDict):
    type: Literal["place"]
    cell: int  # 0..8, row by row from the top left


class Hide(TypedDict):
    type: Literal["hide"]
    cell: int


DarkAction = Place | Hide


class NoughtsInTheDark(Game):
    id = "noughts-in-the-dark"
    name = "Noughts in the Dark"
    description = "Noughts and crosses, with one mark each placed face down."
    min_players = 2
    max_players = 2
    contract = Contract(state=DarkState, table=Table, action=DarkAction)
    options = (
        Option(
            "first_player",
            "Who goes first",
            ("random", "host", "guest"),
            "random",
            help="The first player plays crosses; random decides from the game's seed.",
        ),
    )

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        state: State = {}
        seed_state(state, seed)
        choice = options["first_player"]
        if choice == "random":
            with randomness(state) as rng:
                first = rng.below(2)
        else:
            first = FIRST_PLAYER[choice]
        state.update(
            first_player=first,
            turn=first,
            cells=[None] * 9,
            hidden=[None, None],
            hidden_left=[True, True],
            line=None,
            result=None,
            log=[],
        )
        log(state, f"{seat_token(first)} goes first, with crosses")
        return state

    def active(self, state: State) -> list[Seat]:
        return [] if state["result"] is not None else [state["turn"]]

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if seat not in self.active(state):
            return []
        free = free_to(state, seat)
        actions: list[Action] = [{"type": "place", "cell": cell} for cell in free]
        if state["hidden_left"][seat]:
            actions += [{"type": "hide", "cell": cell} for cell in free]
        return actions

    def moves(self) -> dict[str, Move]:
        return {"place": self.place, "hide": self.hide}

    def place(self, state: State, seat: Seat, action: Action) -> None:
        cell = action["cell"]
        if face_down(state).get(cell) == 1 - seat:
            bump(state, seat, cell)
            return
        state["cells"][cell] = seat
        log(state, f"{seat_token(seat)} placed a mark in the {NAMES[cell]}")
        after_move(state, seat)

    def hide(self, state: State, seat: Seat, action: Action) -> None:
        cell = action["cell"]
        if face_down(state).get(cell) == 1 - seat:
            bump(state, seat, cell)
            return
        state["hidden"][seat] = cell
        state["hidden_left"][seat] = False
        log(state, f"{seat_token(seat)} placed their hidden mark face down")
        log(state, f"{seat_token(seat)}'s hidden mark in the {NAMES[cell]}", seats=[seat])
        after_move(state, seat)

    def undoable(self, before: State, after: State, seat: Seat, action: Action) -> bool:
        return undo.undoable(before, after, seat, action)

    def took_back(self, action: Action) -> str:
        return undo.words(action)

    def action_for_log(self, action: Action) -> Action:
        """A mark placed face down, without its cell while the game is on."""
        return {"type": "hide"} if action["type"] == "hide" else action

    def bots(self) -> dict[str, Bot]:
        from noughts_in_the_dark.bot import GoodBot  # the bot builds on this module

        return {"good": GoodBot()}

    def prompt(self, state: State, seat: Seat | None) -> str | None:
        if state["result"] is not None:
            return None
        if seat == state["turn"]:
            if state["hidden_left"][seat]:
                return "Place a mark (or your one hidden mark)"
            return "Place a mark"
        return "Waiting for a player" if seat is None else "Waiting for the other player"

    def table(self, state: State, seat: Seat | None, everything: bool = False) -> Table:
        return {
            "first_player": state["first_player"],
            "turn": state["turn"],
            "cells": list(state["cells"]),
            "hidden": [
                cell if everything or seat == owner else None
                for owner, cell in enumerate(state["hidden"])
            ],
            "face_down": [cell is not None for cell in state["hidden"]],
            "hidden_left": list(state["hidden_left"]),
            "line": None if state["line"] is None else list(state["line"]),
        }


def bump(state: State, seat: Seat, cell: int) -> None:
    """`seat` tried the cell of the other's face-down mark: it is turned face up, and the turn
    passes."""
    other = 1 - seat
    reveal(state, other)
    log(
        state,
        f"{seat_token(seat)} tried the {NAMES[cell]}, but {seat_token(other)}'s hidden mark "
        "was there: it is turned face up and the turn passes",
    )
    state["turn"] = other


def after_move(state: State, seat: Seat) -> None:
    """A line of three wins; a board with no empty cell is a draw; else the other's turn."""
    line = line_of(state, seat)
    if line is not None:
        state["line"] = line
        end(state, [seat], f"three in a row: {', '.join(NAMES[cell] for cell in line)}")
    elif not empty(state):
        end(state, [], "the board is full without a line of three")
    else:
        state["turn"] = 1 - seat


def end(state: State, winners: list[Seat], reason: str) -> None:
    """Every mark face up, and the game over."""
    for seat, cell in enumerate(state["hidden"]):
        if cell is not None:
            log(state, f"{seat_token(seat)}'s hidden mark was in the {NAMES[cell]}")
        reveal(state, seat)
    scores = {str(seat): best_line(state, seat) for seat in (0, 1)}
    log(state, f"{seat_token(winners[0])} won with {reason}" if winners else f"A draw: {reason}")
    finish(state, winners, scores, reason)
