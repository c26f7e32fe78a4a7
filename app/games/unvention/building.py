"""Building: paying for a mechanism, gathering its circled parts and drawing it into an
invention, which may unlock a tool."""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.log import log, seat_token
from app.games.unvention import workshop
from app.games.unvention.journaling import lose_homeless_ideas
from app.games.unvention.shapes import normalise, orientations, place, tool_of
from app.games.unvention.sheet import IDEA_CIRCLES, INVENTIONS, TOOLS, WORKSHOPS
from app.games.unvention.turn import build_cost, has


def do_build_start(state: State, seat: Seat, action: Action) -> None:
    sheet = state["sheets"][seat]
    cost = build_cost(state, sheet)
    sheet["spent"] += cost
    sheet["asking"]["building"] = {"workshop": None, "parts": [], "paid": cost}


def do_build_add(state: State, seat: Seat, action: Action) -> None:
    building = state["sheets"][seat]["asking"]["building"]
    building["workshop"] = action["workshop"]
    building["parts"].append(list(action["part"]))


def do_build_cancel(state: State, seat: Seat, action: Action) -> None:
    sheet = state["sheets"][seat]
    sheet["spent"] -= sheet["asking"]["building"]["paid"]
    sheet["asking"]["building"] = None


def do_build_place(state: State, seat: Seat, action: Action) -> None:
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
