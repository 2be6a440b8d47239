"""Thousands of power cuts while saving, on MicroPython's real littlefs (see store_power_cut.py).

CPython has no ``os.VfsLfs2``, so the script runs inside the `micropython` interpreter.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from micropython_env import run_power_cuts

pytestmark = pytest.mark.slow  # seconds a test: started first, so the parallel run ends together

CUTS = 3000


def test_every_power_cut_leaves_the_last_or_the_previous_state(compiled_firmware: Callable[..., Path]) -> None:
    # 1 MB heap: the RAM flash chip itself (96 KB) lives in it
    cuts, new, old, saves = run_power_cuts("store_power_cut.py", compiled_firmware(), CUTS, heap="1M")
    assert cuts == CUTS
    # both outcomes really happened: cuts after the rename and cuts before it
    assert new > 50 and old > 1000 and new + old == CUTS - 1
    assert saves > CUTS
