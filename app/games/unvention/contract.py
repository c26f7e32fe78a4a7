"""Unvention's JSON, typed: the state, the table every view shows, and the actions.

What each action does is said in rules.py; the numbers on a sheet in journal.py and workshop.py.
Sheets are public: the same table for every seat and spectators; only the generator is kept
out of views.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NotRequired, TypedDict

from app.games.core import Ending, Seat
from app.games.log import LogEntry


class Phase(StrEnum):
    """The week's step: the seats' turns on a roll, or the Presentation at a day's end. The
    competition is over when `state["result"]` is set (core.finish), whatever the phase (the
    last Presentation's)."""

    TURN = "turn"
    PRESENT = "present"


Cell = list[int]  # [r, c]
Stage = Literal["leap", "journal", "journaling", "workshop", "built", "done"]


# --- the state --------------------------------------------------------------------------------


class PartDie(TypedDict):
    die: int
    quadrant: str
    workshop: str


class Setup(TypedDict):
    idea_die: int
    invention: str  # the invention with an extra Idea on every sheet
    part_dice: list[PartDie]  # two
    crossed: dict[str, list[int]]  # workshop -> the numbers crossed off in it


class Mechanism(TypedDict):
    workshop: str
    parts: list[Cell]
    invention: str
    cells: list[Cell]
    orientation: int
    ideas: int  # the Ideas it encompasses
    turn: int


class InventionScore(TypedDict):
    """What an invention scores when presented (scoring.py)."""

    variety: int
    completion: int
    count: int
    multiplier: int
    unique: int
    total: int


class Presented(InventionScore):
    day: int


class Invention(TypedDict):
    ideas: int  # the multiplier, 1-6
    presented: Presented | None


class JournalIdea(TypedDict):
    journal: int
    invention: str | None
    lost: NotRequired[bool]


class BallBearing(TypedDict):
    die: int
    delta: int  # 1 or -1


class Leap(TypedDict):
    workshop: str
    numbers: list[int]


class Building(TypedDict):
    """The mechanism being built. In its builder's own view (never in the state, nor in other
    seats' views) `orientations` lists the shapes the rules let it be drawn as, as cells with
    the top-left at (0, 0), indexed by a build_place action's "orientation": the shape as built,
    then, with the Torque, its distinct rotations and mirror images (shapes.orientations); []
    before it has two parts. The page draws and places mechanisms from it alone."""

    workshop: str | None
    parts: list[Cell]
    paid: int
    orientations: NotRequired[list[list[Cell]]]  # views only: see above


class Asking(TypedDict):
    """What the game asks of a seat this turn, and the turn so far that the options follow
    from: the stage (what comes next), the dice and groups still to use, the mechanism being
    built. Seats decide apart, so each sheet holds its own (core: a seat's own `asking`)."""

    stage: Stage
    ball_bearing: BallBearing | None
    journal_group: int | None
    journal_left: list[int]
    journals: list[int]
    crossed: list[int] | None  # [j, r, c]
    workshop_group: int | None
    workshop_left: list[int] | None  # None before the first circle
    workshops: list[str]
    leap: Leap | None
    building: Building | None
    written: list[list[int]]  # [[j, r, c, n]..]
    circled: list[list[int | str]]  # [[w, r, c]..], by dice, leap or wrench
    wrenched: int  # wrenches spent on parts


class Sheet(TypedDict):
    journals: list[list[int]]  # 3 x 16 (journal.py: 0 empty, 1-6, -1 X)
    spent: int  # wrenches spent (free actions and builds)
    workshops: dict[str, list[int]]  # workshop -> 25 (workshop.py: 0 free, 1 circled, 2 used)
    mechanisms: list[Mechanism]
    inventions: dict[str, Invention]
    journal_ideas: list[JournalIdea]
    tools: dict[str, int | None]  # tool -> the turn it was unlocked
    asking: Asking | None  # None before the first turn
    present: list[str]  # inventions still to decide at the end of a day


class Waiting(TypedDict):
    """decisions.Simultaneous: the seats that have not finished the turn or the presentation."""

    waiting: list[Seat]
    answers: dict[str, bool]


class Presenting(TypedDict):
    day: int
    next: int  # the day after (3: the game ends)


class UnventionState(TypedDict):
    rng: str
    players: int
    setup: Setup
    day: int  # 0 Friday, 1 Saturday, 2 Sunday
    turn: int  # turns so far (1 on the first)
    phase: Phase
    dice: list[int]  # the table's five dice this turn
    waiting: NotRequired[Waiting]
    presenting: NotRequired[Presenting]  # during the "present" phase
    sheets: list[Sheet]
    log: list[LogEntry]
    result: Ending | None  # core.finish: set when the competition is over


# --- the table ----------------------------------------------------------------------------------


class Roll(TypedDict):
    dice: list[int]
    kind: str
    groups: list[list[int]]


class PresentingShown(TypedDict):
    day: str
    skipped: list[str]
    final: bool


class ToolTaken(TypedDict):
    unlocked: list[list[int]]  # [[seat, turn]..]
    first_taken: bool


class SeatScore(TypedDict):
    inventions: int
    tools: int
    total: int


class Wrenches(TypedDict):
    earned: int
    spent: int
    available: int


class JournalShown(TypedDict):
    cells: list[list[int | str | None]]  # 4 rows of None | 1-6 | "X"
    rows: list[str]  # "open" | "earned" | "crossed"
    columns: list[str]
    idea: str  # "open" | "gained" | "crossed"
    complete: bool


class InventionShown(TypedDict):
    ideas: int
    grid: list[list[int | None]]  # None outside the pattern, -1 empty, k: mechanism k
    filled: int
    complete: bool
    types: list[str]
    open: bool
    worth: InventionScore  # if presented today
    presented: Presented | None


class ToolShown(TypedDict):
    turn: int
    first: bool
    points: int


class AskingShown(Asking):
    dice: list[int]  # this seat's, after a Ball Bearing
    groups: list[list[int]]
    cost: int  # of a build now
    pending_ideas: int


class Player(TypedDict):
    seat: Seat
    score: SeatScore
    complete_journals: int
    wrenches: Wrenches
    journals: list[JournalShown]
    workshops: dict[str, list[list[str | None]]]  # None | "crossed" | "free" | "circled" | "used"
    mechanisms: list[Mechanism]
    inventions: dict[str, InventionShown]
    journal_ideas: list[JournalIdea]
    tools: dict[str, ToolShown | None]
    asking: AskingShown
    present: list[str]


class Table(TypedDict):
    day: str  # "friday"...
    day_number: int
    turn: int
    phase: Phase
    roll: Roll
    waiting: list[Seat]
    presenting: PresentingShown | None
    setup: Setup
    tools: dict[str, ToolTaken]
    players: list[Player]


# --- the actions --------------------------------------------------------------------------------


class LeapAction(TypedDict):
    type: Literal["leap"]
    workshop: str
    numbers: list[int]


class BallBearingAction(TypedDict):
    type: Literal["ball_bearing"]
    die: int
    delta: int


class Write(TypedDict):
    type: Literal["journal"]
    journal: int
    cell: Cell
    number: int


class Cross(TypedDict):
    type: Literal["cross"]
    journal: int
    cell: Cell


class Circle(TypedDict):
    type: Literal["circle"]
    workshop: str
    part: Cell
    number: int


class OnePart(TypedDict):
    """Spend a wrench on a part, or add a part to the mechanism being built."""

    type: Literal["spend_wrench", "build_add"]
    workshop: str
    part: Cell


class Place(TypedDict):
    type: Literal["build_place"]
    invention: str
    at: Cell
    orientation: NotRequired[int]  # with Torque


class OneInvention(TypedDict):
    """An Idea placed on an invention, or an invention presented or kept at a day's end."""

    type: Literal["idea", "present", "keep"]
    invention: str


class Bare(TypedDict):
    type: Literal["build_start", "build_cancel", "done"]


UnventionAction = (
    LeapAction | BallBearingAction | Write | Cross | Circle | OnePart | Place | OneInvention | Bare
)
