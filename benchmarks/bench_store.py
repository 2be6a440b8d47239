# Saving and loading the game (app.store). Runs under CPython and MicroPython; prints
# label<TAB>value<TAB>unit.
#
# On MicroPython the timed files live on a real littlefs (os.VfsLfs2) over a RAM flash
# chip with the RP2040's 4 KB blocks, so littlefs's own work is in the figures (not the
# flash's programming time: about 0.4 ms per 256-byte page and 45 ms per 4 KB erase on
# the Pico's W25Q16). On CPython they live in a temporary directory. "heap per save" is
# everything a save allocates with the collector off (an upper bound on its peak),
# measured in a plain directory so that the Python RAM chip's own allocations (the real
# chip's driver is C) are not counted.
import gc
import os

from timing import ON_MICROPYTHON, allocated, heap_in_use, now_us, row, since_us

from app.store import Store
from simulator.virtual_hardware import temp_dir

ROUNDS = 5


def flash_dir(n):
    """A directory on littlefs over a new RAM flash chip (MicroPython) or a temporary one."""
    if hasattr(os, "VfsLfs2"):
        from simulator.virtual_hardware import RamFlash

        flash = RamFlash(24, 4096)
        os.VfsLfs2.mkfs(flash)
        os.mount(os.VfsLfs2(flash), "/bench%d" % n)
        return "/bench%d" % n
    return temp_dir()


def match_data(n):
    """Saved data shaped like the board's: settings, an ``n``-event log, games, request ids."""
    log = []
    for k in range(n):
        if k % 5:
            log.append(["peg", k % 2, 1 + k % 6])
        else:
            log.append(["hand", k % 2, [k % 52, (k + 13) % 52, (k + 26) % 52, (k + 39) % 52], None])
    return {
        "settings": {"players": 2, "target": 121, "skunk": "skunk", "double_skunk_games": 4,
                     "peg_out_exactly": False, "muggins": False, "stinkhole": False},
        "log": log,
        "games": [[1, 0, "win"], [0, 1, "skunk"]],
        "ids": [str(i) for i in range(16)],
        "ui": {"brightness": 96, "colours": [0, 1]},
    }


def bench(n):
    root = flash_dir(n)
    store = Store(root)
    data = match_data(n)
    store.save(data)  # the first save creates the files
    total = 0
    for _ in range(ROUNDS):
        start = now_us()
        store.save(data)
        total += since_us(start)
    row("save, %d-event log" % n, "%.2f" % (total / ROUNDS / 1000), "ms")
    row("file size, %d-event log" % n, os.stat(root + "/game.a")[6], "bytes")
    if ON_MICROPYTHON:
        plain = Store(temp_dir())
        plain.save(data)
        # A closure, not allocated(plain.save, data): passing the log as an argument leaves a
        # stale reference on MicroPython that keeps it alive after `data = None` below.
        row("heap per save, %d-event log" % n, allocated(lambda: plain.save(data)), "bytes")
    data = None
    gc.collect()
    total = 0
    for _ in range(ROUNDS):
        start = now_us()
        loaded, message = Store(root).load()
        total += since_us(start)
        if message is not None or len(loaded["log"]) != n:
            raise RuntimeError("load went wrong: %r" % (message,))
        loaded = None
    row("load, %d-event log" % n, "%.2f" % (total / ROUNDS / 1000), "ms")
    if ON_MICROPYTHON:
        before = heap_in_use()
        loaded = Store(root).load()[0]
        row("heap held by a loaded %d-event log" % n, heap_in_use() - before, "bytes")
    if hasattr(os, "VfsLfs2"):
        os.umount(root)  # free the RAM chip for the next size


for n in (200, 1000):
    bench(n)
    gc.collect()
