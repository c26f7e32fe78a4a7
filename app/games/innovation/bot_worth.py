"""The good bot's judgement of a position: how good it is for one seat, in points.

A seat's worth adds up what wins Innovation: achievements above all, the achievements within
reach (score and top card high enough), the highest top card (it sets the age of every draw),
the score, the icons (more icons: demands that hit and dogmas nobody shares), the colors on the
board and the cards in hand. A position's worth for a seat is its own worth less the best
opponent's; a finished game is a win or a loss outright.
"""

from __future__ import annotations

from app.games.core import State
from app.games.innovation import board
from app.games.innovation.cards import CARDS, COLORS
from app.games.innovation.ending import (
    achievement_count,
    opponents,
    own_score,
    target,
    team_score,
)

WIN = 100_000.0

ACHIEVEMENT = 100.0
WITHIN_REACH = 30.0
TOP_AGE = 7.0
TOP_AGES = 1.0
SCORE = 1.6
ICON = 0.5
COLOR = 2.5
HAND_CARD = 1.5
HAND_AGE = 0.4
STRONGER_ICON = 2.0


def seat_worth(state: State, seat: int) -> float:
    """How well one seat stands, its teammate's score and achievements counted with its own
    (the achievements within reach are by its own score, as the Achieve action is)."""
    mine = state["seats"][seat]
    tops = [mine["board"][color][0] for color in COLORS if mine["board"][color]]
    top_ages = [CARDS[card].age for card in tops]
    highest = max(top_ages, default=0)
    score = team_score(state, seat)
    mine_alone = own_score(state, seat)
    reach = sum(
        1 for key in state["available"] if int(key) * 5 <= mine_alone and int(key) <= highest
    )
    icons = board.icons(state, seat)
    worth = ACHIEVEMENT * achievement_count(state, seat)
    worth += WITHIN_REACH * min(reach, 2)
    worth += TOP_AGE * highest + TOP_AGES * sum(top_ages)
    worth += SCORE * score
    worth += ICON * sum(icons.values()) + COLOR * len(tops)
    worth += HAND_CARD * min(len(mine["hand"]), 6)
    worth += HAND_AGE * sum(CARDS[card].age for card in mine["hand"])
    rivals = opponents(state, seat)
    if rivals:
        their = [board.icons(state, other) for other in rivals]
        for card in tops:
            icon = CARDS[card].dogma_icon
            if all(icons[icon] > other[icon] for other in their):
                worth += STRONGER_ICON
    return worth


def worth(state: State, seat: int) -> float:
    """The position for `seat`: a win or loss outright, else its worth less the best rival's."""
    result = state.get("result")
    if result is not None:
        winners = result.get("winners", [])
        if seat in winners:
            return WIN / max(1, len(winners))
        return -WIN
    rivals = opponents(state, seat)
    mine = seat_worth(state, seat)
    if not rivals:
        return mine
    best = max(seat_worth(state, other) for other in rivals)
    # One achievement short of the target is a threat worth more than its plain count.
    goal = target(state)
    danger = max(achievement_count(state, other) for other in rivals)
    mine_left = goal - achievement_count(state, seat)
    return mine - best + (15.0 if mine_left <= 1 else 0.0) - (15.0 if goal - danger <= 1 else 0.0)
