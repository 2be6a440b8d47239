"""The heap figures: the app's heap as a board runs it (``chip_probes.HEAP_PROBE``), fresh or with a
match restored and played on, idle and at most; MicroPython's own share, the names interned, and the
code's share of the most."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from timing import row

# isort: split
# (found once timing is imported: it puts tests/ and tests/chip/ on the path)
from board_on_chip import ChipBoard, bare_board
from chip_matches import PLAY_BY_CARDS, laid_on, match_files, played_on
from chip_probes import MAIN_PY, heap_code
from chip_session import check_scores, play, printed_after
from pico import MS

from micropython_env import InternedNames

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

NAMES_ROW = "  the names interned by then (qstr pools)"  # after each heap figure: see chip_probes.HEAP_PROBE
IDLE_MS = 3000  # after the first frame: the count's code loaded ahead (1 s quiet, then a module a turn)


def deployed_heap_base(image: Image) -> int:
    """MicroPython's own heap, in bytes, as the deployed main.py starts (its compiled code included).
    Measured by one line put before main.py, which is then left to start the app."""
    first = "import gc; gc.collect(); print('BASE', gc.mem_alloc())\n"
    board = ChipBoard(image, extra_files={"main.py": (first + MAIN_PY.read_text()).encode()})
    output = board.pico.output
    board.pico.run_until(lambda: b"\n" in output.partition(b"BASE")[2], 30_000 * MS, step_ns=5 * MS)
    return int(output.partition(b"BASE")[2].split()[0])


class HeapRun(NamedTuple):
    """What ``heap_figures`` found: the heap in bytes idle and at most, the names interned by the end,
    and the modules loaded at the most."""

    idle: int
    most: int
    names: InternedNames
    loaded: list[str]


def heap_figures(image: Image, files: dict[str, bytes] | None, own: int, display: bool = True,
                 by_cards: bool = False) -> HeapRun:
    """The app's heap in bytes, MicroPython's ``own`` included, as it runs from power-on with
    ``files`` on the flash (a fresh one if None; see chip_probes.HEAP_PROBE), built with the display (its driver,
    the lines it shows, the words it says) unless told not: idle and at most. The board is left
    alone for IDLE_MS after its first frame; with a match, its whole log is then read over the
    emulated USB a page at a time (each page's reply read by the host before the next request, as
    `crib log` does), and players go on (``played_on``: a game started, a deal played and counted,
    the advice, an undo; or, ``by_cards``, the play laid card by card: ``laid_on``), the board
    checked to end where CPython's app does. With them, the names interned by the end and the
    modules loaded at the most."""
    board = ChipBoard(image, extra_files=dict(files or {}, **{"main.py": heap_code().encode()}), display=display)
    board.first_app_frame()
    board.pico.run_for(IDLE_MS * MS)
    if files is not None:
        first = 0
        while True:
            page = board.request("log", **{"from": first})["log"]
            if not page:
                break
            first += len(page)
        if by_cards:
            if not board.request(PLAY_BY_CARDS["cmd"], set=PLAY_BY_CARDS["set"]).get("ok"):
                raise RuntimeError("the board refused to lay the play card by card")
            inputs, expected = laid_on(files)
        else:
            inputs, expected = played_on(files)
        play(board, inputs)
        board.pico.run_for(1000 * MS)
        check_scores(board, expected, "play on")
    board.stop_app()
    base, probe, idle, most = (int(v) for v in printed_after(board, "HEAP ").split())
    names = InternedNames.printed(bytes(board.pico.output).decode(errors="replace"))
    return HeapRun(idle - base - probe + own, most - base - probe + own, names, printed_after(board, "LOADED ").split())


def code_heap(image: Image, modules: list[str]) -> int:
    """The heap in bytes that importing ``modules`` takes on a bare board of ``image`` (its REPL,
    no app): the code's own share of a heap figure whose most had them loaded (its functions,
    classes, tables and names; on stock its bytecode too), apart from the app's data and MicroPython's
    own. The board's own modules (rp2, ...) are loaded already there, and cost nothing again."""
    board = bare_board(image)
    try:
        code = ("import gc\ngc.collect()\nbefore = gc.mem_alloc()\nfor m in %r:\n    __import__(m)\n"
                "gc.collect()\nprint('CODE', gc.mem_alloc() - before)\n" % (modules,))
        return int(board.exec_raw(code).split("CODE")[1].split()[0])
    finally:
        board.pico.close()


def code_rows(image: Image, run: HeapRun, own: int) -> None:
    """The rows under a heap figure's most: the names interned, then what of that most the code of the
    modules loaded then takes (``code_heap``), and the rest but MicroPython's ``own``: the app's data."""
    row(NAMES_ROW, str(run.names), "")
    code = code_heap(image, run.loaded)
    row("  of it, the code of the %d modules loaded then, imported alone on a bare board" % len(run.loaded),
        "%.1f" % (code / 1024), "KB")
    row("  of it, the app's data: the rest but MicroPython's own", "%.1f" % ((run.most - code - own) / 1024), "KB")


# the row of the most a match's run holds (the 5-game match's, and the long match's: chip_long_match)
MOST_ROW = ("heap used by the running app at most: that match, its log read over USB, a game started, a deal "
            "played and counted, the discard advice, an undo")


def measure_heap(image: Image, own: int) -> None:
    """The heap figures on boards of ``image`` built with the display, the most a board holds (and once
    without): fresh, the 5-game match restored and played on, and the play laid card by card after it.
    ``own``: MicroPython's share (``deployed_heap_base``)."""
    files = match_files()  # (played on CPython once: every run below starts from it)
    row("heap: MicroPython's own as the deployed main.py starts", "%.1f" % (own / 1024), "KB")
    idle, _, names, _ = heap_figures(image, None, own)
    row("heap used by the running app, fresh board, idle", "%.1f" % (idle / 1024), "KB")
    row(NAMES_ROW, str(names), "")
    run = heap_figures(image, files, own)
    row("heap used by the running app, a 5-game match restored, idle (the count's code loaded ahead)",
        "%.1f" % (run.idle / 1024), "KB")
    row(MOST_ROW, "%.1f" % (run.most / 1024), "KB")
    code_rows(image, run, own)
    _, most, _, _ = heap_figures(image, files, own, display=False)
    row("  the same at most, a board built without the display", "%.1f" % (most / 1024), "KB")
    run = heap_figures(image, files, own, by_cards=True)
    row("heap used by the running app at most, the play laid card by card: that match, its log read over USB, "
        "a game started, a deal laid card by card and counted", "%.1f" % (run.most / 1024), "KB")
    code_rows(image, run, own)
