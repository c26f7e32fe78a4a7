"""Unvention: 1-6 inventors fill in their competition sheets on shared dice, all at once.

The rulebook is ../shared/rules/unvention.txt and the printed sheet ../shared/content/
unvention.md (as data in sheet.py); rules.md beside this file says the rules in our words and
lists our decisions where the rulebook is open. The modules, in the game's words: sheet.py (the
printed sheet), dice.py (grouping), journal.py, workshop.py, shapes.py (mechanisms, patterns,
tools), turn.py (a seat's sheet and what it may do now), scoring.py, ending.py (the standings
that end the competition through core.finish), view.py, stored.py (older stored states brought
up to date), words.py (the steps that write no log line, said for the review); this one holds
the game itself (setup, turn flow, days).

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

from app.games.core import Action, Contract, Game, IllegalAction, Move, Seat, State
from app.games.decisions import Simultaneous
from app.games.log import log, seat_token
from app.games.randomness import randomness, seed_state
from app.games.unvention import journal, scoring, undo, words, workshop
from app.games.unvention.contract import Phase, Table, UnventionAction, UnventionState
from app.games.unvention.dice import EUREKA, QUANTUM_LEAP, group_of, groups, kind
from app.games.unvention.ending import end_competition
from app.games.unvention.shapes import normalise, orientations, place, tool_of
from app.games.unvention.sheet import (
    DAY_TITLES,
    DAYS,
    IDEA_CIRCLES,
    INVENTIONS,
    QUADRANTS,
    TOOLS,
    WILD,
    WORKSHOP_AT,
    WORKSHOPS,
    setup_invention,
)
from app.games.unvention.stored import upgrade
from app.games.unvention.turn import (
    WAITING,
    Options,
    Sheet,
    build_cost,
    complete_journals,
    fresh_turn,
    has,
    idea_targets,
    new_sheet,
    open_inventions,
    pending_ideas,
    seat_dice,
)
from app.games.unvention.view import PRINTED, table

if TYPE_CHECKING:
    from app.games.bots import Bot


# --- the game -------------------------------------------------------------------------------


def lose_homeless_ideas(sheet: dict[str, Any]) -> None:
    """Journal Ideas waiting for an invention are lost once no invention can take one."""
    if not idea_targets(sheet):
        for entry in pending_ideas(sheet):
            entry["lost"] = True


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

    # -- setup and turns --

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
        self.start_turn(state)
        return state

    def start_turn(self, state: State) -> None:
        state["turn"] += 1
        with randomness(state) as rng:
            state["dice"] = [rng.die() for _ in range(5)]
        roll_kind = kind(state["dice"])
        for sheet in state["sheets"]:
            sheet["asking"] = fresh_turn(roll_kind)
            sheet["present"] = []
        Simultaneous.open(state, WAITING, list(range(state["players"])))
        shown = " ".join(str(d) for d in state["dice"])
        if roll_kind == EUREKA:
            what = "Eureka! Everyone names a journal number and a workshop number"
        elif roll_kind == QUANTUM_LEAP:
            what = "Quantum Leap! Everyone picks a workshop and two numbers"
        else:
            what = "groups " + " | ".join(" ".join(map(str, g)) for g in groups(state["dice"]))
        log(state, f"{DAY_TITLES[DAYS[state['day']]]}, turn {state['turn']}: {shown}: {what}")

    def end_turn(self, state: State) -> None:
        """Every seat is done: check the end of the day, then present or roll again."""
        counts = [complete_journals(sheet) for sheet in state["sheets"]]
        today = state["day"]
        triggered = [d for d in range(today, len(DAYS)) if d + 1 in counts]
        if not triggered:
            self.start_turn(state)
            return
        after = max(triggered) + 1
        log(state, f"{DAY_TITLES[DAYS[today]]} ends")
        for skipped in range(today + 1, min(after, len(DAYS))):
            log(state, f"{DAY_TITLES[DAYS[skipped]]} is skipped")
        state["phase"] = Phase.PRESENT
        state["presenting"] = {"day": today, "next": after}
        seats = []
        for seat, sheet in enumerate(state["sheets"]):
            sheet["asking"]["stage"] = "done"
            sheet["present"] = presentable(sheet, today)
            if sheet["present"]:
                seats.append(seat)
        if seats:
            Simultaneous.open(state, WAITING, seats)
        else:
            self.end_day(state)

    def end_day(self, state: State) -> None:
        presenting = state.pop("presenting")
        state.pop(WAITING, None)
        if presenting["next"] >= len(DAYS):
            end_competition(state)
            return
        state["day"] = presenting["next"]
        state["phase"] = Phase.TURN
        log(state, f"{DAY_TITLES[DAYS[state['day']]]} begins")
        self.start_turn(state)

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
        return {
            "leap": self.do_leap,
            "ball_bearing": self.do_ball_bearing,
            "journal": self.do_journal,
            "cross": self.do_cross,
            "idea": self.do_idea,
            "circle": self.do_circle,
            "spend_wrench": self.do_spend_wrench,
            "build_start": self.do_build_start,
            "build_add": self.do_build_add,
            "build_place": self.do_build_place,
            "build_cancel": self.do_build_cancel,
            "done": self.do_done,
            "present": self.do_present,
            "keep": self.do_keep,
        }

    # -- journal --

    def do_ball_bearing(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        die, delta = action["die"], action["delta"]
        sheet["asking"]["ball_bearing"] = {"die": die, "delta": delta}
        before = state["dice"][die]
        grouped = groups(seat_dice(state, sheet))
        shown = " | ".join(" ".join(map(str, g)) for g in grouped)
        log(
            state,
            f"{seat_token(seat)} used the Ball Bearing: a {before} counts as {before + delta} "
            f"(groups {shown})",
        )

    def do_journal(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        asking = sheet["asking"]
        j, (r, c), n = action["journal"], action["cell"], action["number"]
        if asking["stage"] == "journal":
            if kind(state["dice"]) == EUREKA:
                asking["journal_left"] = []
            else:
                grouped = groups(seat_dice(state, sheet))
                g = group_of(grouped, n)
                if g is None:
                    raise IllegalAction(f"no die shows {n}")
                left = list(grouped[g])
                left.remove(n)
                asking["journal_group"] = g
                asking["journal_left"] = left
            asking["stage"] = "journaling"
        else:
            asking["journal_left"].remove(n)
        if j not in asking["journals"]:
            asking["journals"].append(j)
        cells = sheet["journals"][j]
        cells[journal.index(r, c)] = n
        asking["written"].append([j, r, c, n])
        if journal.complete(cells):
            self.journal_completed(state, seat, j)

    def do_cross(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        asking = sheet["asking"]
        j, (r, c) = action["journal"], action["cell"]
        cells = sheet["journals"][j]
        cells[journal.index(r, c)] = journal.X
        asking.update(stage="journaling", crossed=[j, r, c], journal_left=[], journals=[j])
        log(
            state,
            f"{seat_token(seat)} could not journal: an X in journal {j + 1} crosses off the "
            f"wrenches of its row {r + 1} and column {c + 1} and the journal's Idea",
        )
        if journal.complete(cells):
            self.journal_completed(state, seat, j)

    def journal_completed(self, state: State, seat: Seat, j: int) -> None:
        sheet = state["sheets"][seat]
        if journal.crossed(sheet["journals"][j]):
            log(state, f"{seat_token(seat)} completed journal {j + 1} (its Idea was crossed off)")
            return
        if idea_targets(sheet):
            sheet["journal_ideas"].append({"journal": j, "invention": None, "lost": False})
            log(state, f"{seat_token(seat)} completed journal {j + 1} and gains its Idea")
        else:
            sheet["journal_ideas"].append({"journal": j, "invention": None, "lost": True})
            log(
                state,
                f"{seat_token(seat)} completed journal {j + 1}; its Idea is lost "
                "(no invention can take it)",
            )

    def do_idea(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        slug = action["invention"]
        entry = pending_ideas(sheet)[0]
        entry["invention"] = slug
        sheet["inventions"][slug]["ideas"] += 1
        log(
            state,
            f"{seat_token(seat)} put journal {entry['journal'] + 1}'s Idea on "
            f"{INVENTIONS[slug].title} (x{sheet['inventions'][slug]['ideas']})",
        )
        lose_homeless_ideas(sheet)

    # -- workshop --

    def do_circle(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        asking = sheet["asking"]
        w, (r, c), n = action["workshop"], action["part"], action["number"]
        if asking["workshop_left"] is None:
            if kind(state["dice"]) == EUREKA:
                asking["workshop_left"] = []
            else:
                grouped = groups(seat_dice(state, sheet))
                g = group_of(grouped, n)
                if g is None:
                    raise IllegalAction(f"no die shows {n}")
                left = list(grouped[g])
                left.remove(n)
                asking["workshop_group"] = g
                asking["workshop_left"] = left
            asking["journal_left"] = []
            asking["stage"] = "workshop"
        else:
            asking["workshop_left"].remove(n)
        if w not in asking["workshops"]:
            asking["workshops"].append(w)
        sheet["workshops"][w][workshop.index(r, c)] = workshop.CIRCLED
        asking["circled"].append([w, r, c])

    def do_spend_wrench(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        w, (r, c) = action["workshop"], action["part"]
        sheet["spent"] += 1
        sheet["workshops"][w][workshop.index(r, c)] = workshop.CIRCLED
        sheet["asking"]["circled"].append([w, r, c])
        sheet["asking"]["wrenched"] += 1

    def do_leap(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        asking = sheet["asking"]
        w, numbers = action["workshop"], action["numbers"]
        crossed = state["setup"]["crossed"]
        parts = sheet["workshops"][w]
        gained = 0
        for i, status in enumerate(parts):
            printed = workshop.number(w, i)
            if (
                status == workshop.FREE
                and workshop.in_play(w, i, crossed)
                and (printed == WILD or printed in numbers)
            ):
                parts[i] = workshop.CIRCLED
                asking["circled"].append([w, *workshop.cell(i)])
                gained += 1
        asking.update(
            stage="workshop",
            leap={"workshop": w, "numbers": list(numbers)},
            workshop_left=[],
            workshops=[w],
        )
        log(
            state,
            f"{seat_token(seat)} leapt in {WORKSHOPS[w].title} with {numbers[0]} and "
            f"{numbers[1]}: {gained} parts circled",
        )

    # -- build --

    def do_build_start(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        cost = build_cost(state, sheet)
        sheet["spent"] += cost
        sheet["asking"]["building"] = {"workshop": None, "parts": [], "paid": cost}

    def do_build_add(self, state: State, seat: Seat, action: Action) -> None:
        building = state["sheets"][seat]["asking"]["building"]
        building["workshop"] = action["workshop"]
        building["parts"].append(list(action["part"]))

    def do_build_cancel(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        sheet["spent"] -= sheet["asking"]["building"]["paid"]
        sheet["asking"]["building"] = None

    def do_build_place(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        asking = sheet["asking"]
        building = asking["building"]
        w, parts = building["workshop"], building["parts"]
        slug = action["invention"]
        shape = normalise(parts)
        o = action.get("orientation", 0)
        cells = place(orientations(shape)[o], action["at"])
        for r, c in parts:
            sheet["workshops"][w][workshop.index(r, c)] = workshop.USED
        ideas = workshop.ideas_encompassed(w, parts)
        entry = sheet["inventions"][slug]
        entry["ideas"] = min(IDEA_CIRCLES, entry["ideas"] + ideas)
        sheet["mechanisms"].append(
            {
                "workshop": w,
                "parts": [list(p) for p in parts],
                "invention": slug,
                "cells": cells,
                "orientation": o,
                "ideas": ideas,
                "turn": state["turn"],
            }
        )
        asking["building"] = None
        asking["stage"] = "built"
        asking["journal_left"] = []
        if asking["workshop_left"] is not None:
            asking["workshop_left"] = []
        captured = f", {ideas} Idea{'s' if ideas != 1 else ''}" if ideas else ""
        log(
            state,
            f"{seat_token(seat)} built a {len(parts)}-part {WORKSHOPS[w].title} mechanism into "
            f"{INVENTIONS[slug].title}{captured}",
        )
        tool = tool_of(shape)
        if tool is not None and not has(sheet, tool):
            sheet["tools"][tool] = state["turn"]
            earlier = any(
                other["tools"][tool] is not None and other["tools"][tool] < state["turn"]
                for other in state["sheets"]
            )
            points = TOOLS[tool].later if earlier else TOOLS[tool].first
            log(
                state,
                f"{seat_token(seat)} unlocked the {TOOLS[tool].title} "
                f"({'later' if earlier else 'first'}, {points} points)",
            )
        lose_homeless_ideas(sheet)

    # -- ending a turn, presenting --

    def do_done(self, state: State, seat: Seat, action: Action) -> None:
        state["sheets"][seat]["asking"]["stage"] = "done"
        if Simultaneous.answer(state, WAITING, seat, True):
            Simultaneous.close(state, WAITING)
            self.end_turn(state)

    def do_present(self, state: State, seat: Seat, action: Action) -> None:
        sheet = state["sheets"][seat]
        slug = action["invention"]
        day = state["presenting"]["day"]
        entry = sheet["inventions"][slug]
        score = scoring.invention_score(
            slug, scoring.mechanisms_in(sheet, slug), entry["ideas"], day
        )
        entry["presented"] = {"day": day, **score}
        log(
            state,
            f"{seat_token(seat)} presented {INVENTIONS[slug].title} for {score['total']} points "
            f"(variety {score['variety']}, completion {score['completion']}, "
            f"{INVENTIONS[slug].criterion_title.lower()} {score['count']} x {score['multiplier']})",
        )
        self.decided(state, seat, slug)

    def do_keep(self, state: State, seat: Seat, action: Action) -> None:
        log(state, f"{seat_token(seat)} keeps {INVENTIONS[action['invention']].title} back")
        self.decided(state, seat, action["invention"])

    def decided(self, state: State, seat: Seat, slug: str) -> None:
        sheet = state["sheets"][seat]
        sheet["present"].remove(slug)
        if not sheet["present"] and Simultaneous.answer(state, WAITING, seat, True):
            Simultaneous.close(state, WAITING)
            self.end_day(state)

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


def presentable(sheet: Sheet, day: int) -> list[str]:
    """Inventions `sheet` may present at the end of `day`: complete ones; on Sunday also
    incomplete ones holding at least one mechanism."""
    found = []
    for slug in open_inventions(sheet):
        mechanisms = scoring.mechanisms_in(sheet, slug)
        if scoring.is_complete(slug, mechanisms) or (day == len(DAYS) - 1 and mechanisms):
            found.append(slug)
    return found


__all__ = ["Unvention"]
