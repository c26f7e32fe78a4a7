"""scripts/bench.py, run as a user would: it starts its own server on a SQLite file, plays two
Convolution games over real websockets for three seconds, and writes its figures as JSON."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "bench.py"
TIMEOUT = 90  # seconds for the whole script; it normally takes under 15


def run_bench(*args: str) -> str:
    """Run the script to its end; its output (stdout and stderr). Fails on a non-zero exit."""
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT), *args],
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
        "convolution",
        "--games",
        "2",
        "--seconds",
        "3",
        "--json",
        str(figures),
    )
    result = json.loads(figures.read_text())

    assert result["errors"]["total"] == 0, output
    assert result["actions"]["accepted"] > 0, output
    assert result["actions"]["refused"] == 0, output
    latency = result["latency_ms"]
    assert latency["samples"] > 0, output
    assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"] <= latency["max"], output
    sizes = result["bytes"]
    assert sizes["patch_messages"] > 0 and sizes["patch_average"] > 0, output
    [server] = result["servers"]
    assert server["cpu_seconds"] > 0 and server["peak_rss_mb"] > 0, output
    assert "latency ms" in output  # the table is printed too
