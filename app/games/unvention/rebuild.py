"""The good bot's own sheet, rebuilt from its view (`rebuild`): a one-seat engine state the
planner can play on, and what the bot knows of the rest of the table (appraisal.Outlook): how
near the end is, and the tools the other seats have unlocked."""

from __future__ import annotations

from typing import Any

from app.games.bots import View
from app.games.core import State
from app.games.decisions import Simultaneous
from app.games.unvention import journal, workshop
from app.games.unvention.appraisal import (
    Outlook,
)
from app.games.unvention.sheet import TOOLS, WORKSHOPS
from app.games.unvention.turn import WAITING

TURN_EXTRAS = ("dice", "groups", "cost", "pending_ideas")


PART_STATUS = {"free": workshop.FREE, "circled": workshop.CIRCLED, "used": workshop.USED}


JOURNAL_CELLS = 48


FILLED_PER_TURN = 1.5  # journal cells a seat fills in a turn, roughly: how near the end is


LATE_TURNS = 12  # stored resources keep their full worth until this many turns from the end


def rebuild(view: View) -> tuple[State, Outlook]:
    """A one-seat engine state holding the bot's own sheet as its view shows it, and what the
    bot knows of the rest of the table."""
    table = view["state"]
    you = view["you"]
    me = table["players"][you]
    sheet = {
        "journals": [
            [
                journal.EMPTY if v is None else journal.X if v == "X" else int(v)
                for row in entry["cells"]
                for v in row
            ]
            for entry in me["journals"]
        ],
        "spent": me["wrenches"]["spent"],
        "workshops": {
            slug: [PART_STATUS.get(s, workshop.FREE) for row in me["workshops"][slug] for s in row]
            for slug in WORKSHOPS
        },
        "mechanisms": [dict(m) for m in me["mechanisms"]],
        "inventions": {
            slug: {"ideas": entry["ideas"], "presented": entry["presented"]}
            for slug, entry in me["inventions"].items()
        },
        "journal_ideas": [dict(e) for e in me["journal_ideas"]],
        "tools": {
            slug: None if entry is None else entry["turn"] for slug, entry in me["tools"].items()
        },
        "asking": turn_record(me["asking"]),
        "present": list(me["present"]),
    }
    state: State = {
        "players": 1,
        "setup": table["setup"],
        "day": table["day_number"],
        "turn": table["turn"],
        "phase": table["phase"],
        "dice": list(table["roll"]["dice"]),
        "sheets": [sheet],
        "log": [],
        "result": None,
    }
    Simultaneous.open(state, WAITING, [0])
    outlook = Outlook(
        crossed=table["setup"]["crossed"],
        day=table["day_number"],
        turn=table["turn"],
        late=lateness(table, sheet),
        others_tools=others_tools(table, you),
    )
    return state, outlook


def turn_record(shown: dict[str, Any]) -> dict[str, Any]:
    """The seat's `asking` as the state holds it: without what the view adds."""
    asking = {k: v for k, v in shown.items() if k not in TURN_EXTRAS}
    if asking["building"] is not None:
        asking["building"] = {k: v for k, v in asking["building"].items() if k != "orientations"}
    return asking


def lateness(table: dict[str, Any], sheet: dict[str, Any]) -> float:
    """1 while the end is far, falling to 0 as the fullest journals near completion (the game
    ends when someone completes all three). Seats whose view looks wrong are skipped."""
    filled = [sum(v != journal.EMPTY for cells in sheet["journals"] for v in cells)]
    for player in table.get("players", []):
        try:
            rows = [row for entry in player["journals"] for row in entry["cells"]]
            filled.append(sum(v is not None for row in rows for v in row))
        except (KeyError, TypeError, IndexError):
            continue
    turns_left = (JOURNAL_CELLS - max(filled)) / FILLED_PER_TURN
    late: float = max(0.0, min(1.0, turns_left / LATE_TURNS))
    return late


def others_tools(table: dict[str, Any], you: int) -> dict[str, int | None]:
    """For each tool, the earliest turn another seat unlocked it (None: nobody has)."""
    found: dict[str, int | None] = {}
    for slug in TOOLS:
        turns = []
        try:
            for seat, turn in table["tools"][slug]["unlocked"]:
                if seat != you and isinstance(turn, int):
                    turns.append(turn)
        except (KeyError, TypeError, ValueError):
            pass
        found[slug] = min(turns, default=None)
    return found
