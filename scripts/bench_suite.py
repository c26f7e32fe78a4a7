#!/usr/bin/env python3
"""Every load benchmark the README reports, one run each, and the README's table.

Runs scripts/bench.py once per scenario below (each on a fresh PostgreSQL database it creates
and drops), keeps each run's JSON in `--out`, then prints one Markdown table of them all:

    .venv/bin/python scripts/bench_suite.py --out bench-results
    .venv/bin/python scripts/bench_suite.py --out bench-results --table-only

The scenarios follow issue #10's targets, game by game from the registry (each entry's `bench`:
`load_players` seats, `load_games` tables): every game on one and on two processes; 1,000 idle
websockets (on the game whose random games are the shortest) for the memory per socket; then the
games with a `load_rate` again at that pace, which one process keeps up with.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def scenarios() -> list[tuple[str, list[str]]]:
    """(name, bench.py arguments) of every run, from the registered games' entries."""
    sys.path.insert(0, str(ROOT))
    from app.config import Settings
    from app.play.registry import entries_for

    entries = list(entries_for(Settings()).values())
    shortest = min(entries, key=lambda entry: entry.bench.cost)
    found: list[tuple[str, list[str]]] = []
    for entry in entries:
        load = ["--game", entry.id, "--players", str(entry.bench.load_players)]
        load += ["--games", str(entry.bench.load_games)]
        found.append((f"{entry.id}-1", [*load, "--processes", "1"]))
        found.append((f"{entry.id}-2", [*load, "--processes", "2"]))
    found.append(
        ("idle-sockets", ["--game", shortest.id, "--games", "10", "--idle-sockets", "1000"])
    )
    # The same tables played at a pace one process keeps up with: the latency of play itself,
    # not of a queue.
    for entry in entries:
        if entry.bench.load_rate is not None:
            load = ["--game", entry.id, "--players", str(entry.bench.load_players)]
            load += ["--games", str(entry.bench.load_games), "--rate", f"{entry.bench.load_rate:g}"]
            found.append((f"{entry.id}-1-paced", load))
    return found


def run(name: str, arguments: list[str], out: Path, seconds: float, warmup: float) -> None:
    command = [
        sys.executable,
        str(ROOT / "scripts" / "bench.py"),
        *arguments,
        "--seconds",
        str(seconds),
        "--warmup",
        str(warmup),
        "--json",
        str(out / f"{name}.json"),
    ]
    print(f"== {name}: {' '.join(arguments)}", flush=True)
    subprocess.run(command, cwd=ROOT, check=False)


def table(out: Path, runs: list[tuple[str, list[str]]]) -> str:
    rows = [
        "| run | processes | games | actions/s | p50 / p95 / p99 ms | patch / snapshot B (ratio)"
        " | server CPU % | peak RSS MB | errors |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, _ in runs:
        path = out / f"{name}.json"
        if not path.exists():
            rows.append(f"| {name} | | | not run | | | | | |")
            continue
        result = json.loads(path.read_text())
        latency = result["latency_ms"]
        sizes = result["bytes"]
        servers = result["servers"]
        cpu = " + ".join(f"{server['cpu_percent']:.0f}" for server in servers)
        rss = " + ".join(f"{server['peak_rss_mb']:.0f}" for server in servers)
        idle = result.get("idle_sockets")
        if idle:
            before, after = sum(idle["rss_before_mb"]), sum(idle["rss_after_mb"])
            rss += (
                f" ({idle['count']} idle sockets: {before:.0f} to {after:.0f} MB,"
                f" {idle['kb_per_socket']} KB each)"
            )
        rate = result["config"]["rate"]
        paced = f" at {rate:.0f}/s" if rate else ""
        rows.append(
            f"| {result['config']['game']}{paced} | {result['config']['processes']}"
            f" | {result['config']['games']} x {result['config']['players']}"
            f" | {result['actions']['per_second']:.0f}"
            f" | {latency['p50']:.0f} / {latency['p95']:.0f} / {latency['p99']:.0f}"
            f" | {sizes['patch_average']} / {sizes['snapshot_average']}"
            f" ({sizes['patch_to_snapshot']:.2f})"
            f" | {cpu} | {rss} | {result['errors']['total']} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--only", action="append", help="run only these scenarios (by name)")
    parser.add_argument("--table-only", action="store_true", help="print the table of the JSONs")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    runs = scenarios()
    if not args.table_only:
        for name, arguments in runs:
            if args.only and name not in args.only:
                continue
            run(name, arguments, args.out, args.seconds, args.warmup)
    print(table(args.out, runs))


if __name__ == "__main__":
    main()
