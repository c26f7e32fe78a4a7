"""Convolution played whole through the public protocol by scripts/play_protocol.py
(tests/e2e/test_protocol_script.py): a game is always 27 actions, 9 rolls and 18 scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import on_postgresql
from tests.e2e.test_protocol_script import check_passed, counted, run_script, serving

pytestmark = on_postgresql


@pytest.mark.slow
def test_every_game_is_27_actions(database_url: str, tmp_path: Path) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        "convolution",
        "--expect-actions",
        "27",
        "--games",
        "2",
        "--seed",
        "1",
        "--drop-every",
        "5",
    )
    check_passed(returncode, output, 2)
    assert counted(output, r"^total actions: (\d+)") == 2 * 27
