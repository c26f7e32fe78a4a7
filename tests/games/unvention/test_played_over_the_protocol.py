"""Unvention played whole through the public protocol by scripts/play_protocol.py
(tests/e2e/test_protocol_script.py): three seats deciding at once, with restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import on_postgresql
from tests.e2e.test_protocol_script import check_passed, counted, run_script, serving

pytestmark = on_postgresql


@pytest.mark.slow
def test_unvention_three_seats_at_once_with_restarts(database_url: str, tmp_path: Path) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        "unvention",
        "--players",
        "3",
        "--prefer",
        "journal,circle,build_start,build_add,build_place,present",
        "--games",
        "1",
        "--seed",
        "5",
        "--kill-every",
        "150",
        "--drop-every",
        "40",
    )
    check_passed(returncode, output, 1)
    assert counted(output, r"^kills: (\d+)") >= 2
