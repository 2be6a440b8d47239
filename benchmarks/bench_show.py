"""Show scoring speed and memory. Runs under CPython and MicroPython; prints label<TAB>value<TAB>unit.

The hands are a fixed seeded set (``show_hands.py``: both interpreters score the same hands).
Heap figures on MicroPython come from gc.mem_alloc() with the collector off.
"""

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
HANDS = 250
COMBINATIONS = 12994800

before_import = heap_in_use() if ON_MICROPYTHON else 0
from cribbage import play, saying, show  # noqa: E402,F401  (imported after the heap reading; saying: by say_lines)

if ON_MICROPYTHON:
    after_core = heap_in_use()
    row("heap held by the loaded core (cards, show, saying, play)", after_core - before_import, "bytes")
from app.said import say_lines  # noqa: E402  (the count said on the display: the app's, not the core's)
from cribbage_lab import census  # noqa: E402  (not needed on the board: for tests and this bench)

if ON_MICROPYTHON:
    row("heap held by cribbage_lab.census once loaded", heap_in_use() - after_core, "bytes")

from show_hands import sample_hands  # noqa: E402  (after the heap readings: it loads the rules' deck)

hands = sample_hands(HANDS)
score = show.score

rounds = 200 if ON_MICROPYTHON else 400
start = now_us()
for _ in range(rounds):
    for hand, starter in hands:
        score(hand, starter)
elapsed = since_us(start)
calls = rounds * HANDS
row("score(): hands per second", int(calls * 1e6 / elapsed), "hands/s")
row("score(): time per hand", "%.2f" % (elapsed / calls), "us")

count_calls = HANDS * 4
start = now_us()
for i in range(count_calls):
    hand, starter = hands[i % HANDS]
    show.count(hand, starter)
elapsed = since_us(start)
row("count() with breakdown: per second", int(count_calls * 1e6 / elapsed), "counts/s")
row("count() with breakdown: time per hand", "%.1f" % (elapsed / count_calls), "us")

start = now_us()
totals = census.census()
elapsed = since_us(start)
if sum(totals) != COMBINATIONS:
    raise SystemExit("census counted %d combinations, not %d" % (sum(totals), COMBINATIONS))
row("enumerate all 12,994,800 hands (grouped, cribbage_lab.census)", "%.3f" % (elapsed / 1e6), "s")
row("  equivalent hands per second", int(COMBINATIONS * 1e6 / elapsed), "hands/s")

if ON_MICROPYTHON:

    def score_all() -> None:
        """Score every one of the sample hands once."""
        for hand, starter in hands:
            score(hand, starter)

    row("heap allocated by %d score() calls" % HANDS, allocated(score_all), "bytes")
    worst = 0
    for hand, starter in hands[:50]:
        worst = max(worst, allocated(lambda h, s: say_lines(show.count(h, s)), hand, starter))
    row("peak heap of count() + say_lines() (worst of 50 hands)", worst, "bytes")
    table = play.Play()
    row("heap allocated by one Play.lay()", allocated(table.lay, hands[0][0][0]), "bytes")
else:
    import tracemalloc

    tracemalloc.start()
    for hand, starter in hands[:50]:
        say_lines(show.count(hand, starter))
    row("CPython tracemalloc peak of count() + say_lines() (50 hands)", tracemalloc.get_traced_memory()[1], "bytes")
    tracemalloc.stop()
check_compiled_firmware()
