"""The collections figure: the shell's steps that held a garbage collection while the 5-game match is
played on (``chip_probes.COLLECT_PROBE``), and the emulated ms each took."""

from __future__ import annotations

from typing import TYPE_CHECKING

from timing import row

# isort: split
# (found once timing is imported: it puts tests/chip/ on the path)
from board_on_chip import ChipBoard
from chip_heap import IDLE_MS
from chip_matches import match_files, played_on
from chip_probes import COLLECT_PROBE, probed_main
from chip_session import check_scores, play, printed_after
from pico import MS

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

PAUSE_EVERY = 12  # inputs, in the collections figure: then the players pause (a deal, a thought)
PAUSE_MS = 1500


def collections(image: Image) -> tuple[list[tuple[str, float]], int]:
    """The shell's steps that held a garbage collection (MicroPython's, when an allocation finds no
    room) while the 5-game match is played on as the heap figure plays it (``played_on``; a board
    built with the display), the players pausing ``PAUSE_MS`` after every ``PAUSE_EVERY`` inputs:
    [(step, ms)], and the number of inputs."""
    files = match_files()
    board = ChipBoard(image, extra_files=dict(files, **{"main.py": probed_main(COLLECT_PROBE).encode()}), display=True)
    board.first_app_frame()
    board.pico.run_for(IDLE_MS * MS)
    inputs, expected = played_on(files)
    for first in range(0, len(inputs), PAUSE_EVERY):
        play(board, inputs[first:first + PAUSE_EVERY])
        board.pico.run_for(PAUSE_MS * MS)
    check_scores(board, expected, "play on")
    board.stop_app()
    noted = printed_after(board, "COLLECTED ")
    steps = [(name, int(us) / 1000) for name, us in (item.split() for item in noted.split(",") if item)]
    return steps, len(inputs)


def measure_collections(image: Image) -> None:
    """The collections figure's row (``collections``) on a board of ``image``."""
    steps, played = collections(image)
    row("garbage collections inside the shell's steps, that match played on (%d inputs, a pause of %.1f s "
        "after every %d): each step that held one" % (played, PAUSE_MS / 1000, PAUSE_EVERY),
        ", ".join("%s %.1f" % step for step in steps) or "none", "ms")
