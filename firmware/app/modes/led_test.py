"""The LED test: check the board as it is built, LED by LED, and every control.

Opened from the menu ("LED test"), from safe mode (``app.safe``) or over the serial line
(``test_leds``). It goes along the LEDs in WIRE order (``hw.wire_order``: the k-th LED on the
data line), not by holes, so it follows the build:

1. the colour check: the first LED on the wire shows red, then green, then blue, then white,
   a second each, at their fullest under the brightness setting (if green comes first,
   board.json's colour order is not the LEDs'; paused at brightness 255, the red is the
   single full channel BUILD.md measures, the white the most one LED may draw, ``power.LED_MA``);
2. the walk: one dim white LED steps along the chain, STEP_MS an LED; then the colour check
   again. Where the chain is broken, the walk's light vanishes: the last LED it lit is the
   one before the fault.

Every control echoes: turning steps the walk by as many LEDs (back and forth), the encoder
press pauses or resumes it (the light stops or goes on at once), and a press or hold of p1,
p2 or back lights the game holes for a moment (p1: player 1's track's in player 1's colour, p2:
player 2's in player 2's, back: both vermillion); the display names each control.
Holding the encoder leaves the test for the game, exactly as it was (the test changes
nothing). At most two game holes and one LED are lit (the walk's dim), and the current cap
holds as always: the test stays well within the build's supply.
"""

from micropython import const

from app import palette
from shared import events
from shared.holes import HOLES
from shared.ticks import ticks_diff

STEP_MS = const(200)  # the walk: five LEDs a second (a row of 30 in 6 s)
_COLOUR_STEPS = const(5)  # each colour of the check shows this many steps (1 s)
_CHECK = const(20)  # steps of the colour check: red, green, blue, white
_ECHO_MS = const(700)
_WALK_LEVEL = const(64)  # dim: a quarter of full
_COLOURS = const(((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)))
_COLOUR_NAMES = const(("red", "green", "blue", "white"))


class LedTest:
    """The LED test: a colour check and a walk along the chain in wire order; every control echoes."""

    name = "led_test"
    full_screen = True
    as_pressed = False  # every control echoes as it came, held or pressed

    def __init__(self, board):
        self.hw = board.hw
        self.count = len(board.hw.wire_order)
        self.cycle = _CHECK + self.count  # steps: the colour check, then every LED once
        self.started = board.hw.ticks_ms()
        self.offset = 0  # steps turned by hand, or where the walk was paused
        self.paused = False
        self.echo = None  # the last control, as the display says it
        self.echo_control = None  # the control pressed or held last, while its LEDs show
        self.echo_at = None

    def step(self, now):
        """Where the test is at ``now``: 0 .. cycle - 1 (the colour check, then the walk)."""
        if self.paused:
            return self.offset
        return (self.offset + ticks_diff(now, self.started) // STEP_MS) % self.cycle

    def handle(self, board, event):
        """A turn steps the walk, the encoder press pauses or resumes it, p1, p2 or back echo on the game holes; the
        encoder held leaves the test."""
        kind, what = event
        now = board.hw.ticks_ms()
        if kind == events.LONG and what == events.ENCODER:
            board.idle()
            return
        if kind == events.TURN:
            self.offset = (self.step(now) + what) % self.cycle
            self.started = now
            self.echo = "turn %d" % what
            self.echo_control = None  # a turn's echo is the walk itself
        else:
            self.echo = "%s %s" % (kind, what)
            if what == events.ENCODER:  # its echo: the walk stops here, or walks on from here
                self.offset = self.step(now)
                self.started = now
                self.paused = not self.paused
                self.echo_control = None
            else:
                self.echo_control = what
                self.echo_at = now

    def echoing(self, now):
        """The control whose echo shows on the game holes at ``now``, or None."""
        if self.echo_control is None or not 0 <= ticks_diff(now, self.echo_at) < _ECHO_MS:
            return None
        return self.echo_control

    def draw(self, board, canvas, now):
        """The step's LED (the check's colour, or the walk's dim white) and a control's echo on the game holes."""
        step = self.step(now)
        if not self.paused:  # the walk's next step (app.render: when the picture changes by itself)
            canvas.still = min(canvas.still, STEP_MS - ticks_diff(now, self.started) % STEP_MS)
        if step < _CHECK:
            led, colour, level = 0, _COLOURS[step // _COLOUR_STEPS], palette.FULL
        else:
            led, colour, level = step - _CHECK, palette.WHITE, _WALK_LEVEL
        logical = self.hw.wire_order[led]
        canvas.put(logical // HOLES, logical % HOLES + 1, colour, level)
        control = self.echoing(now)
        if control is None:
            return
        canvas.still = min(canvas.still, _ECHO_MS - ticks_diff(now, self.echo_at))  # the echo's end
        if control == events.BACK:
            for track in range(canvas.tracks):
                canvas.put(track, HOLES, palette.VERMILLION, palette.FULL)
        else:
            side = 0 if control == events.PLAYER_1 else 1
            canvas.put(side, HOLES, board.colours[side], palette.FULL)

    def lines(self, board):
        """Where the test is (said while paused), what the encoder does, the last control and how to leave."""
        # the display changes only after an input: running, it says what the test goes through (a builder checks
        # the colours' order as LED 1 shows them: a play-test read "walking" there); where it is, while paused
        step = self.offset
        if not self.paused:
            where = ["LED 1 colours,", "then the walk"]
        elif step < _CHECK:
            where = ["LED 1 " + _COLOUR_NAMES[step // _COLOUR_STEPS]]
        else:
            where = ["LED %d of %d" % (step - _CHECK + 1, self.count)]
        return ["LED TEST"] + where + ["enc: " + ("walk" if self.paused else "stop"), "last: " + (self.echo or "-"),
                                       "hold enc: leave"]

    def describe(self):
        """The step's LED, how many there are, its colour, whether paused, and the last control."""
        step = self.step(self.hw.ticks_ms())
        check = step < _CHECK
        return {"mode": self.name, "led": 0 if check else step - _CHECK, "leds": self.count,
                "colour": _COLOUR_NAMES[step // _COLOUR_STEPS] if check else "dim white",
                "paused": self.paused, "echo": self.echo}
