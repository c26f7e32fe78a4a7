"""A series: the games one group plays in a row through "Play again", and their score.

"Play again" opens the next lobby of a finished game (`Lobby.next_code`); that lobby belongs to
the same series (`series_code`, the first lobby's code) as the next game (`series_number`). The
lobby, and so the result banner, shows the score from the series' second game on:
"Ann 3 - Bob 2 in <the game>".

Who is "the same person" from one game to the next: the name at the table. Play again carries
each person over under their name (their seat is held for them, by their token, under that
name), and a name is unique in a lobby, so within a series a name is one player; bots are
counted by their names too ("Good bot"). Someone who comes back under another name counts as
another player, and a newcomer who takes a name once its hold lapsed takes its wins with it:
the score is what the table shows, not an account.

A game nobody won (a draw, or one the server's owner ended) counts for nobody: the score says how
many there were. A game with several winners (a team) gives each of them a win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.lobby.rows import SeriesGame


def score(number: int, games: Sequence[SeriesGame], names: Sequence[str]) -> dict[str, Any] | None:
    """The lobby's `series` (schemas.Series) as the API shows it: None for the first game of a
    series (there is no series yet), else which game this is, how many of the series' games
    up to this one are finished (`played`: this one's own too once it is over), how many of
    them nobody won (`draws`), and each player's wins: the lobby's players by seat, then
    whoever else played an earlier game of the series, in the order they first sat."""
    if number <= 1:
        return None
    wins: dict[str, int] = {name: 0 for name in names}
    draws = 0
    for game in games:
        for name in game.names:
            wins.setdefault(name, 0)
        if not game.winners:
            draws += 1
        for seat in game.winners:
            if 0 <= seat < len(game.names):
                wins[game.names[seat]] += 1
    return {
        "number": number,
        "played": len(games),
        "draws": draws,
        "score": [{"name": name, "wins": count} for name, count in wins.items()],
    }
