"""The steps of a turn that write no log line, said in the game's words for the review.

A seat's turn is several steps (numbers written in a journal, parts circled, wrenches spent, a
mechanism started and added to, the turn ended); most of them write nothing to the log, which
tells only what the turn ends with. `words` says such a step as the log would, one present-tense
line about the seat ("{seat0} writes 3 in journal 2, row 2, column 1"), read from the state the
step is taken in, without changing it. It is None for the steps that always write a line (a
Quantum Leap, the Ball Bearing, an X, an Idea, a mechanism drawn, presenting and keeping).

Only the line's first word is a verb (the review turns "Ann writes" into "you write"); the rest
names the journal, row and column, the part as the page does ("the 3 part", "the wild part") and
its workshop, and what the step decides: the group of dice the first number takes, the journal
numbers the first part leaves unwritten, the wrenches a step earns or pays, what ending the turn
leaves undone.
"""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Seat, State
from app.games.log import seat_token
from app.games.unvention import journal
from app.games.unvention.dice import EUREKA, group_of, groups, kind
from app.games.unvention.sheet import WILD, WORKSHOPS
from app.games.unvention.turn import Options, build_cost, seat_dice

EUREKA_PICK = " (named on a Eureka roll)"


def numbers(values: list[int]) -> str:
    return " ".join(str(n) for n in sorted(values))


def counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def place(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


def part(w: str, r: int, c: int) -> str:
    """A workshop's part as the page names it: "the 3 part in Electrical, row 2, column 1"."""
    printed = WORKSHOPS[w].parts[r][c]
    what = "wild part" if printed == WILD else f"{printed} part"
    return f"the {what} in {WORKSHOPS[w].title}, {place(r, c)}"


def group_taken(state: State, sheet: dict[str, Any], n: int) -> str:
    """Where the turn's first journal number comes from: its group of dice (the one the
    journaling takes), or the free pick of a Eureka roll."""
    if kind(state["dice"]) == EUREKA:
        return EUREKA_PICK
    grouped = groups(seat_dice(state, sheet))
    g = group_of(grouped, n)
    return "" if g is None else f" from the group {numbers(grouped[g])}"


def write(state: State, seat: Seat, action: Action) -> str:
    sheet = state["sheets"][seat]
    j, (r, c), n = action["journal"], action["cell"], action["number"]
    said = f"{seat_token(seat)} writes {n} in journal {j + 1}, {place(r, c)}"
    if sheet["asking"]["stage"] == "journal":
        said += group_taken(state, sheet, n)
    cells = list(sheet["journals"][j])
    before = journal.wrenches_earned(cells)
    cells[journal.index(r, c)] = n
    earned = journal.wrenches_earned(cells) - before
    if earned:
        said += f", earning {'a wrench' if earned == 1 else f'{earned} wrenches'}"
    return said


def circle(state: State, seat: Seat, action: Action) -> str:
    sheet = state["sheets"][seat]
    asking = sheet["asking"]
    w, (r, c), n = action["workshop"], action["part"], action["number"]
    said = f"{seat_token(seat)} circles {part(w, r, c)}"
    if WORKSHOPS[w].parts[r][c] == WILD:
        said += f" as a {n}"
    if asking["workshop_left"] is None:  # the turn's first part: it ends the journaling
        if kind(state["dice"]) == EUREKA:
            said += EUREKA_PICK
        writable = {option["number"] for option in Options(state, seat).writes()}
        skipped = [n for n in asking["journal_left"] if n in writable]
        if skipped:
            said += f", skipping journal {'number' if len(skipped) == 1 else 'numbers'} "
            said += numbers(skipped)
    return said


def spend_wrench(state: State, seat: Seat, action: Action) -> str:
    w, (r, c) = action["workshop"], action["part"]
    return f"{seat_token(seat)} spends a wrench to circle {part(w, r, c)}"


def build_start(state: State, seat: Seat, action: Action) -> str:
    cost = build_cost(state, state["sheets"][seat])
    if cost == 0:
        return f"{seat_token(seat)} starts a mechanism, free on a Quantum Leap turn"
    return f"{seat_token(seat)} pays {counted(cost, 'wrench', 'wrenches')} to build a mechanism"


def build_add(state: State, seat: Seat, action: Action) -> str:
    w, (r, c) = action["workshop"], action["part"]
    building = state["sheets"][seat]["asking"]["building"]
    circled = f"the circled {part(w, r, c).removeprefix('the ')}"
    if not building["parts"]:
        return f"{seat_token(seat)} begins the mechanism with {circled}"
    size = len(building["parts"]) + 1
    return f"{seat_token(seat)} adds {circled} to the mechanism (now {size} parts)"


def build_cancel(state: State, seat: Seat, action: Action) -> str:
    building = state["sheets"][seat]["asking"]["building"]
    parts, paid = building["parts"], building["paid"]
    what = "the mechanism"
    if parts:
        what = f"the {len(parts)}-part {WORKSHOPS[building['workshop']].title} mechanism"
    back = f" (its {counted(paid, 'wrench comes', 'wrenches come')} back)" if paid else ""
    return f"{seat_token(seat)} gives up {what}{back}"


def done(state: State, seat: Seat, action: Action) -> str:
    """Ending the turn, with what it leaves: journal numbers that could still be written,
    workshop dice that could still circle a part, a build that could be paid for."""
    asking = state["sheets"][seat]["asking"]
    options = Options(state, seat)
    skipped = []
    writable = {option["number"] for option in options.writes()}
    unwritten = [n for n in asking["journal_left"] if n in writable]
    if unwritten:
        skipped.append(f"journal {'number' if len(unwritten) == 1 else 'numbers'} ")
        skipped[-1] += numbers(unwritten)
    circlable = {option["number"] for option in options.circles()}
    if circlable and asking["workshop_left"] is None:
        skipped.append("the workshop")
    elif circlable:
        left = [n for n in asking["workshop_left"] if n in circlable]
        skipped.append(f"workshop {'number' if len(left) == 1 else 'numbers'} {numbers(left)}")
    if options.can_start_build():
        skipped.append("a build")
    said = f"{seat_token(seat)} ends the turn"
    if not skipped:
        return said
    listed = skipped[0] if len(skipped) == 1 else ", ".join(skipped[:-1]) + " and " + skipped[-1]
    return f"{said}, skipping {listed}"


SAID = {
    "journal": write,
    "circle": circle,
    "spend_wrench": spend_wrench,
    "build_start": build_start,
    "build_add": build_add,
    "build_cancel": build_cancel,
    "done": done,
}


def words(state: State, seat: Seat, action: Action) -> str | None:
    """`seat`'s `action` in the game's words, for the steps that write no log line; None for
    the others (they always write one)."""
    say = SAID.get(action["type"])
    if say is None or state.get("result") is not None:
        return None
    return say(state, seat, action)


__all__ = ["words"]
