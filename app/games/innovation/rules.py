"""Innovation: build a civilization from 105 innovations across ten ages; claim achievements.

The rulebook is ../shared/rules/innovation.txt; rules.md beside this file says it in our
words with our decisions. The state is described in board.py (a seat's part) and supply.py
(where cards are); the cards' effects live in effects/ (how to write one:
docs/innovation-cards.md); a dogma action is a decisions.Script (dogma.py).

Actions (each kind of choice has one "type"):

    {"type": "pick", "card": name}      the opening: the age-1 card to meld (secret until all
                                        have picked)
    {"type": "draw"}                    draw by your highest top card
    {"type": "meld", "card": name}      meld a card from your hand
    {"type": "dogma", "card": name}     the dogma action on one of your top cards
    {"type": "achieve", "age": n}       claim the available age-n achievement (score >= 5 x n
                                        and a top card of age n or more)

Decisions inside a dogma action (the open question, `state["asking"]`, whose "info" says
{"kind", "card" (the dogma card), "effect" (its 1-based index), "player" (whose effect),
"demander", "optional"}):

    {"type": "card", "card": name}      {"type": "color", "color": c}
    {"type": "player", "player": seat}  {"type": "age", "age": n}
    {"type": "icon", "icon": i}         {"type": "yes", "yes": true | false}
    {"type": "done"}                    decline an optional choice / stop choosing cards

Each type is carried out by its move in `Innovation.moves` (turn.py's pick, draw, meld, dogma,
achieve, and answer for every decision's type).

Options: "edition" ("third" default, or "first": cards with a first-edition text follow it) and
"teams" (False default; True: 2 vs 2 with 4 players, seats 0 & 2 against 1 & 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.core import Action, BadOptions, Contract, Game, Move, Option, Seat, State
from app.games.decisions import Simultaneous
from app.games.innovation import stored, turn, undo, view, words
from app.games.innovation.board import Phase, new_seat
from app.games.innovation.cards import AGES, BY_AGE, SPECIAL_NAMES, public_components
from app.games.innovation.contract import InnovationAction, InnovationState, Table
from app.games.innovation.dogma import SCRIPT
from app.games.randomness import randomness, seed_state

if TYPE_CHECKING:
    from app.games.bots import Bot

PUBLIC_COMPONENTS = public_components()
ANSWERS = ("card", "color", "player", "age", "icon", "yes", "done")  # a dogma's questions' types


def new_state(players: int, edition: str, teams: bool, seed: int) -> State:
    """Everything but the opening: shuffled supply piles and the standard achievements aside."""
    state: State = {}
    seed_state(state, seed)
    supply: dict[str, list[str]] = {}
    with randomness(state) as rng:
        for age in AGES:
            cards = list(BY_AGE[age])
            rng.shuffle(cards)
            supply[str(age)] = cards
    available = {str(age): supply[str(age)].pop(0) for age in range(1, 10)}
    state.update(
        players=players,
        edition=edition,
        teams=teams,
        phase=Phase.OPENING,
        supply=supply,
        available=available,
        specials=list(SPECIAL_NAMES),
        seats=[new_seat() for _ in range(players)],
        current=0,
        turn=0,
        actions_left=0,
        changes=0,
        removed=[],
        revealed=[],
        on_show=[],
        seen=[],
        asking=None,
        result=None,
        won_by=None,
        log=[],
    )
    return state


class Innovation(Game):
    id = "innovation"
    name = "Innovation"
    description = (
        "Lead a civilization through ten ages of innovations: meld them, splay them, use their "
        "dogmas against your rivals, and be the first to claim enough achievements."
    )
    min_players = 2
    max_players = 4
    contract = Contract(state=InnovationState, table=Table, action=InnovationAction)
    options = (
        Option(
            "edition",
            "Card texts",
            ("third", "first"),
            "third",
            help="Third edition (Deluxe) or the first edition's texts where the cards differ.",
        ),
        Option(
            "teams",
            "Team game",
            (False, True),
            False,
            help="Four players only: seats 1 and 3 against seats 2 and 4, sharing achievements "
            "(six win) and, at the end by score, their scores.",
        ),
    )
    rules_version = "1"

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        if options["teams"] and players != 4:
            raise BadOptions(f"the team game needs 4 players, not {players}")
        state = new_state(players, options["edition"], options["teams"], seed)
        turn.open_game(state)
        return state

    def active(self, state: State) -> list[Seat]:
        if state["result"] is not None:
            return []
        if state["phase"] == Phase.OPENING:
            return Simultaneous.waiting(state, turn.OPENING)
        ask = SCRIPT.asking(state)
        if ask is not None:
            return [ask.seat]
        return [state["current"]]

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if state["result"] is not None:
            return []
        if state["phase"] == Phase.OPENING:
            return turn.opening_options(state, seat)
        ask = SCRIPT.asking(state)
        if ask is not None:
            return list(ask.options) if ask.seat == seat else []
        if seat != state["current"]:
            return []
        return turn.turn_options(state, seat)

    def moves(self) -> dict[str, Move]:
        """Every type `legal` offers, to its move (turn.py): the opening pick, the turn's four
        actions, and the answers to a dogma's open question (ANSWERS), which only ever come
        while a question is open."""
        return {
            "pick": turn.pick,
            "draw": turn.draw,
            "meld": turn.meld,
            "dogma": turn.dogma,
            "achieve": turn.achieve,
            **dict.fromkeys(ANSWERS, turn.answer),
        }

    def upgrade(self, state: State) -> State:
        return stored.upgrade(state)

    def undoable(self, before: State, after: State, seat: Seat, action: Action) -> bool:
        return undo.undoable(before, after, seat, action)

    def took_back(self, action: Action) -> str:
        return undo.words(action)

    def prompt(self, state: State, seat: Seat | None) -> str | None:
        return view.prompt(state, seat)

    def table(self, state: State, seat: Seat | None, everything: bool = False) -> Table:
        return view.table(state, seat, everything)

    def bots(self) -> dict[str, Bot]:
        from app.games.innovation.bot import GoodBot

        return {"good": GoodBot()}

    def sparring_bots(self) -> dict[str, Bot]:
        from app.games.innovation.greedy import GreedyBot

        return {"greedy": GreedyBot()}

    def components(self) -> dict[str, Any]:
        """The card faces and special achievements, which views name but do not repeat."""
        return PUBLIC_COMPONENTS

    def action_words(self, state: State, seat: Seat, action: Action) -> str | None:
        """An answer to a dogma's question in that question's words (words.py); the opening pick
        and the turn's four actions always write a log line (None)."""
        return words.answer_words(state, seat, action)

    def action_for_log(self, action: Action) -> Action:
        """The opening pick, and every card named in answer to a dogma (it may be a card from a
        hand or a score pile, which the others may not see), shown without the card."""
        if action.get("type") in ("pick", "card"):
            return {"type": action["type"]}
        return action
