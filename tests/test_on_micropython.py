"""Every firmware test module also runs inside the real `micropython` interpreter (the unix
port), from the source files, each in a fresh interpreter with an RP2040-sized heap (one
process a module: the interned names of the modules run before would stay in the heap).

Compiled by `mpy-cross -O2` (which strips `assert`, so validation that relied on it would
show up) they run on the 32-bit port (test_firmware_on_32bit_micropython.py); the modules
that cannot run there run compiled here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from micropython32_env import NOT_ON_32BIT

from micropython_env import FIRMWARE, FIRMWARE_TESTS, ROOT, check_module_ran, run_micropython


def check(libdir: Path, module: str) -> None:
    """Run the firmware test module ``module`` in micropython against the packages in ``libdir``."""
    result = run_micropython([str(ROOT / "tests" / "mpy_runner.py"), str(libdir), module])
    check_module_ran(result.stdout + result.stderr, module, "micropython")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]


@pytest.mark.parametrize("module", FIRMWARE_TESTS)
def test_source_on_micropython(module: str) -> None:
    check(FIRMWARE, module)


@pytest.mark.parametrize("module", sorted(NOT_ON_32BIT))
def test_mpy_on_micropython(module: str, compiled_firmware: Callable[..., Path]) -> None:
    check(compiled_firmware("-O2"), module)
