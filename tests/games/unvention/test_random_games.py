"""Unvention: whole games of random legal moves, with the rules checked at every step.

`test_random_games` plays TT_RANDOM_GAMES // 20 seeded games (default 1000 // 20 = 50: an
Unvention game has hundreds of steps for each of up to six players), with 1 to 6 players in
turn. Checked after every step, recomputed here without the engine's helpers:

- exactly the seats in `active` have legal actions;
- every journal keeps the Sudoku rule (rows, columns, quadrants) and holds only 1-6, X or empty;
- wrenches earned are the full rows and columns without an X; wrenches spent are those this
  test saw spent (one per spend_wrench, the build cost at build_start, back at build_cancel);
  never more spent than earned;
- no part is in two mechanisms and the workshops' used parts are exactly the mechanisms' parts;
  every mechanism is connected, two parts or more, in one invention's free pattern cells with
  its parts' shape (turned only with the Torque unlocked on an earlier turn);
- while a mechanism is built, its builder's view lists the shapes it may be drawn as (as built,
  or every turn and mirror image with the Torque; nobody else's view lists them), and every
  build_place action drawn from them lies on free pattern cells and is exactly where the
  mechanism is then drawn (the page places mechanisms from the view alone);
- every invention's Ideas are the printed one, the setup's, the mechanisms' and the journals',
  at most six; tools are unlocked by mechanisms of their shapes;
and at the end the presented scores, tool points, totals and winners are recomputed from the
sheets.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.core import Rng
from app.games.unvention import Unvention
from app.games.unvention.sheet import INVENTIONS, TOOLS, WORKSHOPS
from app.games.unvention.view import player_view

game = Unvention()
GAMES = int(os.environ.get("TT_RANDOM_GAMES", "1000")) // 20

VARIETY = [0, 0, 3, 7, 12]
COMPLETION = {"integron": [10, 8, 5], "unison": [13, 11, 8], "lateral": [18, 16, 12]}
TOOL_POINTS = {"torque": (4, 2), "flywheel": (3, 1), "ball_bearing": (3, 1), "reamer": (5, 2)}


# --- shapes, independently ------------------------------------------------------------------


def norm(cells) -> tuple:
    cells = [tuple(c) for c in cells]
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def variants(cells) -> set[tuple]:
    return _variants(norm(cells))


@cache
def _variants(shape: tuple) -> set[tuple]:
    found = set()
    for _ in range(4):
        shape = norm([(c, -r) for r, c in shape])
        found.add(shape)
        found.add(norm([(r, -c) for r, c in shape]))
    return found


def key(cells) -> tuple:
    return min(variants(cells))


def is_connected(cells) -> bool:
    cells = {tuple(c) for c in cells}
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    return seen == cells


TOOL_KEYS = {
    key([(r, c) for r, row in enumerate(tool.shape) for c, ch in enumerate(row) if ch == "1"]): s
    for s, tool in TOOLS.items()
}


# --- the checks -----------------------------------------------------------------------------


def check_journals(journals: list[list[int]]) -> int:
    """Sudoku legality; returns the wrenches earned."""
    earned = 0
    for cells in journals:
        assert len(cells) == 16 and all(v in (-1, 0, 1, 2, 3, 4, 5, 6) for v in cells)
        grid = [cells[r * 4 : r * 4 + 4] for r in range(4)]
        lines = [grid[r] for r in range(4)] + [[grid[r][c] for r in range(4)] for c in range(4)]
        quads = [
            [grid[r][c] for r in (qr, qr + 1) for c in (qc, qc + 1)]
            for qr in (0, 2)
            for qc in (0, 2)
        ]
        for group in lines + quads:
            numbers = [v for v in group if v > 0]
            assert len(numbers) == len(set(numbers)), f"Sudoku broken in {grid}"
        earned += sum(1 for line in lines if 0 not in line and -1 not in line)
    return earned


def check_sheet(state: dict[str, Any], seat: int, spent: int, view: bool = True) -> None:
    sheet = state["sheets"][seat]
    earned = check_journals(sheet["journals"])
    assert sheet["spent"] == spent
    assert earned - spent >= 0
    if view:
        seen = player_view(state, seat, None)
        assert seen["wrenches"] == {"earned": earned, "spent": spent, "available": earned - spent}
        assert seen["complete_journals"] == sum(0 not in cells for cells in sheet["journals"])

    used = Counter()
    taken: dict[str, set] = {slug: set() for slug in INVENTIONS}
    captured: Counter = Counter()
    torque = sheet["tools"]["torque"]
    for m in sheet["mechanisms"]:
        parts = [tuple(p) for p in m["parts"]]
        assert len(parts) >= 2 and is_connected(parts)
        for p in parts:
            used[(m["workshop"], p)] += 1
        pattern = set(INVENTIONS[m["invention"]].cells)
        cells = {tuple(c) for c in m["cells"]}
        assert len(cells) == len(parts) and cells <= pattern
        assert not cells & taken[m["invention"]], "mechanisms overlap"
        taken[m["invention"]] |= cells
        if torque is not None and torque < m["turn"]:
            assert norm(cells) in variants(parts)
        else:
            assert norm(cells) == norm(parts), "turned without the Torque"
        anchors = WORKSHOPS[m["workshop"]].ideas
        ideas = sum(
            {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)} <= set(parts) for r, c in anchors
        )
        assert m["ideas"] == ideas
        captured[m["invention"]] += ideas
    assert all(count == 1 for count in used.values()), "a part in two mechanisms"
    marked = {
        (w, divmod(i, 5))
        for w, parts in sheet["workshops"].items()
        for i, v in enumerate(parts)
        if v == 2
    }
    assert marked == set(used)

    journal_ideas = Counter(e["invention"] for e in sheet["journal_ideas"] if e["invention"])
    gained = [j for j, cells in enumerate(sheet["journals"]) if 0 not in cells and -1 not in cells]
    assert sorted(e["journal"] for e in sheet["journal_ideas"]) == gained
    extra = state["setup"]["invention"]
    for slug, entry in sheet["inventions"].items():
        expected = 1 + (slug == extra) + captured[slug] + journal_ideas[slug]
        assert entry["ideas"] == min(6, expected)

    for tool, turn in sheet["tools"].items():
        if turn is not None:
            assert any(
                m["turn"] == turn and TOOL_KEYS.get(key(m["parts"])) == tool
                for m in sheet["mechanisms"]
            )
    for m in sheet["mechanisms"]:
        tool = TOOL_KEYS.get(key(m["parts"]))
        if tool:
            assert sheet["tools"][tool] is not None and sheet["tools"][tool] <= m["turn"]


def invention_points(sheet: dict[str, Any], slug: str, day: int) -> int:
    mechanisms = [m for m in sheet["mechanisms"] if m["invention"] == slug]
    types = len({m["workshop"] for m in mechanisms})
    filled = sum(len(m["parts"]) for m in mechanisms)
    bonus = COMPLETION[slug][day] if filled == len(INVENTIONS[slug].cells) else 0
    if slug == "integron":
        count = len(mechanisms)
    elif slug == "unison":
        count = max(Counter(key(m["parts"]) for m in mechanisms).values(), default=0)
    else:
        count = len({len(m["parts"]) for m in mechanisms})
    return VARIETY[types] + bonus + count * sheet["inventions"][slug]["ideas"]


def check_finished(state: dict[str, Any]) -> None:
    sheets = state["sheets"]
    standings = []
    for sheet in sheets:
        inventions = []
        for slug, entry in sheet["inventions"].items():
            if entry["presented"] is not None:
                day = entry["presented"]["day"]
                assert day <= state["day"]
                assert entry["presented"]["total"] == invention_points(sheet, slug, day)
                inventions.append(entry["presented"]["total"])
        tools = 0
        for tool, turn in sheet["tools"].items():
            if turn is not None:
                first = all(s["tools"][tool] is None or s["tools"][tool] >= turn for s in sheets)
                tools += TOOL_POINTS[tool][0 if first else 1]
        complete = sum(1 for cells in sheet["journals"] if 0 not in cells)
        wrenches = check_journals(sheet["journals"]) - sheet["spent"]
        standings.append((sum(inventions) + tools, complete, wrenches, max(inventions, default=0)))
    assert max(s[1] for s in standings) == 3  # only three complete journals end the game
    result = game.result(state)
    assert result.scores == {str(seat): s[0] for seat, s in enumerate(standings)}
    best = max(standings)
    assert result.winners == [seat for seat, s in enumerate(standings) if s == best]
    view = game.view(state, None)
    assert "rng" not in json.dumps(view)
    assert view["active"] == [] and view["prompt"] is None


def shown_placements(
    state: dict[str, Any], seat: int, legal: list[dict[str, Any]]
) -> dict[tuple[str, tuple[int, ...], int], set[tuple[int, int]]]:
    """The cells each build_place action covers, drawn from the builder's view alone (its
    `orientations` at the action's corner), checked against the rules recomputed here."""
    sheet = state["sheets"][seat]
    building = sheet["asking"]["building"]
    if building is None:
        return {}
    shown = game.view(state, seat)["state"]["players"][seat]["asking"]["building"]
    for viewer in (None, *range(state["players"])):
        if viewer != seat:
            seen = game.view(state, viewer)["state"]["players"][seat]["asking"]["building"]
            assert "orientations" not in seen
    shapes = [tuple(tuple(cell) for cell in shape) for shape in shown["orientations"]]
    if len(building["parts"]) < 2:
        assert shapes == []
        return {}
    assert shapes[0] == norm(building["parts"])
    assert len(set(shapes)) == len(shapes)
    turned = sheet["tools"]["torque"] is not None
    assert set(shapes) == (variants(building["parts"]) if turned else {norm(building["parts"])})
    drawn = {}
    for action in legal:
        if action["type"] != "build_place":
            continue
        slug, (r0, c0), o = action["invention"], action["at"], action.get("orientation", 0)
        assert ("orientation" in action) == turned
        cells = {(r0 + r, c0 + c) for r, c in shapes[o]}
        mechanisms = [m for m in sheet["mechanisms"] if m["invention"] == slug]
        taken = {tuple(cell) for m in mechanisms for cell in m["cells"]}
        assert cells <= set(INVENTIONS[slug].cells) - taken
        drawn[(slug, (r0, c0), o)] = cells
    return drawn


# --- playing --------------------------------------------------------------------------------


def build_cost(state: dict[str, Any], seat: int) -> int:
    if len(set(state["dice"])) == 1:
        return 0
    return 1 if state["sheets"][seat]["tools"]["flywheel"] is not None else 2


Pick = Callable[[dict[str, Any], int, list[dict[str, Any]]], dict[str, Any]]


def play(seed: int, players: int, pick: Pick, seat_of: Callable[[int], int]):
    """Play one game to its end, checking the rules after every step (the acting seat's sheet
    after each of its steps, every sheet whenever a turn or a day ends)."""
    state = game.start(players, {}, seed)
    spent = [0] * players
    paid = [0] * players
    steps = 0
    while game.result(state) is None:
        active = game.active(state)
        assert active
        for other in range(players):
            if other not in active:
                assert game.legal(state, other) == []
        seat = active[seat_of(len(active))]
        legal = game.legal(state, seat)
        assert legal, f"seat {seat} is active with nothing to do"
        action = pick(state, seat, legal)
        assert action in legal
        if action["type"] == "spend_wrench":
            spent[seat] += 1
        elif action["type"] == "build_start":
            paid[seat] = build_cost(state, seat)
            spent[seat] += paid[seat]
        elif action["type"] == "build_cancel":
            spent[seat] -= paid[seat]
        moment = (state["turn"], state["phase"])
        drawn = shown_placements(state, seat, legal)
        state = game.apply(state, seat, action)
        if action["type"] == "build_place":
            placed = state["sheets"][seat]["mechanisms"][-1]
            key = (action["invention"], tuple(action["at"]), action.get("orientation", 0))
            assert {tuple(cell) for cell in placed["cells"]} == drawn[key]
        changed = (state["turn"], state["phase"]) != moment
        for s in range(players) if changed else [seat]:
            check_sheet(state, s, spent[s], view=changed)
        if changed:
            assert json.loads(json.dumps(state)) == state  # plain JSON: no tuples, no sets
        steps += 1
        assert steps < 20_000
    assert all(game.legal(state, seat) == [] for seat in range(players))
    check_finished(state)
    return state


# --- players --------------------------------------------------------------------------------


def tool_spots() -> list[tuple[str, str, tuple, tuple, set]]:
    """Every way a tool's shape (turned or flipped) lies on existing parts of a workshop, as
    (tool, workshop, parts in an order where each touches one before it, their indices, their
    printed numbers)."""
    spots = []
    for w, shop in WORKSHOPS.items():
        for slug, tool in TOOLS.items():
            cells = [(r, c) for r, row in enumerate(tool.shape) for c, ch in enumerate(row)]
            for shape in variants([cell for cell in cells if tool.shape[cell[0]][cell[1]] == "1"]):
                for dr in range(5):
                    for dc in range(5):
                        parts = [(r + dr, c + dc) for r, c in shape]
                        if all(r < 5 and c < 5 and shop.parts[r][c] is not None for r, c in parts):
                            ordered = tuple(in_touching_order(parts))
                            indices = tuple(r * 5 + c for r, c in ordered)
                            numbers = {shop.parts[r][c] for r, c in ordered}
                            spots.append((slug, w, ordered, indices, numbers))
    return spots


def in_touching_order(parts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    order, rest = [parts[0]], set(parts[1:])
    while rest:
        nxt = min(p for p in rest if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1 for q in order))
        order.append(nxt)
        rest.remove(nxt)
    return order


TOOL_SPOTS = tool_spots()


def random_player(rng: Rng) -> Pick:
    """Pick an action type at random, then an action of it; builds are usually finished and
    inventions usually presented."""

    def pick(state: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        kinds = sorted({a["type"] for a in legal})
        if "build_place" in kinds and rng.below(10) < 7:
            wanted = "build_place"
        elif "present" in kinds and rng.below(10) < 8:
            wanted = "present"
        elif "build_start" in kinds and rng.below(10) < 5:
            wanted = "build_start"
        else:
            choices = [k for k in kinds if k != "build_cancel"] or kinds
            wanted = rng.choice(choices) if rng.below(10) else rng.choice(kinds)
        return rng.choice([a for a in legal if a["type"] == wanted])

    return pick


def tool_hunter(rng: Rng) -> Pick:
    """A player who gathers parts in a tool's shape and builds it, and otherwise plays at
    random: so that random games unlock tools and use them."""
    fallback = random_player(rng)

    def target(state: dict[str, Any], seat: int):
        sheet = state["sheets"][seat]
        crossed = state["setup"]["crossed"]
        building = sheet["asking"]["building"]
        inside = {tuple(p) for p in building["parts"]} if building else set()
        best, best_missing = None, 99
        for tool, w, parts, indices, numbers in TOOL_SPOTS:
            if sheet["tools"][tool] is not None or numbers & set(crossed.get(w, ())):
                continue
            if inside and (w != building["workshop"] or not inside <= set(parts)):
                continue
            shop = sheet["workshops"][w]
            marks = [shop[i] for i in indices]
            if 2 in marks:
                continue
            missing = marks.count(0)
            if missing < best_missing:
                best, best_missing = (w, parts), missing
        return best, best_missing

    def pick(state: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        kinds = {a["type"] for a in legal}
        spot, missing = target(state, seat)
        if spot is not None:
            w, parts = spot
            wanted = [list(p) for p in parts]
            if "build_add" in kinds or "build_place" in kinds:
                building = state["sheets"][seat]["asking"]["building"]["parts"]
                for part in wanted:
                    action = {"type": "build_add", "workshop": w, "part": part}
                    if part not in building and action in legal:
                        return action
                if len(building) == len(wanted) and "build_place" in kinds:
                    return rng.choice([a for a in legal if a["type"] == "build_place"])
            elif missing == 0 and "build_start" in kinds:
                return {"type": "build_start"}
            for part in wanted:
                for action in legal:
                    if action["type"] in ("circle", "spend_wrench") and (
                        action["workshop"] == w and action["part"] == part
                    ):
                        return action
        return fallback(state, seat, legal)

    return pick


def test_random_games():
    seen, scores, tools = Counter(), [], Counter()
    for seed in range(GAMES):
        players = seed % 6 + 1
        rng = Rng.from_seed(seed)
        players_of = [random_player(rng), tool_hunter(rng)]

        def pick(state, seat, legal, players_of=players_of):
            action = players_of[seat % 2](state, seat, legal)
            seen[action["type"]] += 1
            return action

        try:
            state = play(seed, players, pick, rng.below)
        except AssertionError as error:
            raise AssertionError(f"game on seed {seed} ({players} players): {error}") from error
        scores += game.result(state).scores.values()
        for sheet in state["sheets"]:
            tools.update(t for t, turn in sheet["tools"].items() if turn is not None)
    if GAMES >= 50:  # the default: every kind of step was taken, every tool unlocked
        assert set(seen) >= {
            "journal", "cross", "ball_bearing", "circle", "spend_wrench", "build_start",
            "build_add", "build_place", "build_cancel", "idea", "done", "present", "keep",
        }  # fmt: skip
        assert set(tools) == set(TOOLS)
        assert max(scores) >= 20


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.data_too_large, HealthCheck.too_slow],
)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    players=st.integers(min_value=1, max_value=3),
    data=st.data(),
)
def test_games_drawn_by_hypothesis(seed, players, data):
    """Hypothesis draws the first 300 choices (a seat among the active ones, then an index into
    its legal actions); the seeded generator takes over after that, so that a whole game fits."""
    rng = Rng.from_seed(seed)
    drawn = [0]

    def index(n: int) -> int:
        drawn[0] += 1
        if drawn[0] > 300:
            return rng.below(n)
        return data.draw(st.integers(min_value=0, max_value=n - 1))

    play(seed, players, lambda state, seat, legal: legal[index(len(legal))], index)
