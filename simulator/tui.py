"""The simulator in a terminal: the board as coloured dots (24-bit ANSI colour), keys for controls.

With the environment variable NO_COLOR set (no-color.org), no colour at all: a hole's glyph says
what its LED shows. A peg's glyph has its side's shape, filled for the front peg and hollow for the
back one: ●/○ P1 (T1), ■/□ P2 (T2), ▲/△ P3; any other light is ◆ bright (a peg being dialled, a
flash, the menu's chosen item) or ◇ dim (a street mark, a line, a trail); a dark hole is ·. The
legend under the board says so.

Used with ``--tui`` or when there is no display. Terminals report no key releases, so a
long press is asked for explicitly: ``l`` then the control's key (a key held comes as its repeats,
each a press: the screen then says how to hold one). Hole (track, hole) is
drawn at ``TerminalLayout.cell(track, hole)`` (0-based row and column of the layout; on a terminal
wider than the layout, it is centred: ``margin`` columns to the right).
A terminal too small for the whole screen gets it without the title and the legend of how a
track runs (an 80x24 terminal plays so); one smaller still gets a line saying how big it
must be instead (big enough for the display's most lines); the screen is drawn again whenever
the terminal's size changes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import select
import shutil
import sys
import termios
import textwrap
import time
import tty
from typing import TextIO

from app.board import Board
from app.messages import LINES as DISPLAY_LINES  # the most lines the firmware ever shows
from app.power import gamma, peak_steps
from app.render import track_of
from host_shared import USAGE_ERROR
from host_shared.errors import Failed
from shared.events import LONG, PRESS, TURN
from shared.holes import HOLES, place
from simulator.controls import BIG_STEP, CONTROL_KEY, HOLD_KEYS, PLUG_KEYS, QUIT_KEYS, TURN_KEYS, detents
from simulator.device import Device
from simulator.geometry import Geometry
from simulator.picture import LEGEND, NUMBER_EVERY, OLED_GLASS, OLED_TEXT, TrackNames, led_colour, track_names
from simulator.server import ProtocolServer

FRAME_S = 0.04
WOOD = (92, 54, 26)
EMPTY = (44, 26, 12)
TEXT = (236, 214, 180)
HOLE = "●"
# Without colour (NO_COLOR set: no-color.org) an LED is told by its glyph (``plain_glyphs``): a peg's by its side's
# shape, filled front and hollow back, so that every peg of three players differs by glyph alone (P1 and P3 share
# a track) and none looks like a mark; a light of no peg's by the one shape left, dim or bright.
FRONT_PEGS = ("●", "■", "▲")  # per side: P1 (T1), P2 (T2), P3
BACK_PEGS = ("○", "□", "△")
LIGHTS = ("◇", "◆")  # a light of no peg's: dim (a mark, a trail), bright (a peg being dialled, a flash)
DARK_HOLE = "·"
# A light of no peg's is bright if the renderer gave it a peak (its brightest channel, before the brightness
# setting) of at least this: a trail's is at most 63 (white's, app.palette.TRAIL), a mark's less; a peg being
# dialled, a tally, a flash or the menu's chosen item at least 104 (green's tally). Told from its PWM bytes through
# app.power's curve at the board's brightness setting: the screen's colour (``led_colour``), exposed as a camera
# would, squashes the levels together.
BRIGHT_PEAK = 92
TOP = 2  # screen rows above the board: the title and a blank line
LEFT = 4  # columns left of the leftmost hole: a track's names, written before its first hole, a column of wood
NAMES_WIDTH = 5  # the longest names a track carries: "P1 P3" (three players: P1 and P3 share a track)
DISPLAY_ROWS = 4  # the display's box is at least this many rows high, however few lines it shows

# The keys a terminal reads, by their names in ``simulator.controls``' tables, so that the terminal and the window
# take the same keys (a character not here is its own name: 1, 2, q; the keypad sends its main keys' characters).
KEY_NAMES = {"\r": "Return", "\n": "Return", " ": "space", "\x7f": "BackSpace", "\x08": "BackSpace",
             "\x1b": "Escape", "+": "plus", "=": "equal", "-": "minus", "\x1b[24~": "F12",
             "\x0b": CONTROL_KEY + "k", "\x11": CONTROL_KEY + "q",  # (raw mode: Ctrl-Q is no flow control)
             "\x1b[C": "Right", "\x1b[A": "Up", "\x1b[D": "Left", "\x1b[B": "Down",
             "\x1bOC": "Right", "\x1bOA": "Up", "\x1bOD": "Left", "\x1bOB": "Down"}  # ESC O: application cursor keys
SHIFTED = {"\x1b[1;2C": "Right", "\x1b[1;2A": "Up", "\x1b[1;2D": "Left", "\x1b[1;2B": "Down"}  # typed with Shift
CTRL_C = "\x03"  # a key in raw mode: taken as the interrupt it is at a terminal (exit status 130)
LONG_PREFIX = "l"
ESCAPE_WAIT_S = 0.05  # an Esc with nothing after it this long is the key itself, not a sequence's start
HELP = ("arrows, +/- turn (Shift: %d) · Enter/Space push · 1, 2 · ⌫/Esc back" % BIG_STEP,
        "l then a key: long press (l Enter: menu) · F12 pull the plug · q quit")
LONG_ARMED = ("long press: next key… (l again: cancel)", "")
# A control's key again this soon is the terminal repeating a key held (nobody taps one key so fast): the
# long press is said instead of the help for a while (a review: 1 held dialled P1 +12, where the board's
# button held pegs 2). The repeats still count, each a press: keys sent at once (tmux, a paste) are taps.
REPEAT_S = 0.06
HELD_HINT = ("a terminal cannot hold a key: l, then the key, is its long press", "(l then Enter: the menu)")
HELD_HINT_S = 4.0

# What reading or writing a terminal that went away (a closed window, a hung-up pty) raises.
GONE = (errno.EIO, errno.EPIPE, errno.ENXIO, errno.EBADF)
# What ``crib sim`` says without a terminal to play in (stdin not one), before it serves anything.
NO_TERMINAL = ("the terminal mode needs a terminal; without one, serve the protocol alone: "
               "`crib sim --headless --serve` (or play a script: --headless --script FILE)")


def fg(rgb: tuple[int, int, int]) -> str:
    """ANSI 24-bit foreground colour."""
    return "\x1b[38;2;%d;%d;%dm" % rgb


def bg(rgb: tuple[int, int, int]) -> str:
    """ANSI 24-bit background colour."""
    return "\x1b[48;2;%d;%d;%dm" % rgb


RESET = "\x1b[0m"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def key_name(chars: str) -> tuple[str, bool]:
    """The name (in ``simulator.controls``' tables) of the key a terminal sent as ``chars`` (a character or an
    escape sequence), and whether Shift was held."""
    if chars in SHIFTED:
        return SHIFTED[chars], True
    return KEY_NAMES.get(chars, chars), False


def fits(need: tuple[int, int], size: tuple[int, int]) -> bool:
    """True if a terminal of ``size`` (columns, rows) has the ``need``ed columns and rows."""
    return size[0] >= need[0] and size[1] >= need[1]


def strip_ansi(text: str) -> str:
    """``text`` as it shows: without its colour codes."""
    return ANSI.sub("", text)


def margin(columns: int, width: int) -> int:
    """Columns left of a block ``width`` wide, centred on a terminal ``columns`` wide (none if it is no wider)."""
    return max(0, (columns - width) // 2)


def centred(lines: list[str], columns: int) -> list[str]:
    """``lines`` (ANSI text) moved right as one block, each keeping its place in it, to the middle of a
    terminal ``columns`` wide."""
    left = " " * margin(columns, max(len(strip_ansi(line)) for line in lines))
    return [left + line for line in lines]


def hue_distance(rgb: tuple[int, int, int], colour: tuple[int, int, int]) -> float:
    """How far a lit LED's PWM bytes ``rgb`` are from showing ``colour`` (an ``app.palette`` colour), at any
    level: each channel over the brightest, ``colour``'s through app.power's gamma, as it drives the channels
    below the brightest."""
    peak, top = max(rgb), max(colour)
    return sum((c / peak - gamma[(k * 255 + (top >> 1)) // top] / 255) ** 2 for c, k in zip(rgb, colour, strict=True))


def plain_glyphs(board: Board, frame: bytes | bytearray) -> list[str]:
    """Each LED's glyph on a screen without colour, in ``frame``'s order: a peg's its side's (``FRONT_PEGS``,
    ``BACK_PEGS``), another light's ``LIGHTS`` (dim or bright at ``board``'s brightness setting), a dark one's
    ``DARK_HOLE``. A lit hole shows a peg of the side on its track whose colour is nearest its LED's, if that side
    has one there: P1 and P3 share a track, their pegs in one hole take turns (``app.render``), and a trail or a
    peg being dialled of one may cover a peg of the other."""
    game = board.match.game
    pegs = not board.mode.full_screen  # a full-screen mode (the menu, the settings...) draws no pegs
    bright = peak_steps(BRIGHT_PEAK, board.prefs["brightness"])
    glyphs = []
    for index in range(len(frame) // 3):
        track, hole = place(index)
        rgb = (frame[3 * index], frame[3 * index + 1], frame[3 * index + 2])
        if rgb == (0, 0, 0):
            glyphs.append(DARK_HOLE)
            continue
        on_track = [side for side in range(len(game.front)) if track_of(side) == track]
        side = min(on_track, key=lambda other: hue_distance(rgb, board.colours[other]))
        if pegs and game.front[side] == hole:
            glyphs.append(FRONT_PEGS[side])
        elif pegs and game.back[side] == hole:
            glyphs.append(BACK_PEGS[side])
        else:
            glyphs.append(LIGHTS[max(rgb) >= bright])
    return glyphs


class TerminalLayout:
    """Holes placed on a character grid: one column pair a hole, an extra column between streets;
    the rows come in twos (the same holes of both tracks) with a line of hole numbers between them."""

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
        row = {y: TOP + 3 * (i // 2) + 2 * (i % 2) for i, y in enumerate(ys)}
        self.rows = {hole: row[y] for hole, (_, y) in geometry.holes.items()}
        self.width = LEFT + col + 3 + NAMES_WIDTH  # the names of a row that starts on the right after it, and wood
        self.height = max(self.rows.values()) + 1

    def cell(self, track: int, hole: int) -> tuple[int, int]:
        """(row, column) of hole 1..121 of ``track`` in the layout: on the screen, ``margin`` columns further
        right on a terminal wider than the layout (``Terminal.fitted`` centres it)."""
        return self.rows[(track, hole)], self.columns[(track, hole)]

    def board_lines(self, frame: bytes | bytearray, names: TrackNames | None = None,
                    glyphs: list[str] | None = None) -> list[str]:
        """The board rows as ANSI text: wood background, each hole a dot in its LED's colour,
        every fifth hole's number between its rows, each track's ``names`` where each of its rows starts; given
        ``glyphs`` (``plain_glyphs``: for a screen without colour), each hole its LED's glyph."""
        grid = [[bg(WOOD) + " "] * self.width for _ in range(self.height - TOP)]

        def write(row: int, end: int, text: str, colour: tuple[int, int, int]) -> None:
            for i, char in enumerate(text):
                grid[row - TOP][end - len(text) + 1 + i] = bg(WOOD) + fg(colour) + char

        for index in range(self.geometry.led_count):
            track, hole = place(index)
            rgb = (frame[3 * index], frame[3 * index + 1], frame[3 * index + 2])
            colour = led_colour(rgb) if rgb != (0, 0, 0) else EMPTY
            row, col = self.cell(track, hole)
            grid[row - TOP][col] = bg(WOOD) + fg(colour) + (HOLE if glyphs is None else glyphs[index])
        for hole in range(NUMBER_EVERY, HOLES, NUMBER_EVERY):
            rows = [self.cell(track, hole)[0] for track in range(self.geometry.tracks)]
            write((min(rows) + max(rows)) // 2, self.cell(0, hole)[1], str(hole), TEXT)
        for track, on_track in enumerate(names or ()):  # at the start of every row, so each row says whose it is
            width = sum(len(text) for text, _ in on_track) + len(on_track) - 1
            for hole, direction in self.geometry.row_starts(track):
                row, col = self.cell(track, hole)
                end = col - 2 if direction > 0 else col + 1 + width
                for text, colour in reversed(on_track):
                    write(row, end, text, colour)
                    end -= len(text) + 1
        title = "C R I B B A G E".center(self.width)
        return [bg(WOOD) + fg(TEXT) + title + RESET, bg(WOOD) + " " * self.width + RESET] + [
            "".join(cells) + RESET for cells in grid]


class Terminal:
    """The terminal front end around a Device, with an optional protocol server."""

    def __init__(self, device: Device, server: ProtocolServer | None = None, note: str = "") -> None:
        self.device = device
        self.colour = not os.environ.get("NO_COLOR")  # no colour: plain text, the LEDs told by their glyphs
        self.server = server
        self.layout = TerminalLayout(Geometry.load())
        self.serving = note  # where the protocol is served (or why not), under the last boot's note
        self.long_next = False
        self.last_key = ("", 0.0)  # a control's key and when it came (``REPEAT_S``)
        self.hint_until = 0.0  # the help gives way to ``HELD_HINT`` until then
        self.buffer = ""
        self.shown: tuple | None = None
        self.size = os.terminal_size((0, 0))
        self.hidden = False  # the board not shown (``fitted``): the terminal is too small

    def screen(self, compact: bool = False) -> list[str]:
        """Every line of the screen, as ANSI text; ``compact``: without the title and the legend
        (``TOP`` rows fewer above the board), for a terminal too small for them."""
        board = self.device.board
        glyphs = None if self.colour else plain_glyphs(board, self.device.frame)
        lines = self.layout.board_lines(self.device.frame, track_names(board), glyphs)
        width = self.layout.width
        if compact:
            lines = lines[TOP:]
        else:
            legend = [LEGEND] if self.colour else [LEGEND, self._glyph_legend()]
            lines += [bg(WOOD) + fg(TEXT) + line.center(width) + RESET
                      for text in legend for line in textwrap.wrap(text, width - 2)]
        back = "BACK (held: P3)" if board.match.settings.players == 3 else "BACK"  # (its button)
        controls = "  [1] PLAYER 1   [⌫] %s   (←⏎→) TURN·PUSH   [2] PLAYER 2" % back
        lines.append(bg(WOOD) + fg(TEXT) + controls.ljust(width) + RESET)
        text = self.device.lines
        if text is not None:
            for line in (text or [""]) + [""] * max(0, DISPLAY_ROWS - len(text)):
                lines.append(bg(OLED_GLASS) + fg(OLED_TEXT) + " " + line[: width - 2].ljust(width - 1) + RESET)
        help_lines = HELD_HINT if time.monotonic() < self.hint_until else HELP
        lines += [line[:width] for line in (LONG_ARMED if self.long_next else help_lines)]
        lines += self._note_lines()
        return lines if self.colour else [strip_ansi(line) for line in lines]

    def _glyph_legend(self) -> str:
        """What the glyphs of a screen without colour say (``plain_glyphs``), naming this match's sides: one line
        of the legend."""
        settings = self.device.board.match.settings
        pegs = ", ".join("%s/%s %s" % (FRONT_PEGS[side], BACK_PEGS[side], settings.side_name(side))
                         for side in range(settings.sides))
        return "front/back pegs %s; other lights %s bright, %s dim; dark %s" % (pegs, LIGHTS[1], LIGHTS[0], DARK_HOLE)

    def fitted(self, size: tuple[int, int]) -> list[str]:
        """The screen for a terminal of ``size`` (columns, rows), centred across it: all of it; if that
        does not fit, the compact screen (its note cut to the rows left); if that does not fit either,
        why not and how big the terminal must be, the board then ``hidden`` (``key`` ignores all but q)."""
        columns, rows = size
        self.hidden = False
        lines = self.screen()
        if fits(self.need(lines), size):
            return centred(lines, columns)
        lines = self.screen(compact=True)
        note = len(self._note_lines())
        need = self.need(lines[:len(lines) - note])  # the note is what gives way to the board
        if fits(need, size):
            return centred(lines[:rows], columns)
        self.hidden = True  # keys but q do nothing until it shows again: a player cannot see what they would do
        text = ("The terminal is %dx%d; the board needs %dx%d: make the terminal bigger (until then keys do "
                "nothing; q quits)." % (columns, rows, *need))
        return textwrap.wrap(text, max(10, columns))[:max(1, rows)]

    def need(self, lines: list[str]) -> tuple[int, int]:
        """(columns, rows) a terminal needs to show ``lines`` and the display's most lines, not just
        those shown now: one size asked for fits every screen, so a menu or a longer message does
        not make the board vanish again."""
        shown = self.device.lines
        spare = 0 if shown is None else DISPLAY_LINES - max(DISPLAY_ROWS, len(shown))
        return max(self.layout.width, max(len(strip_ansi(line)) for line in lines)), len(lines) + spare

    def _note_lines(self) -> list[str]:
        """The note (where the protocol is served, a power cut), wrapped to the board's width; a
        command in it stays on one line where it fits."""
        lines = []
        note = "\n".join(line for line in (self.device.boot_note, self.serving) if line)
        for line in note.splitlines():
            lines += textwrap.wrap(line, self.layout.width, break_long_words=False, break_on_hyphens=False)
        return lines

    def key(self, chars: str) -> bool:
        """Act on one key (a character or an escape sequence); False means quit."""
        if chars == CTRL_C:
            raise KeyboardInterrupt
        name, shift = key_name(chars)
        if name in QUIT_KEYS:
            return False
        if self.hidden:  # the terminal too small to show the board (a review: keys pegged unseen)
            return True
        if name in PLUG_KEYS:
            self.device.pull_plug()
        elif chars == LONG_PREFIX:
            self.long_next = not self.long_next  # (again: cancelled)
            return True
        elif name in TURN_KEYS:
            self.device.push([(TURN, detents(name, shift))])
        elif name in HOLD_KEYS:
            now = time.monotonic()
            repeated = self.last_key[0] == chars and now - self.last_key[1] < REPEAT_S
            self.last_key = (chars, now)
            if repeated:
                self.hint_until = now + HELD_HINT_S
            self.device.push([(LONG if self.long_next else PRESS, HOLD_KEYS[name])])
        self.long_next = False  # a long press is of the next key only: a turn or another key drops it
        return True

    def _keys(self, data: str) -> list[str]:
        """Split typed input into keys: escape sequences are kept whole (F1 to F4 and the application
        cursor keys are ESC O and a letter, Alt and a key is ESC and the key: none of them the Esc key, which
        is back, an undo at home); an Esc last in ``data`` stays in ``buffer``: a sequence may be on its way
        (``lone_escape``)."""
        self.buffer += data
        keys = []
        while self.buffer:
            buffer = self.buffer
            if buffer.startswith("\x1b["):
                end = next((i for i, c in enumerate(buffer[2:], 2) if c.isalpha() or c == "~"), None)
                if end is None:
                    break
                size = end + 1
            elif buffer in ("\x1b", "\x1bO"):
                break  # the rest of it may come in the next read
            elif buffer.startswith("\x1bO"):
                size = 3
            elif buffer.startswith("\x1b"):
                size = 2
            else:
                size = 1
            keys.append(buffer[:size])
            self.buffer = buffer[size:]
        return keys

    def lone_escape(self) -> list[str]:
        """The keys of what waits in ``buffer`` when nothing followed it within ``ESCAPE_WAIT_S``: an Esc
        alone (or with an O typed after it) is the Esc key; a sequence cut short is no key at all."""
        keys = ["\x1b"] if self.buffer in ("\x1b", "\x1bO") else []
        self.buffer = ""
        return keys

    def run(self) -> int:
        """Play in the terminal until ``q``, or until the terminal goes away (every change is
        saved as it is made, so a closed terminal loses nothing)."""
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            raise Failed(NO_TERMINAL, USAGE_ERROR)
        saved = termios.tcgetattr(fd)
        out = sys.stdout
        try:
            tty.setraw(fd)
            out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
            while True:
                size = shutil.get_terminal_size()
                if size != self.size:  # resized: everything is drawn again
                    self.size, self.shown = size, None
                    out.write("\x1b[2J")
                waiting = self.buffer.startswith("\x1b")  # an Esc, or the start of a sequence
                ready, _, _ = select.select([fd], [], [], ESCAPE_WAIT_S if waiting else FRAME_S)
                if ready:
                    typed = os.read(fd, 256)
                    if not typed:  # end of input: the terminal hung up
                        return 0
                    keys = self._keys(typed.decode("utf-8", "replace"))
                else:
                    keys = self.lone_escape() if waiting else []
                for key in keys:
                    if not self.key(key):
                        return 0
                if self.server is not None:
                    self.server.serve(self.device.command)
                self.device.step()
                self._draw(out)
        except OSError as error:
            if error.errno not in GONE:
                raise
            return 0
        finally:
            with contextlib.suppress(OSError):  # a terminal that went away has nothing to restore
                out.write("\x1b[0m\x1b[?25h\x1b[?1049l")
                out.flush()
                termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def _draw(self, out: TextIO) -> None:
        lines = self.fitted((self.size.columns, self.size.lines))
        if tuple(lines) == self.shown:
            return
        self.shown = tuple(lines)
        out.write("\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K\x1b[J")
        out.flush()
