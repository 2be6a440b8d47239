"""A small SSD1306 OLED driver (128x64 or 128x32 on I2C) built on ``framebuf``.

It takes a ready-made I2C bus object and address (the wiring module finds them), and
offers the app's whole use of a display, 8 lines of 16 characters: ``show_lines`` says what to
show, ``send_next`` sends half of a line that changed. Each line is a page of the display's RAM (8
pixels high), drawn in a page's buffer (128 bytes, where the whole screen would take 1 KB of
heap) and sent alone, and only if it changed: the app waits while the bus writes, and a whole
screen is 1 KB, 23 ms at 400 kHz. Half a line at a time (1.5 ms), the app polls the controls
between two, so a detent shows within 15 ms even while a screen goes out (a whole line at a time,
3 ms, left it 0.5 ms of the 15 on the emulated chip); a detent mostly changes one line.
"""

import framebuf
from micropython import const

WIDTH = const(128)
_CHAR = const(8)  # framebuf's built-in font is 8x8
_HALF = const(64)  # the columns of half a line: sent a half a call

# Power-up sequence from the SSD1306 datasheet (internal charge pump, horizontal addressing), sent
# as one command stream: the literals below make one bytes constant (one heap object, not 13).
_INIT = const(
    b"\xae"  # display off
    b"\x20\x00"  # horizontal addressing
    b"\x40"  # start line 0
    b"\xa1"  # column 127 is segment 0 (not mirrored)
    b"\xc8"  # scan rows from the bottom (not flipped)
    b"\xd3\x00"  # no vertical offset
    b"\xd5\x80"  # clock divide / oscillator
    b"\xd9\xf1"  # pre-charge period
    b"\xdb\x30"  # VCOMH deselect level
    b"\x81\xcf"  # contrast
    b"\xa4"  # display follows RAM
    b"\xa6"  # not inverted
    b"\x8d\x14"  # charge pump on
)


class SSD1306:
    """An SSD1306 at ``address`` on ``i2c`` (anything with ``writeto`` and ``writevto``)."""

    def __init__(self, i2c, address=0x3C, height=64):
        if height not in (32, 64):
            raise ValueError("height must be 32 or 64")
        self.i2c = i2c
        self.address = address
        self.pages = height // 8
        self.page = bytearray(WIDTH)  # one line's pixels, drawn and sent half a line at a time
        self.fb = framebuf.FrameBuffer(self.page, WIDTH, _CHAR, framebuf.MONO_VLSB)
        # each page's line as the display shows it (None: not known), and the lines to show
        self.rows = [None] * self.pages  # type: list[str | None]
        self.lines = []  # type: list[str]
        # Made once: showing lines then allocates nothing.
        self._window = bytearray((0x00, 0x21, 0, 0, 0x22, 0, 0))  # a half's columns, a page
        page = memoryview(self.page)
        self._halves = ((b"\x40", page[:_HALF]), (b"\x40", page[_HALF:]))
        self._left_sent = None  # the line whose left half alone went out (its row's text), or None
        self.command(_INIT)
        self.command(bytes((0xA8, height - 1)))  # multiplex ratio = rows
        self.command(bytes((0xDA, 0x12 if height == 64 else 0x02)))  # COM pin layout
        while self.send_next():  # the screen blank before it is on
            pass
        self.command(b"\xaf")  # display on

    def command(self, data):
        """Send command bytes (control byte 0x00: a command stream)."""
        self.i2c.writeto(self.address, b"\x00" + data)

    def show_lines(self, lines):
        """Show ``lines`` from the top, the rest of the screen blank (extra lines and characters are
        cut off), as ``send_next`` sends the lines that changed; nothing goes on the bus here."""
        self.lines = lines

    def send_next(self):
        """Send half of the first line of ``show_lines``' that the display does not show, drawing it
        first: True if it sent one (the next call sends the other half, or the next line), False once
        the display shows them all. A line changed between its two halves is drawn and sent again
        whole. If the bus fails (OSError, raised), the next call sends that line again."""
        rows = self.rows
        lines = self.lines
        for row in range(len(rows)):
            text = lines[row] if row < len(lines) else ""
            if text != rows[row]:
                window = self._window
                right = text == self._left_sent and window[5] == row  # its left half went out last
                self._left_sent = None
                if not right:
                    rows[row] = None  # until both halves are sent
                    self.fb.fill(0)
                    self.fb.text(text, 0, 0, 1)  # the frame buffer clips a long line
                    window[5] = window[6] = row
                half = 1 if right else 0
                window[2] = half * _HALF  # the half's first column and its last
                window[3] = window[2] + _HALF - 1
                self.i2c.writeto(self.address, window)
                self.i2c.writevto(self.address, self._halves[half])
                if right:
                    rows[row] = text
                else:
                    self._left_sent = text
                return True
        return False
