"""A board built with the display: the SSD1306 on the I2C bus of board.json (``ssd1306_device``,
which takes the bytes at the bus's pace) shows the app's lines as the firmware's driver draws them,
and an input sends only the lines it changed, each on its own page.

The lines are the CPython oracle's (the same app, the same inputs); what the driver draws for them
is found by running it on the unix port of MicroPython (CPython has no ``framebuf``), its writes
taken by the same model of the display's RAM as the chip's."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from board_on_chip import ChipBoard
from cpython_board import CPythonBoard
from flash_layout import CRIB_PICO
from pico import MS
from ssd1306_device import PAGES, DisplayRam

from micropython_env import SSD1306_ON_A_BUS, run_micropython

DRAW = SSD1306_ON_A_BUS + """
bus = Bus()
display = SSD1306(bus, 0x3C, 64)
display.show_lines(json.loads(%r))
while display.send_next():
    pass
print(json.dumps(bus.writes))
"""


@pytest.fixture(scope="module")
def board() -> Iterator[ChipBoard]:
    board = ChipBoard(CRIB_PICO, display=True)
    board.first_app_frame()
    board.pico.run_for(100 * MS)  # the display's lines follow the frame
    yield board
    board.pico.close()


def drawn(oracle: CPythonBoard) -> list[bytes]:
    """The display's pages as the firmware's driver draws the lines of the ``oracle``'s app."""
    app = oracle.board
    lines = app.messages.lines(app.mode.lines(app), app)  # what app.render.show_text gives the display
    result = run_micropython(["-c", DRAW % json.dumps(lines)])
    assert result.returncode == 0, result.stderr
    ram = DisplayRam()
    for _, data in json.loads(result.stdout):
        ram.take(bytes(data))
    return [ram.page(n) for n in range(PAGES)]


def shown(board: ChipBoard) -> list[bytes]:
    assert board.display is not None
    return [board.display.ram.page(n) for n in range(PAGES)]


def test_the_start_screen_shows_the_app_s_lines(board: ChipBoard) -> None:
    assert board.display is not None and board.display.ram.on
    pages = shown(board)
    assert sum(1 for page in pages if any(page)) >= 2  # text, not a blank screen
    assert pages == drawn(CPythonBoard())


def test_an_input_sends_only_the_lines_it_changed(board: ChipBoard) -> None:
    assert board.display is not None
    oracle = CPythonBoard()
    for control in ("p1", "p2"):  # player 1 deals, player 2 opens a peg dial
        board.press(control, 80, 200)
        oracle.handle(("press", control))
    assert shown(board) == drawn(oracle)
    sent = len(board.display.writes)
    board.turn(1)
    board.pico.run_for(200 * MS)
    oracle.handle(("turn", 1))
    assert shown(board) == drawn(oracle)
    # the dial's points changed on one line, sent half by half: each its window, then its 64 bytes
    left, left_data, right, right_data = (write.data for write in board.display.writes[sent:])
    for window, columns in ((left, (0, 63)), (right, (64, 127))):
        assert window[0] == 0x00 and window[1:5] == bytes((0x21, *columns, 0x22)) and window[5] == window[6]
    assert left[5] == right[5]  # the same page
    assert left_data[0] == right_data[0] == 0x40 and len(left_data) == len(right_data) == 65
