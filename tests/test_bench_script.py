"""scripts/bench.py and scripts/bench_mixed.py, run as a user would: each starts its own server
on a SQLite file, plays over real websockets for a few seconds, and writes its figures as
JSON."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.registered import a_short_game

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "bench.py"
TIMEOUT = 90  # seconds for the whole script; it normally takes under 15


def run_bench(*args: str, script: Path = SCRIPT) -> str:
    """Run the script to its end; its output (stdout and stderr). Fails on a non-zero exit."""
    process = subprocess.Popen(
        [sys.executable, str(script), *args],
        cwd=ROOT,
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
        pytest.fail(f"the benchmark did not finish within {TIMEOUT}s:\n{output}")
    assert process.returncode == 0, output
    return output


def test_a_short_benchmark_on_sqlite(tmp_path: Path) -> None:
    figures = tmp_path / "bench.json"
    output = run_bench(
        "--database-url",
        f"sqlite+aiosqlite:///{tmp_path / 'x.db'}",
        "--game",
        a_short_game(),
        "--games",
        "2",
        "--seconds",
        "3",
        "--spread",
        "tables",
        "--json",
        str(figures),
    )
    result = json.loads(figures.read_text())

    assert result["errors"]["total"] == 0, output
    assert result["config"]["spread"] == "tables", output
    assert result["actions"]["accepted"] > 0, output
    assert result["actions"]["refused"] == 0, output
    latency = result["latency_ms"]
    assert latency["samples"] > 0, output
    assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"] <= latency["max"], output
    sizes = result["bytes"]
    assert sizes["patch_messages"] > 0 and sizes["patch_average"] > 0, output
    [server] = result["servers"]
    assert server["cpu_seconds"] > 0 and server["peak_rss_mb"] > 0, output
    assert result["cpu_seconds_per_action"] > 0, output
    # Read from the server's /metrics: one process on SQLite has no notices, and says so.
    assert server["notices"] == {
        "received action other": 0,
        "received action this": 0,
        "received lobby other": 0,
        "received lobby this": 0,
        "sent action": 0,
        "sent lobby": 0,
    }, output
    assert "latency ms" in output  # the table is printed too


def test_a_short_mixed_benchmark_on_sqlite(tmp_path: Path) -> None:
    figures = tmp_path / "mixed.json"
    output = run_bench(
        "--database-url",
        f"sqlite+aiosqlite:///{tmp_path / 'x.db'}",
        *("--people", "2", "--pace", "0.2", "0.5", "--bot-tables", "1", "--bot-seats", "1"),
        *("--replay-actions", "20", "--replay-attempts", "1"),
        *("--seconds", "3", "--warmup", "3", "--json", str(figures)),
        script=ROOT / "scripts" / "bench_mixed.py",
    )
    result = json.loads(figures.read_text())

    lag = result["loop_lag_ms"]
    assert lag["samples"] > 0 and 0 <= lag["p50"] <= lag["p99"] <= lag["max"], output
    assert result["health_ms"]["samples"] > 0 and result["health_ms"]["failures"] == 0, output
    replay = result["replay_ms"]
    assert replay["samples"] > 0 and replay["failures"] == 0, output
    assert set(replay["answers"]) <= {"200", "429"}, output
    assert result["people"]["actions"] > 0 and result["people"]["stalls"] == 0, output
    assert result["bot_tables"]["actions"] > 0, output
    assert result["server"]["cpu_seconds"] > 0 and result["workers"]["processes"] == 1, output
    assert "loop lag ms" in output
