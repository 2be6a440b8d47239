"""A press inside a slow flash erase of a long save counts, on the emulated chip.

The board's button samples are kept in a 512 ms ring (``hal.rp2_inputs``), and a save erases
the flash a few times (a 4 KB sector, 45 ms typically, up to 400 ms on the Pico's flash chip;
interrupts off). Polled only after the save, a press early in a save of two slow erases would
be gone from the ring. So the store reads the controls between its steps (``hw.keep_up``):
here, on a board whose ``main.py`` is empty, the controls are built as ``rp2_board`` builds them
and ``app.store`` saves a 5 KB log with their ``keep_up`` while every erase takes 400 ms; p1 is
pressed for 40 ms inside the first erase. The poll after the save must report it.
"""

from __future__ import annotations

from board_on_chip import POLLS, bare_board, control_pin
from flash_layout import CRIB_PICO
from pico import MS

SLOWEST_ERASE_NS = 400 * MS
RING_NS = 512 * MS  # the button samples' ring: what a poll can look back on

CODE = """
import time
from hal import rp2_board
from hal.rp2_inputs import Inputs
from app.store import Store
inputs = Inputs(rp2_board.load_board()["pins"])
store = Store("/", name="long", keep_up=inputs.keep_up)
""" + POLLS + """
polls(60)
print("SAVE")
store.save({"log": (k % 1000 for k in range(1200))})
polls(60)
print("EVENTS", events)
"""


def test_a_press_inside_the_first_slow_erase_of_a_long_save_counts() -> None:
    board = bare_board(CRIB_PICO)
    pico = board.pico
    pin = control_pin("p1")
    try:
        pressed: list[float] = []

        def press_inside() -> None:  # the save's first erase: p1 from 50 to 90 ms into it
            pico.on_erase = None
            pressed.append(pico.now_ns + 50 * MS)
            pico.at(50 * MS, lambda: pico.drive_low(pin))
            pico.at(90 * MS, lambda: pico.release(pin))

        pico.erase_ns = SLOWEST_ERASE_NS

        def arm() -> None:
            pico.on_erase = press_inside

        printed = board.exec_raw(CODE, on_mark=(b"SAVE", arm))
        erases = [t for t, kind in pico.flash_writes if kind == "erase" and t >= pressed[0] - 50 * MS]
        # the save went on erasing long past what the ring keeps of the press
        assert len(erases) >= 3 and erases[-1] + SLOWEST_ERASE_NS - pressed[0] > RING_NS + 300 * MS
        assert "('press', 'p1')" in printed.split("EVENTS")[1]
    finally:
        pico.close()
