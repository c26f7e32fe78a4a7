"""Journaling: writing the turn's dice in the journals (an X where none can be written), the
Ball Bearing that changes a die for one seat, and the Idea a completed journal gains."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, IllegalAction, Seat, State
from app.games.log import log, seat_token
from app.games.unvention import journal
from app.games.unvention.dice import EUREKA, group_of, groups, kind
from app.games.unvention.sheet import INVENTIONS
from app.games.unvention.turn import idea_targets, pending_ideas, seat_dice


def do_ball_bearing(state: State, seat: Seat, action: Action) -> None:
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


def do_journal(state: State, seat: Seat, action: Action) -> None:
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
        journal_completed(state, seat, j)


def do_cross(state: State, seat: Seat, action: Action) -> None:
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
        journal_completed(state, seat, j)


def journal_completed(state: State, seat: Seat, j: int) -> None:
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


def do_idea(state: State, seat: Seat, action: Action) -> None:
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


def lose_homeless_ideas(sheet: dict[str, Any]) -> None:
    """Journal Ideas waiting for an invention are lost once no invention can take one."""
    if not idea_targets(sheet):
        for entry in pending_ideas(sheet):
            entry["lost"] = True
