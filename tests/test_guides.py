"""Each game's "How to play" (guide.js in its page folder), read by Node as the page imports it:
every game the server offers has one, with its basics and at least the five kinds of decision a
first game meets, each a tour of 2 to 4 short steps that say what to do in words and point
somewhere. Whether the steps point at elements the pages really draw is for the browser
(tests/browser/test_guide_pages.py)."""

from __future__ import annotations

import atexit
import json
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings
from app.play.registry import entries_for, games_for
from tests.conftest import unavailable

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 240  # characters in a step's words: a few lines in the dialog on a phone

# Node prints the guide as JSON, each step's `at` as "function" when it is worked out from the view.
READ = """
const guide = (await import(process.argv[1])).default;
const at = (value) => typeof value === "function" ? "function" : value;
console.log(JSON.stringify({
  name: guide.name,
  basics: guide.basics,
  kinds: guide.kinds.map((kind) => ({
    kind: kind.kind, name: kind.name, offer: kind.offer, when: typeof kind.when,
    steps: kind.steps.map((step) => ({ ...step, at: at(step.at) })),
  })),
}));
"""


@cache
def served() -> Path:
    """A copy of the files as the server serves them under /static/ (each game's page folder
    at /static/games/<game>/), so that a guide's imports resolve as in the browser."""
    root = Path(tempfile.mkdtemp(prefix="tinkertable-guides-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    shutil.copytree(ROOT / "static", root / "static")
    for game_id, entry in entries_for(Settings()).items():
        shutil.copytree(entry.page, root / "static" / "games" / game_id)
    return root


def read_guide(game: str) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        unavailable("Node is not installed")
    path = served() / "static" / "games" / game / "guide.js"
    assert path.exists(), f"{game} has no guide: {path}"
    done = subprocess.run(
        [str(node), "--input-type=module", "-e", READ, path.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("game", sorted(games_for(Settings())))
def test_every_game_has_a_guide_to_its_first_decisions(game: str) -> None:
    guide = read_guide(game)
    assert guide["name"]
    assert guide["basics"] and all(title and text for title, text in guide["basics"])
    kinds = guide["kinds"]
    assert len(kinds) >= 5, f"{game}: {len(kinds)} kinds of decision"
    assert len({kind["kind"] for kind in kinds}) == len(kinds), "a kind named twice"
    for kind in kinds:
        where = f"{game}, {kind['kind']}"
        assert kind["name"] and kind["offer"], where
        assert kind["when"] == "function", where
        assert 2 <= len(kind["steps"]) <= 4, f"{where}: {len(kind['steps'])} steps"
        for step in kind["steps"]:
            assert step["title"] and step["at"], where
            assert 0 < len(step["text"]) <= LONGEST, f"{where}: {step['title']!r} is long"
