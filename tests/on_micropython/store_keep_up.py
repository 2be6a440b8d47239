# Between two reads of the controls (``keep_up``) a save erases the flash at most once; on
# MicroPython's real littlefs (os.VfsLfs2).
#
#   micropython -X heapsize=1M tests/on_micropython/store_keep_up.py LIBDIR SAVES
#
# app.store saves a match log that grows by an event a save, streamed as the board saves it, on a
# RAM flash chip that notes each erase and each call of the store's ``keep_up``. A flash erase holds
# the CPU up to 400 ms, and the board's controls keep 512 ms unread: two erases between two reads
# can lose a press. Prints one line, the erases between two reads counted: "GAPS <n0> <n1> <n2> ...".
# CPython has no VfsLfs2: tests/test_store_keep_up.py runs this under `micropython`.
import os
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/../firmware", here + "/../.."]

from power_cuts import MOUNT, Flash  # noqa: E402
from saved_games import game, streamed  # noqa: E402

from app.store import Store  # noqa: E402

marks = bytearray()  # b"E" an erase, b"K" a read of the controls


class NotedFlash(Flash):
    """The power cuts' RAM flash chip, noting its erases."""

    def ioctl(self, op, arg):
        if op == 6:
            marks.append(69)  # "E"
        return super().ioctl(op, arg)


def main(saves):
    flash = NotedFlash(64, 4096)
    os.VfsLfs2.mkfs(flash)
    os.mount(os.VfsLfs2(flash), MOUNT)
    marks[:] = b""  # the erases noted from here on are the store's
    store = Store(MOUNT, keep_up=lambda: marks.append(75))  # "K"
    gaps = [0] * 8
    for n in range(1, saves + 1):
        store.save(streamed(game(n, n)))
        for gap in bytes(marks).split(b"K"):
            gaps[min(gap.count(b"E"), 7)] += 1
        marks[:] = b""
    print("GAPS", " ".join(str(g) for g in gaps))


main(int(sys.argv[2]))
