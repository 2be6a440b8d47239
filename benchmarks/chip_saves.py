"""The saves' figures: power-on to the first frame of a board restoring a match, the power-on's replay
of its log, and the board's own save of it, flash erases and programs included."""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from chip_session import boot, soft_reset
from timing import row

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

# The board's own save of a match, timed on the chip (flash erases and programs included, as they
# stall the core: 45 ms a sector erase, typically) after a soft reset, the app built as main.py
# builds it (timed too: the power-on's replay of the saved log, after the first frame): the time
# the board is taken from its inputs after each accepted event late in a long match.
# Printed: the events of its log, the µs the board took to build, then each save's.
SAVE_CODE = """
import time
from hal import rp2_board
board = rp2_board.load_board()
hw = rp2_board.build(board, rp2_board.dark_leds(board))
from app.board import Board
t = time.ticks_us()
b = Board(hw)
spans = [time.ticks_diff(time.ticks_us(), t)]
for _ in range(%d):
    t = time.ticks_us()
    b.save()
    spans.append(time.ticks_diff(time.ticks_us(), t))
print("SAVES", b.match.events, " ".join(str(s) for s in spans))
"""
SAVES = 20


def measure_saves(image: Image, files: dict[str, bytes], what: str) -> None:
    """Power-on to the first frame of a board whose flash holds ``files`` (``what``: a match), the
    power-on's replay, and its saves (``SAVE_CODE``)."""
    board, boot_ms = boot(image, files)
    row("power-on to the first frame, restoring %s" % what, "%.0f" % boot_ms, "ms")
    soft_reset(board)
    first = len(board.pico.flash_writes)
    events, built, *spans = (int(v) for v in board.exec_raw(SAVE_CODE % SAVES).split("SAVES")[1].split())
    erases = sum(kind == "erase" for _, kind in board.pico.flash_writes[first:])
    row("  its saved log replayed at power-on (after the first frame; %d events)" % events, "%.0f" % (built / 1000),
        "ms")
    row("a save of %s (%d events), median / most of %d" % (what, events, SAVES),
        "%.0f / %.0f" % (statistics.median(spans) / 1000, max(spans) / 1000), "ms")
    row("  flash sector erases a save", "%.1f" % (erases / SAVES), "")
