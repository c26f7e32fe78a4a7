"""The whole log of a game, for the pages: a view carries its last lines only (the rules engines'
`visible_log`, 40 lines), the page loads the earlier ones when asked.

- `readable(state, seat)`: every line of the log that `seat` may read (spectators, seat None:
  the public lines), oldest first; line i here is line i for that seat for the whole game, as
  the log only grows.
- `start(...)`: where a view's lines begin in that list (the VIEW's `log_start`).
- `whole(...)`: a replay step's log: every line up to that step.
- `secret(...)`: which of a replay step's lines its seat could not read at the table (the end
  of a finished game shows every line): the replay numbers the others as the table did.
- `page(...)`: a slice of the lines before a line, for `GET /api/lobbies/{code}/log/lines`.
"""

from __future__ import annotations

import sys
from typing import Any

from app.games.core import Seat, State
from app.games.log import visible_log


def readable(state: State, seat: Seat | None) -> list[str]:
    return visible_log(state, seat, last=sys.maxsize)


def start(state: State, seat: Seat | None, shown: list[str]) -> int:
    """The index in `readable` of the first of the lines a view shows (its last ones)."""
    return max(0, len(readable(state, seat)) - len(shown))


def whole(state: State, seat: Seat | None, shown: list[str]) -> list[str]:
    """Every line `seat` may read, when `shown` (a view's log) is their last ones; else
    `shown` (a finished game's replay may show more: every seat's secrets)."""
    lines = readable(state, seat)
    return lines if lines[len(lines) - len(shown) :] == shown else shown


def secret(state: State, seat: Seat | None, shown: list[str]) -> list[int]:
    """The indexes in `shown` (a replay step's `whole` log) of the lines `seat` could not read
    at the table: none, unless `shown` is every line of the log (a finished game's end)."""
    entries = state.get("log", [])
    if len(shown) != len(entries) or len(shown) == len(readable(state, seat)):
        return []
    return [
        index
        for index, entry in enumerate(entries)
        if "seats" in entry and (seat is None or seat not in entry["seats"])
    ]


def page(lines: list[str], before: int, limit: int) -> dict[str, Any]:
    """The (at most `limit`) lines just before line `before`: {"start", "lines", "total"}."""
    end = min(before, len(lines))
    first = max(0, end - limit)
    return {"start": first, "lines": lines[first:end], "total": len(lines)}


# --- what a bot did for a player whose time ran out (the clock's timeout lines) ---


def added(before: State, after: State) -> str:
    """The public log lines an action wrote (from the state before it to the state after)."""
    new = after.get("log", [])[len(before.get("log", [])) :]
    return " ".join(entry["text"] for entry in new if "seats" not in entry)


def action_words(action: Any) -> str:
    """An action (its public form) in plain words: {"type": "score", "category": "chance"} ->
    "score (category: chance)"; what a timeout line says when the log lines are not at hand."""
    if isinstance(action, list):
        return ", ".join(action_words(item) for item in action)
    if not isinstance(action, dict):
        return str(action)
    named = [(key, value) for key, value in action.items() if key != "type"]
    rest = ", ".join(f"{key.replace('_', ' ')}: {action_words(value)}" for key, value in named)
    if "type" not in action:
        return rest
    kind = str(action["type"]).replace("_", " ")
    return f"{kind} ({rest})" if rest else kind
