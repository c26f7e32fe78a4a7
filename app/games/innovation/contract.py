"""Innovation's JSON, typed: the state, the table every view shows, and the actions.

Cards are named by their title (cards.json); views name them and the page reads their icons,
colors and texts from `components()`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from app.games.core import Action, Ending, Seat
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
    seat: Seat
    team: int | None  # 0 or 1 in a team game
    teammate: Seat | None
    board: dict[str, Pile]  # all five colors
    icons: dict[str, int]  # each of the six icons -> its visible count
    hand: list[str] | list[int]  # names for yourself (and in a finished game's replay); else ages
    hand_size: int
    score_pile: list[str] | list[int]  # as the hand
    score: int  # the score pile's total (public; what the seat achieves with)
    team_score: int  # a team game's, which counts at the end by score
    achievements: list[str] | list[int]  # ages (names in a finished game's replay)
    specials: list[str]
    achievement_count: int  # standard + special (a team game: the team's combined)
    tucked: int
    scored: int


class Question(TypedDict):
    """The open question of a dogma action; for the seat that must answer also its prompt and
    options."""

    seat: Seat
    kind: str
    card: str
    effect: int
    player: Seat
    demander: Seat | None
    optional: bool
    prompt: NotRequired[str]
    options: NotRequired[list[Action]]  # legal actions


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
