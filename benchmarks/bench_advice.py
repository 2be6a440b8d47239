"""Discard advice: time for one full advice (every keep x every starter, crib from the table)
and the heap it takes. Runs under CPython and MicroPython (`crib bench --only advice`);
prints label<TAB>value<TAB>unit lines. Budget: 1 s on an RP2040, a few hundred ms on the
unix port at most (on the chip itself: `crib bench --chip`'s rules figures). Heap figures (MicroPython
only) come from gc.mem_alloc()."""

from timing import (
    ON_MICROPYTHON,
    allocated,
    check_compiled_firmware,
    heap_in_use,
    now_us,
    row,
    since_us,
    use_compiled_firmware,
)

use_compiled_firmware()  # the firmware as deployed: .mpy files, not sources compiled in the heap
from host_tools.card_text import parse_hand  # noqa: E402

ROUNDS = 20
DEALS = (("5H 5C JD QS 4C 9H", 2), ("2S 3S 4S 5S JS KD", 2), ("7C 8C 8D 9H AS KS", 2), ("5H 5C JD QS 4C", 3))


def main() -> None:
    """Time one advice for each of DEALS, then (on MicroPython) the heap one takes, holds, and the crib table holds."""
    before_table = heap_in_use() if ON_MICROPYTHON else 0
    from cribbage import crib_values  # noqa: F401  (before cribbage.advice imports it: its heap alone)

    table_heap = heap_in_use() - before_table if ON_MICROPYTHON else 0
    from cribbage.advice import rank_keeps

    rank_keeps(parse_hand(DEALS[0][0]), True)  # warm up
    for text, players in DEALS:
        cards = parse_hand(text)
        start = now_us()
        for _ in range(ROUNDS):
            rank_keeps(cards, True, players)
        row("one advice, %d players, %s" % (players, text), "%.2f" % (since_us(start) / ROUNDS / 1000), "ms")
    if ON_MICROPYTHON:
        cards = parse_hand(DEALS[0][0])
        row("heap allocated by one advice (6 cards, gc held off)", allocated(rank_keeps, cards, True), "bytes")
        before = heap_in_use()
        keeps = rank_keeps(cards, True)
        row("heap held by its result (%d keeps)" % len(keeps), heap_in_use() - before, "bytes")
        row("heap held by the loaded crib table", table_heap, "bytes")
    check_compiled_firmware()


main()
