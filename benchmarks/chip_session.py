"""The emulated board the chip figures run on: powered on, soft-reset to a fresh heap, played on as a
player would, and read back (what it printed, its scores)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import timing  # noqa: F401  (imported first: it puts tests/chip/ on the path)

# isort: split
from board_on_chip import ChipBoard
from pico import MS

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

    from cribbage.match import Match

    Event = tuple[str, str | int]  # an input event, as the app takes it: ("press", "enc"), ("turn", 1)...


def boot(image: Image, files: dict[str, bytes] | None = None, display: bool = False) -> tuple[ChipBoard, float]:
    """Power on a board with ``image`` (and ``files`` on its flash; built with the display if
    ``display``): the board, and the emulated ms from power to the app's first frame."""
    board = ChipBoard(image, extra_files=files, display=display)
    frame = board.first_app_frame()  # the score shown (main.py's dark frame goes out before it)
    return board, (frame.start_ns - board.powered_at) / MS


def soft_reset(board: ChipBoard) -> None:
    """Stop the app and soft-reset MicroPython at its raw REPL, which does not run main.py: a
    fresh heap, and no state machine, DMA channel or IRQ of the app left behind (after a Ctrl-C
    alone, a stock board's heap is still full of the stopped app)."""
    board.stop_app()
    pico = board.pico
    start = len(pico.output)
    pico.write(b"\x01")
    pico.run_until(lambda: b"raw REPL; CTRL-B to exit\r\n>" in pico.output[start:], 2000 * MS, step_ns=2 * MS)
    start = len(pico.output)
    pico.write(b"\x04")
    pico.run_until(lambda: b"soft reboot" in pico.output[start:] and pico.output.endswith(b">"), 5000 * MS,
                   step_ns=2 * MS)


def printed_after(board: ChipBoard, mark: str) -> str:
    """The rest of the line the board printed after ``mark`` (a probe's figures), its ends stripped."""
    return bytes(board.pico.output).split(mark.encode())[1].split(b"\n")[0].decode().strip()


def play(board: ChipBoard, inputs: list[Event]) -> None:
    """Make the input events ``inputs`` on the chip's controls, as a player would, each shown
    before the next (a detent a tenth of a second after the last: never accelerated)."""
    for kind, what in inputs:
        if kind == "turn":
            board.turn(what, gap_ms=45)
            board.pico.run_for(100 * MS)
        else:
            board.press(what, 700 if kind == "long" else 80, 250)


def check_scores(board: ChipBoard, expected: Match, what: str) -> None:
    """RuntimeError unless the chip's board has the pegs and the events of CPython's ``expected``
    match: it did ``what`` as CPython's app did."""
    state = board.request("state")["state"]
    if (state["front"], state["back"], state["events"]) != (expected.front, expected.back, expected.events):
        raise RuntimeError("the board did not %s as CPython's app did: %r" % (what, state))
