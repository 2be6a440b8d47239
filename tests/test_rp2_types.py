"""The chip code type-checks against MicroPython's own rp2 stubs (micropython-rp2-rpi-pico-stubs),
the current release's and the oldest the firmware supports, 1.23's: a call or a name newer than
1.23 fails here, not on a board.

mypy runs with the MicroPython stdlib stubs as its typeshed and the rp2 board stubs on its
path, so ``machine``, ``rp2``, ``framebuf``... are the board's, not CPython's. The second
test feeds it a file each release's stubs must refuse, to prove they are really in use (a setup
that silently typed everything as Any would pass anything).
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import distribution
from pathlib import Path

import pytest

from micropython_env import FIRMWARE, tool

CHIP_FILES = sorted(FIRMWARE.glob("hal/rp2_*.py")) + [FIRMWARE / "hal" / "ssd1306.py", FIRMWARE / "main.py"]
STUB_MODULES = "machine,machine.*,rp2,rp2.*,_mpy_shed,_mpy_shed.*,vfs,framebuf,select,time,micropython,uctypes"
# MicroPython 1.23's rp2 stubs, which scripts/setup installs beside the current ones (pyproject.toml's).
OLDEST_STUBS = Path(sys.prefix) / "rp2-stubs-1.23"
# What the chip code takes from the board's stubs: 1.23's package also bundles a copy of the standard
# library's stubs (sys, os, io), which would shadow the typeshed's, so only these come from it.
BOARD_MODULES = {"machine", "rp2", "_rp2", "vfs", "framebuf", "select", "time", "micropython", "uctypes", "errno"}
RELEASES = ("current", "1.23")


def board_stubs(release: str) -> dict[Path, Path]:
    """The rp2 board stubs of ``release`` ("current" or "1.23"): each file's path in the stub tree,
    and where it lies."""
    if release == "current":
        board = distribution("micropython-rp2-rpi-pico-stubs")
        files = [Path(file) for file in board.files or [] if file.suffix == ".pyi"]
        return {file: Path(board.locate_file(file)).resolve() for file in files}
    assert OLDEST_STUBS.is_dir(), "no %s: run scripts/setup" % OLDEST_STUBS
    return {file.relative_to(OLDEST_STUBS): file for file in OLDEST_STUBS.glob("*.pyi") if file.stem in BOARD_MODULES}


def stub_config(tmp_path: Path, release: str) -> Path:
    """A mypy config using the MicroPython stubs, the rp2 board's of ``release``; returns its path."""
    stdlib = distribution("micropython-stdlib-stubs")
    stubs = tmp_path / "stubs"
    for file, source in board_stubs(release).items():
        target = stubs / file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(source)
    shed = Path(stdlib.locate_file("_mpy_shed")).resolve()
    (stubs / "_mpy_shed").symlink_to(shed, target_is_directory=True)
    typeshed = Path(stdlib.locate_file("stdlib")).resolve().parent  # holds stdlib/VERSIONS
    config = tmp_path / "mypy.ini"
    config.write_text(
        "[mypy]\n"
        f"mypy_path = {stubs}:{FIRMWARE}\n"
        f"custom_typeshed_dir = {typeshed}\n"
        "python_version = 3.11\n"
        "incremental = False\n"
        "follow_imports = silent\n"  # report our chip files only; the app is checked elsewhere
        "check_untyped_defs = True\n"  # firmware has no annotations: check the bodies anyway
        f"[mypy-{STUB_MODULES}]\n"
        "ignore_errors = True\n"  # the stubs' own nits are not ours
    )
    return config


def mypy(config: Path, files: list[Path]) -> subprocess.CompletedProcess[str]:
    """Run mypy with ``config`` on ``files``. If mypy itself crashes (its INTERNAL ERROR: once in a fresh
    clone's CI run, with 2.4.1, and not again in 67 runs by hand), it runs once more; a
    second crash fails the test with both tracebacks. A verdict on the code is never run again."""
    command = [tool("mypy"), "--show-traceback", "--config-file", str(config), *map(str, files)]
    result = subprocess.run(command, capture_output=True, text=True)
    if "INTERNAL ERROR" in result.stdout + result.stderr:
        crashed = result.stdout + result.stderr
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode:
            result.stderr = crashed + "\n--- run again ---\n" + result.stderr
    return result


@pytest.mark.parametrize("release", RELEASES)
def test_chip_code_type_checks(tmp_path: Path, release: str) -> None:
    result = mypy(stub_config(tmp_path, release), CHIP_FILES)
    assert result.returncode == 0, result.stdout + result.stderr


# A file the stubs must refuse, and what mypy says of it: the current stubs type the arguments (1.23's take
# any), and 1.23's lack what came after it (machine.I2CTarget came in 1.25).
BAD = {"current": ("import rp2\nfrom machine import WDT\n\nWDT(timeout='8000')\nrp2.StateMachine('zero')\n",
                   ('Argument "timeout" to "WDT"', 'Argument 1 to "StateMachine"')),
       "1.23": ("from machine import I2CTarget\n", ('Module "machine" has no attribute "I2CTarget"',))}


@pytest.mark.parametrize("release", RELEASES)
def test_an_error_against_the_rp2_stubs_is_caught(tmp_path: Path, release: str) -> None:
    source, said = BAD[release]
    bad = tmp_path / "rp2_bad.py"
    bad.write_text(source)
    result = mypy(stub_config(tmp_path, release), [bad])
    assert result.returncode == 1
    for words in said:
        assert words in result.stdout, result.stdout
