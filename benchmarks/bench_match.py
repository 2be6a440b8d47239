"""The match event log: time to apply an event, to replay a long log, to undo; the heap a
match holds. Runs under CPython and MicroPython; prints label<TAB>value<TAB>unit lines.

The log is a seeded five-game match (real deals counted from cards, random play points)
played by the test helpers, the same on both interpreters. Heap figures (MicroPython
only) come from gc.mem_alloc(); the unix port's objects are about twice the chip's size."""

import gc

from timing import ON_MICROPYTHON, check_compiled_firmware, heap_in_use, now_us, row, since_us, use_compiled_firmware

TYPE_CHECKING = False  # mypy takes it for True (see timing.py)
if TYPE_CHECKING:  # for annotations only
    from collections.abc import Callable

use_compiled_firmware()  # the firmware as deployed: .mpy files, not sources compiled in the heap
from match_helpers import seeded_match  # noqa: E402  (the helpers live beside the tests)

from cribbage.match import Match  # noqa: E402

GAMES = 5
REPEAT = 5


def best_of(action: "Callable[[], object]", after: "Callable[[], object] | None" = None) -> float:
    """The fastest of REPEAT runs of ``action()``, in microseconds; ``after()``, untimed, follows each run
    (to put back what it changed)."""
    best = float("inf")
    for _ in range(REPEAT):
        gc.collect()
        start = now_us()
        action()
        t = since_us(start)
        if after is not None:
            after()
        best = t if t < best else best
    return best


def time_apply(m: Match, event: list[object]) -> float:
    """Microseconds to apply ``event`` (best of REPEAT; undone after each try)."""
    return best_of(lambda: m.apply(event), m.undo)


def time_undo(m: Match, at: int) -> float:
    """Microseconds to undo event number ``at`` (1-based) of the log (best of REPEAT)."""
    while len(m.log) > at:
        m.undo()
    event = m.log[-1]
    return best_of(m.undo, lambda: m.apply(event))


def last_index(log: list[list[object]], test: "Callable[[int], bool]") -> int:
    """The last index ``i`` of ``log`` for which ``test(i)`` holds."""
    return [i for i in range(len(log)) if test(i)][-1]


def main() -> None:
    """Print the match's heap, the replay time, one event applied of each kind, and undo's times."""
    base = heap_in_use() if ON_MICROPYTHON else 0
    m = seeded_match(GAMES)  # the same on both interpreters
    settings, n = m.settings, m.events
    row("events in a %d-game match" % GAMES, n, "events")
    if ON_MICROPYTHON:
        held = heap_in_use() - base
        row("heap held by the %d-event match" % n, held, "bytes")
        row("heap held per event", "%.0f" % (held / n), "bytes")
    log = m.log
    del m
    if ON_MICROPYTHON:
        row("heap held by its log as JSON-able lists (m.log)", heap_in_use() - base, "bytes")

    replay = best_of(lambda: Match(settings, log))
    row("replay the whole log", "%.1f" % (replay / 1000), "ms")
    row("replay, per event", "%.1f" % (replay / n), "us")

    peg = last_index(log, lambda i: log[i][0] == "peg")
    row("apply a peg event", "%.0f" % time_apply(Match(settings, log[:peg]), log[peg]), "us")
    hand = last_index(log, lambda i: log[i][0] == "hand")
    row("apply a hand counted from cards", "%.0f" % time_apply(Match(settings, log[:hand]), log[hand]), "us")

    m = Match(settings, log)
    mid = last_index(log, lambda i: log[i - 1][0] == "peg" and log[i][0] == "peg")
    crib = last_index(log, lambda i: log[i][0] == "crib")
    new_game = last_index(log, lambda i: log[i][0] == "new_game")
    row("undo mid-deal (replays the deal)", "%.0f" % time_undo(m, mid + 1), "us")
    row("undo a crib (replays the deal before)", "%.0f" % time_undo(m, crib + 1), "us")
    row("undo a new game (replays the game before)", "%.0f" % time_undo(m, new_game + 1), "us")
    check_compiled_firmware()


main()
