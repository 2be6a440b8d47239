"""The deployed firmware on the emulated chip: it boots, draws, plays through its pins, keeps the game.

Stock Pico (the code as .mpy files on littlefs) and CRIB_PICO (the code in a ROMFS image,
main.py and board.json on littlefs), each as ``crib deploy`` lays it out. The LED pin of
``hardware/board.json`` is decoded and mapped back to the app's order; after main.py's dark
frame of power-on, frames must equal what CPython's renderer draws for the same state
(blinking holes: one of the frames it draws over a blink period). On the stock image
``crib status`` is asked over the emulated USB, through a TCP bridge, as a person would ask
a board. On CRIB_PICO a hand is pegged and counted with the encoder and buttons through
their pins, and the game is found as it was after a reset.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from board_on_chip import PEG_AND_COUNT, ChipBoard
from cpython_board import CPythonBoard
from flash_layout import STOCK, Image
from pico import MS

BLINK_MS = 500  # the dealer's seat blinks with this period before the first deal


def boot(image: Image) -> Iterator[ChipBoard]:
    board = ChipBoard(image)
    board.first_app_frame()
    yield board
    board.pico.close()


# A board an image: the start screen is checked on each before the pins play a game on
# CRIB_PICO's (a fixture per image, not one parametrized fixture, so the order holds: pytest
# groups indirectly parametrized tests by the index of their parameter, not by the image).
# CRIB_PICO's, ``crib_pico``, is conftest.py's: test_chip_build's tests use it too.
@pytest.fixture(scope="module")
def stock() -> Iterator[ChipBoard]:
    yield from boot(STOCK)


@pytest.fixture(params=["stock", "crib_pico"], ids=["stock", "CRIB_PICO"])
def booted(request: pytest.FixtureRequest) -> ChipBoard:
    return request.getfixturevalue(request.param)


def test_boots_to_the_start_screen_drawn_as_cpython_draws_it(booted: ChipBoard) -> None:
    oracle = CPythonBoard().frames_over(BLINK_MS)
    assert len(oracle) == 2  # the blinking seat: on and off
    start = booted.pico.now_ns
    later: list[bytes] = []  # the frames since ``start``, as the app drew them

    def both_phases_shown() -> bool:
        frames = booted.frames_since(start)
        later.extend(booted.rgb(f) for f in frames[len(later):])
        return oracle <= set(later)

    booted.pico.run_until(both_phases_shown, BLINK_MS * MS)  # within a blink period, or TimeoutError
    frames = [booted.rgb(f) for f in booted.frames_since(booted.powered_at)]
    assert frames[0] == bytes(3 * 242)  # main.py's dark frame, first thing at power-on
    assert frames[1] in oracle
    assert all(len(f.wire) == 3 * 242 for f in booted.frames_since(booted.powered_at))
    assert set(later) == oracle  # both phases showed, and nothing else meanwhile
    assert booted.pico.watchdog_resets == 0


def test_crib_status_over_the_emulated_usb(stock: ChipBoard) -> None:  # the same protocol code on both
    port = stock.pico.serve_socket()
    command = [sys.executable, "-m", "host_tools.cli", "status", "--json", "-d", "socket://127.0.0.1:%d" % port,
               "--timeout", "60"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        stock.pico.run_until(lambda: process.poll() is not None, 20_000 * MS, step_ns=5 * MS)
    finally:
        if process.poll() is None:
            process.kill()
        out, err = process.communicate()
    assert process.returncode == 0, err
    assert '"phase": "cut"' in out and '"front": [0, 0]' in out


PRESS_MS = 30
AFTER_MS = 45  # more than the 40 ms between detents that the acceleration counts double


@pytest.mark.resets_board
def test_pins_peg_and_count_a_hand_and_a_reset_keeps_the_game(crib_pico: ChipBoard) -> None:  # the same app on both
    oracle = CPythonBoard()
    for kind, what in PEG_AND_COUNT:
        if kind == "turn":
            crib_pico.turn(what, gap_ms=AFTER_MS)
        else:
            crib_pico.press(what, PRESS_MS, AFTER_MS)
        oracle.handle((kind, what))
    expected = oracle.board.match
    assert (expected.front, expected.back) == ([0, 19], [0, 3])  # the hand counted 16
    state = crib_pico.request("state")["state"]
    assert (state["front"], state["back"], state["events"]) == (expected.front, expected.back, expected.events)
    shown = oracle.frames_over()
    assert crib_pico.last_rgb() in shown
    crib_pico.pico.hard_reset()
    crib_pico.powered_at = crib_pico.pico.now_ns
    assert crib_pico.rgb(crib_pico.first_frame()) == bytes(3 * 242)
    first = crib_pico.rgb(crib_pico.first_app_frame())
    restored = CPythonBoard(oracle.root)
    assert first in restored.frames_over()
    state = crib_pico.request("state")["state"]
    assert (state["front"], state["back"], state["events"]) == (expected.front, expected.back, expected.events)
    assert crib_pico.pico.watchdog_resets == 0

