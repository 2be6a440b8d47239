"""The encoder on the emulated chip while the flash is written: no detent lost, none invented.

A flash erase keeps the core parked with interrupts off for 45 ms (``pico.ERASE_NS``), a page
program for 0.7 ms, as MicroPython runs them. The board's encoder is counted by a PIO state
machine and a DMA ring (``hal.rp2_inputs``), which go on meanwhile. Here the controls are built
as ``rp2_board`` builds them, on a board whose ``main.py`` is empty (no app holding the state
machine or the DMA), a file is written for a few hundred milliseconds, and the encoder is
turned at exact emulated instants throughout; then one poll must hand over every detent.
"""

from __future__ import annotations

from board_on_chip import bare_board
from flash_layout import CRIB_PICO

DETENTS = 7
QUARTER_MS = 6  # a brisk turn: a detent every 24 ms, edges inside every erase
WRITE_MS = 400

CODE = """
import os, time
from hal import rp2_board
from hal.rp2_inputs import Inputs
from shared.events import TURN
inputs = Inputs(rp2_board.load_board()["pins"])
block = bytes(4096)
print("TURN")
start = time.ticks_ms()
with open("/scratch", "wb") as f:
    while time.ticks_diff(time.ticks_ms(), start) < %d:
        f.write(block)
        f.flush()
os.remove("/scratch")
time.sleep_ms(50)
events = inputs.poll()
print("DETENTS", sum(what for kind, what in events if kind == TURN), len(events))
""" % WRITE_MS


def test_no_detent_is_lost_or_invented_while_the_flash_is_written() -> None:
    board = bare_board(CRIB_PICO)
    try:
        turn: list[float] = []

        def start_turning() -> None:
            turn.append(board.pico.now_ns)
            turn.append(board.schedule_turn(DETENTS, QUARTER_MS))

        printed = board.exec_raw(CODE, on_mark=(b"TURN", start_turning))
        detents, events = (int(v) for v in printed.split("DETENTS")[1].split())
        erases = [t for t, kind in board.pico.flash_writes if kind == "erase" and turn[0] <= t <= turn[1]]
        assert len(erases) >= 2, "the turn did not overlap the flash writes: %r" % board.pico.flash_writes
        assert (detents, events) == (DETENTS, 1)  # one poll, the first turn: no acceleration
    finally:
        board.pico.close()
