"""`crib bench`: run the benchmark scripts under CPython and MicroPython and print the figures.

Every ``benchmarks/bench_*.py`` is a plain script that runs on both interpreters and prints
lines ``label<TAB>value<TAB>unit``; they share the clock and heap readings of
``benchmarks/timing.py`` (both interpreters put a script's own folder first on its path).
Those in ``HOST_ONLY`` drive a 32-bit MicroPython themselves and run under CPython only.
Nothing here is a test: figures are only reported.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from host_tools.executables import find

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
HOST_ONLY = ("bench_heap32",)  # drive a 32-bit MicroPython themselves: run under CPython only
# Like the free heap of MicroPython on an RP2040 (about 240 KB).
RP2040_HEAP = "240K"


def interpreters() -> list[tuple[str, list[str]]]:
    """The interpreters to run each benchmark under, with their command lines."""
    found = [("CPython", [sys.executable])]
    micropython = find("micropython")
    if micropython:
        found.append(("MicroPython", [micropython, "-X", f"heapsize={RP2040_HEAP}"]))
    return found


def run_script(command: list[str], script: Path) -> list[tuple[str, str, str]]:
    """Run one benchmark script; return its (label, value, unit) rows."""
    env = dict(os.environ, MICROPYPATH=f"{ROOT / 'firmware'}:{ROOT}:.frozen")
    done = subprocess.run([*command, str(script)], capture_output=True, text=True, cwd=ROOT, env=env)
    if done.returncode != 0:
        return [("failed", done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "?", "")]
    rows = []
    for line in done.stdout.splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            rows.append((parts[0], parts[1], parts[2]))
    return rows


def run(args: argparse.Namespace) -> int:
    """Run the selected benchmarks and print one table."""
    table = Table(title="cribbage board benchmarks")
    for column in ("benchmark", "interpreter", "figure", "value", "unit"):
        table.add_column(column, justify="right" if column == "value" else "left")
    scripts = sorted(BENCHMARKS.glob("bench_*.py"))
    if args.only:
        scripts = [s for s in scripts if args.only in s.stem]
    for script in scripts:
        runs = [("MicroPython 32-bit", [sys.executable])] if script.stem in HOST_ONLY else interpreters()
        for name, command in runs:
            for label, value, unit in run_script(command, script):
                table.add_row(script.stem.removeprefix("bench_"), name, label, value, unit)
    Console().print(table)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `bench` sub-command."""
    parser = sub.add_parser("bench", help="print performance and memory figures (CPython and MicroPython)")
    parser.add_argument("--only", help="run only the benchmarks whose name contains this")
    parser.set_defaults(func=run)
