# The board app: time to render a frame and to handle an input event, and its heap.
#
# Runs under CPython and MicroPython (`crib bench`); prints label<TAB>value<TAB>unit lines.
# On MicroPython the heap figures come from gc.mem_alloc(): "app code" is what importing the
# app costs, "running app" the peak (after collection) while a scripted game is played,
# counted from before the first import, which is what the 64 KB budget is about.
import gc
import sys
import time

HEAP = hasattr(gc, "mem_alloc")
gc.collect()
BASE = gc.mem_alloc() if HEAP else 0

if "firmware" not in sys.path:
    sys.path[:0] = ["firmware", "."]
import cribbage.match  # noqa: E402,F401  (the largest sources first: less fragmentation on MicroPython)

gc.collect()
from app.board import Board  # noqa: E402
from simulator.virtual_hardware import VirtualHardware, temp_dir  # noqa: E402

gc.collect()
CODE = gc.mem_alloc() - BASE if HEAP else 0
peak = [0]


def ticks_us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def elapsed_us(start):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), start)
    return ticks_us() - start


def note_heap():
    if HEAP:
        gc.collect()
        used = gc.mem_alloc() - BASE
        if used > peak[0]:
            peak[0] = used


def report(label, value, unit):
    print("%s\t%s\t%s" % (label, value, unit))


def play(board, hw, events):
    for e in events:
        board.handle(e)
        hw.advance(40)
        board.render()
        note_heap()


def main():
    hw = VirtualHardware(temp_dir("bench-"), display=True)
    board = Board(hw)
    note_heap()
    # a deal: p1 deals, some pegging, the starter and three shows counted from cards
    play(board, hw, [("press", "p1"), ("long", "p1"), ("press", "p2"), ("turn", 4), ("press", "enc"),
                     ("press", "enc"), ("turn", 4), ("press", "enc")])
    for _ in range(12):  # pick and count cards (the picker skips used ones)
        play(board, hw, [("turn", 1), ("press", "p2"), ("press", "enc")])
    play(board, hw, [("press", "enc")] * 3)
    for _ in range(20):
        play(board, hw, [("long", "p1"), ("long", "p2")])

    # render: a mid-game frame (pegs, marks, dial preview)
    board.handle(("press", "p1"))
    board.handle(("turn", 6))
    n = 200
    start = ticks_us()
    for _ in range(n):
        hw.advance(33)
        board.render()
    report("render one frame (mid-game, preview)", elapsed_us(start) // n, "us")
    if HEAP:
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        for _ in range(50):
            hw.advance(33)
            board.render()
        report("heap allocated per frame", (gc.mem_alloc() - before) // 50, "bytes")
        gc.enable()

    # input: encoder turns while dialling (ui only), then pegs that are saved
    n = 300
    start = ticks_us()
    for i in range(n):
        board.handle(("turn", 1 if i % 2 else -1))
    report("handle an encoder turn (ui only)", "%.1f" % (elapsed_us(start) / n), "us")
    board.handle(("press", "back"))
    n = 30
    start = ticks_us()
    for _ in range(n):
        board.handle(("press", "p2"))
        board.handle(("press", "enc"))  # pegs 1 and saves the game
    report("peg 1 point (2 events, incl. the save)", elapsed_us(start) // n, "us")
    note_heap()

    # the end of a game (skunk display: the longest drawing) and the card picker
    while board.match.winner is None:
        board.handle(("press", "p1"))
        board.handle(("turn", 30))
        board.handle(("press", "enc"))
    note_heap()
    n = 100
    start = ticks_us()
    for _ in range(n):
        hw.advance(33)
        board.render()
    report("render one frame (end of game: %s)" % board.match.result, elapsed_us(start) // n, "us")
    board.handle(("press", "enc"))  # next game
    board.handle(("press", "enc"))  # the starter picker
    start = ticks_us()
    for _ in range(n):
        hw.advance(33)
        board.render()
    report("render one frame (card picker)", elapsed_us(start) // n, "us")
    note_heap()
    if HEAP:
        report("heap: app code loaded", CODE, "bytes")
        report("heap: running app, peak", peak[0], "bytes")
        report("heap: running app data, peak", peak[0] - CODE, "bytes")


main()
