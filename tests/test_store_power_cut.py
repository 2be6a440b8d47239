"""Thousands of power cuts while saving, on MicroPython's real littlefs (see store_power_cut.py).

CPython has no ``os.VfsLfs2``, so the script runs inside the `micropython` interpreter.
"""

from __future__ import annotations

import re

from micropython_env import ROOT, run_micropython

CUTS = 3000


def test_every_power_cut_leaves_the_last_or_the_previous_state() -> None:
    # 1 MB heap: the RAM flash chip itself (96 KB) lives in it
    result = run_micropython([str(ROOT / "tests" / "store_power_cut.py"), str(CUTS), "1"], heap="1M")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    summary = re.fullmatch(
        r"power cuts (\d+): new state kept (\d+), previous state kept (\d+); saves completed (\d+)",
        result.stdout.strip().splitlines()[-1],
    )
    assert summary, result.stdout[-1000:]
    cuts, new, old, saves = (int(g) for g in summary.groups())
    assert cuts == CUTS
    # both outcomes really happened: cuts after the rename and cuts before it
    assert new > 50 and old > 1000 and new + old == CUTS - 1
    assert saves > CUTS
