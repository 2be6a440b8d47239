"""Discard advice: time for one full advice (every keep x every starter, crib from the table)
and the heap it takes. Runs under CPython and MicroPython (`crib bench --only advice`);
prints label<TAB>value<TAB>unit lines. Budget: 1 s on an RP2040, a few hundred ms on the
unix port at most (on the chip itself: `crib bench --chip`'s rules figures)."""

import gc

from timing import TYPE_CHECKING, check_compiled_firmware, now_us, since_us, use_compiled_firmware

if TYPE_CHECKING:  # for annotations only (see timing.py)
    from collections.abc import Callable

use_compiled_firmware()  # the firmware as deployed: .mpy files, not sources compiled in the heap
from cribbage_lab.card_text import parse_hand  # noqa: E402

ROUNDS = 20
DEALS = (("5H 5C JD QS 4C 9H", 2), ("2S 3S 4S 5S JS KD", 2), ("7C 8C 8D 9H AS KS", 2), ("5H 5C JD QS 4C", 3))


def heap_used(action: "Callable[[], object]") -> tuple[int, int]:
    """(bytes allocated while ``action`` runs with garbage collection held off, bytes still held after)."""
    if hasattr(gc, "mem_alloc"):
        gc.collect()
        before = gc.mem_alloc()
        gc.disable()
        try:
            result = action()
            allocated = gc.mem_alloc() - before
        finally:
            gc.enable()
        gc.collect()
        held = gc.mem_alloc() - before
        del result
        return allocated, held
    import tracemalloc

    tracemalloc.start()
    result = action()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del result
    return peak, held


def main() -> None:
    """Time one advice for each of DEALS, then the heap one takes, holds, and the crib table holds."""
    table_heap = heap_used(lambda: __import__("cribbage.crib_values"))  # before cribbage.advice imports it
    from cribbage.advice import rank_keeps

    rank_keeps(parse_hand(DEALS[0][0]), True)  # warm up
    for text, players in DEALS:
        cards = parse_hand(text)
        start = now_us()
        for _ in range(ROUNDS):
            rank_keeps(cards, True, players)
        print("one advice, %d players, %s\t%.2f\tms" % (players, text, since_us(start) / ROUNDS / 1000))
    cards = parse_hand(DEALS[0][0])
    allocated, held = heap_used(lambda: rank_keeps(cards, True))
    print("heap allocated by one advice (6 cards, gc held off)\t%d\tbytes" % allocated)
    print("heap held by its result (15 keeps)\t%d\tbytes" % held)
    print("heap held by the loaded crib table\t%d\tbytes" % table_heap[1])
    check_compiled_firmware()


main()
