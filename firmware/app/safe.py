"""Safe mode: the game is not started, but the board never looks dead.

``firmware/main.py`` runs ``run_safe(hw, why)`` instead of the app when safe mode was asked for
(a control at power-on) or the app failed several times in a row (``hal.boot_guard``). No game
is loaded (not the saved one, not the match, not the saved preferences): what failed may be there.
Instead both game holes breathe slowly in dim white, the display says SAFE MODE and why, and
the serial log says why every few seconds (a terminal opened later sees it too), and every request
line is answered with the same words, as a refusal without an id (``crib`` says them). A press of
the encoder opens the LED test (``app.modes.led_test``); holding the encoder there comes back.
The controls count from _SETTLE_MS on: the encoder that asked for safe mode, let go just
after, must not open the test.
Ctrl-C (``mpremote``) stops it and leaves the REPL free; power off and on to play again. No
watchdog runs, so a hang here resets nothing.
"""

import json

from micropython import const

from app import palette
from app.messages import LINES, Messages
from app.modes.led_test import LedTest
from app.prefs import defaults
from app.render import Canvas, pulse, show, show_text
from app.text import wrap
from shared import events
from shared.holes import HOLES
from shared.ticks import ticks_diff

_STEP_MS = const(20)  # the controls are read this often
_FRAME_MS = const(100)  # a frame this often, or at once after an input: the CPU idles most of the time
_SETTLE_MS = const(1000)  # a press held at power-on ends by then (or has become a long press)
_SAY_MS = const(10000)  # the serial log repeats why this often
_BREATH_MS = const(4000)
_LOW = const(16)
_HIGH = const(96)  # out of 256: dim, whatever the build's supply


class SafeHome:
    """Safe mode's own screen: both game holes breathing slowly in dim white, why on the display."""

    name = "safe"
    full_screen = True

    def __init__(self, board):
        pass

    def handle(self, board, event):
        """The encoder press opens the LED test; nothing else does anything here."""
        if event[0] == events.PRESS and event[1] == events.ENCODER:
            board.open(LedTest)

    def draw(self, board, canvas, now):
        """Both game holes breathing slowly in dim white."""
        level = pulse(now, _BREATH_MS, _LOW, _HIGH)
        for track in range(canvas.tracks):
            canvas.put(track, HOLES, palette.WHITE, level)

    def lines(self, board):
        """SAFE MODE, why (in the lines the other three leave), and how to go on."""
        return ["SAFE MODE"] + wrap(board.why)[:LINES - 3] + ["enc: LED test", "off+on: play"]

    def describe(self):
        """Only the mode's name: there is no game here to describe."""
        return {"mode": self.name}


class SafeBoard:
    """What the modes of safe mode ask of a board (``hw``, ``open``, ``idle``, ``colours``,
    ``messages``), with no game; ``step(now)`` is one turn of its loop."""

    def __init__(self, hw, why):
        self.hw = hw
        self.why = why
        self.prefs = defaults(hw.supply_ma)
        # the sides' colours, as the app's board has them: the defaults (safe mode reads no saved preferences)
        self.colours = [palette.CHOICES[c] for c in palette.DEFAULT_COLOURS]
        self.messages = Messages(hw)  # for a hardware fault, said as in the app
        self.canvas = Canvas(hw.led_count)
        self.mode = SafeHome(self)
        self.shown_lines = None
        self.said_at = None
        self.drawn_at = None
        self.started = hw.ticks_ms()
        self.said = ("the board is in safe mode: %s; the game is not started. Encoder press: the LED test; "
                     "Ctrl-C: the REPL; power off and on to play." % why)

    def open(self, mode_class):
        """Switch to ``mode_class(board)``."""
        self.mode = mode_class(self)
        return self.mode

    def idle(self):
        """Back to safe mode's own screen (the LED test leaves this way)."""
        self.open(SafeHome)

    def say(self, now):
        """Print why the board is in safe mode, at once and then every _SAY_MS."""
        if self.said_at is None or ticks_diff(now, self.said_at) >= _SAY_MS:
            self.said_at = now
            print(self.said)

    def answer(self):
        """Refuse a request line, if one came, with why the board is in safe mode (``said``). No id:
        no request is read here (docs/PROTOCOL.md), so a host is told at once, not left to time out."""
        serial = self.hw.serial
        if serial is not None and serial.read_line() is not None:
            serial.write('{"ok": false, "error": %s}\n' % json.dumps(self.said))

    def step(self, now):
        """The inputs since the last step; a request line answered; a frame if one is due (after an
        input, or _FRAME_MS after the last), with the display if its text changed; the log."""
        hw = self.hw
        due = self.drawn_at is None or ticks_diff(now, self.drawn_at) >= _FRAME_MS
        settled = ticks_diff(now, self.started) >= _SETTLE_MS
        for event in hw.poll_events():
            if settled and events.is_event(event):
                self.mode.handle(self, event)
                due = True
        if self.messages.hardware():
            due = True
        self.answer()
        self.say(now)
        if not due:
            return
        self.drawn_at = now
        canvas = self.canvas
        canvas.clear()
        # at the clock's time now, as the app draws: a mode the inputs opened began after ``now``
        # (the LED test's walk, drawn before its start, lit the chain's last LED for a frame)
        self.mode.draw(self, canvas, hw.ticks_ms())
        show(self)
        show_text(self)
        display = hw.display
        try:
            while display is not None and display.send_next():
                pass
        except OSError:  # a display failing: its lines are tried again with the next frame; the LEDs go on
            pass


def run_safe(hw, why):
    """Safe mode on ``hw`` until Ctrl-C (``firmware/main.py``); ``why`` a short text. MicroPython only
    (the tests call ``SafeBoard``'s steps)."""
    from time import sleep_ms

    board = SafeBoard(hw, why)
    while True:
        board.step(hw.ticks_ms())
        sleep_ms(_STEP_MS)
