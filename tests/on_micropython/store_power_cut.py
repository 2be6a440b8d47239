# Power cuts while the board saves, on the real littlefs of MicroPython (os.VfsLfs2).
#
#   micropython -X heapsize=1M tests/on_micropython/store_power_cut.py LIBDIR CUTS SEED
#
# LIBDIR holds the firmware packages: firmware/ itself, or the tree compiled to .mpy (as the test runs it).
#
# A RAM flash chip (fake_storage.RamFlash) is formatted with littlefs and
# mounted at /flash; app.store saves a match log that grows, shrinks (undo) and restarts
# (new match). Each boot plans a power cut after a random number of block writes (the
# write under way is torn at a random byte, then the chip takes no more writes); once it
# has come, the same bytes are mounted again by a fresh VfsLfs2, as after a reboot, and
# loaded. The state loaded must be the
# one being saved when the power went (if its rename got through) or the last one saved
# before it, exactly, with no damage message and no exception. The board then carries on
# from what it loaded. The last line sums up; the exit status is 1 on the first failure.
# CPython has no VfsLfs2: tests/test_store_power_cut.py runs this under `micropython`.
import gc
import random
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/../firmware", here + "/../.."]

from power_cuts import MOUNT, boot, fail, formatted_flash, plan_cut, report  # noqa: E402
from saved_games import game, is_game, listed, streamed  # noqa: E402

from app.store import Store  # noqa: E402

LONGEST_LOG = 400  # events; then a new match starts
MOST_WRITES = 150  # a save of the longest log takes about 100 block writes


def save(store, n):
    """Save the state with an ``n``-event log (its own frame: the data is garbage after).

    Odd lengths are saved streamed, one event at a time, as the board saves; even ones whole.
    """
    store.save(streamed(game(n, n)) if n % 2 else game(n, n))


def next_length(n):
    """The log length after the next accepted event: mostly longer, sometimes undo or a new match."""
    roll = random.getrandbits(4)
    if n >= LONGEST_LOG or roll == 0:
        return 2
    if roll == 1 and n > 0:
        return n - 1
    return n + 1 + roll % 3


def main(cuts, seed):
    random.seed(seed)
    flash = formatted_flash()
    accepted = None  # log length of the last save that returned
    saving = None  # log length of the save the power cut interrupted
    new = old = saves = 0
    last_writes = 0  # block writes the last complete save took
    for cut in range(cuts):
        device = boot(flash)
        store = Store(MOUNT)
        try:
            data, message = store.load(stream="log")
            listed(data)  # a streamed log is read from the flash only now
        except Exception as e:
            fail("cut %d: load raised %r" % (cut, e))
        n = None if data is None else data["tag"]
        if message is not None:
            fail("cut %d: %s" % (cut, message))
        if n != saving and n != accepted:
            fail("cut %d: loaded %r, expected %r or %r" % (cut, n, saving, accepted))
        if n is not None and not is_game(data, n, n):
            fail("cut %d: the state with %d events came back different" % (cut, n))
        if cut:
            if n == saving and saving != accepted:
                new += 1
            else:
                old += 1
        data = None
        gc.collect()
        accepted = n
        plan_cut(device, last_writes, MOST_WRITES)
        while True:
            saving = next_length(accepted or 0)
            before = device.writes
            try:
                save(store, saving)
            except Exception as e:  # littlefs may notice that the flash stopped taking writes
                if not device.off:
                    fail("cut %d: save raised %r with the power on" % (cut, e))
            if device.off:
                break  # the power went during this save: it may or may not have landed
            accepted = saving
            saves += 1
            last_writes = device.writes - before
    report(cuts, new, old, saves)


main(int(sys.argv[2]), int(sys.argv[3]))
