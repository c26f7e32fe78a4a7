"""Convolution's scoresheet: the categories, what a roll is worth in each, who wins them.

Who rolls and who scores on each turn, the values of a roll, the first-to-play and 12 / 48
rules, the calculated totals and the end's tie-breaks (rules.md says them in words). Pure
functions of plain JSON: the rules (rules.py) and the good bot (bot.py) both build on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypedDict

from app.games.core import Seat, State
from app.games.log import log, seat_token

COLORS = ("red", "blue", "green", "yellow")
RANKS = ("first", "second", "third", "fourth")
BLUGGARD = "bluggard"
ACTIVE = (*COLORS, *RANKS, BLUGGARD)
CALCULATED = ("colors", "ranks", "grand")
CATEGORIES = (*ACTIVE, *CALCULATED)

# Each calculated category, the categories it adds up, in the order they can be written.
TOTALS = {
    "colors": COLORS,
    "ranks": RANKS,
    "grand": ("colors", "ranks", BLUGGARD),
}

TITLES = {
    "red": "Red",
    "blue": "Blue",
    "green": "Green",
    "yellow": "Yellow",
    "first": "1st Highest",
    "second": "2nd Highest",
    "third": "3rd Highest",
    "fourth": "4th Highest",
    "bluggard": "Bluggard",
    "colors": "Colors Total",
    "ranks": "Ranks Total",
    "grand": "Grand Total",
}

TURNS = 18
FIRST_PLAYER = {"host": 0, "guest": 1}

Dice = dict[str, list[int]]  # a roll: each color -> its two dice


class Phase(StrEnum):
    """Where a turn stands: its roll to make or its category to choose (the last turn's phase
    stays "score" once the game is over: `state["result"]` says it is)."""

    ROLL = "roll"
    SCORE = "score"


class Mark(TypedDict):
    """A category written on a sheet."""

    score: int
    turn: int
    circled: bool  # the first of the two players to play (active) or write (calculated) it


Sheet = dict[str, Mark | None]  # each of the 12 categories -> its mark, None while open


# --- who rolls, who scores ------------------------------------------------------------------


def roll_of(turn: int) -> int:
    """The roll (1..9) that turn `turn` (1..18) is scored on."""
    return (turn + 1) // 2


def roller(first_player: Seat, roll: int) -> Seat:
    """The seat that makes roll `roll`: the first player on odd rolls, the other on even."""
    return first_player if roll % 2 == 1 else 1 - first_player


def player_of(first_player: Seat, turn: int) -> Seat:
    """The seat taking turn `turn`: the roller on the roll's first turn, the other on its second."""
    rolled_by = roller(first_player, roll_of(turn))
    return rolled_by if turn % 2 == 1 else 1 - rolled_by


# --- what a roll is worth -------------------------------------------------------------------


def color_totals(dice: Dice) -> dict[str, int]:
    return {color: sum(dice[color]) for color in COLORS}


def arrangement(dice: Dice) -> list[str]:
    """The colors from highest total to lowest; equal totals keep the order of COLORS."""
    totals = color_totals(dice)
    return sorted(COLORS, key=lambda color: -totals[color])  # sorted() is stable


def category_values(dice: Dice) -> dict[str, int]:
    """What each active category is worth on this roll, before the first-to-12 and 48 rules."""
    totals = color_totals(dice)
    ranked = [totals[color] for color in arrangement(dice)]
    return {**totals, **dict(zip(RANKS, ranked, strict=True)), BLUGGARD: sum(totals.values())}


def score_for(category: str, value: int, first: bool) -> int:
    """The score written for `value`: the first to play a 12 writes 1, a Bluggard 48 writes 7."""
    if first and value == 12:
        return 1
    if first and category == BLUGGARD and value == 48:
        return 7
    return value


def offers(state: State, seat: Seat) -> dict[str, int]:
    """What each of `seat`'s open active categories would score on the current roll."""
    values = category_values(state["rolls"][-1])
    mine, theirs = state["sheets"][seat], state["sheets"][1 - seat]
    return {
        category: score_for(category, values[category], first=theirs[category] is None)
        for category in ACTIVE
        if mine[category] is None
    }


# --- the scoresheet -------------------------------------------------------------------------


def blank_sheet() -> Sheet:
    return {category: None for category in CATEGORIES}


def write(state: State, seat: Seat, category: str, score: int, why: str = "") -> None:
    """Fill `category` on `seat`'s sheet this turn, circled if the other has not filled it."""
    circled = state["sheets"][1 - seat][category] is None
    state["sheets"][seat][category] = {"score": score, "turn": state["turn"], "circled": circled}
    verb = "wrote" if category in CALCULATED else "scored"
    notes = ", ".join(note for note in ("circled" if circled else "", why) if note)
    notes = f" ({notes})" if notes else ""
    log(state, f"{seat_token(seat)} {verb} {score} in {TITLES[category]}{notes}")


def write_totals(state: State, seat: Seat) -> None:
    """Write each calculated total whose parts are all known and which is not yet written."""
    sheet = state["sheets"][seat]
    for total, parts in TOTALS.items():
        if sheet[total] is None and all(sheet[part] is not None for part in parts):
            write(state, seat, total, sum(sheet[part]["score"] for part in parts))


def written(sheet: Sheet, category: str) -> Mark:
    """The mark of a category already written."""
    mark = sheet[category]
    if mark is None:
        raise ValueError(f"{category} is not written yet")
    return mark


def category_winner(sheets: list[Sheet], category: str) -> Seat | None:
    """The higher score wins; equal scores go to the circled one; None until both have played."""
    first, second = (sheet[category] for sheet in sheets)
    if first is None or second is None:
        return None
    if first["score"] != second["score"]:
        return 0 if first["score"] > second["score"] else 1
    return 0 if first["circled"] else 1


def winners(sheets: list[Sheet]) -> dict[str, Seat | None]:
    return {category: category_winner(sheets, category) for category in CATEGORIES}


def categories_won(sheets: list[Sheet]) -> list[int]:
    won = list(winners(sheets).values())
    return [won.count(0), won.count(1)]


# --- the end --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """What decides the game for one seat, in the order the rulebook looks at it."""

    categories: int
    calculated: int
    grand_total: int
    bluggard_turn: int


def standings(sheets: list[Sheet]) -> list[Standing]:
    won = winners(sheets)
    return [
        Standing(
            categories=list(won.values()).count(seat),
            calculated=[won[category] for category in CALCULATED].count(seat),
            grand_total=written(sheets[seat], "grand")["score"],
            bluggard_turn=written(sheets[seat], BLUGGARD)["turn"],
        )
        for seat in (0, 1)
    ]


def decide(seats: list[Standing]) -> tuple[Seat, str]:
    """The winning seat and why: categories, then calculated ones, Grand Total, last Bluggard.

    With 12 categories, each won by exactly one seat, equal counts mean 6 each; the 3 calculated
    categories then always split 2 to 1 or 3 to 0, so in a real game the first tiebreaker always
    decides. The other two are kept because the rulebook has them.
    """
    a, b = seats
    if a.categories != b.categories:
        seat = 0 if a.categories > b.categories else 1
        high, low = sorted((a.categories, b.categories), reverse=True)
        return seat, f"won {high} categories to {low}"
    each = f"{a.categories} categories"
    if a.calculated != b.calculated:
        seat = 0 if a.calculated > b.calculated else 1
        high, low = sorted((a.calculated, b.calculated), reverse=True)
        return seat, f"won on calculated categories, {high} to {low}, after {each} each"
    calculated = f"{a.calculated} calculated " + ("category" if a.calculated == 1 else "categories")
    if a.grand_total != b.grand_total:
        seat = 0 if a.grand_total > b.grand_total else 1
        high, low = sorted((a.grand_total, b.grand_total), reverse=True)
        return seat, f"won on Grand Total, {high} to {low}, after {each} and {calculated} each"
    assert a.bluggard_turn != b.bluggard_turn, "two players cannot play the Bluggard on one turn"
    seat = 0 if a.bluggard_turn > b.bluggard_turn else 1
    last, earlier = sorted((a.bluggard_turn, b.bluggard_turn), reverse=True)
    return seat, (
        f"won by playing the Bluggard last (turn {last} against turn {earlier}), "
        f"after {each}, {calculated} and a Grand Total of {a.grand_total} each"
    )
