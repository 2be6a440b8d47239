"""The simulator in a terminal: the board as coloured dots (24-bit ANSI colour), keys for controls.

Used with ``--tui`` or when there is no display. Terminals report no key releases, so a
long press is asked for explicitly: ``l`` then the control's key. Hole (track, hole) is
drawn at ``TerminalLayout.cell(track, hole)`` (0-based row and column on the screen).
"""

from __future__ import annotations

import os
import select
import sys
import termios
import tty
from typing import TextIO

from app.events import BACK, ENCODER, LONG, PLAYER_1, PLAYER_2, PRESS, TURN
from simulator.device import Device
from simulator.geometry import Geometry
from simulator.picture import OLED_GLASS, OLED_TEXT, led_colour
from simulator.server import ProtocolServer

FRAME_S = 0.04
WOOD = (92, 54, 26)
EMPTY = (44, 26, 12)
TEXT = (236, 214, 180)
HOLE = "●"
TOP = 2  # screen rows above the board: the title and a blank line
LEFT = 2

KEYS = {"\r": ENCODER, "\n": ENCODER, " ": ENCODER, "1": PLAYER_1, "2": PLAYER_2, "\x7f": BACK, "\x08": BACK,
        "\x1b": BACK}
TURNS = {"\x1b[C": 1, "\x1b[A": 1, "+": 1, "=": 1, "\x1b[D": -1, "\x1b[B": -1, "-": -1}
PLUG = ("\x1b[24~", "\x0b")  # F12, Ctrl-K
QUIT = ("q", "\x03")
LONG_PREFIX = "l"
HELP = ("←/→ turn · Enter/Space push · 1, 2 players · Backspace back",
        "l then a key: long press · F12/Ctrl-K pull the plug · q quit")


def fg(rgb: tuple[int, int, int]) -> str:
    """ANSI 24-bit foreground colour."""
    return "\x1b[38;2;%d;%d;%dm" % rgb


def bg(rgb: tuple[int, int, int]) -> str:
    """ANSI 24-bit background colour."""
    return "\x1b[48;2;%d;%d;%dm" % rgb


RESET = "\x1b[0m"


class TerminalLayout:
    """Holes placed on a character grid: one column pair a hole, an extra column between streets."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        xs = sorted({x for x, _ in geometry.holes.values()})
        ys = sorted({y for _, y in geometry.holes.values()})
        pitch = geometry.pitch_mm()
        column = {}
        col = 0
        for n, x in enumerate(xs):
            if n:
                col += 2 + (1 if x - xs[n - 1] > pitch * 1.2 else 0)
            column[x] = col
        self.columns = {hole: LEFT + column[x] for hole, (x, _) in geometry.holes.items()}
        self.rows = {hole: TOP + ys.index(y) for hole, (_, y) in geometry.holes.items()}
        self.width = LEFT + col + 1 + LEFT
        self.height = TOP + len(ys)

    def cell(self, track: int, hole: int) -> tuple[int, int]:
        """(row, column) on the screen of hole 1..121 of ``track``."""
        return self.rows[(track, hole)], self.columns[(track, hole)]

    def board_lines(self, frame: bytes | bytearray) -> list[str]:
        """The board rows as ANSI text: wood background, each hole a dot in its LED's colour."""
        grid = [[bg(WOOD) + " "] * self.width for _ in range(self.height - TOP)]
        for index in range(self.geometry.led_count):
            track, hole = self.geometry.hole_at(index)
            rgb = (frame[3 * index], frame[3 * index + 1], frame[3 * index + 2])
            colour = led_colour(rgb) if rgb != (0, 0, 0) else EMPTY
            row, col = self.cell(track, hole)
            grid[row - TOP][col] = bg(WOOD) + fg(colour) + HOLE
        title = "C R I B B A G E".center(self.width)
        return [bg(WOOD) + fg(TEXT) + title + RESET, bg(WOOD) + " " * self.width + RESET] + [
            "".join(cells) + RESET for cells in grid]


class Terminal:
    """The terminal front end around a Device, with an optional protocol server."""

    def __init__(self, device: Device, server: ProtocolServer | None = None, note: str = "") -> None:
        self.device = device
        self.server = server
        self.layout = TerminalLayout(Geometry.load())
        self.note = note
        self.long_next = False
        self.buffer = ""
        self.shown: tuple | None = None

    def screen(self) -> list[str]:
        """Every line of the screen, as ANSI text."""
        lines = self.layout.board_lines(self.device.frame)
        width = self.layout.width
        lines.append(bg(WOOD) + fg(TEXT) + "  [1] PLAYER 1   [⌫] BACK   (←⏎→) TURN·PUSH   [2] PLAYER 2".ljust(width)
                     + RESET)
        text = self.device.lines
        if text is not None:
            for line in (text or [""]) + [""] * max(0, 4 - len(text)):
                lines.append(bg(OLED_GLASS) + fg(OLED_TEXT) + " " + line[: width - 2].ljust(width - 1) + RESET)
        lines += ["long press: next key…", ""] if self.long_next else [line[:width] for line in HELP]
        if self.note:
            lines.append(self.note[:width])
        return lines

    def key(self, chars: str) -> bool:
        """Act on one key (a character or an escape sequence); False means quit."""
        if chars in QUIT:
            return False
        if chars in PLUG:
            self.device.pull_plug()
            self.note = "Power cut: booted again from flash (boot %d)." % self.device.boots
        elif chars == LONG_PREFIX:
            self.long_next = True
        elif chars in TURNS:
            self.device.push([(TURN, TURNS[chars])])
        elif chars in KEYS:
            self.device.push([(LONG if self.long_next else PRESS, KEYS[chars])])
            self.long_next = False
        return True

    def _keys(self, data: str) -> list[str]:
        """Split typed input into keys: escape sequences are kept whole."""
        self.buffer += data
        keys = []
        while self.buffer:
            if self.buffer.startswith("\x1b["):
                end = next((i for i, c in enumerate(self.buffer[2:], 2) if c.isalpha() or c == "~"), None)
                if end is None:
                    break
                keys.append(self.buffer[: end + 1])
                self.buffer = self.buffer[end + 1:]
            else:
                keys.append(self.buffer[0])
                self.buffer = self.buffer[1:]
        return keys

    def run(self) -> int:
        """Play in the terminal until ``q``."""
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            print("the terminal mode needs a terminal (or use --headless)", file=sys.stderr)
            return 2
        saved = termios.tcgetattr(fd)
        out = sys.stdout
        try:
            tty.setraw(fd)
            out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
            while True:
                ready, _, _ = select.select([fd], [], [], FRAME_S)
                if ready:
                    for key in self._keys(os.read(fd, 256).decode("utf-8", "replace")):
                        if not self.key(key):
                            return 0
                if self.server is not None:
                    self.server.serve(self.device.command)
                self.device.step()
                self._draw(out)
        finally:
            out.write("\x1b[0m\x1b[?25h\x1b[?1049l")
            out.flush()
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def _draw(self, out: TextIO) -> None:
        lines = self.screen()
        if tuple(lines) == self.shown:
            return
        self.shown = tuple(lines)
        out.write("\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K\x1b[J")
        out.flush()
