"""The power-on and idle figures: power-on to the first frame, a frame's time on the wire, and the
core's share busy and the frames sent while the app idles."""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from timing import row

# isort: split
# (found once timing is imported: it puts tests/chip/ on the path)
from board_on_chip import ChipBoard
from chip_session import boot
from pico import MS

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image


def measure_power_on(image: Image, idle: bool) -> ChipBoard:
    """Power on a board with ``image`` and print the power-on figures, and the idle ones if ``idle``:
    the board, which the inputs' figures go on with."""
    board, boot_ms = boot(image)
    row("power-on to the first frame", "%.0f" % boot_ms, "ms")
    wire = [(f.end_ns - f.start_ns) / MS for f in board.frames_since(board.powered_at)]
    row("one frame on the wire (242 LEDs)", "%.2f" % statistics.median(wire), "ms")
    if idle:
        board.pico.run_for(300 * MS)  # past the boot's last work (the watchdog started, the glance's replay)
        sent = len(board.frames_since(0))
        row("core busy while the app idles (start screen, 0.5 s)", "%.1f" % (100 * busy_share(board)), "%")
        row("frames sent while the app idles", "%.0f" % (2 * (len(board.frames_since(0)) - sent)), "a second")
    return board


def busy_share(board: ChipBoard, ms: float = 500) -> float:
    """The share of ``ms`` of emulated time the core runs code (is not asleep in WFI or WFE),
    sampled every 20 us: the app's work while nothing happens (its polls, frames, serial reads)."""
    core = board.pico.mcu.core
    samples = [0, 0]  # running, asleep

    def sample() -> None:
        samples[core.waiting] += 1
        alarm.schedule(20_000)

    alarm = board.pico.clock.create_alarm(sample)
    alarm.schedule(20_000)
    board.pico.run_for(ms * MS)
    alarm.cancel()
    return samples[0] / sum(samples)
