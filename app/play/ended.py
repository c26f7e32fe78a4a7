"""A game the server's owner ended before its end (/admin, app/admin/tables.py).

Ending writes the game's record as finished, with a result of its own: nobody wins, no scores,
the reason, and `"ended_by": "owner"`. The record keeps every action accepted until then, and
its replay plays them back. A game loaded from such a record (`Runner.load`) is the game behind
`EndedGame`: its state as the last action left it, seen by everyone as over (that result,
nobody active, nothing legal), and every action refused.
"""

from __future__ import annotations

from typing import Any, cast

from app.games.core import Action, Game, IllegalAction, Result, Seat, State

ENDED_BY = "owner"
REASON = "The server's owner ended this game."


def ended_result() -> dict[str, Any]:
    """The result an ended game's record holds."""
    return {**Result([], {}, REASON).to_json(), "ended_by": ENDED_BY}


def as_recorded(game: Game, result: dict[str, Any] | None) -> Game:
    """The game as its record's `result` leaves it: ended by the owner, or going on as usual."""
    if result is None or result.get("ended_by") != ENDED_BY:
        return game
    ended = Result(list(result["winners"]), dict(result["scores"]), result["reason"])
    return cast(Game, EndedGame(game, ended))


class EndedGame:
    """`game`, over with `ended`: everything else is the game's own (its id, its views)."""

    def __init__(self, game: Game, ended: Result) -> None:
        self.game = game
        self.ended = ended

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def result(self, state: State) -> Result:
        return self.ended

    def active(self, state: State) -> list[Seat]:
        return []

    def legal(self, state: State, seat: Seat) -> list[Action]:
        return []

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return {**self.game.view(state, seat), "active": [], "prompt": None}

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        raise IllegalAction("the game is over: " + self.ended.reason)
