# The board app: time to render a frame and to handle an input event, and its heap.
#
# Runs under CPython and MicroPython (`crib bench`); prints label<TAB>value<TAB>unit lines.
#
# Heap (MicroPython only, from gc.mem_alloc() after a collection). The unix port is 64-bit:
# its objects and gc blocks are twice the size of the RP2040's 32-bit ones (bytecode itself
# is the same size), so the figures are upper bounds, roughly 1.5-2x what the chip uses.
# - "code": what importing the app holds, from .mpy files compiled by mpy-cross into a
#   temporary folder as `crib deploy` sends them (on rp2 that bytecode lives in the heap;
#   frozen into the firmware image it runs from flash instead: see firmware/manifest.py).
#   Without mpy-cross the sources are imported and the label says so.
# - "data": everything else the running app holds (match, ui, frame, store buffers),
#   sampled after every input event and after every event written or read while the log
#   is saved or loaded: its peak is what the 64 KB budget is about once the code is frozen.
# The scripted match is played with input events only (pegs by button, every show counted
# by picking its cards), seeded, a real deal each time.
import gc
import os
import sys

from timing import ON_MICROPYTHON, heap_in_use, now_us, row, since_us

HERE = sys.argv[0].rpartition("/")[0] or "."
if "firmware" not in sys.path:
    sys.path[:0] = [HERE + "/../firmware", HERE + "/.."]
from simulator.virtual_hardware import VirtualHardware, temp_dir  # noqa: E402  (the fake hardware: not the app)

GAMES = 5
BASE = heap_in_use() if ON_MICROPYTHON else 0


def compile_firmware():
    """Compile firmware/ with mpy-cross (beside this interpreter) into a temporary folder; its path or None."""
    tool = sys.executable.rpartition("/")[0] + "/mpy-cross"
    firmware = HERE + "/../firmware"
    try:
        os.stat(tool)
    except OSError:
        return None
    out = temp_dir("bench-mpy-")
    for package in ("cribbage", "app", "app/modes", "hal"):
        os.mkdir(out + "/" + package)
        for name in os.listdir(firmware + "/" + package):
            if name.endswith(".py"):
                target = "%s/%s/%s.mpy" % (out, package, name[:-3])
                if os.system("%s -o %s %s/%s/%s" % (tool, target, firmware, package, name)) != 0:
                    return None
    return out


COMPILED = compile_firmware() if ON_MICROPYTHON and hasattr(os, "system") else None
if COMPILED:
    sys.path.insert(0, COMPILED)
import cribbage.match  # noqa: E402,F401  (the largest modules first: less fragmentation on MicroPython)

gc.collect()
from app import board as board_module  # noqa: E402
from app.board import Board  # noqa: E402
from app.store import Store  # noqa: E402
from cribbage import deck  # noqa: E402

CODE = heap_in_use() - BASE if ON_MICROPYTHON else 0
peak = [0]


def note_heap():
    """Record the app's data heap now (MicroPython)."""
    if ON_MICROPYTHON:
        used = heap_in_use() - BASE - CODE
        if used > peak[0]:
            peak[0] = used


def sampled(items):
    """``items`` passed through, the heap noted at each: the log while it is saved or loaded."""
    for item in items:
        note_heap()
        yield item
    note_heap()


class SampledStore(Store):
    """The app's store, noting the heap at every log event it reads back."""

    def load(self, stream=None):
        data, message = Store.load(self, stream)
        if data is not None and "log" in data:
            data["log"] = sampled(data["log"])
        return data, message


class Player:
    """Plays a seeded match on a board through its input events, noting the heap after each."""

    def __init__(self, board, hw, seed):
        self.board = board
        self.hw = hw
        self.rand = deck.Xorshift32(seed)
        self.inputs = 0
        match = board.match
        match.iter_log = lambda: sampled(cribbage.match.Match.iter_log(match))  # the saves

    def press(self, kind, what):
        self.board.handle((kind, what))
        self.hw.advance(40)
        self.board.render()
        self.inputs += 1
        note_heap()

    def pick(self, card):
        """Pick ``card`` in the card picker: turn to its rank, step to its suit, press."""
        picker = self.board.mode.picker
        while picker.rank != card >> 2:
            self.press("turn", 1 if (card >> 2) > picker.rank else -1)
        while picker.card != card:
            self.press("press", "p2")
        self.press("press", "enc")

    def deal(self):
        """One deal: starter, pegging (1s and 2s by button), then each show counted from its cards."""
        match = self.board.match
        rand = self.rand
        seats = match.settings.seats
        hands, crib, stock = deck.deal(deck.shuffle(deck.new_pack(), rand), seats, match.dealer)
        for hand in hands:
            crib = crib + hand[4:4 + (2 if seats == 2 else 1)]
        self.press("press", "enc")
        self.pick(deck.cut(stock, rand))
        for _ in range(4 + deck.randbelow(rand, 6)):
            if match.winner is not None:
                return
            button = "p1" if deck.randbelow(rand, 2) else "p2"
            if deck.randbelow(rand, 2):
                self.press("long", button)  # a 2
            else:
                self.press("press", button)  # a 1...
                self.press("press", "enc")  # ...pegged
        if match.winner is None:
            self.press("press", "enc")  # count: the first show's card picker
        while match.winner is None and self.board.mode.name == "count":
            mode = self.board.mode
            cards = crib if mode.crib else hands[mode.seat]
            for card in cards[:4]:
                self.pick(card)
            self.press("press", "enc")  # confirm: pegged, on to the next show

    def game(self):
        """A game from its first deal to its end; the dealer chosen by button if a cut is due."""
        match = self.board.match
        if match.phase == "cut":
            self.press("press", "p1")
        while match.winner is None:
            self.deal()


def timed_renders(board, hw, n):
    start = now_us()
    for _ in range(n):
        hw.advance(33)
        board.render()
    return since_us(start) // n


def main():
    root = temp_dir("bench-")
    board_module.Store = SampledStore
    hw = VirtualHardware(root, display=True)
    board = Board(hw)
    note_heap()
    player = Player(board, hw, 2463534242)
    player.game()
    match = board.match
    game_peak = peak[0]
    game_events = match.events
    game_inputs = player.inputs

    # render: a mid-game frame (pegs, marks, dial preview)
    player.press("press", "enc")  # the next game
    player.press("press", "p1")  # p1 deals
    player.deal()
    board.handle(("press", "p1"))
    board.handle(("turn", 6))
    row("render one frame (mid-game, preview)", timed_renders(board, hw, 200), "us")
    if ON_MICROPYTHON:
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        timed_renders(board, hw, 50)
        row("heap allocated per frame", (gc.mem_alloc() - before) // 50, "bytes")
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
    row("peg 1 point (2 events, incl. the save; log of %d events)" % match.events, since_us(start) // n, "us")
    for _ in range(n):
        board.undo()
    board.save_if_changed()

    # the rest of the match, then the end of a game (skunk display: the longest drawing) and the picker
    player.game()
    for _ in range(GAMES - 2):
        player.press("press", "enc")
        player.game()
    row("render one frame (end of game: %s)" % match.result, timed_renders(board, hw, 100), "us")
    board.handle(("press", "enc"))  # next game
    board.handle(("press", "enc"))  # p1 deals
    board.handle(("press", "enc"))  # the starter picker
    row("render one frame (card picker)", timed_renders(board, hw, 100), "us")
    if not ON_MICROPYTHON:
        return
    games = len(match.games)
    match_peak = peak[0]

    # one save of the whole match, alone; then the same data with the log built whole (as saved before streaming)
    peak[0] = 0
    board._changed = True
    board.save_if_changed()
    save_peak = peak[0]
    log = match.log
    whole_log = heap_in_use() - BASE - CODE
    log = None

    # power on again: the board restores the match from the flash
    board = match = player = hw = None
    peak[0] = 0
    board = Board(VirtualHardware(root, display=True))
    load_peak = peak[0]
    if len(board.match.games) != games:
        raise RuntimeError("the match did not come back")
    events = board.match.events
    data, _ = Store(root).load()  # the log read whole, as the board loaded it before streaming
    whole_load = heap_in_use() - BASE - CODE
    data = None

    source = "from .mpy" if COMPILED else "from source (no mpy-cross found)"
    word = "64-bit unix port, ~1.5-2x the RP2040"
    row("heap: app code loaded %s (%s; frozen: 0)" % (source, word), CODE, "bytes")
    row("heap: app data peak, one game (%d events, %d inputs, %s)" % (game_events, game_inputs, word),
        game_peak, "bytes")
    row("heap: app data peak, %d-game match (%d events, saved after each, %s)" % (games, events, word),
        match_peak, "bytes")
    row("heap: app data peak, saving the %d-event match (log streamed, %s)" % (events, word), save_peak, "bytes")
    row("heap: app data with the log built whole, as saves did before (%s)" % word, whole_log, "bytes")
    row("heap: app data peak, power-on restoring the %d-event match (streamed, %s)" % (events, word),
        load_peak, "bytes")
    row("heap: app data with the log read whole, as loads did before (%s)" % word, whole_load, "bytes")
    row("heap: app code + data peak (%s)" % word, CODE + max(match_peak, save_peak, load_peak), "bytes")


main()
