"""A press that begins inside a flash erase and is let go right after it counts, and a press and a
turn inside one erase come in the order they came, on the emulated chip.

A flash erase keeps the core parked with interrupts off for 45 ms (``pico.ERASE_NS``), as
MicroPython runs it. A pin IRQ would stamp the press's first edge only when interrupts come
back on, and a press let go between the first two polls after the erase looked a few
milliseconds long: lost. The buttons are sampled by a PIO state machine into a DMA ring
(``hal.rp2_inputs``), which go on meanwhile. Here the controls are built as ``rp2_board``
builds them, on a board whose ``main.py`` is empty, polled every 4 ms; an unused flash sector
is erased; p1 is pressed inside the erase and let go 2 ms after the first poll that follows
it (a pin the code raises just before that poll says when). The sampler's DMA channel is made
to run out every 150 ms here (on the board: 12 days), so it is renewed twice meanwhile.
Then the code raises the pin again just before a second erase, inside which p2 is pressed and
let go and the encoder turned a detent: the poll after it must report the press, then the turn
(the sampler reads the encoder's contacts too: they tell the turn came after the press).
"""

from __future__ import annotations

from board_on_chip import POLLS, bare_board, control_pin
from flash_layout import CRIB_PICO
from pico import ERASE_NS, MS

MARKER_PIN = 22  # free on the board: the code raises it just before the first poll after the erase
SPARE_SECTOR = 0xDF000  # the ROMFS partition's last 4 KB: the code's image ends long before it

CODE = """
import time, rp2
from machine import Pin
from hal import rp2_board
from hal.rp2_inputs import Inputs
class Short(Inputs):
    transfers = 300
inputs = Short(rp2_board.load_board()["pins"])
marker = Pin(%d, Pin.OUT, value=0)
sector = rp2.Flash(start=%d, len=4096)
blank = bytearray(4096)
sector.readblocks(0, blank)
if blank != b"\\xff" * 4096:
    raise RuntimeError("the spare sector is in use")
""" % (MARKER_PIN, SPARE_SECTOR) + POLLS + """
polls(120)
print("ERASE")
polls(20)
sector.ioctl(6, 0)
marker.value(1)
polls(150)
marker.value(0)
polls(20)
marker.value(1)  # the second erase begins now
sector.ioctl(6, 0)
polls(60)
print("EVENTS", events)
"""


def test_a_press_let_go_right_after_a_flash_erase_counts_and_a_press_then_a_turn_inside_one_keep_order() -> None:
    board = bare_board(CRIB_PICO)
    pico = board.pico
    pin = control_pin("p1")
    p2 = control_pin("p2")
    try:
        released: list[float] = []
        second: list[float] = []  # p2 pressed, the detent's last edge

        def let_go_soon(high: bool, now_ns: float) -> None:
            if high and not released:
                released.append(now_ns + 2 * MS)
                pico.at(2 * MS, lambda: pico.release(pin))
            elif high:  # the second erase: p2 from 3 to 21 ms, then a detent, a quarter every 3 ms
                second.append(now_ns + 3 * MS)
                pico.at(3 * MS, lambda: pico.drive_low(p2))
                pico.at(21 * MS, lambda: pico.release(p2))
                pico.at(21 * MS, lambda: second.append(board.schedule_turn(1, 3)))

        pico.watch(MARKER_PIN, let_go_soon)
        # the erase begins 20 ms after the mark: press 30 ms after it, well inside the 45 ms
        printed = board.exec_raw(CODE, on_mark=(b"ERASE", lambda: pico.at(30 * MS, lambda: pico.drive_low(pin))))
        erases = [t for t, kind in pico.flash_writes if kind == "erase"]
        assert len(erases) == 2 and released and erases[0] < released[0] - ERASE_NS  # the press spans its end
        assert len(second) == 2 and erases[1] < second[0] and second[1] < erases[1] + ERASE_NS  # both inside it
        assert printed.split("EVENTS")[1].split() == ["[('press',", "'p1'),", "('press',", "'p2'),", "('turn',", "1)]"]
    finally:
        pico.close()
