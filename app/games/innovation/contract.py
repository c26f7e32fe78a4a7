"""Innovation's JSON, typed: the state, the table every view shows, and the actions.

Cards are named by their title (cards.json); views name them and the page reads their icons,
colors and texts from `components()`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from app.games.core import Ending, Seat
from app.games.decisions import Decision, ScriptRecord
from app.games.innovation.board import Phase
from app.games.innovation.ending import WonBy
from app.games.log import LogEntry

Edition = Literal["third", "first"]
Splay = Literal["left", "right", "up"] | None

# --- the state --------------------------------------------------------------------------------


class SeatState(TypedDict):
    hand: list[str]
    score: list[str]  # the score pile
    board: dict[str, list[str]]  # color -> its pile, top first
    splays: dict[str, Splay]
    achievements: list[str]  # the standard achievements claimed (cards)
    specials: list[str]  # the special achievements claimed
    tucked: int  # Monument tallies this turn
    scored: int


class Dogma(TypedDict):
    """A dogma action under way."""

    card: str
    player: Seat
    affected: list[Seat]
    sharing: list[Seat]


class InnovationState(TypedDict):
    rng: str
    players: int
    edition: Edition
    teams: bool  # seats 0 & 2 against 1 & 3
    phase: Phase
    supply: dict[str, list[str]]  # age -> the face-down pile, top first; SECRET
    available: dict[str, str]  # age -> the standard achievement not yet claimed; SECRET card
    specials: list[str]  # the special achievements not yet claimed
    seats: list[SeatState]
    current: Seat
    turn: int
    actions_left: int
    changes: int
    removed: list[str]  # out of the game (Fission)
    revealed: list[str]  # revealed to everyone in the last action
    on_show: list[str]  # revealed by the effects going on and not moved since
    seen: list[str]
    result: Ending | None  # written by core.finish (ending.py)
    won_by: WonBy | None  # how the game ended, once it has
    opening: NotRequired[Decision]  # the first melds, picked in secret
    dogma: NotRequired[Dogma]
    asking: ScriptRecord | None  # the dogma action waiting for an answer (decisions.Script)
    log: list[LogEntry]


# --- the table ----------------------------------------------------------------------------------


class Pile(TypedDict):
    cards: list[str]  # top first; every board card is public
    splay: Splay


class Player(TypedDict):
    """A seat's part of the table. What its board shows (its icons), its score and its team's,
    and its achievements counted are the page's to count (page/tally.js)."""

    seat: Seat
    team: int | None  # 0 or 1 in a team game
    teammate: Seat | None
    board: dict[str, Pile]  # all five colors
    hand: list[str] | list[int]  # names for yourself (and in a finished game's replay); else ages
    score_pile: list[str] | list[int]  # as the hand
    achievements: list[str] | list[int]  # ages (names in a finished game's replay)
    specials: list[str]
    tucked: int
    scored: int


class Question(TypedDict):
    """The open question of a dogma action (its words and answers: the view's prompt and legal
    actions, for the seat asked)."""

    seat: Seat
    kind: str
    card: str
    effect: int
    player: Seat
    demander: Seat | None
    optional: bool


class Opening(TypedDict):
    waiting: list[Seat]
    pick: str | None  # your own pick


class ResultShown(TypedDict):
    winners: list[Seat]
    reason: str


class Table(TypedDict):
    phase: Phase
    edition: Edition
    teams: bool
    turn: int
    current: Seat
    actions_left: int
    you: Seat | None  # the viewing seat (None for a spectator)
    players: list[Player]  # in seat order
    supply: dict[str, int]  # age -> how many cards are left
    removed: int
    available: list[int]  # the ages of the standard achievements not yet claimed
    specials: list[str]
    target: int  # achievements needed to win
    revealed: list[str]
    dogma: Dogma | None
    asking: Question | None
    opening: Opening | None  # during the opening
    result: ResultShown | None
    supply_cards: NotRequired[dict[str, list[str]]]  # a finished game's replay only
    available_cards: NotRequired[dict[str, str]]  # a finished game's replay only


# --- the actions --------------------------------------------------------------------------------


class Bare(TypedDict):
    type: Literal["draw", "done"]


class OneCard(TypedDict):
    """Meld or dogma a card, pick the first meld, or name a card in answer to a dogma."""

    type: Literal["meld", "dogma", "pick", "card"]
    card: str


class OneAge(TypedDict):
    """Achieve an age, or name one in answer."""

    type: Literal["achieve", "age"]
    age: int


class OneColor(TypedDict):
    type: Literal["color"]
    color: str


class OneIcon(TypedDict):
    type: Literal["icon"]
    icon: str


class OnePlayer(TypedDict):
    type: Literal["player"]
    player: Seat


class YesNo(TypedDict):
    type: Literal["yes"]
    yes: bool


InnovationAction = Bare | OneCard | OneAge | OneColor | OneIcon | OnePlayer | YesNo
