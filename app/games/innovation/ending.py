"""Who plays with whom, and how the game ends (at any moment, even in the middle of an effect).

The game ends by achievements (6 / 5 / 4 with 2 / 3 / 4 players; 6 combined in the team game),
by a draw above age 10 (the highest score wins; achievements break a tie; then a shared win)
or by a card saying someone wins. The end is written by `core.finish` (the scores that count at
the end by score, each seat's own or its team's), which of the three it was into
`state["won_by"]`, and `GameOver` unwinds whatever was going on; `EndAction` unwinds only the
current dogma action (Fission).
"""

from __future__ import annotations

from typing import Literal

from app.games.core import State, finish
from app.games.innovation.cards import CARDS
from app.games.log import seat_token

WonBy = Literal["achievements", "dogma", "score"]


class GameOver(Exception):
    """The game has ended (the result is already in the state): stop everything."""


class EndAction(Exception):
    """The current dogma action ends at once."""


def clockwise(state: State, start: int) -> list[int]:
    """All seats from `start` clockwise (start first)."""
    players = state["players"]
    return [(start + step) % players for step in range(players)]


def teammate(state: State, seat: int) -> int | None:
    if not state["teams"]:
        return None
    return (seat + 2) % 4


def team(state: State, seat: int) -> list[int]:
    """The seats whose score and achievements count together with `seat`'s."""
    mate = teammate(state, seat)
    return [seat] if mate is None else sorted([seat, mate])


def opponents(state: State, seat: int) -> list[int]:
    """The other seats clockwise from `seat`'s left, without the teammate."""
    mate = teammate(state, seat)
    return [other for other in clockwise(state, seat)[1:] if other != mate]


def own_score(state: State, seat: int) -> int:
    """The seat's own score: what it achieves with and what the cards compare."""
    return sum(CARDS[card].age for card in state["seats"][seat]["score"])


def team_score(state: State, seat: int) -> int:
    """The score that counts for `seat` at the end by score: its own, or its team's (both
    score piles) in the team game."""
    return sum(own_score(state, member) for member in team(state, seat))


def own_achievements(state: State, seat: int) -> int:
    mine = state["seats"][seat]
    return len(mine["achievements"]) + len(mine["specials"])


def achievement_count(state: State, seat: int) -> int:
    """The achievements that count for `seat`: its own, or its team's in the team game."""
    return sum(own_achievements(state, member) for member in team(state, seat))


def target(state: State) -> int:
    if state["teams"]:
        return 6
    return {2: 6, 3: 5, 4: 4}[state["players"]]


def end(state: State, winners: list[int], reason: str, won_by: WonBy) -> None:
    """Finish the game and unwind (never returns)."""
    finish(state, winners, scores(state), reason)
    state["won_by"] = won_by
    state.pop("opening", None)
    raise GameOver


def scores(state: State) -> dict[str, int]:
    """Each seat's score as the result shows it: the one that counts at the end by score."""
    return {str(seat): team_score(state, seat) for seat in range(state["players"])}


def names(seats: list[int]) -> str:
    tokens = [seat_token(seat) for seat in seats]
    return tokens[0] if len(tokens) == 1 else ", ".join(tokens[:-1]) + " and " + tokens[-1]


def check_target(state: State) -> None:
    """End the game if someone (from the current player clockwise) has enough achievements."""
    goal = target(state)
    for seat in clockwise(state, state["current"]):
        if achievement_count(state, seat) >= goal:
            winners = team(state, seat)
            end(state, winners, f"{names(winners)} reached {goal} achievements", "achievements")


def win(state: State, seat: int, card: str | None = None) -> None:
    """`seat` (and its teammate) win at once."""
    winners = team(state, seat)
    why = f" with {card}" if card else ""
    end(state, winners, f"{names(winners)} won{why}", "dogma")


def end_by_score(state: State) -> None:
    """Someone had to draw above age 10: the highest score wins, achievements break ties."""
    sides = {tuple(team(state, seat)) for seat in range(state["players"])}
    ranked = {
        side: (team_score(state, side[0]), achievement_count(state, side[0])) for side in sides
    }
    best = max(ranked.values())
    winners = sorted(seat for side, rank in ranked.items() if rank == best for seat in side)
    shared = " (a shared win)" if len([s for s in ranked.values() if s == best]) > 1 else ""
    end(
        state,
        winners,
        f"A draw above age 10 ended the game: {names(winners)} won with a score of {best[0]}"
        f" and {best[1]} achievements{shared}",
        "score",
    )
