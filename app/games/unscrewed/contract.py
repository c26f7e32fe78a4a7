"""UNSCREWED's JSON, typed: the state, the table every view shows, and the actions.

What the actions do is said in rules.py; the events and the asks in view.py's docstring.
Positions are [x, y] (board.py). Nothing printed is in a state or a table: they name the box, the
map and the cards by id, and the page looks them up in `Unscrewed.components()` (box.py).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from app.games.core import Ending, Seat
from app.games.decisions import Decision, ScriptRecord
from app.games.log import LogEntry
from app.games.unscrewed.board import Phase

Position = list[int]  # [x, y]
Event = dict[str, Any]  # {"n", "kind", ...}: the kinds and their fields in view.py's docstring


# --- the state --------------------------------------------------------------------------------


class Thing(TypedDict):
    """A thingamajig: a character, a bomb or an anvil (off the map: at None)."""

    kind: Literal["character", "bomb", "anvil"]
    at: Position | None
    seat: NotRequired[Seat]  # characters
    number: NotRequired[int]  # bombs and anvils


class Slot(TypedDict):
    card: str  # an action card, or "plan" (a Master Plan)
    flipped: bool
    did: str | None  # what it did (Again and the plans repeat another card)
    plan: NotRequired[str | None]  # the Master Plan's id


class Gimmick(TypedDict):
    character: str
    side: str  # "front" or "back"


class SeatState(TypedDict):
    character: str | None
    name: str
    alive: bool
    slots: list[Slot | None]  # three, None while empty; SECRET until flipped
    quirks: list[str]
    gimmick: Gimmick | None


class ImprovDeck(TypedDict):
    draw: list[str]  # card ids "<kind>.<copy>"; SECRET order
    discard: list[str]
    in_play: list[str]


class QuirkDeck(TypedDict):
    draw: list[str]
    discard: list[str]


class PlanState(TypedDict):
    at: Position | None
    placed: bool
    cards: list[str]


class Friend(TypedDict):
    at: Position | None


class Execution(TypedDict):
    step: int  # 0..2
    turn: int


class UnscrewedState(TypedDict):
    rng: str
    players: int
    mode: Literal["full", "first"]
    box: str  # the digest of the components the game was set up with (box.py)
    map: str  # the map's id in that box
    covers: int  # how many covers are placed
    tokens: dict[str, str]  # "x,y" -> the space token placed there
    things: dict[str, Thing]  # "c0", "bomb1", "anvil2"...
    seats: list[SeatState]
    dibs: Seat
    round: int
    phase: Phase
    improv_deck: ImprovDeck
    quirk_deck: QuirkDeck
    plan: PlanState
    friend: Friend
    events: list[Event]  # since the last action
    next_event: int
    result: Ending | None  # core.finish
    together: list[str] | None  # the things moving together (fans, bombs) while they move
    scheming: NotRequired[Decision]  # the seats still scheming
    execution: NotRequired[Execution]
    asking: NotRequired[ScriptRecord]  # the open decision: the script waiting for an answer
    log: list[LogEntry]


# --- the table ----------------------------------------------------------------------------------


class MapShown(TypedDict):
    id: str  # the map's name, size and spaces: in the components
    covers: int  # ring r is covered when r < covers
    cover_names: list[str]
    next_cover: str | None


class PlanShown(TypedDict):
    at: Position | None
    cards_left: int


class SlotShown(TypedDict):
    flipped: bool
    card: str | None  # None while face down and not yours
    plan: NotRequired[str | None]


class Player(TypedDict):
    seat: Seat
    name: str
    character: str | None
    alive: bool  # where it stands: its character's place in `things`
    quirks: list[str]  # Quirk ids ("<id>.<copy>")
    gimmick: Gimmick | None  # its texts: the components' gimmicks[character][side]
    slots: list[SlotShown | None]  # your own face up: your hand is the cards not in them


class You(TypedDict):
    seat: Seat
    cards: list[str]  # the six action cards


class ExecutionShown(TypedDict):
    step: int


class Decks(TypedDict):
    improv: int  # cards to draw
    improv_discard: list[str]  # face up, the last on top
    quirks: int
    quirk_discard: list[str]
    improv_order: NotRequired[list[str]]  # a finished game's replay only
    quirk_order: NotRequired[list[str]]


class Asking(TypedDict):
    seat: Seat
    kind: str
    prompt: str
    info: dict[str, Any]  # the Quirks and Improv cards to choose from: their chooser's only


class Table(TypedDict):
    mode: Literal["full", "first"]
    box: str  # the components' digest (box.py)
    map: MapShown
    tokens: dict[str, str]  # "x,y" -> the space token placed there, as in the state
    things: dict[str, Thing]  # those on the map, by id
    supply: dict[str, int]  # bomb, anvil, slick, hole: how many are left off the map
    friend: Friend | None  # full mode with Slappy
    plan: PlanShown | None  # full mode with Dr. Piddles
    players: list[Player]
    you: You | None  # None for spectators
    dibs: Seat
    dibs_order: list[Seat]  # from the Dibs player clockwise
    round: int
    phase: Phase  # never "start" nor "aftermath_running"
    execution: ExecutionShown | None  # during Execution
    decks: Decks
    asking: Asking | None
    events: list[Event]
    result: Ending | None


# --- the actions --------------------------------------------------------------------------------


class OneCard(TypedDict):
    """Scheme a card from the hand, or pick an Improv card."""

    type: Literal["scheme", "pick_improv"]
    card: str


class Bare(TypedDict):
    type: Literal["unscheme", "lock"]


class OneDirection(TypedDict):
    """Aim a card, push a direction, or shift (a direction or "stay")."""

    type: Literal["aim", "direction", "shift"]
    direction: str


class Call(TypedDict):
    type: Literal["call"]
    side: Literal["heads", "tails"]


class Character(TypedDict):
    type: Literal["character"]
    name: str


class OneQuirk(TypedDict):
    type: Literal["keep_quirk", "discard_quirk"]
    quirk: str


class OneSpace(TypedDict):
    """Spawn, place the friend, or place the plan."""

    type: Literal["spawn", "friend", "plan"]
    at: Position


class MasterPlan(TypedDict):
    type: Literal["master_plan"]
    action: str


class Order(TypedDict):
    type: Literal["order"]
    thing: str


UnscrewedAction = (
    OneCard | Bare | OneDirection | Call | Character | OneQuirk | OneSpace | MasterPlan | Order
)
