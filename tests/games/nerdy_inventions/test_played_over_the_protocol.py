"""Nerdy Inventions played whole through the public protocol by scripts/play_protocol.py
(tests/e2e/test_protocol_script.py): three seats with restarts, and a host's own card list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import on_postgresql
from tests.e2e.test_protocol_script import ROOT, check_passed, counted, run_script, serving

pytestmark = on_postgresql

STAND_IN_CARDS = ROOT / "app" / "games" / "nerdy_inventions" / "cards.json"


def host_card_list(path: Path) -> Path:
    """The stand-in cards renamed "Host ..." and worth 10 more: a host's own card list."""
    cards = json.loads(STAND_IN_CARDS.read_text())
    cards["stand_in"] = False
    for group in ("inventions", "starting", "tools"):
        for card in cards[group]:
            card["name"] = "Host " + card["name"]
            card["points"] += 10
            card["stand_in"] = False
    path.write_text(json.dumps(cards))
    return path


@pytest.mark.slow
def test_nerdy_inventions_three_seats_with_restarts(database_url: str, tmp_path: Path) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        "nerdy-inventions",
        "--players",
        "3",
        "--prefer",
        "build,pay",
        "--games",
        "2",
        "--seed",
        "5",
        "--kill-every",
        "70",
        "--drop-every",
        "25",
    )
    check_passed(returncode, output, 2)
    assert counted(output, r"^kills: (\d+)") >= 2


@pytest.mark.slow
def test_nerdy_inventions_with_the_hosts_card_list(database_url: str, tmp_path: Path) -> None:
    cards = host_card_list(tmp_path / "cards.json")
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        "nerdy-inventions",
        "--players",
        "2",
        "--prefer",
        "build,pay",
        "--games",
        "1",
        "--seed",
        "8",
        env={"NERDY_INVENTIONS_CARDS": str(cards)},
    )
    check_passed(returncode, output, 1)
