"""Thousands of power cuts while the board saves its match, on MicroPython's real littlefs.

See board_power_cut.py: the board's own save format and its own power-on restore (the log
replayed) are what the cuts hit. CPython has no ``os.VfsLfs2``, so the script runs inside
the `micropython` interpreter, on the firmware compiled once a session (``compiled_firmware``):
each power-on imports the count's modules again, which from source this port would compile
again every time (nearly half the run).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from micropython_env import ON_MICROPYTHON, run_micropython, run_power_cuts

pytestmark = pytest.mark.slow  # seconds a test: started first, so the parallel run ends together

CUTS = 4000


def test_every_power_cut_restores_the_board_after_the_last_or_the_previous_change(
        compiled_firmware: Callable[..., Path]) -> None:
    # 2 MB heap: the RAM flash chip itself (96 KB) lives in it, beside the board
    printed: list[str] = []
    cuts, new, old, saves = run_power_cuts("board_power_cut.py", compiled_firmware(), CUTS, heap="2M",
                                           printed=printed)
    assert cuts == CUTS
    # both outcomes really happened: cuts after the rename and cuts before it
    assert new > 50 and old > 2000 and new + old == CUTS - 1
    assert saves > CUTS // 2
    # and matches long enough to archive their first games (app.history), cut and restored
    archived = [int(line.rpartition(" ")[2]) for line in printed if line.startswith("restored with games archived")]
    assert archived and archived[0] > 100, printed[-3:]


FALLBACK_SUMMARY = re.compile(r"fallback: older copy kept (\d+), first change kept (\d+), second change kept (\d+)")


def test_every_power_cut_while_the_board_falls_back_to_its_older_copy_keeps_it_or_a_later_change(
        compiled_firmware: Callable[..., Path]) -> None:
    """fallback_power_cut.py: the newest copy unusable (five ways), a cut at every block write of
    the power-on that sets it aside and of the two changes after."""
    result = run_micropython([str(ON_MICROPYTHON / "fallback_power_cut.py"), str(compiled_firmware())], heap="2M")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    found = FALLBACK_SUMMARY.search(result.stdout)
    assert found, result.stdout[-2000:]
    older, first, second = (int(n) for n in found.groups())
    assert older > 50 and first > 50 and second > 0  # every outcome really happened


KEEPSAKE_SUMMARY = re.compile(r"keepsake: power cuts (\d+) in (\d+) block writes, kept at the next power-on (\d+)")


def test_every_power_cut_while_the_board_keeps_a_save_cut_short_leaves_it_whole_or_to_be_kept_again(
        compiled_firmware: Callable[..., Path]) -> None:
    """keepsake_power_cut.py: a cut at every block write of the power-on that copies the whole of a save
    cut short to game.cut and of the change after; the next power-on finds it whole, or keeps it then."""
    result = run_micropython([str(ON_MICROPYTHON / "keepsake_power_cut.py"), str(compiled_firmware())], heap="2M")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    found = KEEPSAKE_SUMMARY.search(result.stdout)
    assert found, result.stdout[-2000:]
    cuts, writes, again = (int(n) for n in found.groups())
    assert writes > 5 and cuts == 2 * (writes + 1)
    assert 0 < again < cuts  # cuts before the copy was done (kept then) and after it (found whole)
