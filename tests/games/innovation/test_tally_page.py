"""The counts the page makes for itself (page/tally.js) are the rules' counts: for every seat of
positions met in seeded random games (two, three and four players, the team game, the first
edition), the icons each board shows (board.icons), each score and team score (ending.py) and the
achievements that count, counted by the page from each seat's view as the server sends it.

The page's modules are loaded in Chromium from their files (tests/browser/from_files.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.config import ROOT
from app.games.core import State
from app.games.innovation import Innovation, board
from app.games.innovation.ending import achievement_count, own_score, team_score
from tests.browser.from_files import open_from_files

pytestmark = pytest.mark.browser

game = Innovation()
# Where the browser finds each module: the page's under /games/innovation/, the shared ones
# (cards.js imports ../../js/dom.js) under /js/.
FILES = {
    "/games/innovation/": ROOT / "app" / "games" / "innovation" / "page",
    "/js/": ROOT / "static" / "js",
}
TABLES = [
    (2, {"edition": "third", "teams": False}),
    (3, {"edition": "first", "teams": False}),
    (4, {"edition": "third", "teams": True}),
]
MOMENTS = 12  # positions looked at per game, evenly along it


def _positions(players: int, options: dict[str, Any], seed: int) -> list[State]:
    """States along one seeded game of random legal moves (achieving whenever it can, so that
    achievements are held)."""
    rng = random.Random(seed)
    state = game.start(players, options, seed)
    states = [state]
    while game.result(state) is None and len(states) < 400:
        seat = rng.choice(game.active(state))
        legal = game.legal(state, seat)
        achieves = [action for action in legal if action["type"] == "achieve"]
        state = game.apply(state, seat, achieves[0] if achieves else rng.choice(legal))
        states.append(state)
    step = max(1, len(states) // MOMENTS)
    return states[::step] + [states[-1]]


def _splayed(table: dict[str, Any]) -> bool:
    return any(pile["splay"] for player in table["players"] for pile in player["board"].values())


def _counted(state: State, seat: int) -> dict[str, Any]:
    return {
        "icons": board.icons(state, seat),
        "score": own_score(state, seat),
        "team_score": team_score(state, seat),
        "achievement_count": achievement_count(state, seat),
    }


def test_the_page_counts_what_the_rules_count(browser: Any) -> None:
    cases = []
    for number, (players, options) in enumerate(TABLES):
        for state in _positions(players, options, seed=number):
            for viewer in [*range(players), None]:
                cases.append(
                    {
                        "state": game.view(state, viewer)["state"],
                        "expected": [_counted(state, seat) for seat in range(players)],
                    }
                )
    held = [case for case in cases if any(c["achievement_count"] for c in case["expected"])]
    splayed = [case for case in cases if _splayed(case["state"])]
    assert held and splayed  # the positions reach what the counts depend on

    context = browser.new_context()
    try:
        page = context.new_page()
        open_from_files(page, FILES, "<!doctype html><title>tally</title>")
        counted = page.evaluate(
            """async ({ cases, cards }) => {
              const { tallied } = await import("/games/innovation/tally.js");
              const byName = Object.fromEntries(cards.map((card) => [card.name, card]));
              const keys = ["icons", "score", "team_score", "achievement_count"];
              return cases.map(({ state }) => {
                const before = JSON.stringify(state);
                const players = tallied(state, byName).players;
                if (JSON.stringify(state) !== before) return "the view was changed";
                const counts = (player) => Object.fromEntries(keys.map((k) => [k, player[k]]));
                return players.map(counts);
              });
            }""",
            {"cases": cases, "cards": game.components()["cards"]},
        )
    finally:
        context.close()
    for case, seen in zip(cases, counted, strict=True):
        assert seen == case["expected"], json.dumps(case["state"])[:400]
