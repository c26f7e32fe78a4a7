"""A seat's sheet and its turn: the helpers over a sheet's state, and `Options`, the exact list
of what a seat may do now (the actions are described in rules.py's docstring).
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Seat, State
from app.games.unvention import journal, workshop
from app.games.unvention.dice import EUREKA, GROUPS, QUANTUM_LEAP, groups, kind, with_ball_bearing
from app.games.unvention.shapes import (
    Shape,
    fits_somewhere,
    grid_mask,
    normalise,
    orientations,
    placements,
)
from app.games.unvention.sheet import (
    BUILD_COST,
    FLYWHEEL_BUILD_COST,
    IDEA_CIRCLES,
    INVENTIONS,
    JOURNAL_SIZE,
    JOURNALS,
    PRINTED_IDEAS,
    TOOLS,
    WORKSHOPS,
)

WAITING = "waiting"  # the decisions.Simultaneous key of the seats not finished yet
NUMBERS = (1, 2, 3, 4, 5, 6)
DOMINOES = (((0, 0), (0, 1)), ((0, 0), (1, 0)))
PAIRS = tuple((a, b) for a in NUMBERS for b in NUMBERS if a < b)

Sheet = dict[str, Any]


# --- the sheet ------------------------------------------------------------------------------


def new_sheet(extra_idea: str) -> Sheet:
    return {
        "journals": [journal.blank() for _ in range(JOURNALS)],
        "spent": 0,
        "workshops": workshop.blank(),
        "mechanisms": [],
        "inventions": {
            slug: {"ideas": PRINTED_IDEAS + (slug == extra_idea), "presented": None}
            for slug in INVENTIONS
        },
        "journal_ideas": [],
        "tools": {slug: None for slug in TOOLS},
        "asking": None,
        "present": [],
    }


def fresh_turn(roll_kind: str) -> dict[str, Any]:
    return {
        "stage": "leap" if roll_kind == QUANTUM_LEAP else "journal",
        "ball_bearing": None,
        "journal_group": None,
        "journal_left": [],
        "journals": [],
        "crossed": None,
        "workshop_group": None,
        "workshop_left": None,
        "workshops": [],
        "leap": None,
        "building": None,
        "written": [],
        "circled": [],
        "wrenched": 0,
    }


def has(sheet: Sheet, tool: str) -> bool:
    return sheet["tools"][tool] is not None


def wrenches_earned(sheet: Sheet) -> int:
    return sum(journal.wrenches_earned(cells) for cells in sheet["journals"])


def wrenches(sheet: Sheet) -> int:
    """Wrenches earned and not yet spent."""
    spent: int = sheet["spent"]
    return wrenches_earned(sheet) - spent


def complete_journals(sheet: Sheet) -> int:
    return sum(journal.complete(cells) for cells in sheet["journals"])


def open_inventions(sheet: Sheet) -> list[str]:
    """Inventions that can still take mechanisms and Ideas: those not presented yet, in the
    sheet's printed order (never the order of the state's keys, which a database may sort)."""
    inventions = sheet["inventions"]
    return [
        slug for slug in INVENTIONS if slug in inventions and inventions[slug]["presented"] is None
    ]


def idea_targets(sheet: Sheet) -> list[str]:
    return [
        slug for slug in open_inventions(sheet) if sheet["inventions"][slug]["ideas"] < IDEA_CIRCLES
    ]


def pending_ideas(sheet: Sheet) -> list[dict[str, Any]]:
    return [e for e in sheet["journal_ideas"] if e["invention"] is None and not e["lost"]]


def free_mask(sheet: Sheet, invention: str) -> int:
    """The invention's pattern cells not yet covered by a mechanism."""
    design = INVENTIONS[invention]
    taken = [
        cell for m in sheet["mechanisms"] if m["invention"] == invention for cell in m["cells"]
    ]
    return grid_mask(design.cells, design.width) & ~grid_mask(taken, design.width)


def seat_dice(state: State, sheet: Sheet) -> list[int]:
    return with_ball_bearing(state["dice"], sheet["asking"]["ball_bearing"])


def turnings(sheet: Sheet, shape: Shape) -> tuple[Shape, ...]:
    """The shapes `shape` may be drawn as in an invention: as built, or with the Torque turned
    and mirrored too (index: a build_place action's "orientation")."""
    return orientations(shape) if has(sheet, "torque") else (shape,)


def build_cost(state: State, sheet: Sheet) -> int:
    if kind(state["dice"]) == QUANTUM_LEAP:
        return 0
    return FLYWHEEL_BUILD_COST if has(sheet, "flywheel") else BUILD_COST


# --- what a seat may do ---------------------------------------------------------------------


class Options:
    """The legal actions of one seat on its own sheet this turn (see the module docstring)."""

    def __init__(self, state: State, seat: Seat) -> None:
        self.state = state
        self.sheet = state["sheets"][seat]
        self.asking = self.sheet["asking"]
        self.kind = kind(state["dice"])
        self.playable = workshop.playable(state["setup"]["crossed"])
        self.wrenches = wrenches(self.sheet)
        self._free: dict[str, int] | None = None

    # -- journal --

    def writes(self) -> list[Action]:
        asking, stage = self.asking, self.asking["stage"]
        if stage == "journal":
            numbers = NUMBERS if self.kind == EUREKA else seat_dice(self.state, self.sheet)
            journals = range(JOURNALS)
        elif stage == "journaling" and asking["journal_left"]:
            numbers = asking["journal_left"]
            journals = range(JOURNALS) if has(self.sheet, "reamer") else asking["journals"]
        else:
            return []
        found = []
        for j in journals:
            for i, n in journal.writable(self.sheet["journals"][j], numbers):
                r, c = divmod(i, JOURNAL_SIZE)
                found.append({"type": "journal", "journal": j, "cell": [r, c], "number": n})
        return found

    def crosses(self) -> list[Action]:
        found = []
        for j, cells in enumerate(self.sheet["journals"]):
            for i, value in enumerate(cells):
                if value == journal.EMPTY:
                    r, c = divmod(i, JOURNAL_SIZE)
                    found.append({"type": "cross", "journal": j, "cell": [r, c]})
        return found

    def ball_bearings(self) -> list[Action]:
        asking = self.asking
        if (
            self.kind != GROUPS
            or asking["stage"] != "journal"
            or asking["ball_bearing"] is not None
            or not has(self.sheet, "ball_bearing")
        ):
            return []
        found, seen = [], set()
        for i, value in enumerate(self.state["dice"]):
            for delta in (-1, 1):
                if 1 <= value + delta <= 6 and (value, delta) not in seen:
                    seen.add((value, delta))
                    found.append({"type": "ball_bearing", "die": i, "delta": delta})
        return found

    # -- workshop --

    def workshop_numbers(self) -> list[int]:
        asking = self.asking
        if asking["workshop_left"] is not None:
            return sorted(set(asking["workshop_left"]))
        if self.kind == EUREKA:
            return list(NUMBERS)
        grouped = groups(seat_dice(self.state, self.sheet))
        return sorted(
            {n for g, group in enumerate(grouped) if g != asking["journal_group"] for n in group}
        )

    def circles(self) -> list[Action]:
        asking = self.asking
        if asking["stage"] not in ("journaling", "workshop"):
            return []
        numbers = self.workshop_numbers()
        if not numbers:
            return []
        if asking["workshop_left"] is None or has(self.sheet, "reamer"):
            shops = list(WORKSHOPS)
        else:
            shops = asking["workshops"]
        matching = workshop.matching(self.state["setup"]["crossed"])
        found = []
        for w in shops:
            parts = self.sheet["workshops"][w]
            chosen = sorted(
                (i, n) for n in numbers for i in matching[w][n] if parts[i] == workshop.FREE
            )
            for i, n in chosen:
                found.append(
                    {"type": "circle", "workshop": w, "part": workshop.cell(i), "number": n}
                )
        return found

    def spends(self) -> list[Action]:
        if self.wrenches < 1:
            return []
        found = []
        for w in WORKSHOPS:
            parts = self.sheet["workshops"][w]
            for i in self.playable[w]:
                if parts[i] == workshop.FREE:
                    found.append({"type": "spend_wrench", "workshop": w, "part": workshop.cell(i)})
        return found

    def leaps(self) -> list[Action]:
        return [
            {"type": "leap", "workshop": w, "numbers": [a, b]} for w in WORKSHOPS for a, b in PAIRS
        ]

    # -- build --

    def free(self) -> dict[str, int]:
        if self._free is None:
            self._free = {slug: free_mask(self.sheet, slug) for slug in open_inventions(self.sheet)}
        return self._free

    def fits(self, shape: Shape) -> bool:
        """The shape (turned if the seat has Torque) fits somewhere in an open invention."""
        for slug, free in self.free().items():
            design = INVENTIONS[slug]
            for turned in turnings(self.sheet, shape):
                if fits_somewhere(turned, free, design.height, design.width):
                    return True
        return False

    def domino_parts(self, w: str) -> list[int]:
        """Circled parts of workshop w with a circled neighbour they could be placed with."""
        parts = self.sheet["workshops"][w]
        fitting = [self.fits(domino) for domino in DOMINOES]
        found = []
        for i, status in enumerate(parts):
            if status != workshop.CIRCLED:
                continue
            r = i // 5
            for j in workshop.NEIGHBOURS[i]:
                if parts[j] == workshop.CIRCLED and fitting[0 if j // 5 == r else 1]:
                    found.append(i)
                    break
        return found

    def can_start_build(self) -> bool:
        asking = self.asking
        if asking["stage"] not in ("journaling", "workshop") or asking["building"] is not None:
            return False
        if self.wrenches < build_cost(self.state, self.sheet):
            return False
        return any(self.domino_parts(w) for w in WORKSHOPS)

    def additions(self) -> list[Action]:
        building = self.asking["building"]
        if not building["parts"]:
            return [
                {"type": "build_add", "workshop": w, "part": workshop.cell(i)}
                for w in WORKSHOPS
                for i in self.domino_parts(w)
            ]
        w = building["workshop"]
        parts = self.sheet["workshops"][w]
        members = {workshop.index(r, c) for r, c in building["parts"]}
        near = sorted(
            {j for i in members for j in workshop.NEIGHBOURS[i]} - members,
        )
        found = []
        for j in near:
            if parts[j] != workshop.CIRCLED:
                continue
            shape = normalise([*building["parts"], workshop.cell(j)])
            if self.fits(shape):
                found.append({"type": "build_add", "workshop": w, "part": workshop.cell(j)})
        return found

    def places(self) -> list[Action]:
        building = self.asking["building"]
        if len(building["parts"]) < 2:
            return []
        shape = normalise(building["parts"])
        torque = has(self.sheet, "torque")
        found = []
        for slug, free in self.free().items():
            design = INVENTIONS[slug]
            for o, turned in enumerate(turnings(self.sheet, shape)):
                for r, c in placements(turned, free, design.height, design.width):
                    action: Action = {"type": "build_place", "invention": slug, "at": [r, c]}
                    if torque:
                        action["orientation"] = o
                    found.append(action)
        return found

    # -- all --

    def all(self) -> list[Action]:
        asking = self.asking
        if asking["stage"] == "done":
            return []
        pending = pending_ideas(self.sheet)
        if pending:
            return [{"type": "idea", "invention": slug} for slug in idea_targets(self.sheet)]
        if asking["building"] is not None:
            return [
                *self.additions(),
                *self.places(),
                {"type": "build_cancel"},
                *self.spends(),
            ]
        found: list[Action] = []
        stage = asking["stage"]
        if stage == "leap":
            found += self.leaps()
        elif stage == "journal":
            found += self.ball_bearings()
            writes = self.writes()
            found += writes if writes else self.crosses()
        else:
            found += self.writes()
            found += self.circles()
            if self.can_start_build():
                found.append({"type": "build_start"})
        found += self.spends()
        if stage in ("journaling", "workshop", "built"):
            found.append({"type": "done"})
        return found
