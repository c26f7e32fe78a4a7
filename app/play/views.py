"""The protocol's VIEW: what one seat (or a spectator, seat None) may see of a game.

A view is split in two parts:
- the *rules view*: everything that follows from the game state (status, you, active, prompt,
  legal, state, log, result). It changes only when an action is accepted, and patches are
  computed on it, so one patch serves every connection of the same seat.
- `players`: names, bots and who is connected, which change without an action; the hub sends
  them whole in snapshots and in `presence` messages.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from app.games.core import Game, Seat, State
from app.play import logbook
from app.status import Status

_SEAT_NAME = re.compile(r"\{seat(\d+)\}")


def name_seats(text: str, names: list[str]) -> str:
    """Put the players' names where a rules engine wrote {seat0}, {seat1}, ..."""
    if "{seat" not in text:
        return text
    return _named(text, tuple(names))


@lru_cache(maxsize=8192)
def _named(text: str, names: tuple[str, ...]) -> str:
    """name_seats, remembered: every view of every action names the same log lines again."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else match.group(0)

    return _SEAT_NAME.sub(name, text)


def rules_view(
    game: Game, state: State, seat: Seat | None, names: list[str], *, replay: bool = False
) -> dict[str, Any]:
    """`replay`: for stepping through a finished game (secrets shown, nothing to choose)."""
    seen = game.replay_view(state, seat) if replay else game.view(state, seat)
    result = game.result(state)
    prompt = seen.get("prompt")
    shown = logbook.whole(state, seat, seen["log"]) if replay else seen["log"]
    view = {
        "game": game.id,
        "status": Status.FINISHED if result else Status.PLAYING,
        "you": seat,
        "active": seen["active"],
        "prompt": name_seats(prompt, names) if prompt else None,
        "legal": game.legal(state, seat) if seat is not None and not (result or replay) else [],
        "state": seen["state"],
        "log": [name_seats(line, names) for line in shown],
        "log_start": logbook.start(state, seat, shown),  # where `log` begins in the whole log
        "result": named_result(result.to_json(), names) if result else None,
    }
    if replay:  # the lines the seat could not read at the table: shown, and not numbered
        view["log_secret"] = logbook.secret(state, seat, shown)
    return view


def named_result(result: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A game's result with the players' names in its reason."""
    return {**result, "reason": name_seats(result["reason"], names)}


def full_view(rules: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    """The VIEW as PROTOCOL.md lists it: the rules view plus the players."""
    return {**rules, "players": players}
