"""The frame CPU figure: the ms the chip's core takes to render a frame at the end of a 5-game match,
to limit its brightness and current, and to pack it and start its DMA."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chip_matches import match_files
from chip_session import boot, soft_reset
from timing import row

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

# On the chip, after Ctrl-C: the app built as main.py builds it, then frames drawn step by step,
# inside a function as the app draws them (the same loop at the REPL's top level runs about
# twice as slow in emulated time), each with the wire idle (frames are 33 ms apart). The first
# frame draws the street marks for the settings (once per settings change): left out.
FRAME_CODE = """
import gc, time
from hal import rp2_board
board = rp2_board.load_board()
hw = rp2_board.build(board, rp2_board.dark_leds(board))
from app.board import Board
from app.render import render
from app import power
b = Board(hw)
gc.collect()  # as app.run does after the restore
def frames(n):
    canvas = b.canvas
    leds = hw.leds
    tr = tl = tp = 0
    for i in range(n):
        now = time.ticks_ms() + 37 * i
        time.sleep_ms(8)  # the last frame off the wire (7.3 ms) and latched
        leds.bytes[0] = 1  # marked: sent even if the picture did not change (hal.rp2_leds), a whole frame
        t0 = time.ticks_us()
        render(b, canvas, now)
        t1 = time.ticks_us()
        power.limit(canvas.frame, b.prefs["brightness"], b.prefs["milliamps"], now)
        t2 = time.ticks_us()
        leds.show(canvas.frame)
        t3 = time.ticks_us()
        tr += time.ticks_diff(t1, t0)
        tl += time.ticks_diff(t2, t1)
        tp += time.ticks_diff(t3, t2)
    return tr / n, tl / n, tp / n
frames(1)
print("FRAME", *frames(20))
"""


def measure_frame(image: Image) -> None:
    """The frame CPU figure (``FRAME_CODE``) on a board of ``image`` restored from the 5-game match."""
    board, _ = boot(image, match_files())  # (its power-on: the save figure's)
    soft_reset(board)
    render, limit, pack = (float(v) for v in board.exec_raw(FRAME_CODE).split("FRAME")[1].split())
    row("frame CPU: render (end of a 5-game match)", "%.2f" % (render / 1000), "ms")
    row("frame CPU: brightness, gamma, cap", "%.2f" % (limit / 1000), "ms")
    row("frame CPU: packing and DMA start", "%.2f" % (pack / 1000), "ms")
    row("frame CPU: total", "%.2f" % ((render + limit + pack) / 1000), "ms")
