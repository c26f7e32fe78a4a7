"""UNSCREWED played whole through the public protocol by scripts/play_protocol.py
(tests/e2e/test_protocol_script.py): the first game and the full game, with restarts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import on_postgresql
from tests.e2e.test_protocol_script import check_passed, counted, run_script, serving

pytestmark = on_postgresql


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "players", "seed"), [("first", 3, 6), ("full", 5, 7)])
def test_unscrewed_with_restarts(
    database_url: str, tmp_path: Path, mode: str, players: int, seed: int
) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        "unscrewed",
        "--players",
        str(players),
        "--options",
        json.dumps({"mode": mode}),
        "--games",
        "2",
        "--seed",
        str(seed),
        "--kill-every",
        "30",
        "--drop-every",
        "12",
    )
    check_passed(returncode, output, 2)
    assert counted(output, r"^kills: (\d+)") >= 1
