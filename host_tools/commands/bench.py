"""`crib bench`: run the benchmark scripts under CPython and MicroPython and print the figures.

Every ``benchmarks/bench_*.py`` is a plain script that runs on both interpreters and prints
lines ``label<TAB>value<TAB>unit``; they share the folders they import from, the clock and heap
readings of ``benchmarks/timing.py`` (both interpreters put a script's own folder first on its path).
Before they run on MicroPython, the firmware is compiled once as `crib deploy` compiles it
(``host_tools.deploy.firmware_tree.compile_firmware``, the native twins for the unix port's own
architecture), and each script is given that folder as its argument: the benchmarks import
the firmware from there (``timing.use_compiled_firmware``).
Those in ``DRIVING_32BIT_MICROPYTHON`` drive a 32-bit MicroPython themselves and run under CPython only.
``--chip`` adds the figures of ``benchmarks/chip_figures.py``: the firmware as deployed on an
emulated RP2040 (rp2040py, a dev dependency), in emulated time, once per MicroPython image
(``CHIP_IMAGES``); they take about an hour an image, the emulator being about 8 times slower than the
chip (25 without the core that ``scripts/build_emulator_core.py`` compiles).
Nothing here is a test: figures are only reported.

The figures come from ``Run``s: a benchmark measured in one place (an interpreter, say),
whose ``rows()`` yields each (label, value, unit) as soon as it is measured. ``report``
prints them as they come, under a heading per run, in columns that fit the terminal (80
columns and up), with a line saying what is being measured meanwhile. Another source of
figures is another list of Runs added to ``planned``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from rich.console import Console

from host_shared import USAGE_ERROR
from host_shared.board_files import ROOT, need_checkout
from host_shared.errors import Failed
from host_tools.deploy.firmware_tree import compile_firmware, link_board_tree
from host_tools.deploy.mpy import interpreter_reads
from host_tools.executables import find

BENCHMARKS = ROOT / "benchmarks"  # of the checkout: an install that is not editable has none (run refuses)
DRIVING_32BIT_MICROPYTHON = ("heap32",)  # benchmarks (as --only names them) whose script runs it: under CPython
CHIP_FIGURES = BENCHMARKS / "chip_figures.py"
CHIP_IMAGES = ("CRIB_PICO", "stock")  # tests/chip/flash_layout.py: the images and their flash layouts
# The unix port's heap for the benchmarks: the RP2040's free heap (about 240 KB) and room for what
# a benchmark holds around the app, which a board does not (bench_store's littlefs on a 64 KB RAM
# flash chip, test helpers compiled from source); the board's own heap is measured on the chip.
MICROPYTHON_HEAP = "320K"
VALUE_WIDTH = 12
UNIT_WIDTH = 9

Row = tuple[str, str, str]  # label, value, unit
Interpreter = tuple[str, list[str], list[str]]  # name, command line, the arguments given to each script


@dataclass(frozen=True)
class Run:
    """One benchmark measured in one place; ``rows()`` measures, yielding each row as it comes."""

    benchmark: str
    where: str
    rows: Callable[[], Iterator[Row]]


def interpreters(compiled: Path | None = None) -> list[Interpreter]:
    """The interpreters to run each benchmark under, with the arguments given to each script: on
    MicroPython, the folder of the firmware ``compiled`` for it."""
    found: list[Interpreter] = [("CPython", [sys.executable], [])]
    micropython = find("micropython")
    if micropython:
        found.append(("MicroPython", [micropython, "-X", f"heapsize={MICROPYTHON_HEAP}"],
                      [str(compiled)] if compiled else []))
    return found


def bench_env(scratch: Path) -> dict[str, str]:
    """The benchmarks' environment: MicroPython imports the board's files (as sources, the
    native twins beside their packages) from a tree in ``scratch``, ahead of the folders every
    benchmark puts on its path as it begins (``benchmarks/timing.py``'s ``FOLDERS``: the firmware's
    sources, the checkout's other packages, the tests' helpers); and every temporary folder a
    benchmark makes is in ``scratch`` too, so that it goes when the run ends."""
    temporary = scratch / "tmp"
    temporary.mkdir()
    tree = link_board_tree(scratch / "board")
    return dict(os.environ, MICROPYPATH=f"{tree}:.frozen", TMPDIR=str(temporary))


def compiled_for(micropython: str, scratch: Path) -> Path:
    """The firmware compiled for ``micropython`` as `crib deploy` compiles it, in a folder in ``scratch``. Raises
    Failed, saying the last line of error, if ``micropython`` cannot say which .mpy it reads or mpy-cross fails
    (or is missing)."""
    try:
        return compile_firmware(scratch / "board-mpy", arch=interpreter_reads([micropython]).arch)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, FileNotFoundError) as error:
        raise Failed("the firmware could not be compiled for %s: %s" % (micropython, last_error_line(error))) from error


def last_error_line(error: subprocess.SubprocessError | OSError) -> str:
    """The last line a program that failed wrote on stderr; the error itself when it wrote none (a timeout, a
    program missing)."""
    said = getattr(error, "stderr", None) or ""
    lines = (said.decode(errors="replace") if isinstance(said, bytes) else said).strip().splitlines()
    return lines[-1] if lines else str(error)


def script_rows(command: list[str], script: Path, *args: str, env: dict[str, str]) -> Iterator[Row]:
    """Run one benchmark script (with ``args``, in ``env``), yielding its (label, value, unit) rows as it
    prints them; a script that fails ends with the row ("failed", its last line of error, "")."""
    with tempfile.TemporaryFile("w+") as errors, subprocess.Popen(
            [*command, str(script), *args], stdout=subprocess.PIPE, stderr=errors, text=True, cwd=ROOT,
            env=env) as process:
        assert process.stdout is not None
        other = ""  # the last line that is no figure: MicroPython prints its traceback on stdout
        for line in process.stdout:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3:
                yield parts[0], parts[1], parts[2]
            elif line.strip():
                other = line.strip()
        if process.wait() != 0:
            errors.seek(0)
            said = errors.read().strip().splitlines()
            yield "failed", said[-1] if said else other or "exit status %d" % process.returncode, ""


def benchmark_names() -> list[str]:
    """The benchmarks, by the names --only matches: ``show`` for bench_show.py."""
    return [script.stem.removeprefix("bench_") for script in sorted(BENCHMARKS.glob("bench_*.py"))]


def selected(only: str | None) -> list[str]:
    """The benchmarks whose name contains ``only`` (all of them without it, None)."""
    return [name for name in benchmark_names() if only is None or only in name]


def name_part(text: str) -> str:
    """An argparse type: --only's text, a part of a benchmark's name; empty, it is a usage error (every name
    contains it: a script's unset variable would run them all)."""
    if not text:
        raise argparse.ArgumentTypeError("is empty: name a part of a benchmark's name, or leave --only out to run "
                                         "them all")
    return text


def on_micropython(name: str) -> bool:
    """True if the benchmark ``name`` runs on the unix port (as well as on CPython), when it is installed."""
    return name not in DRIVING_32BIT_MICROPYTHON


def planned(only: str | None, env: dict[str, str], chip: bool = False, compiled: Path | None = None) -> list[Run]:
    """The runs to make (in ``env``, see bench_env): every benchmark script (its name containing
    ``only``) under each interpreter, MicroPython's on the firmware ``compiled`` for it (see
    compiled_for); with ``chip``, the figures of the emulated RP2040 for each image too."""
    runs = []
    for name in selected(only):
        script = BENCHMARKS / ("bench_%s.py" % name)
        where = interpreters(compiled) if on_micropython(name) else [("MicroPython 32-bit", [sys.executable], [])]
        for place, command, args in where:
            runs.append(Run(name, place, partial(script_rows, command, script, *args, env=env)))
    if chip:
        for image in CHIP_IMAGES:
            runs.append(Run("chip", "RP2040 (emulated), %s" % image,
                            partial(script_rows, [sys.executable], CHIP_FIGURES, image, env=env)))
    return runs


def row_lines(row: Row, width: int) -> list[str]:
    """One figure as lines of ``width`` columns: the label (wrapped), the value and unit at the right."""
    label, value, unit = row
    room = max(20, width - VALUE_WIDTH - UNIT_WIDTH - 4)
    wrapped = textwrap.wrap(label, room) or [""]
    last = "  %-*s %*s %-*s" % (room, wrapped[-1], VALUE_WIDTH, value, UNIT_WIDTH, unit)
    return ["  " + line for line in wrapped[:-1]] + [last.rstrip()]


def report(runs: list[Run], console: Console) -> int:
    """Print every run's rows as they are measured, saying meanwhile which run is going on; return
    how many runs failed (a "failed" row: the rest still run)."""
    failed = 0
    with console.status("") as status:
        for number, run in enumerate(runs, 1):
            status.update("measuring %s on %s (%d of %d) ..." % (run.benchmark, run.where, number, len(runs)))
            console.print("%s · %s" % (run.benchmark, run.where), style="bold", highlight=False)
            for row in run.rows():
                failed += row[0] == "failed"
                for line in row_lines(row, console.width):
                    console.print(line, highlight=False, soft_wrap=True, markup=False)
    return failed


def run(args: argparse.Namespace) -> int:
    """Run the selected benchmarks, printing figures as they come."""
    need_checkout("its benchmarks/ and the tests' helpers")
    if args.chip:
        try:
            import rp2040py  # noqa: F401
        except ImportError:
            # the command line is right: the computer lacks a part
            raise Failed("crib bench --chip needs the rp2040py emulator: pip install -e '.[dev]' (or "
                         "./scripts/test)") from None
    names = selected(args.only)
    if not names and not (args.chip and args.only in "chip"):  # (--chip --only chip: the chip's figures alone)
        raise Failed("no benchmark's name contains %r (known: %s; with --chip, chip)"
                     % (args.only, ", ".join(benchmark_names())), USAGE_ERROR)
    # the firmware is compiled only for benchmarks that run on the unix port
    micropython = find("micropython") if any(on_micropython(name) for name in names) else None
    with tempfile.TemporaryDirectory(prefix="crib-bench-") as scratch:
        compiled = compiled_for(micropython, Path(scratch)) if micropython else None
        runs = planned(args.only, bench_env(Path(scratch)), args.chip, compiled)
        failed = report(runs, Console())
    if failed:
        raise Failed("%d of the %d runs failed (their last line of error is shown)" % (failed, len(runs)))
    return 0


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib bench` (``name``) to its ``parser``."""
    parser.add_argument("--only", type=name_part, help="run only the benchmarks whose name contains this (%s; "
                        "with --chip, chip: the chip's figures alone)"
                        % (", ".join(benchmark_names()) or "benchmarks/ of the checkout"))
    parser.add_argument("--chip", action="store_true",
                        help="also the firmware on an emulated RP2040, both MicroPython images (about an hour of "
                             "wall time an image)")
    parser.set_defaults(func=run)
