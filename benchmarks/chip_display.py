"""The display's figures, on boards built with it: the ms its bus holds the app after a peg dial's press
and detents, the LEDs' latency meanwhile, and the first count and the play card by card measured again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from timing import row

# isort: split
# (found once timing is imported: it puts tests/chip/ on the path)
from board_on_chip import ChipBoard
from chip_count_and_lay import measure_first_count, measure_lay
from chip_inputs import DETENTS, detents
from chip_latency import changed_at, spread
from chip_session import boot
from cpython_board import CPythonBoard
from pico import MS

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

DISPLAYED = "with the display: "  # a figure measured again on a board built with the display starts so


def measure_with_display(image: Image) -> None:
    """The display's own figures (``measure_display``), then the first count and the play laid card by
    card again, each on a fresh board of ``image`` built with the display (rows starting ``DISPLAYED``)."""
    board, _ = boot(image, display=True)
    measure_display(board)
    board, _ = boot(image, display=True)  # the count and the play again, the display saying them
    measure_first_count(board, DISPLAYED)
    board, _ = boot(image, display=True)
    measure_lay(board, DISPLAYED)


def measure_display(board: ChipBoard) -> None:
    """On a board built with the display (tests/chip/ssd1306_device.py): the ms the bus holds the app
    as it sends the display's lines that changed (the app waits meanwhile, so an input that comes
    then waits too), after the press that opens a peg dial and after each of its detents; the
    detents' latency on the LEDs; and that of a detent turned as the lines of the press that opens
    the dial start going out (the shell sends them half a line between two polls)."""
    writes = board.display.writes

    def bus_ms(start_ns: float, end_ns: float) -> float:
        return sum(w.end_ns - w.start_ns for w in writes if start_ns <= w.start_ns < end_ns) / MS

    oracle = CPythonBoard()
    board.press("p1", 80, 200)  # player 1 deals
    oracle.handle(("press", "p1"))
    pressed = board.press("p2", 80, 200)  # player 2 dials a peg
    oracle.handle(("press", "p2"))
    row("the display: its bus time after the press that opens a peg dial",
        "%.1f" % bus_ms(pressed, board.pico.now_ns), "ms")
    turns = detents(board, oracle)
    edges = [edge for _, edge in turns] + [board.pico.now_ns]
    row("the display: its bus time after a detent of that dial",
        spread([bus_ms(start, end) for start, end in zip(edges, edges[1:], strict=False)]), "ms")
    row(DISPLAYED + "encoder detent -> LEDs show it (%d detents)" % DETENTS,
        spread([ms for ms, _ in turns]), "ms")
    # the dial closed and opened again, and a detent turned as the press's lines start going out
    late = []
    for _ in range(DETENTS):
        board.press("back", 80, 200)
        oracle.handle(("press", "back"))
        oracle.handle(("press", "p2"))
        sent = len(writes)
        board.press("p2", 80, 0)
        board.pico.run_until(lambda sent=sent: len(writes) > sent, 300 * MS, step_ns=MS // 10)
        before = oracle.frames_over()
        oracle.handle(("turn", 1))
        after = oracle.frames_over()
        late.append(changed_at(board, board.turn(1, gap_ms=0), before, after))
        board.pico.run_for(200 * MS)
    row(DISPLAYED + "a detent turned as a dial-opening press's lines go out -> LEDs (%d)" % DETENTS,
        spread(late), "ms")
