"""What the same firmware draws on CPython: the oracle the chip's LED frames are compared with."""

from __future__ import annotations

import tempfile

from app.board import Board
from shared.ticks import ticks_add, ticks_diff
from simulator.virtual_hardware import VirtualHardware

# The longest cycle the renderer draws (the breathing game hole of whoever counts next): every
# frame the board can show now is drawn within one.
CYCLE_MS = 2000


class CPythonBoard:
    """The app on CPython's fake hardware (a fresh flash unless ``root`` is given)."""

    def __init__(self, root: str | None = None) -> None:
        self.root = root or tempfile.mkdtemp(prefix="crib-oracle-")
        self.hw = VirtualHardware(self.root, display=False, serial=False)
        self.board = Board(self.hw)

    def handle(self, *events: tuple) -> None:
        """Feed input events as the input task does."""
        for event in events:
            self.board.handle(event)

    def frame_at(self, ms: int) -> bytes:
        """The frame (logical RGB, brightness, gamma and cap applied) drawn with the clock at ``ms``."""
        self.hw.advance(ticks_diff(ms, self.hw.ticks_ms()))
        self.board.render()
        return bytes(self.hw.frame)

    def frames_over(self, period_ms: int = CYCLE_MS) -> set[bytes]:
        """Every distinct frame drawn over ``period_ms`` (the longest cycle unless told), a millisecond apart."""
        start = self.hw.ticks_ms()
        return {self.frame_at(ticks_add(start, ms)) for ms in range(period_ms)}
