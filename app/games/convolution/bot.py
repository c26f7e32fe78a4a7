"""Convolution's "good" bot: it chooses its category by playing the rest of the game out.

The only real decision in Convolution is which open category to fill with the roll in front of
you (rolling is forced). For each open category the bot plays the rest of the game out on a set
of sampled future rolls, both players then choosing by a quick judgement (`judge`), and keeps
the category that wins the most of those games. The same sampled futures serve every
candidate, so candidates are compared on equal luck.

Nothing in Convolution is secret but the dice to come: the bot reads the roll, the sheets,
the turn and the first player from its view, and draws future rolls from its own `rng`.

The quick judgement weighs a score by how much it changes the chance of winning that
category, against waiting for a later roll:

- the opponent has already played it with s (circled, so ties go to them): writing more than s
  wins it for sure; waiting wins it only if a later roll beats s;
- the opponent has not played it: our score is circled, and the opponent wins it only with more
  on some later roll, about P(value > score); waiting gives about the chance that a random roll
  beats another;

plus a little for the score itself, since the three calculated totals add the scores up.

What `consider` gives: every open category, best first, valued at the share of the sampled
games that writing it there wins (unit CHANCE, 0 to 1): that share is what the bot chooses by,
and a Convolution game is won or lost whole, so a share of games is sounder than any count of
points (a category's score matters only through who wins it). Its reason says what the roll
scores there and what that does to the category ("Scores 24 in Bluggard, wins it against
their 21; wins 63 of 100 games played out"). A roll, the only action then, is worth 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from app.games.bots import CHANCE, Bot, View, Weighed
from app.games.convolution.scoresheet import (
    ACTIVE,
    BLUGGARD,
    CALCULATED,
    COLORS,
    RANKS,
    TITLES,
    TOTALS,
    TURNS,
    Standing,
    category_values,
    decide,
    player_of,
    roll_of,
    score_for,
)
from app.games.core import Action, Game, Rng, canonical

PLAYOUTS = 100  # sampled futures per decision, shared by every candidate category
TOTAL_WEIGHT = 0.02  # how much one point of score counts, beside a category's win chance


# --- how likely each value is ---------------------------------------------------------------


def _two_dice() -> dict[int, float]:
    counts: dict[int, float] = {}
    for a, b in product(range(1, 7), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1 / 36
    return counts


def _value_chances() -> dict[str, dict[int, float]]:
    """Each active category's value on one random roll, value -> probability."""
    pair = _two_dice()
    chances: dict[str, dict[int, float]] = {category: {} for category in ACTIVE}
    for totals in product(pair, repeat=4):
        p = 1.0
        for total in totals:
            p *= pair[total]
        ranked = sorted(totals, reverse=True)
        for category, value in (
            *zip(COLORS, totals, strict=True),
            *zip(RANKS, ranked, strict=True),
            (BLUGGARD, sum(totals)),
        ):
            chances[category][value] = chances[category].get(value, 0.0) + p
    return chances


def _tables() -> tuple[dict[str, list[float]], dict[str, float], dict[str, float]]:
    """For each category: P(value > v) for v in 0..48, the chance that a random value beats
    another, and the mean value."""
    chances = _value_chances()
    beaten: dict[str, list[float]] = {}
    contest: dict[str, float] = {}
    mean: dict[str, float] = {}
    for category, table in chances.items():
        beaten[category] = [sum(p for v, p in table.items() if v > s) for s in range(49)]
        contest[category] = sum(p * beaten[category][v] for v, p in table.items())
        mean[category] = sum(v * p for v, p in table.items())
    return beaten, contest, mean


BEATEN, CONTEST, MEAN = _tables()


# --- a position the bot can play on ---------------------------------------------------------


@dataclass
class Sheet:
    """One seat's active categories: score and turn written, None while open."""

    score: dict[str, int | None]
    turn: dict[str, int | None]

    def copy(self) -> Sheet:
        return Sheet(dict(self.score), dict(self.turn))


def sheets_from_view(state: dict[str, Any]) -> list[Sheet]:
    sheets = []
    for sheet in state["sheets"]:
        scores: dict[str, int | None] = {}
        turns: dict[str, int | None] = {}
        for category in ACTIVE:
            entry = sheet[category]
            scores[category] = None if entry is None else int(entry["score"])
            turns[category] = None if entry is None else int(entry["turn"])
        sheets.append(Sheet(scores, turns))
    return sheets


def gain(mine: Sheet, theirs: Sheet, values: dict[str, int], category: str) -> float:
    """How much filling `category` with this roll beats waiting (see the module docstring)."""
    opponent = theirs.score[category]
    score = score_for(category, values[category], first=opponent is None)
    beaten = BEATEN[category]
    if opponent is None:
        won = 1.0 - beaten[score] - CONTEST[category]
    else:
        won = (1.0 if score > opponent else 0.0) - beaten[opponent]
    return won + TOTAL_WEIGHT * (score - MEAN[category])


def judge(mine: Sheet, theirs: Sheet, values: dict[str, int]) -> str:
    """The quick choice: the open category whose score gains most over waiting."""
    best, best_gain = "", -1e9
    for category in ACTIVE:
        if mine.score[category] is None:
            value = gain(mine, theirs, values, category)
            if value > best_gain:
                best, best_gain = category, value
    return best


def fill(mine: Sheet, theirs: Sheet, category: str, value: int, turn: int) -> None:
    mine.score[category] = score_for(category, value, first=theirs.score[category] is None)
    mine.turn[category] = turn


def outcome(sheets: list[Sheet]) -> int:
    """The winning seat of a finished game, decided by the rules' own `decide`."""
    scores: list[dict[str, int]] = [dict(s.score) for s in sheets]  # type: ignore[arg-type]
    turns: list[dict[str, int]] = [dict(s.turn) for s in sheets]  # type: ignore[arg-type]
    for seat in (0, 1):
        for total, parts in TOTALS.items():
            scores[seat][total] = sum(scores[seat][part] for part in parts)
            turns[seat][total] = max(turns[seat][part] for part in parts)
    won = [0, 0]
    calculated = [0, 0]
    for category in (*ACTIVE, *CALCULATED):
        a, b = scores[0][category], scores[1][category]
        if a != b:
            winner = 0 if a > b else 1
        else:
            winner = 0 if turns[0][category] < turns[1][category] else 1
        won[winner] += 1
        if category in CALCULATED:
            calculated[winner] += 1
    standings = [
        Standing(won[seat], calculated[seat], scores[seat]["grand"], turns[seat][BLUGGARD])
        for seat in (0, 1)
    ]
    return decide(standings)[0]


def random_values(rng: Rng) -> dict[str, int]:
    return category_values({color: [rng.die(), rng.die()] for color in COLORS})


def playout(
    sheets: list[Sheet],
    first_player: int,
    turn: int,
    values: dict[str, int],
    future: list[dict[str, int]],
) -> int:
    """Play turns `turn`..18 with the quick judgement and return the winning seat. `values` is
    the roll of turn `turn` - 1 (the one on the table), `future` the rolls after it in order."""
    on_table = roll_of(turn - 1)
    for t in range(turn, TURNS + 1):
        roll = roll_of(t)
        if roll != on_table:
            values = future[roll - on_table - 1]
        seat = player_of(first_player, t)
        mine, theirs = sheets[seat], sheets[1 - seat]
        category = judge(mine, theirs, values)
        fill(mine, theirs, category, values[category], t)
    return outcome(sheets)


# --- the bot --------------------------------------------------------------------------------


class GoodBot(Bot):
    level = "good"
    label = "Good"
    unit = CHANCE

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        ordered = sorted(legal, key=canonical)
        if len(ordered) == 1:
            return [Weighed(ordered[0], 0.0, only_reason(ordered[0]))]
        try:
            return self.weigh(view, ordered, rng)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # A view the bot cannot read: any legal action.
            return [Weighed(rng.choice(ordered), 0.0, "Any choice: the table could not be read")]

    def weigh(self, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        """Every open category by the playouts it wins; ties go to the quick judgement's
        favourite (see the module docstring for what the value means)."""
        seat, state = int(view["you"]), view["state"]
        turn, first_player = int(state["turn"]), int(state["first_player"])
        choices = {
            action["category"]: action
            for action in legal
            if action.get("type") == "score" and action.get("category") in ACTIVE
        }
        if state["dice"] is None or not choices:  # no dice: the roll is due
            action = rng.choice(legal)
            return [Weighed(action, 0.0, only_reason(action))]
        values = category_values(state["dice"])
        sheets = sheets_from_view(state)
        futures = [
            [random_values(rng) for _ in range(roll_of(TURNS) - roll_of(turn))]
            for _ in range(PLAYOUTS)
        ]
        mine, theirs = sheets[seat], sheets[1 - seat]
        marks = []
        for category in ACTIVE:
            if category not in choices:
                continue
            wins = 0
            for future in futures:
                trial = [sheet.copy() for sheet in sheets]
                fill(trial[seat], trial[1 - seat], category, values[category], turn)
                wins += playout(trial, first_player, turn + 1, values, future) == seat
            marks.append(((wins, gain(mine, theirs, values, category)), category))
        marks.sort(key=lambda mark: mark[0], reverse=True)  # stable: ACTIVE order on ties
        return [
            Weighed(
                choices[category], worth(wins), score_reason(mine, theirs, values, category, wins)
            )
            for (wins, _), category in marks
        ]


def worth(wins: int) -> float:
    """The playouts won, as the value `consider` gives (see the module docstring)."""
    return round(wins / PLAYOUTS, 4)


def only_reason(action: Action) -> str:
    if action.get("type") == "roll":
        return "Roll the dice: rolling is all there is to do"
    title = TITLES.get(str(action.get("category")), "the one open category")
    return f"Score in {title}: the only choice"


def score_reason(
    mine: Sheet, theirs: Sheet, values: dict[str, int], category: str, wins: int
) -> str:
    """The category's score this roll, what it does to the category, and the playouts won."""
    opponent = theirs.score[category]
    score = score_for(category, values[category], first=opponent is None)
    title = TITLES[category]
    written = f"Scores {score} in {title}"
    if score != values[category]:
        written += f" (a first {values[category]} is written as {score})"
    if opponent is None:
        standing = f"circled: they need more than {score} to take it"
    elif score > opponent:
        standing = f"wins it against their {opponent}"
    else:
        standing = f"loses it to their {opponent}"
    return f"{written}, {standing}; wins {wins} of {PLAYOUTS} games played out"


# --- the greedy sparring bot ----------------------------------------------------------------


class GreedyBot(Bot):
    """The benchmarks' sparring bot (never offered in a lobby): the best immediate gain by the
    game's own score. A category the opponent has played is decided the moment it is written,
    so it first takes a category it wins now and avoids one it loses now; among the rest, the
    highest score the roll writes. Ties go to the canonical order, so it draws nothing."""

    level = "greedy"
    label = "Greedy"

    def choose(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
        ordered = sorted(legal, key=canonical)
        state = view.get("state") if isinstance(view, dict) else None
        if not isinstance(state, dict) or not isinstance(state.get("dice"), dict):
            return ordered[0]  # rolling (no dice yet), or a view it cannot read
        values = category_values(state["dice"])
        theirs = state["sheets"][1 - int(view["you"])]

        def immediate(action: Action) -> tuple[int, int]:
            category = str(action.get("category"))
            mark = theirs.get(category)
            score = score_for(category, values[category], first=mark is None)
            decided = 0 if mark is None else (1 if score > int(mark["score"]) else -1)
            return decided, score

        return max(ordered, key=immediate)  # max keeps the first of equals
