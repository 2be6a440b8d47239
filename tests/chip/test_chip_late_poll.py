"""A poll held back nearly a ring's worth of samples makes up no press, on the emulated chip.

The buttons' samples are written by a DMA channel into a 512-byte ring, a sample a millisecond
(``hal.rp2_inputs``); a poll held back longer than 480 ms reads the newest 480 only
(``hal.samples``). Polls held back 481-511 ms once went on from a few slots past the sampler's
last write: from then on each poll read, as its newest samples, the ones a ring older, and a
press half a second old came again (found by the chip soak, ``soak.py``). Here the controls are
built as ``rp2_board`` builds them, on a board whose ``main.py`` is empty, polled every 4 ms
but for four sleeps of 489-492 ms (the app asleep); back is pressed for 40 ms inside each. Each
press must come once, and nothing else.
"""

from __future__ import annotations

from board_on_chip import POLLS, bare_board, control_pin
from flash_layout import CRIB_PICO
from pico import MS

MARKER_PIN = 22  # free on the board: the code raises it as each sleep begins
GAPS_MS = (489, 490, 491, 492)  # the polls then take 493-500 samples: most not a multiple of 4

CODE = """
import time
from machine import Pin
from hal import rp2_board
from hal.rp2_inputs import Inputs
inputs = Inputs(rp2_board.load_board()["pins"])
marker = Pin(%d, Pin.OUT, value=0)
""" % MARKER_PIN + POLLS + """
for gap in %r:
    polls(250)
    marker.value(1)
    time.sleep_ms(gap)
    marker.value(0)
    polls(1000)
print("EVENTS", events)
""" % (GAPS_MS,)


def test_a_poll_held_back_nearly_a_ring_makes_up_no_press() -> None:
    board = bare_board(CRIB_PICO)
    pico = board.pico
    pin = control_pin("back")
    try:
        def press_while_asleep(level: bool, _ns: float) -> None:
            if level:  # back from 50 to 90 ms into the sleep
                pico.at(50 * MS, lambda: pico.drive_low(pin))
                pico.at(90 * MS, lambda: pico.release(pin))

        pico.watch(MARKER_PIN, press_while_asleep)
        printed = board.exec_raw(CODE)
        assert printed.split("EVENTS")[1].strip() == repr([("press", "back")] * len(GAPS_MS))
    finally:
        pico.close()
