"""Frames read off the WS2812 data pin of an emulated chip, and turned back into the app's order.

``LedFrames`` listens to the pin's level changes (emulated time) and decodes each bit by how
long the line stayed high: the WS2812B datasheet's 0 is high 0.4 us and its 1 0.8 us (each
+-150 ns), so a high shorter than ``ONE_NS`` is a 0. A low of ``LATCH_NS`` or more ends the
frame (the LEDs latch). A frame cut short (the driver preempts one still going out) updates
only the LEDs it reached: ``shown`` is what the chain shows, frame over frame.
``logical_rgb`` undoes the wiring: wire order -> the app's logical
order (track * 121 + hole - 1), GRB -> RGB, with the chain of ``hardware/board.json``.
"""

from __future__ import annotations

from dataclasses import dataclass

ONE_NS = 600  # a high above this is a 1 (T0H <= 550 ns, T1H >= 650 ns)
LATCH_NS = 50_000  # the WS2812's reset time; our driver leaves 300 us


@dataclass(frozen=True)
class Frame:
    """One frame as sent: wire bytes, when its first bit started and when its last bit ended (ns)."""

    start_ns: float
    end_ns: float
    wire: bytes


class LedFrames:
    """Decodes the WS2812 waveform of one pin into ``frames`` (call ``watch`` with the pin)."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.shown = bytearray()  # wire order: what the LEDs show now
        self._rise = 0.0
        self._fall = -1e18
        self._start = 0.0
        self._bits: list[int] = []

    def on_level(self, high: bool, now: float) -> None:
        """The pin went ``high`` (or low) at ``now`` ns."""
        if high:
            if now - self._fall >= LATCH_NS:
                self._finish()
                self._start = now
            self._rise = now
        else:
            self._bits.append(1 if now - self._rise > ONE_NS else 0)
            self._fall = now

    def settle(self, now: float) -> None:
        """Close the frame in progress if the line has been low long enough by ``now``."""
        if self._bits and now - self._fall >= LATCH_NS:
            self._finish()

    def _finish(self) -> None:
        bits = self._bits
        if len(bits) >= 8:
            data = bytearray()
            for i in range(0, len(bits) - 7, 8):
                byte = 0
                for bit in bits[i:i + 8]:
                    byte = byte << 1 | bit
                data.append(byte)
            self.frames.append(Frame(self._start, self._fall, bytes(data)))
            if len(self.shown) < len(data):
                self.shown.extend(bytes(len(data) - len(self.shown)))
            self.shown[:len(data)] = data
        self._bits = []


def logical_rgb(wire: bytes, chain: list[list[int]], colour_order: str = "GRB", holes: int = 121) -> bytes:
    """The app's frame (RGB, logical order) that a wire-order frame shows."""
    out = bytearray(3 * len(chain))
    where = [colour_order.index(c) for c in "RGB"]
    for position, (track, hole) in enumerate(chain):
        led = wire[3 * position:3 * position + 3]
        if len(led) < 3:
            break
        index = 3 * (track * holes + hole - 1)
        for k in range(3):
            out[index + k] = led[where[k]]
    return bytes(out)
