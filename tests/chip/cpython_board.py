"""What the same firmware draws on CPython: the oracle the chip's LED frames are compared with."""

from __future__ import annotations

import tempfile

from app.board import Board
from shared.ticks import ticks_add, ticks_diff
from simulator.virtual_hardware import VirtualHardware

# The renderer's blinks (ms): the breathing game hole of whoever counts next 2000, the card
# picker's cursor 600, a preview 400, pegs sharing a hole 500, the power-on notice 1000, the
# refusal's flicker 120. The frames repeat only once all their phases do, after the least
# common multiple of the periods: every frame the board can show now is drawn within it.
# (The end display's and the advice's 1600 ms are not drawn where this is used.)
CYCLE_MS = 6000


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
        """Every distinct frame drawn over ``period_ms`` (the whole cycle unless told), a millisecond
        apart. A window that would cross the ticks' wrap starts after it instead: the phases of
        the blinks jump there (2**30 is no multiple of their periods), leaving some out."""
        start = self.hw.ticks_ms()
        if 0 < ticks_diff(0, start) < period_ms:
            start = 0
        return {self.frame_at(ticks_add(start, ms)) for ms in range(period_ms)}
