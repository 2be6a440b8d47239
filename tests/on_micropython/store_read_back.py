# What a save holds as it reads back the copy it wrote, on MicroPython's real littlefs (os.VfsLfs2),
# mounted as the rp2 port mounts its flash (progsize 256: each open file holds a 1 KB buffer).
#
#   micropython tests/on_micropython/store_read_back.py LIBDIR
#
# app.store saves a game, then reads the copy back (``Store.sound_copy``) before renaming it into
# place: a file closed but still held keeps its buffer, so the written file let go late would sit
# beside the one the read-back opens. Prints "READBACK <bytes>": the most the heap held at the
# read-back's start beyond what it held as the save began (after a collection each time).
# CPython has no VfsLfs2: tests/test_store_read_back.py runs this under `micropython`.
import gc
import os
import sys

here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [sys.argv[1], here + "/../firmware", here + "/../.."]

from power_cuts import MOUNT, Flash  # noqa: E402
from saved_games import game, streamed  # noqa: E402

from app.store import Store  # noqa: E402

most = [0]
began = [0]
sound_copy = Store.sound_copy


def noted_sound_copy(self, path):
    """The store's read-back, the heap noted as it starts."""
    gc.collect()
    most[0] = max(most[0], gc.mem_alloc() - began[0])
    return sound_copy(self, path)


def main():
    """Save a growing game 39 times on a fresh littlefs, noting each save's read-back."""
    flash = Flash(24, 4096)
    os.VfsLfs2.mkfs(flash)
    os.mount(os.VfsLfs2(flash, progsize=256), MOUNT)
    Store.sound_copy = noted_sound_copy
    store = Store(MOUNT)
    for n in range(1, 40):
        data = streamed(game(n, n))
        gc.collect()
        began[0] = gc.mem_alloc()
        store.save(data)
    print("READBACK", most[0])


main()
