"""Convolution: two players, 8 dice, 18 turns on shared rolls, 12 categories to win.

The rulebook is ../shared/rules/convolution.txt (beside the repository); rules.md beside this
file says it in our words and lists our decisions where the rulebook is open.

Turn order. Roll k (1..9) is made by its roller, who takes turn 2k-1 with it; the other player
takes turn 2k with the same roll and then makes roll k+1. With first player F and other O:
rolls by F O F O F O F O F; turns by F O O F F O O F F O O F F O O F F O. Rolling is an action of
its own (`Roll`); scoring is `Score`. The state, the table every view shows and the actions
are the TypedDicts `ConvolutionState`, `Table` and `ConvolutionAction` below; the scoresheet
and what a roll is worth are in scoresheet.py.

Log lines never name players (the engine does not know names): they hold the literal tokens
"{seat0}" and "{seat1}", e.g. "{seat0} scored 8 in Red (circled)", for the server to replace
with names. No other braces appear in log lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict

from app.games.convolution import undo
from app.games.convolution.scoresheet import (
    ACTIVE,
    COLORS,
    FIRST_PLAYER,
    TITLES,
    TURNS,
    Dice,
    Phase,
    Sheet,
    arrangement,
    blank_sheet,
    categories_won,
    category_values,
    decide,
    offers,
    player_of,
    standings,
    write,
    write_totals,
)
from app.games.core import Action, Contract, Ending, Game, Move, Option, Seat, State, clone, finish
from app.games.log import LogEntry, log, seat_token
from app.games.randomness import randomness, seed_state

if TYPE_CHECKING:
    from app.games.bots import Bot


class ConvolutionState(TypedDict):
    rng: str  # the seeded generator (randomness.py); never shown to anyone
    first_player: Seat  # the seat that makes roll 1 (0 is the host, 1 the guest)
    turn: int  # the turn being taken, 1..18 (stays 18 once the game is over)
    phase: Phase  # stays "score" once the game is over
    rolls: list[Dice]  # every roll so far, oldest first; turn t is scored on rolls[roll_of(t) - 1]
    sheets: list[Sheet]  # [seat 0's, seat 1's]
    result: Ending | None  # written by core.finish after turn 18
    log: list[LogEntry]


class Table(TypedDict):
    """`view(state, seat)["state"]`: the same for every seat and spectators (nothing is secret).

    Only what the page cannot work out for itself: the turn, who went first, the dice to score
    and the scores the players chose. Everything that follows from these by the rules (the roll
    and its roller, the color totals and their order, what each category is worth, the
    calculated totals, who wins each category) the page derives (page/scoresheet.js), so that
    an action changes the view little: a score is one cell of a sheet and the turn, a roll the
    dice (issue #34: every seat is sent the change of its view after each action).
    """

    turn: int
    first_player: Seat
    dice: Dice | None  # the roll this turn is scored on; None until it is made (to roll now)
    sheets: list[Sheet]  # [seat 0's, seat 1's], the 9 active categories only


class Roll(TypedDict):
    type: Literal["roll"]


class Score(TypedDict):
    type: Literal["score"]
    category: str  # an open active category


ConvolutionAction = Roll | Score

# --- the game -------------------------------------------------------------------------------


class Convolution(Game):
    id = "convolution"
    name = "Convolution"
    description = "A dice duel on shared rolls: win more of the 12 scoresheet categories."
    min_players = 2
    max_players = 2
    contract = Contract(state=ConvolutionState, table=Table, action=ConvolutionAction)
    options = (
        Option(
            "first_player",
            "Who goes first",
            ("random", "host", "guest"),
            "random",
            help="The first player makes the first roll; random decides from the game's seed.",
        ),
    )

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        choice = options["first_player"]
        state: State = {}
        seed_state(state, seed)
        if choice == "random":
            with randomness(state) as rng:
                first_player = rng.below(2)
        else:
            first_player = FIRST_PLAYER[choice]
        state.update(
            first_player=first_player,
            turn=1,
            phase=Phase.ROLL,
            rolls=[],
            sheets=[blank_sheet(), blank_sheet()],
            result=None,
            log=[],
        )
        log(state, f"{seat_token(first_player)} goes first")
        return state

    def active(self, state: State) -> list[Seat]:
        if state["result"] is not None:
            return []
        return [player_of(state["first_player"], state["turn"])]

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if seat not in self.active(state):
            return []
        if state["phase"] == Phase.ROLL:
            return [{"type": "roll"}]
        sheet = state["sheets"][seat]
        return [
            {"type": "score", "category": category}
            for category in ACTIVE
            if sheet[category] is None
        ]

    def moves(self) -> dict[str, Move]:
        return {"roll": self.roll, "score": self.score}

    def roll(self, state: State, seat: Seat, action: Action) -> None:
        with randomness(state) as rng:
            dice = {color: [rng.die(), rng.die()] for color in COLORS}
        state["rolls"].append(dice)
        state["phase"] = Phase.SCORE
        shown = " | ".join(
            f"{TITLES[color]} {dice[color][0]} {dice[color][1]}" for color in arrangement(dice)
        )
        log(state, f"{seat_token(seat)} rolled {shown}")

    def score(self, state: State, seat: Seat, action: Action) -> None:
        category = action["category"]
        value = category_values(state["rolls"][-1])[category]
        score = offers(state, seat)[category]
        why = f"first to play a {value}" if score != value else ""
        write(state, seat, category, score, why)
        write_totals(state, seat)
        if state["turn"] == TURNS:
            end(state)
            return
        state["turn"] += 1
        state["phase"] = Phase.ROLL if state["turn"] % 2 == 1 else Phase.SCORE

    def bots(self) -> dict[str, Bot]:
        from app.games.convolution.bot import GoodBot  # the bot builds on this module

        return {"good": GoodBot()}

    def sparring_bots(self) -> dict[str, Bot]:
        from app.games.convolution.bot import GreedyBot

        return {"greedy": GreedyBot()}

    def upgrade(self, state: State) -> State:
        """A state stored before the game ended through `core.finish`: it had no "result",
        and a finished game's phase was "over" (now it stays "score" and the result says it
        is over)."""
        if "result" in state:
            return state
        upgraded = clone(state)
        upgraded["result"] = None
        if upgraded["phase"] == "over":
            upgraded["phase"] = Phase.SCORE
            winner, reason = decide(standings(upgraded["sheets"]))
            finish(upgraded, [winner], scores(upgraded), reason)
        return clone(upgraded)

    def undoable(self, before: State, after: State, seat: Seat, action: Action) -> bool:
        return undo.undoable(before, after, seat, action)

    def took_back(self, action: Action) -> str:
        return undo.words(action)

    def prompt(self, state: State, seat: Seat | None) -> str | None:
        if state["result"] is not None:
            return None
        if seat in self.active(state):
            return "Roll the dice" if state["phase"] == Phase.ROLL else "Choose a category to score"
        if seat is None:
            return "Waiting for a player"
        return "Waiting for the other player"

    def table(self, state: State, seat: Seat | None, everything: bool = False) -> Table:
        return table(state)


def end(state: State) -> None:
    """After turn 18: the winner of more categories (rules.md says the tie-breaks)."""
    winner, reason = decide(standings(state["sheets"]))
    log(state, f"{seat_token(winner)} {reason}")
    finish(state, [winner], scores(state), reason)


def scores(state: State) -> dict[str, int]:
    """The categories each seat has won, by seat."""
    won = categories_won(state["sheets"])
    return {"0": won[0], "1": won[1]}


def table(state: State) -> Table:
    """What a page needs to draw the game (the rest it derives: see `Table`)."""
    rolled = state["phase"] == Phase.SCORE
    played = [{category: sheet[category] for category in ACTIVE} for sheet in state["sheets"]]
    return {
        "turn": state["turn"],
        "first_player": state["first_player"],
        "dice": clone(state["rolls"][-1]) if rolled else None,
        "sheets": clone(played),
    }
