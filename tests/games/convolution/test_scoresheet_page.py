"""The page's reading of Convolution's view (page/scoresheet.js, read by Node as the page imports
it) against the rules' own (scoresheet.py): the view leaves to the page the roll and its roller,
the color totals and their order, the categories' values, the mover's offers, the calculated
totals, who wins each row and the count of rows won, so the page must work out exactly what the
rules would. Every view of seeded random games (the calculated rows against the sheets the rules
wrote), and a roll of all sixes for the 12 and 48 rules. One Node process; a second or two.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

from app.games.convolution import Convolution
from app.games.convolution.scoresheet import (
    arrangement,
    categories_won,
    category_values,
    color_totals,
    offers,
    player_of,
    roll_of,
    roller,
    winners,
)
from tests.conftest import unavailable

game = Convolution()
PAGE = Path(__file__).parents[3] / "app" / "games" / "convolution" / "page" / "scoresheet.js"
GAMES = 20

# Node reads the views' states from its input and prints what the page derives from each.
READ = """
import { readFileSync } from "node:fs";
const { table } = await import(process.argv[1]);
const states = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(states.map((state) => table(state))));
"""


def derived_by_the_page(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        unavailable("Node is not installed")
    done = subprocess.run(
        [str(node), "--input-type=module", "-e", READ, PAGE.as_uri()],
        input=json.dumps(states),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def derived_by_the_rules(state: dict[str, Any]) -> dict[str, Any]:
    """The table the page should draw, from the game's state and scoresheet.py."""
    shown = game.view(state, None)["state"]
    roll = roll_of(state["turn"])
    sheets = state["sheets"]
    expected = {
        **shown,
        "roll": roll,
        "roller": roller(state["first_player"], roll),
        "sheets": sheets,
        "won": winners(sheets),
        "categories_won": categories_won(sheets),
    }
    if shown["dice"] is not None:
        dice = shown["dice"]
        expected.update(
            totals=color_totals(dice),
            arrangement=arrangement(dice),
            values=category_values(dice),
            offers=offers(state, player_of(state["first_player"], state["turn"])),
        )
    return expected


def random_states(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    states = [game.start(2, {}, seed)]
    while game.result(states[-1]) is None:
        seat = rng.choice(game.active(states[-1]))
        states.append(game.apply(states[-1], seat, rng.choice(game.legal(states[-1], seat))))
    return states


def test_the_page_derives_what_the_rules_would_from_every_view():
    states = [state for seed in range(GAMES) for state in random_states(seed)]
    page = derived_by_the_page([game.view(state, None)["state"] for state in states])
    for state, derived in zip(states, page, strict=True):
        assert derived == derived_by_the_rules(state), (state["turn"], state["phase"])
    # The games reach what the derivations must tell apart.
    assert any(None not in winners(state["sheets"]).values() for state in states)
    assert any(derived.get("values", {}).get("first") == 12 for derived in page)


def test_the_page_applies_the_first_to_12_and_48_rules_to_the_offers():
    state = game.apply(game.start(2, {"first_player": "host"}, 4), 0, {"type": "roll"})
    state["rolls"][-1] = {color: [6, 6] for color in ("red", "blue", "green", "yellow")}
    first = game.apply(state, 0, {"type": "score", "category": "red"})  # 12 written as 1
    (before, after) = derived_by_the_page([game.view(s, None)["state"] for s in (state, first)])
    assert before["offers"] == {**{c: 1 for c in before["values"]}, "bluggard": 7}
    assert after["offers"] == {**{c: 1 for c in after["values"]}, "red": 12, "bluggard": 7}
    assert after["sheets"][0]["red"] == {"score": 1, "turn": 1, "circled": True}
