"""The board app: time to render a frame and to handle an input event, and its heap.

Runs under CPython and MicroPython (`crib bench`); prints label<TAB>value<TAB>unit lines.

Heap (MicroPython only, from gc.mem_alloc() after a collection), on the 64-bit unix port:
its objects and gc blocks are up to twice the RP2040's, so these are upper bounds; the
chip's own figures, and the 64 KB budget, come from bench_heap32.py (a 32-bit MicroPython).
- "code": what importing the app holds, from .mpy files compiled once by `crib bench` as
  `crib deploy` sends them to a stock firmware (the native twins for this port's own
  architecture). Run without `crib bench`, the sources are imported and the label says
  so. At power-on, and with the modules loaded only when first used (menu, settings,
  advice, protocol).
- "data": everything else the running app holds (match, ui, frame, store buffers, and
  the fake hardware's buffers), sampled after every input event and after every event
  written or read while the log is saved or loaded.
The scripted match is played with input events only (pegs by button, every show counted
by picking its cards), seeded, a real deal each time: tests/firmware/match_player.py."""

import gc

from timing import (
    ON_MICROPYTHON,
    TYPE_CHECKING,
    check_compiled_firmware,
    heap_in_use,
    now_us,
    row,
    since_us,
    use_compiled_firmware,
)

if TYPE_CHECKING:  # for annotations only (see timing.py)
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any, TypedDict

    # play_match's and power_on's figures: the peaks' heap (bytes) and what they were peaks of
    Figures = TypedDict("Figures", {"game": tuple[int, int, int], "match": tuple[int, int], "save": int,
                                    "whole log": int, "load": tuple[int, int], "whole load": int}, total=False)

COMPILED = use_compiled_firmware()  # before the fake hardware, which imports firmware modules
from fake_storage import temp_dir  # noqa: E402  (a test helper: a folder for the saves)

from simulator.virtual_hardware import VirtualHardware  # noqa: E402  (the fake hardware: not the app)

GAMES = 5
BASE = heap_in_use() if ON_MICROPYTHON else 0

import cribbage.match  # noqa: E402  (the largest modules first: less fragmentation on MicroPython)

gc.collect()
from app import board as board_module  # noqa: E402
from app import run  # noqa: E402,F401  (main.py starts it)
from app.board import Board  # noqa: E402
from app.store import Store  # noqa: E402

CODE = heap_in_use() - BASE if ON_MICROPYTHON else 0
# the modules loaded only when first used: the menu and what it opens, the serial protocol
from app import protocol  # noqa: E402, F401
from app.modes import advise, menu, settings  # noqa: E402,F401
from cribbage import crib_values  # noqa: E402,F401

ALL_CODE = heap_in_use() - BASE if ON_MICROPYTHON else 0
from match_player import Player  # noqa: E402  (a test helper: not the app's code)

peak = [0]
data_start = [0]  # the heap in use before the first board is built: what is above it is the app's data
sampling = [True]  # off while timing


def note_heap() -> None:
    """Record the app's data heap now (MicroPython)."""
    if ON_MICROPYTHON and sampling[0]:
        used = heap_in_use() - data_start[0]
        if used > peak[0]:
            peak[0] = used


def sampled(items: "Iterable[object]") -> "Iterator[object]":
    """``items`` passed through, the heap noted at each: the log while it is saved or loaded."""
    for item in items:
        note_heap()
        yield item
    note_heap()


class SampledStore(Store):
    """The app's store, noting the heap at every log event it reads back."""

    def load(self, stream: str | None = None, use: "Callable[[Any], Any] | None" = None) -> "tuple[Any, str | None]":
        """``Store.load``, the heap noted at every log event read."""
        def sampling(data: "Any") -> "Any":
            if isinstance(data, dict) and "codes" in data:
                data["codes"] = sampled(data["codes"])
            return data if use is None else use(data)

        return Store.load(self, stream, sampling)


def match_player(board: Board, hw: VirtualHardware) -> Player:
    """The seeded player (tests/firmware/match_player.py); every save of the board's log is sampled too."""
    match = board.match
    match.iter_saved = lambda *stop: sampled(cribbage.match.Match.iter_saved(match, *stop))
    return Player(board, hw, 2463534242, note_heap)


def timed_renders(board: Board, hw: VirtualHardware, n: int) -> int:
    """The mean microseconds of ``n`` renders of ``board``, a frame period (33 ms) apart."""
    start = now_us()
    for _ in range(n):
        hw.advance(33)
        board.render()
    return int(since_us(start) // n)


def play_match(root: str, figures: "Figures") -> None:
    """Play the match on a new board, timing the ui on the way; the heap figures go into ``figures``."""
    hw = VirtualHardware(root, display=True)
    board = Board(hw)
    note_heap()
    player = match_player(board, hw)
    player.game()
    match = board.match
    figures["game"] = (peak[0], match.events, player.inputs)

    # render: a mid-game frame (pegs, marks, dial preview)
    sampling[0] = False
    player.press("press", "enc")  # the next game: its loser deals
    player.deal()
    board.handle(("press", "p1"))
    board.handle(("turn", 6))
    row("render one frame (mid-game, preview)", timed_renders(board, hw, 200), "us")
    if ON_MICROPYTHON:
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()  # type: ignore[attr-defined]  # MicroPython's gc: not in CPython's stubs
        timed_renders(board, hw, 50)
        row("heap allocated per frame", (gc.mem_alloc() - before) // 50, "bytes")  # type: ignore[attr-defined]
        gc.enable()

    # input: encoder turns while dialling (ui only), then pegs that are saved
    n = 300
    start = now_us()
    for i in range(n):
        board.handle(("turn", 1 if i % 2 else -1))
    row("handle an encoder turn (ui only)", "%.1f" % (since_us(start) / n), "us")
    board.handle(("press", "back"))
    n = 10
    start = now_us()
    for _ in range(n):
        board.handle(("press", "p2"))
        board.handle(("press", "enc"))  # pegs 1 and saves the game
    row("peg 1 point (2 events, incl. the save; log of %d events)" % match.events, int(since_us(start) // n), "us")
    for _ in range(n):
        board.undo()
    board.save_if_changed()
    sampling[0] = True

    # the rest of the match, then the frame at the end of a game and the card picker's
    player.game()
    player.press("press", "enc")
    player.match(GAMES - 2)
    sampling[0] = False
    row("render one frame (end of game: %s)" % match.result, timed_renders(board, hw, 100), "us")
    board.handle(("press", "enc"))  # next game
    board.handle(("press", "enc"))  # the starter picker
    row("render one frame (card picker)", timed_renders(board, hw, 100), "us")
    board.handle(("press", "back"))
    figures["match"] = (peak[0], len(match.games))
    sampling[0] = True

    # one save of the whole match, alone; then the same data with the log built whole (as saved before streaming)
    peak[0] = 0
    board._changed = True
    board.save_if_changed()
    figures["save"] = peak[0]
    if ON_MICROPYTHON:
        log = match.log  # noqa: F841  (held while measured)
        figures["whole log"] = heap_in_use() - data_start[0]


def power_on(root: str, figures: "Figures") -> None:
    """A new board restores the match from the flash (the heap sampled at every event read)."""
    peak[0] = 0
    board = Board(VirtualHardware(root, display=True))
    figures["load"] = (peak[0], board.match.events)
    if len(board.match.games) != figures["match"][1]:
        raise RuntimeError("the match did not come back")
    data = Store(root).load()  # noqa: F841  (the log read whole, as the board loaded it before streaming)
    figures["whole load"] = heap_in_use() - data_start[0]


def main() -> None:
    """Play the match and restore it at power-on, then print the time and heap figures."""
    root = temp_dir("bench-")
    board_module.Store = SampledStore  # type: ignore[misc]  # the board's Store class replaced on purpose
    figures: Figures = {}
    data_start[0] = heap_in_use() if ON_MICROPYTHON else 0
    play_match(root, figures)
    if not ON_MICROPYTHON:
        return
    power_on(root, figures)
    check_compiled_firmware()  # every module the app imported, when first used too
    word = "unix port, 64-bit: ~1.5-2x the RP2040"
    source = "from .mpy" if COMPILED else "from source (not run by crib bench)"
    row("heap: app code at power-on, loaded %s (%s)" % (source, word), CODE, "bytes")
    row("heap: app code with all modes, advice and protocol loaded %s (%s)" % (source, word),
        ALL_CODE, "bytes")
    row("heap: app data peak, one game (%d events, %d inputs, %s)" % (figures["game"][1], figures["game"][2], word),
        figures["game"][0], "bytes")
    peak_match, games = figures["match"]
    load_peak, events = figures["load"]
    row("heap: app data peak, %d-game match (%d events, saved after each, %s)" % (games, events, word),
        peak_match, "bytes")
    row("heap: app data peak, saving the %d-event match (log streamed, %s)" % (events, word), figures["save"], "bytes")
    row("heap: app data with the log built whole, as saves did before (%s)" % word, figures["whole log"], "bytes")
    row("heap: app data peak, power-on restoring the %d-event match (streamed, %s)" % (events, word),
        load_peak, "bytes")
    row("heap: app data with the log read whole, as loads did before (%s)" % word, figures["whole load"], "bytes")
    row("heap: app code (all loaded) + data peak (%s)" % word, ALL_CODE + max(peak_match, figures["save"], load_peak),
        "bytes")


main()
