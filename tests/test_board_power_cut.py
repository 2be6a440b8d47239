"""Thousands of power cuts while the board saves its match, on MicroPython's real littlefs.

See board_power_cut.py: the board's own save format and its own power-on restore (the log
replayed) are what the cuts hit. CPython has no ``os.VfsLfs2``, so the script runs inside
the `micropython` interpreter.
"""

from __future__ import annotations

from micropython_env import run_power_cuts

CUTS = 4000


def test_every_power_cut_restores_the_board_after_the_last_or_the_previous_change() -> None:
    # 2 MB heap: the RAM flash chip itself (96 KB) lives in it, beside the board
    cuts, new, old, saves = run_power_cuts("board_power_cut.py", CUTS, heap="2M")
    assert cuts == CUTS
    # both outcomes really happened: cuts after the rename and cuts before it
    assert new > 50 and old > 2000 and new + old == CUTS - 1
    assert saves > CUTS // 2
