"""The inputs' figures on a fresh board: encoder detents and button releases to the LEDs showing them
(during a save too), and the short presses that register while frames are drawn, while a save runs
and inside its slowest erases."""

from __future__ import annotations

from timing import row

# isort: split
# (found once timing is imported: it puts tests/chip/ on the path)
from board_on_chip import ChipBoard, control_pin
from chip_latency import changed_at, since_save, spread
from cpython_board import CPythonBoard
from pico import ERASE_NS, MS

PRESS_TRIES = 8
PRESS_MS = (25, 30, 40, 50)
SLOWEST_ERASE_NS = 400 * MS  # a 4 KB sector erase at its slowest (W25Q16JV)
RING_MS = 512  # the buttons' samples a poll can look back on (hal.samples.RING)
DETENTS = 6
PEGS = 4


def measure_inputs(board: ChipBoard, figures: set[str]) -> None:
    """Encoder and button latency, then short presses, on a fresh board (player 1 deals)."""
    oracle = CPythonBoard()
    board.press("p1", 80, 200)  # player 1 deals
    oracle.handle(("press", "p1"))
    if "encoder" in figures or "button" in figures:
        board.press("p2", 80, 200)  # player 2 dials a peg
        oracle.handle(("press", "p2"))
        row("encoder detent -> LEDs show it (%d detents)" % DETENTS, spread([ms for ms, _ in detents(board, oracle)]),
            "ms")
        releases = []
        for n in range(PEGS):
            if n:
                board.press("p2", 80, 200)
                oracle.handle(("press", "p2"))
            before = oracle.frames_over()
            oracle.handle(("press", "enc"))
            after = oracle.frames_over()
            released = board.press("enc", 80, 0)
            releases.append(changed_at(board, released, before, after))
            board.pico.run_for(300 * MS)
        row("button release -> LEDs show it (%d pegs)" % PEGS, spread(releases), "ms")
        # P2 pegs once more, and P1 opens a dial with a press let go while that peg is saved
        board.press("p2", 80, 200)
        oracle.handle(("press", "p2"))
        oracle.handle(("press", "enc"))
        pegged = board.press("enc", 80, 0)
        board.pico.run_until(lambda: board.pico.flash_writes[-1][0] > pegged, 300 * MS, step_ns=1 * MS)
        before = oracle.frames_over()
        oracle.handle(("press", "p1"))
        after = oracle.frames_over()
        released = board.press("p1", 30, 0)
        shown = changed_at(board, released, before, after) * MS + released
        row("button press let go during a save -> LEDs, from the save's last flash write",
            "%.1f" % since_save(board, pegged, released, shown), "ms")
        while dial(board)[0] is not None:
            board.press("back", 80, 200)
    if "presses" in figures:
        measure_presses(board)
        measure_slow_erases(board)


def detents(board: ChipBoard, oracle: CPythonBoard) -> list[tuple[float, float]]:
    """DETENTS detents turned on ``board`` (and its ``oracle``), 100 ms apart: for each, the ms from
    its last edge to the LEDs showing it, and that edge's emulated ns."""
    turns = []
    for _ in range(DETENTS):
        before = oracle.frames_over()
        oracle.handle(("turn", 1))
        after = oracle.frames_over()
        last_edge = board.turn(1, gap_ms=0)
        turns.append((changed_at(board, last_edge, before, after), last_edge))
        board.pico.run_for(100 * MS)
    return turns


def dial(board: ChipBoard) -> tuple[int | None, int]:
    """The peg being dialled: (side, points), from the board's state over USB."""
    ui = board.request("state")["state"]["ui"]
    return ui["side"], ui["points"]


def measure_presses(board: ChipBoard) -> None:
    """Short presses of p1 at frame-clock phases spread over a frame period: each one that
    registers adds a point to the peg dialled; then the same while a save runs."""
    period = 33
    for hold in PRESS_MS:
        for n in range(PRESS_TRIES):
            board.pico.run_for((period * n // PRESS_TRIES + 7) * MS)
            board.press("p1", hold, 120)
        side, points = dial(board)
        registered = points if side == 0 else 0
        row("short presses registered, %d ms, while frames are drawn" % hold, "%d/%d" % (registered, PRESS_TRIES),
            "")
        while dial(board)[0] is not None:
            board.press("back", 80, 200)
    # While a save runs: peg 1 (the save follows the frame that shows it), and press p1 as the
    # flash is written. The first flash write after the peg's release tells when the save runs.
    board.press("p2", 80, 200)
    released = board.press("enc", 80, 400)
    writes = [t for t, _ in board.pico.flash_writes if t > released]
    if not writes:
        raise RuntimeError("no flash write after a peg: nothing saved?")
    offset_ms = (writes[0] - released) / MS
    for hold in PRESS_MS:
        registered = 0
        for _ in range(PRESS_TRIES):
            board.press("p2", 80, 200)
            board.pico.drive_low(control_pin("enc"))
            board.pico.run_for(80 * MS)
            board.pico.release(control_pin("enc"))
            board.pico.run_for(max(0.0, offset_ms - 5) * MS)
            board.press("p1", hold, 300)
            side, points = dial(board)
            registered += side == 0
            while dial(board)[0] is not None:
                board.press("back", 80, 200)
        row("short presses registered, %d ms, while a save runs" % hold, "%d/%d" % (registered, PRESS_TRIES), "")


def measure_slow_erases(board: ChipBoard) -> None:
    """Short presses (25 ms) of p1 50 ms into the first erase of a peg's save, every erase at its
    slowest (400 ms): each that registers dials a point. Those pressed early in a save that erased
    on for longer than the buttons' ring keeps (512 ms) count only because the save reads the
    controls between its steps (``hw.keep_up``)."""
    pico = board.pico
    pico.erase_ns = SLOWEST_ERASE_NS
    pressed = []
    registered = beyond_ring = 0
    p1 = control_pin("p1")

    def press_inside() -> None:
        pico.on_erase = None  # the save's first erase only
        pressed.append(pico.now_ns + 50 * MS)
        pico.at(50 * MS, lambda: pico.drive_low(p1))
        pico.at((50 + PRESS_MS[0]) * MS, lambda: pico.release(p1))

    for _ in range(PRESS_TRIES):
        board.press("p2", 80, 200)
        first = len(pico.flash_writes)
        pico.on_erase = press_inside
        board.press("enc", 80, 2500)  # the peg, then its save
        if pico.on_erase is not None:
            raise RuntimeError("a peg's save erased nothing: no press made")
        erases = [t for t, kind in pico.flash_writes[first:] if kind == "erase"]
        beyond_ring += erases[-1] + SLOWEST_ERASE_NS - pressed[-1] > RING_MS * MS
        side, _ = dial(board)
        registered += side == 0
        while dial(board)[0] is not None:
            board.press("back", 80, 200)
    pico.erase_ns = ERASE_NS
    row("short presses registered, %d ms, inside a save's first erase, erases of 400 ms" % PRESS_MS[0],
        "%d/%d" % (registered, PRESS_TRIES), "")
    row("  of them in saves that erased on past the buttons' ring (512 ms)", "%d" % beyond_ring, "")
