"""Thousands of power cuts while the board saves its match, on MicroPython's real littlefs.

See board_power_cut.py: the board's own save format and its own power-on restore (the log
replayed) are what the cuts hit. CPython has no ``os.VfsLfs2``, so the script runs inside
the `micropython` interpreter.
"""

from __future__ import annotations

import re

from micropython_env import ROOT, run_micropython

CUTS = 4000


def test_every_power_cut_restores_the_board_after_the_last_or_the_previous_change() -> None:
    # 2 MB heap: the RAM flash chip itself (96 KB) lives in it, beside the board
    result = run_micropython([str(ROOT / "tests" / "board_power_cut.py"), str(CUTS), "1"], heap="2M")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    summary = re.fullmatch(
        r"power cuts (\d+): new state kept (\d+), previous state kept (\d+); saves completed (\d+)",
        result.stdout.strip().splitlines()[-1],
    )
    assert summary, result.stdout[-1000:]
    cuts, new, old, saves = (int(g) for g in summary.groups())
    assert cuts == CUTS
    # both outcomes really happened: cuts after the rename and cuts before it
    assert new > 50 and old > 2000 and new + old == CUTS - 1
    assert saves > CUTS // 2
