"""Every firmware test module also runs inside the real `micropython` interpreter.

Twice: on the source files, and on the same firmware compiled by `mpy-cross -O2` (which
strips `assert`, so validation that relied on it would show up here).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from micropython_env import FIRMWARE, ROOT, compile_tree, run_micropython

MODULES = sorted(p.stem for p in (ROOT / "tests" / "firmware").glob("test_*.py"))


@pytest.fixture(scope="session")
def compiled_firmware(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The firmware packages compiled with ``mpy-cross -O2`` (which strips asserts)."""
    target = tmp_path_factory.mktemp("mpy")
    for package in ("cribbage", "app", "hal"):
        compile_tree(FIRMWARE / package, target / package, "-O2")
    return target


def check(libdir: Path, module: str) -> None:
    """Run the firmware test module ``module`` in micropython against the packages in ``libdir``."""
    result = run_micropython([str(ROOT / "tests" / "mpy_runner.py"), str(libdir), module])
    print(result.stdout, result.stderr)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " 0 failed" in result.stdout.splitlines()[-1]


@pytest.mark.parametrize("module", MODULES)
def test_source_on_micropython(module: str) -> None:
    check(FIRMWARE, module)


@pytest.mark.parametrize("module", MODULES)
def test_mpy_on_micropython(module: str, compiled_firmware: Path) -> None:
    check(compiled_firmware, module)
