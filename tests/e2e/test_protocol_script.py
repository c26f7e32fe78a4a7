"""End to end: scripts/play_protocol.py plays whole games against a real server process.

The script speaks only the public protocol (HTTP + websocket); it starts the server itself on the
test's database (SQLite and PostgreSQL, from the `database_url` fixture), and with --kill-every
SIGKILLs and restarts it mid-game (on PostgreSQL). Here a game of the registry's shortest; each
game's own runs (its options, seats, host components) are in its folder, tests/games/<package>/,
with the helpers of this module.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import on_postgresql
from tests.registered import a_short_game

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "play_protocol.py"
# Seconds for the whole script: a run takes a few on an idle machine, and over 120 on a busy one
# (a long game with restarts on PostgreSQL, load average 12); under pytest's own limit of 300.
TIMEOUT = 270
GAME = a_short_game(players=2)


def run_script(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run the script; its exit status and its output (stdout and stderr)."""
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT), *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group: the server it starts is in it too
    )
    try:
        output, _ = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        pytest.fail(f"the script did not finish within {TIMEOUT}s:\n{output}")
    return process.returncode, output


def serving(database_url: str, tmp_path: Path) -> list[str]:
    """The script's arguments to start its own server on the test's database."""
    return ["--serve", "--database-url", database_url, "--server-log", str(tmp_path / "server.log")]


def check_passed(returncode: int, output: str, games: int) -> None:
    lines = output.strip().splitlines()
    assert lines, "the script printed nothing"
    assert returncode == 0, output
    assert lines[-1] == f"{games} passed, 0 failed", output


def counted(output: str, pattern: str) -> int:
    match = re.search(pattern, output, re.MULTILINE)
    assert match, f"no line matching {pattern!r} in:\n{output}"
    return int(match.group(1))


def each_game_actions(output: str) -> list[int]:
    """The actions of each game that passed, from its line `game N: passed (lobby X, K actions`."""
    return [
        int(count)
        for count in re.findall(r"^game \d+: passed \(lobby \w+, (\d+) actions", output, re.M)
    ]


@pytest.mark.slow
def test_games_through_the_public_protocol(database_url: str, tmp_path: Path) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        GAME,
        "--games",
        "3",
        "--seed",
        "1",
        "--drop-every",
        "5",
    )
    check_passed(returncode, output, 3)
    actions = each_game_actions(output)
    assert len(actions) == 3 and min(actions) > 0, output
    assert counted(output, r"^total actions: (\d+)") == sum(actions)
    assert counted(output, r"^reconnects: (\d+) resumed by patches") > 0


# On PostgreSQL only: the script's side of a restart does not depend on the database, and
# SIGKILLs on SQLite are test_crashes.py's (test_sigkills_under_load_lose_nothing).
@pytest.mark.slow
@on_postgresql
def test_sigkill_restarts_lose_nothing(database_url: str, tmp_path: Path) -> None:
    returncode, output = run_script(
        *serving(database_url, tmp_path),
        "--game",
        GAME,
        "--games",
        "2",
        "--seed",
        "2",
        "--kill-every",
        "3",  # the shortest game, two games of it: at least 12 actions, 4 kills
        "--drop-every",
        "5",
    )
    check_passed(returncode, output, 2)
    actions = each_game_actions(output)
    assert len(actions) == 2 and min(actions) > 0, output
    assert counted(output, r"^total actions: (\d+)") == sum(actions)
    assert counted(output, r"^kills: (\d+)") >= 4
