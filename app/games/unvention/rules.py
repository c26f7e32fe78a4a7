"""Unvention: 1-6 inventors fill in their competition sheets on shared dice, all at once.

The rulebook is ../shared/rules/unvention.txt and the printed sheet ../shared/content/
unvention.md (as data in sheet.py); rules.md beside this file says the rules in our words and
lists our decisions where the rulebook is open. The modules, in the game's words: sheet.py (the
printed sheet), dice.py (grouping), journal.py, workshop.py, shapes.py (mechanisms, patterns,
tools), turn.py (a seat's sheet and what it may do now), scoring.py, ending.py (the standings
that end the competition through core.finish), view.py, stored.py (older stored states brought
up to date), words.py (the steps that write no log line, said for the review); the steps of a
turn are carried out by journaling.py, workshopping.py and building.py, and the turns and days
(rolls, the end of a day, presentations) by days.py. This one holds the game itself (setup,
who acts and what they may do, the prompt) and its moves table.

Turns are simultaneous. The engine rolls five dice at the start of each turn (through
`randomness`) and groups them (dice.py); every seat then works on its own sheet, step by step,
and ends its turn with {"type": "done"}. `active` lists the seats that have not finished; the
turn resolves (end-of-day checks, presentations, the next roll) when the last seat is done. Sheets
are public: every step is visible to everyone at once; only the generator is kept out of views.

Actions (every field listed; `legal(state, seat)` lists exactly the acceptable ones):

    {"type": "leap", "workshop": w, "numbers": [a, b]}
        Quantum Leap turn only, first step: circle every part numbered a or b (and every wild
        part) in workshop w, a < b. There is no journaling that turn; the build is free.
    {"type": "ball_bearing", "die": i, "delta": 1 | -1}
        With the Ball Bearing, once per turn, before the first journal entry: die i (0-4) counts
        one more or less for this seat, whose dice are grouped again (the table's are not).
        One action per distinct (die value, delta): i is the first die showing that value.
    {"type": "journal", "journal": j, "cell": [r, c], "number": n}
        Write n in cell (r, c) of journal j (0-2). The first number fixes the group (the group
        holding n; on a Eureka roll any n 1-6, and only one number); later numbers come from
        that group's remaining dice, in the same journal unless the seat has the Reamer.
    {"type": "cross", "journal": j, "cell": [r, c]}
        Listed only when no number can be written anywhere (unable to journal): an X there.
    {"type": "circle", "workshop": w, "part": [r, c], "number": n}
        Workshopping: circle one part with a die showing n (a wild part with any die, one action
        per usable n). The first circle fixes the group (not the journal's); later ones use that
        group's remaining dice, in the same workshop unless the seat has the Reamer. On a Eureka
        roll, one part with any named n. Circling ends journaling (its leftover numbers are
        skipped); building or "done" skips what is left of workshopping.
    {"type": "spend_wrench", "workshop": w, "part": [r, c]}
        Free action, any time during the seat's turn: one wrench circles any free part.
    {"type": "build_start"}
        Once per turn, after journaling: pay the build cost (2 wrenches, 1 with the Flywheel, 0
        on a Quantum Leap turn). Listed only if two adjacent circled parts could be placed.
    {"type": "build_add", "workshop": w, "part": [r, c]}
        Add a circled, unused part: the first anywhere, then orthogonally next to the
        mechanism in its workshop. Listed only if the mechanism could still be placed.
    {"type": "build_place", "invention": i, "at": [r, c]}                     (no Torque)
    {"type": "build_place", "invention": i, "at": [r, c], "orientation": o}   (with Torque)
        Draw the mechanism (2+ parts) in invention i's pattern on free cells, its bounding box's
        top-left corner at (r, c); o indexes shapes.orientations(shape) (0: as built), which
        the builder's view lists as asking.building.orientations. Ideas it encompasses go to i;
        a tool whose shape it has is unlocked.
    {"type": "build_cancel"}
        Give up the mechanism being built; its wrenches come back.
    {"type": "idea", "invention": i}
        Place a completed journal's Idea on invention i (forced, before anything else).
    {"type": "done"}
        End the turn (after journaling, not in the middle of a build).
    {"type": "present", "invention": i} / {"type": "keep", "invention": i}
        End of a day: one of each for every invention the seat may present; present scores it.

The state, the table every view shows and the actions are typed in contract.py.

Log lines name players only as "{seat0}", "{seat1}", ... for the server to replace.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.core import Action, Contract, Game, Move, Seat, State
from app.games.decisions import Simultaneous
from app.games.log import log, seat_token
from app.games.randomness import randomness, seed_state
from app.games.unvention import building, days, journaling, undo, words, workshopping
from app.games.unvention.contract import Phase, Table, UnventionAction, UnventionState
from app.games.unvention.days import start_turn
from app.games.unvention.sheet import (
    DAY_TITLES,
    DAYS,
    INVENTIONS,
    QUADRANTS,
    WORKSHOP_AT,
    WORKSHOPS,
    setup_invention,
)
from app.games.unvention.stored import upgrade
from app.games.unvention.turn import (
    WAITING,
    Options,
    new_sheet,
    pending_ideas,
)
from app.games.unvention.view import PRINTED, table

if TYPE_CHECKING:
    from app.games.bots import Bot


# --- the game -------------------------------------------------------------------------------


class Unvention(Game):
    id = "unvention"
    name = "Unvention"
    description = (
        "A roll-and-write of inventors: journal the dice, gather parts, build mechanisms "
        "and present inventions over a three-day competition."
    )
    min_players = 1
    max_players = 6
    contract = Contract(state=UnventionState, table=Table, action=UnventionAction)

    # -- setup --

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        state: State = {}
        seed_state(state, seed)
        with randomness(state) as rng:
            idea_die = rng.die()
            part_dice = [(rng.die(), rng.below(len(QUADRANTS))) for _ in range(2)]
        invention = setup_invention(idea_die)
        crossed: dict[str, list[int]] = {slug: [] for slug in WORKSHOPS}
        dice_info: list[dict[str, Any]] = []
        for value, quadrant in part_dice:
            w = WORKSHOP_AT[QUADRANTS[quadrant]]
            dice_info.append({"die": value, "quadrant": QUADRANTS[quadrant], "workshop": w})
            if value not in crossed[w]:
                crossed[w] = sorted([*crossed[w], value])
        state.update(
            players=players,
            setup={
                "idea_die": idea_die,
                "invention": invention,
                "part_dice": dice_info,
                "crossed": crossed,
            },
            day=0,
            turn=0,
            phase=Phase.TURN,
            dice=[],
            sheets=[new_sheet(invention) for _ in range(players)],
            log=[],
            result=None,
        )
        log(
            state,
            f"Setup: the Idea die shows {idea_die}, so every sheet circles an extra Idea on "
            f"{INVENTIONS[invention].title}",
        )
        for info in dice_info:
            log(
                state,
                f"Setup: a {info['die']} in the {WORKSHOPS[info['workshop']].title} quadrant "
                f"crosses off every {info['die']} in that workshop",
            )
        start_turn(state)
        return state

    # -- the interface --

    def bots(self) -> dict[str, Bot]:
        from app.games.unvention.good_bot import GoodBot

        return {"good": GoodBot()}

    def sparring_bots(self) -> dict[str, Bot]:
        from app.games.unvention.greedy import GreedyBot

        return {"greedy": GreedyBot()}

    def active(self, state: State) -> list[Seat]:
        if state["result"] is not None:
            return []
        return Simultaneous.waiting(state, WAITING)

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if state["result"] is not None or seat not in Simultaneous.waiting(state, WAITING):
            return []
        if state["phase"] == Phase.PRESENT:
            pending = state["sheets"][seat]["present"]
            return [{"type": t, "invention": slug} for slug in pending for t in ("present", "keep")]
        return Options(state, seat).all()

    def moves(self) -> dict[str, Move]:
        return MOVES

    def undoable(self, before: State, after: State, seat: Seat, action: Action) -> bool:
        return undo.undoable(before, after, seat, action)

    def took_back(self, action: Action) -> str:
        return undo.words(action)

    def action_words(self, state: State, seat: Seat, action: Action) -> str | None:
        """The steps of a turn that write no log line, in the game's words (words.py)."""
        return words.words(state, seat, action)

    def prompt(self, state: State, seat: Seat | None) -> str | None:
        if state["result"] is not None:
            return None
        waiting = Simultaneous.waiting(state, WAITING)
        if seat is None or seat not in waiting:
            names = ", ".join(seat_token(s) for s in waiting)
            return f"Waiting for {names}" if names else None
        sheet = state["sheets"][seat]
        if state["phase"] == Phase.PRESENT:
            return (
                f"End of {DAY_TITLES[DAYS[state['presenting']['day']]]}: "
                "present or keep each invention"
            )
        asking = sheet["asking"]
        if pending_ideas(sheet):
            return "Choose an invention for your journal's Idea"
        if asking["building"] is not None:
            if len(asking["building"]["parts"]) < 2:
                return "Choose the parts of your mechanism"
            return "Add parts, or draw the mechanism in an invention"
        stage = asking["stage"]
        if stage == "leap":
            return "Quantum Leap! Choose a workshop and two numbers"
        if stage == "journal":
            if Options(state, seat).writes():
                return "Write a number in a journal"
            return "You cannot journal: mark an X in one empty cell"
        if stage == "journaling":
            return "Write more numbers, circle parts, build, or end your turn"
        if stage == "workshop":
            return "Circle parts, build, or end your turn"
        return "End your turn"

    def table(self, state: State, seat: Seat | None, everything: bool = False) -> Table:
        return table(state, seat)

    def upgrade(self, state: State) -> State:
        """A state stored by an earlier version in today's shape (stored.py)."""
        return upgrade(state)

    def components(self) -> dict[str, Any]:
        """The printed sheet as data (workshops with their numbers, "?" wild and None no part,
        positions and Idea anchors; inventions with patterns, criteria and bonuses; tools):
        the same for every game, so views do not repeat it."""
        return PRINTED


# Every action type `legal` offers -> what carries it out.
MOVES: dict[str, Move] = {
    "leap": workshopping.do_leap,
    "ball_bearing": journaling.do_ball_bearing,
    "journal": journaling.do_journal,
    "cross": journaling.do_cross,
    "idea": journaling.do_idea,
    "circle": workshopping.do_circle,
    "spend_wrench": workshopping.do_spend_wrench,
    "build_start": building.do_build_start,
    "build_add": building.do_build_add,
    "build_place": building.do_build_place,
    "build_cancel": building.do_build_cancel,
    "done": days.do_done,
    "present": days.do_present,
    "keep": days.do_keep,
}

__all__ = ["Unvention"]
