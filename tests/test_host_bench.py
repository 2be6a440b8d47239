"""`crib bench`: figures printed as they are measured, in 80 columns; an unknown --only is an error;
on MicroPython, the benchmarks of the app run on the firmware compiled as `crib deploy` compiles it."""

from __future__ import annotations

import ast
import importlib
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from rich.console import Console
from sim_process import CRIB

from host_shared.board_files import BOARD_JSON, FIRMWARE
from host_tools.cli import main
from host_tools.commands import bench
from host_tools.deploy import firmware_tree
from host_tools.deploy.build import build
from host_tools.deploy.mpy import MpyFormat, interpreter_reads, mpy_cross
from host_tools.executables import find


def test_an_unknown_benchmark_is_an_error_naming_the_known_ones(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    def nothing_runs(*args: object, **kwargs: object) -> None:
        raise AssertionError("a benchmark was run")

    monkeypatch.setattr(bench, "report", nothing_runs)
    said = "crib bench: error: no benchmark's name contains 'nosuch' (known: %s; with --chip, chip)\n" % ", ".join(
        bench.benchmark_names())
    for chip in ([], ["--chip"]):  # (a review: with --chip, the hour of the chip's figures began)
        assert main(["bench", "--only", "nosuch", *chip]) == 2
        assert capsys.readouterr() == ("", said)
    assert "show" in bench.benchmark_names() and "heap32" in bench.benchmark_names()


def test_an_empty_only_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A review: `crib bench --only ""` ran every benchmark (every name contains ""), then exited 1.
    def nothing_runs(*args: object, **kwargs: object) -> None:
        raise AssertionError("a benchmark was run")

    monkeypatch.setattr(bench, "compiled_for", nothing_runs)
    monkeypatch.setattr(bench, "report", nothing_runs)
    with pytest.raises(SystemExit) as done:
        main(["bench", "--only", ""])
    assert done.value.code == 2
    assert "crib bench: error: argument --only: is empty" in capsys.readouterr().err


def test_rows_are_printed_as_they_are_measured() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80)
    shown_before: list[str] = []

    def rows() -> Iterator[bench.Row]:
        yield "first figure", "1", "ms"
        shown_before.append(out.getvalue())  # while the second is being measured
        yield "second figure", "2", "ms"

    bench.report([bench.Run("fake", "CPython", rows)], console)
    assert "first figure" in shown_before[0] and "second figure" not in shown_before[0]
    assert out.getvalue().splitlines()[0] == "fake · CPython"


def test_long_labels_wrap_inside_80_columns() -> None:
    label = "enumerate all 12,994,800 hands (grouped, by the census of equivalent hands) and more words"
    lines = bench.row_lines((label, "76338066", "hands/s"), 80)
    assert len(lines) == 2 and all(len(line) <= 80 for line in lines)
    assert " ".join(line.strip() for line in lines).startswith(label)
    assert lines[-1].endswith("76338066 hands/s")


def test_a_real_benchmark_under_each_interpreter_leaving_no_temporary_folder(tmp_path: Path) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    done = subprocess.run([CRIB, "bench", "--only", "hal"], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TMPDIR=str(temporary)))
    assert done.returncode == 0, done.stderr
    assert list(temporary.iterdir()) == []
    lines = done.stdout.splitlines()
    assert [line for line in lines if not line.startswith(" ")] == ["hal · CPython", "hal · MicroPython"]
    assert all(len(line) <= 80 for line in lines)
    figures = [line for line in lines if re.search(r"\s\d[\d.]*( \S+)?$", line)]
    assert len(figures) >= 4 and not any("failed" in line for line in lines)


@pytest.mark.parametrize("name", [n for n in bench.benchmark_names() if n != "hal"])
def test_every_benchmark_runs_to_its_end_under_each_interpreter(name: str) -> None:
    done = subprocess.run([CRIB, "bench", "--only", name], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "failed" not in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]
    if name == "app":  # its code figures: the app's modules, every one of them from a .mpy file
        assert " ".join(done.stdout.split()).count("loaded from .mpy") == 2, done.stdout


def test_the_firmware_the_benchmarks_import_is_compiled_as_crib_deploy_compiles_it(tmp_path: Path) -> None:
    micropython = find("micropython")
    assert micropython is not None
    compiled = bench.compiled_for(micropython, tmp_path)
    reads = interpreter_reads([micropython])
    assert reads.arch is not None, "this micropython has no native emitter: the native twins would be left out"
    deployed = {f.path: f.source.read_bytes()
                for f in build(FIRMWARE, BOARD_JSON, tmp_path / "deploy", reads).files if "/" in f.path}
    assert any(path.startswith("app/power_viper.") for path in deployed)  # the native twins too
    assert all(path.endswith(".mpy") for path in deployed)
    assert {p.relative_to(compiled).as_posix(): p.read_bytes() for p in compiled.rglob("*") if p.is_file()} == deployed


@pytest.mark.parametrize("name", [n for n in bench.benchmark_names() if bench.on_micropython(n)])
def test_every_benchmark_on_micropython_checks_that_it_ran_the_compiled_firmware(name: str) -> None:
    # the check fails the run if a firmware module came from source (the test below)
    tree = ast.parse((bench.BENCHMARKS / ("bench_%s.py" % name)).read_text(encoding="utf-8"))
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert {"use_compiled_firmware", "check_compiled_firmware"} <= called


# Under `crib bench` (its environment, the compiled firmware's folder as the argument), as the benchmarks begin and end.
IMPORTS_THE_APP = "import timing\n%stiming.use_compiled_firmware()\nimport app.board\ntiming.check_compiled_firmware()"


@pytest.mark.parametrize("before", ["", "import shared.holes\n"], ids=["compiled", "a package imported first"])
def test_a_benchmark_fails_if_the_firmware_is_imported_from_source(before: str, tmp_path: Path) -> None:
    micropython = find("micropython")
    assert micropython is not None
    compiled = bench.compiled_for(micropython, tmp_path)
    done = subprocess.run([micropython, "-c", IMPORTS_THE_APP % before, str(compiled)], capture_output=True,
                          text=True, timeout=60, env=bench.bench_env(tmp_path), cwd=bench.BENCHMARKS)
    if before:
        assert done.returncode != 0
        said = "RuntimeError: imported from source, not as compiled by crib bench: shared, shared.events"
        assert said in done.stdout  # the rest of the package with it
    else:
        assert done.returncode == 0, done.stdout + done.stderr


def test_a_failing_benchmark_says_why_and_the_command_fails(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    def broken() -> Iterator[bench.Row]:
        yield "first figure", "1", "ms"
        yield "failed", "MemoryError: memory allocation failed", ""

    monkeypatch.setattr(bench, "planned", lambda *args: [bench.Run("fake", "MicroPython", broken)])
    assert main(["bench", "--only", "hal"]) == 1
    out, err = capsys.readouterr()
    assert "MemoryError" in out and "1 of the 1 runs failed" in err


def reads_x64(command: list[str]) -> MpyFormat:
    return MpyFormat(6, 3, "x64")


def no_mpy_cross(*args: object) -> MpyFormat:
    raise subprocess.CalledProcessError(1, ["mpy-cross"], "", "Traceback (most recent call last):\n"
                                        "SyntaxError: invalid syntax\n")


def micropython_fails(command: list[str]) -> MpyFormat:
    raise subprocess.CalledProcessError(1, command, "", "MemoryError: memory allocation failed, heap too small\n")


def micropython_hangs(command: list[str]) -> MpyFormat:
    raise subprocess.TimeoutExpired(command, 60)


@pytest.mark.parametrize(("reads", "compiles", "said"), [
    (micropython_fails, None, "MemoryError: memory allocation failed, heap too small"),
    (micropython_hangs, None, "timed out after 60 seconds"),
    (reads_x64, no_mpy_cross, "SyntaxError: invalid syntax"),
], ids=["micropython fails", "micropython hangs", "mpy-cross fails"])
def test_the_firmware_not_compiled_for_micropython_is_an_error_in_a_line(
        reads: object, compiles: object, said: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # A review: a micropython or an mpy-cross that failed (or a micropython that hung) ended crib bench in a traceback.
    def nothing_runs(*args: object, **kwargs: object) -> None:
        raise AssertionError("a benchmark was run")

    monkeypatch.setattr(bench, "find", lambda name: "micropython")
    monkeypatch.setattr(bench, "interpreter_reads", reads)
    if compiles is not None:
        monkeypatch.setattr(firmware_tree, "compile_module", compiles)
    monkeypatch.setattr(bench, "report", nothing_runs)
    assert main(["bench", "--only", "hal"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("crib bench: error: the firmware could not be compiled for micropython: ")
    assert said in err and len(err.splitlines()) == 1


def chip_module(monkeypatch: pytest.MonkeyPatch, name: str) -> ModuleType:
    """A module of ``crib bench --chip`` (benchmarks/chip_*.py), with the path it runs with: benchmarks/ and
    ``timing.FOLDERS``, for this test only. Put again each time: the first import of ``timing`` put its folders,
    which the test that made it took away at its end, and a module another test had not imported needs them."""
    monkeypatch.syspath_prepend(str(Path(bench.CHIP_FIGURES).parent))
    timing = importlib.import_module("timing")
    monkeypatch.setattr(sys, "path", sys.path + [folder for folder in timing.FOLDERS if folder not in sys.path])
    return importlib.import_module(name)


def test_the_chip_heap_figure_s_two_ways_on_play_through_on_cpython(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heap figure's two ways on from the 5-game match (benchmarks/chip_matches.py: ``played_on``,
    ``laid_on``, which raise if the app no longer goes where they lead it) play through on CPython's
    app, as the figure plays them before the chip does: a change that breaks them shows here, not half
    an hour into `crib bench --chip`."""
    chip_matches = chip_module(monkeypatch, "chip_matches")
    files = chip_matches.match_files()
    played, pegged = chip_matches.played_on(files)
    laid, by_cards = chip_matches.laid_on(files)
    assert len(played) > 100 and len(laid) > 50
    assert pegged.game_number == by_cards.game_number == 6  # the next game after the match's five
    ranks = [event[2] for event in by_cards.log if event[0] == "lay"]
    assert ranks == list(chip_matches.LAID_RANKS) and by_cards.log[-1][0] == "crib"


def test_the_chip_figures_script_starts_as_crib_bench_runs_it() -> None:
    # `crib bench --chip` runs it as a script from the checkout, with no test's path: its show hands' module took
    # cribbage_lab, which left the installed packages, before timing had put the checkout on the path
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(bench.CHIP_FIGURES), "CRIB_PICO", "none"], capture_output=True,
                          text=True, env=env, cwd=Path(bench.CHIP_FIGURES).parent.parent)
    assert done.returncode == 0, done.stderr


def test_the_chip_figures_main_py_with_its_probes_compiles_for_micropython(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The main.py that benchmarks/chip_probes.py puts on the chip for its heap and collections
    figures (firmware/main.py with a probe around ``run(hw)``) compiles with mpy-cross: a slip in a
    probe shows here, not as a board that never starts, minutes into `crib bench --chip`."""
    chip_probes = chip_module(monkeypatch, "chip_probes")
    for name, source in (("heap", chip_probes.heap_code()), ("collections",
                                                             chip_probes.probed_main(chip_probes.COLLECT_PROBE))):
        main_py = tmp_path / ("%s_main.py" % name)
        main_py.write_text(source)
        done = subprocess.run([mpy_cross(), "-o", str(tmp_path / ("%s.mpy" % name)), str(main_py)],
                              capture_output=True, text=True)
        assert done.returncode == 0, "%s: %s" % (name, done.stderr)


def test_the_chip_long_match_figure_s_flash_holds_a_match_with_its_first_games_archived(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``crib bench --chip``'s long-match figure (benchmarks/chip_long_match.py, ``match_files(games)``) lays
    a match played on CPython's app on the chip's flash: a save of its last two games, and the first
    games' logs in files of their own (firmware/app/history.py)."""
    chip_matches = chip_module(monkeypatch, "chip_matches")
    files = chip_matches.match_files(4)
    archived = sorted(name for name in files if name.startswith("history/"))
    assert {"game.a", "game.b"} <= set(files) and len(archived) == 2 and "history/0.a" in archived, sorted(files)
