"""Unvention tests: building positions by hand and playing steps on them.

Dice are set by replacing the table's roll at the start of a turn (the generator moved as in a
real game); journals, circled parts, tools and mechanisms are written into the sheets directly
when a test is about something else. Expected values are written out by hand in the tests.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.core import IllegalAction
from app.games.unvention import Unvention
from app.games.unvention.dice import kind
from app.games.unvention.turn import fresh_turn

game = Unvention()

DONE = {"type": "done"}

# A full, legal journal (rows, top to bottom).
FULL = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]


def start(
    players: int = 1,
    seed: int = 1,
    crossed: dict[str, list[int]] | None = None,
    keep_setup: bool = False,
):
    """A game at its first turn. Unless `keep_setup`, the setup's crossed-off numbers are
    replaced by `crossed` (none by default) and every invention starts at x1."""
    state = game.start(players, {}, seed)
    if not keep_setup:
        crossed = crossed or {}
        state["setup"]["crossed"] = {
            w: sorted(crossed.get(w, [])) for w in state["setup"]["crossed"]
        }
        for sheet in state["sheets"]:
            for entry in sheet["inventions"].values():
                entry["ideas"] = 1
    return state


def roll(state: dict[str, Any], dice: list[int]) -> dict[str, Any]:
    """Replace this turn's dice (before anyone has acted this turn)."""
    state = json.loads(json.dumps(state))
    state["dice"] = list(dice)
    for sheet in state["sheets"]:
        sheet["asking"] = fresh_turn(kind(dice))
    return state


def act(state: dict[str, Any], seat: int, action_type: str, **fields: Any) -> dict[str, Any]:
    return game.apply(state, seat, {"type": action_type, **fields})


def write(state, seat: int, journal: int, cell: tuple[int, int], number: int):
    return act(state, seat, "journal", journal=journal, cell=list(cell), number=number)


def circle(state, seat: int, workshop: str, part: tuple[int, int], number: int):
    return act(state, seat, "circle", workshop=workshop, part=list(part), number=number)


def done(state, *seats: int):
    for seat in seats:
        state = game.apply(state, seat, DONE)
    return state


def legal_of(state, seat: int, action_type: str) -> list[dict[str, Any]]:
    return [a for a in game.legal(state, seat) if a["type"] == action_type]


def set_journal(state, seat: int, j: int, rows: list[list[int | None | str]]) -> None:
    """Write a journal's 4 rows: a number, None (empty) or "X"."""
    cells = []
    for row in rows:
        for value in row:
            cells.append(0 if value is None else -1 if value == "X" else value)
    state["sheets"][seat]["journals"][j] = cells


def journal_rows(state, seat: int, j: int) -> list[list[int | None | str]]:
    return game.view(state, None)["state"]["players"][seat]["journals"][j]["cells"]


def almost_full(empty: list[tuple[int, int]]) -> list[list[int | None]]:
    """FULL with the given cells emptied."""
    rows: list[list[int | None]] = [list(row) for row in FULL]
    for r, c in empty:
        rows[r][c] = None
    return rows


def set_circled(state, seat: int, workshop: str, parts: list[tuple[int, int]]) -> None:
    shop = state["sheets"][seat]["workshops"][workshop]
    for r, c in parts:
        shop[r * 5 + c] = 1


def earn_wrenches(state, seat: int, count: int) -> None:
    """Give `count` wrenches by filling rows of journal 2 (count <= 4 without columns)."""
    rows: list[list[int | None]] = [[None] * 4 for _ in range(4)]
    for r in range(count):
        rows[r] = list(FULL[r])
    set_journal(state, seat, 2, rows)


def give_tool(state, seat: int, tool: str, turn: int = 1) -> None:
    state["sheets"][seat]["tools"][tool] = turn


def put_mechanism(
    state,
    seat: int,
    workshop: str,
    invention: str,
    cells: list[tuple[int, int]],
    parts: list[tuple[int, int]] | None = None,
) -> None:
    """A mechanism already drawn in an invention. Its `parts` are marked used in the workshop;
    without them, the cells stand for the parts (for their shape only, nothing is marked)."""
    sheet = state["sheets"][seat]
    for r, c in parts or []:
        sheet["workshops"][workshop][r * 5 + c] = 2
    sheet["mechanisms"].append(
        {
            "workshop": workshop,
            "parts": [list(p) for p in (parts or cells)],
            "invention": invention,
            "cells": [list(c) for c in cells],
            "orientation": 0,
            "ideas": 0,
            "turn": state["turn"],
        }
    )


def finish_turn(state, *seats: int):
    """Each seat journals its first legal option if it has not yet, places Ideas, and is done."""
    for seat in seats:
        while True:
            legal = game.legal(state, seat)
            if DONE in legal:
                break
            state = game.apply(state, seat, legal[0])
        state = game.apply(state, seat, DONE)
    return state


# The Integron Assembly complete with five mechanisms of the four types.
INTEGRON_COMPLETE = [
    ("magnetic", [(0, 3), (1, 2), (1, 3), (1, 4)], [(0, 1), (1, 0), (1, 1), (1, 2)]),
    ("electrical", [(2, 0), (2, 1), (2, 2), (2, 3)], [(4, 0), (4, 1), (4, 2), (4, 3)]),
    ("mechanical", [(2, 4), (2, 5), (2, 6)], [(4, 1), (4, 2), (4, 3)]),
    ("hydraulic", [(3, 0), (3, 1), (3, 2), (3, 3)], [(0, 0), (0, 1), (0, 2), (0, 3)]),
    ("electrical", [(3, 4), (3, 5), (3, 6)], [(3, 2), (3, 3), (3, 4)]),
]


def complete_integron(state, seat: int) -> None:
    for shop, cells, parts in INTEGRON_COMPLETE:
        put_mechanism(state, seat, shop, "integron", cells, parts)


def refused(state, seat: int, action: dict[str, Any]) -> None:
    before = json.dumps(state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, action)
    assert json.dumps(state) == before


def table(state) -> dict[str, Any]:
    return game.view(state, None)["state"]


def me(state, seat: int = 0) -> dict[str, Any]:
    return table(state)["players"][seat]
