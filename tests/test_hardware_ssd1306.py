"""The SSD1306 driver, run inside the `micropython` interpreter (CPython has no framebuf)
against a recording I2C bus: the datasheet's power-up commands, then whole-screen writes
with each text line on its own 8-pixel page."""

from __future__ import annotations

import json

from micropython_env import FIRMWARE, run_micropython

SCRIPT = """
import sys, json
sys.path.insert(0, %r)
from hal.ssd1306 import SSD1306

class Bus:
    def __init__(self):
        self.writes = []
    def writeto(self, address, data):
        self.writes.append([address, list(data)])
    def writevto(self, address, parts):
        self.writes.append([address, [b for part in parts for b in part]])

bus = Bus()
display = SSD1306(bus, 0x3C, 64)
init = bus.writes[:]
bus.writes.clear()
display.show_lines(["X", "", "", "", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "", "", "Y", "cut off"])
print(json.dumps({"init": init, "lines": bus.writes}))
"""


def run() -> dict:
    """Run SCRIPT in micropython; what it printed, decoded."""
    result = run_micropython(["-c", SCRIPT % str(FIRMWARE)])
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_power_up_follows_the_datasheet_sequence() -> None:
    init = run()["init"]
    assert all(address == 0x3C for address, _ in init)
    commands = [data[1:] for _, data in init if data[0] == 0x00]  # control byte 0: commands
    flat = [b for c in commands for b in c]
    assert commands[0] == [0xAE]  # display off first
    assert commands[-1] == [0xAF]  # display on last, after the screen was cleared
    for sequence in ([0x8D, 0x14], [0xA8, 63], [0xDA, 0x12], [0x20, 0x00]):
        assert any(c == sequence for c in commands), sequence
    assert flat.index(0xAF) > flat.index(0x8D)


def test_lines_are_drawn_on_their_own_pages() -> None:
    writes = run()["lines"]
    window, data = writes[-2][1], writes[-1][1]
    assert window == [0x00, 0x21, 0, 127, 0x22, 0, 7]  # whole screen: columns 0-127, pages 0-7
    assert data[0] == 0x40 and len(data) == 1 + 128 * 8  # control byte 0x40: display data
    pixels = data[1:]
    lit_pages = sorted({i // 128 for i, byte in enumerate(pixels) if byte})
    assert lit_pages == [0, 4, 7]  # "X" on line 0, "Y" on line 7; the ninth line is cut off
    for page in (0, 7):
        assert all(i % 128 < 8 for i, byte in enumerate(pixels) if byte and i // 128 == page)  # one character
    assert any(pixels[4 * 128 + 120:5 * 128]), "the long line fills its page to the edge"  # and stops there
