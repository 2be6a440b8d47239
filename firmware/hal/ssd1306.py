"""A small SSD1306 OLED driver (128x64 or 128x32 on I2C) built on ``framebuf``.

It takes a ready-made I2C bus object and address (the wiring module finds them), and
offers ``show_lines``: the app's whole use of a display, 8 lines of 16 characters.
"""

import framebuf
from micropython import const

WIDTH = const(128)
CHAR = const(8)  # framebuf's built-in font is 8x8

# Power-up sequence from the SSD1306 datasheet (internal charge pump, horizontal addressing).
_INIT = (
    b"\xae",  # display off
    b"\x20\x00",  # horizontal addressing
    b"\x40",  # start line 0
    b"\xa1",  # column 127 is segment 0 (not mirrored)
    b"\xc8",  # scan rows from the bottom (not flipped)
    b"\xd3\x00",  # no vertical offset
    b"\xd5\x80",  # clock divide / oscillator
    b"\xd9\xf1",  # pre-charge period
    b"\xdb\x30",  # VCOMH deselect level
    b"\x81\xcf",  # contrast
    b"\xa4",  # display follows RAM
    b"\xa6",  # not inverted
    b"\x8d\x14",  # charge pump on
)


class SSD1306:
    """An SSD1306 at ``address`` on ``i2c`` (anything with ``writeto`` and ``writevto``)."""

    def __init__(self, i2c, address=0x3C, height=64):
        if height not in (32, 64):
            raise ValueError("height must be 32 or 64")
        self.i2c = i2c
        self.address = address
        self.height = height
        self.pages = height // 8
        self.buffer = bytearray(WIDTH * self.pages)
        self.fb = framebuf.FrameBuffer(self.buffer, WIDTH, height, framebuf.MONO_VLSB)
        # Made once: showing a screen then allocates nothing but what writevto needs.
        self._window = bytes((0x00, 0x21, 0, WIDTH - 1, 0x22, 0, self.pages - 1))
        self._data = (b"\x40", self.buffer)
        for command in _INIT:
            self.command(command)
        self.command(bytes((0xA8, height - 1)))  # multiplex ratio = rows
        self.command(bytes((0xDA, 0x12 if height == 64 else 0x02)))  # COM pin layout
        self.show_lines([])
        self.command(b"\xaf")  # display on

    def command(self, data):
        """Send command bytes (control byte 0x00: a command stream)."""
        self.i2c.writeto(self.address, b"\x00" + data)

    def show(self):
        """Copy the frame buffer to the display."""
        self.i2c.writeto(self.address, self._window)  # column and page window: the whole screen
        self.i2c.writevto(self.address, self._data)

    def show_lines(self, lines):
        """Clear the screen and write ``lines`` (extra lines and characters are cut off)."""
        self.fb.fill(0)
        for row in range(min(len(lines), self.height // CHAR)):
            self.fb.text(lines[row], 0, row * CHAR, 1)  # the frame buffer clips a long line
        self.show()
