"""Innovation played whole through the public protocol by scripts/play_protocol.py
(tests/e2e/test_protocol_script.py): three seats with restarts, and the team game of four."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import on_postgresql
from tests.e2e.test_protocol_script import check_passed, counted, run_script, serving

pytestmark = on_postgresql


@pytest.mark.slow
def test_innovation_three_seats_with_restarts(database_url: str, tmp_path: Path) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        "innovation",
        "--players",
        "3",
        "--prefer",
        "achieve,dogma,draw",
        "--games",
        "1",
        "--seed",
        "3",
        "--kill-every",
        "40",
        "--drop-every",
        "20",
    )
    check_passed(returncode, output, 1)
    assert counted(output, r"^kills: (\d+)") >= 1


@pytest.mark.slow
def test_innovation_team_game_of_four(database_url: str, tmp_path: Path) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        "innovation",
        "--players",
        "4",
        "--options",
        json.dumps({"teams": True, "edition": "first"}),
        "--prefer",
        "achieve,dogma,draw",
        "--games",
        "1",
        "--seed",
        "4",
        "--drop-every",
        "30",
    )
    check_passed(returncode, output, 1)
