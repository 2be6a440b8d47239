"""The chip code type-checks against MicroPython's own rp2 stubs (micropython-rp2-rpi-pico-stubs).

mypy runs with the MicroPython stdlib stubs as its typeshed and the rp2 board stubs on its
path, so ``machine``, ``rp2``, ``framebuf``... are the board's, not CPython's. The second
test feeds it a known type error, to prove the stubs are really in use (a setup that
silently typed everything as Any would pass anything).
"""

from __future__ import annotations

import subprocess
from importlib.metadata import distribution
from pathlib import Path

from micropython_env import FIRMWARE, tool

CHIP_FILES = sorted(FIRMWARE.glob("hal/rp2_*.py")) + [FIRMWARE / "hal" / "ssd1306.py", FIRMWARE / "main.py"]
STUB_MODULES = "machine,machine.*,rp2,rp2.*,_mpy_shed,_mpy_shed.*,vfs,framebuf,select,time,micropython,uctypes"


def stub_config(tmp_path: Path) -> Path:
    """A mypy config using the installed MicroPython stubs; returns its path."""
    board = distribution("micropython-rp2-rpi-pico-stubs")
    stdlib = distribution("micropython-stdlib-stubs")
    stubs = tmp_path / "stubs"
    for file in board.files or []:
        if file.suffix == ".pyi":
            target = stubs / file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(Path(board.locate_file(file)).resolve())
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
    """Run mypy with ``config`` on ``files``."""
    return subprocess.run([tool("mypy"), "--config-file", str(config), *map(str, files)],
                          capture_output=True, text=True)


def test_chip_code_type_checks(tmp_path: Path) -> None:
    result = mypy(stub_config(tmp_path), CHIP_FILES)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_type_error_against_the_rp2_stubs_is_caught(tmp_path: Path) -> None:
    bad = tmp_path / "rp2_bad.py"
    bad.write_text("import rp2\nfrom machine import WDT\n\nWDT(timeout='8000')\nrp2.StateMachine('zero')\n")
    result = mypy(stub_config(tmp_path), [bad])
    assert result.returncode == 1
    assert 'Argument "timeout" to "WDT"' in result.stdout
    assert 'Argument 1 to "StateMachine"' in result.stdout
