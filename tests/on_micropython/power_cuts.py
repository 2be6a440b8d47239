# What the scripts here that use littlefs share (each runs under `micropython`, which has os.VfsLfs2):
# a RAM flash chip formatted with littlefs, mounted afresh as after a reboot, power cuts planned on it,
# and the summary line that tests/micropython_env.py's run_power_cuts reads.
import os
import random
import sys

import micropython
from fake_storage import RamFlash

MOUNT = "/flash"


class Flash(RamFlash):
    """RamFlash, its reads a viper copy: littlefs reads the chip 32 to 128 bytes at a time,
    millions of times a run (6 million in 1000 cuts of the store's: with RamFlash's
    readblocks, most of that run's CPU). Programs, erases and the cut are RamFlash's."""

    @micropython.viper
    def readblocks(self, block: int, buf, offset: int):
        """Read ``len(buf)`` bytes from ``block`` at ``offset`` (littlefs always passes it, and
        refuses a read outside the chip's blocks before it calls this)."""
        n = int(len(buf))
        start = block * int(self.block_size) + offset
        src = ptr8(self.data)  # noqa: F821  (viper's pointer types, as below)
        dst = ptr8(buf)  # noqa: F821
        if (start | n) & 3:
            for i in range(n):
                dst[i] = src[start + i]
        else:  # littlefs's reads are word-aligned: a word at a time
            words = ptr32(uint(src) + start)  # noqa: F821
            out = ptr32(buf)  # noqa: F821
            for i in range(n >> 2):
                out[i] = words[i]


def formatted_flash():
    """A RAM flash chip of 24 blocks of 4 KB, formatted with littlefs."""
    flash = Flash(24, 4096)
    os.VfsLfs2.mkfs(flash)
    return flash


def boot(flash):
    """Mount the bytes of ``flash`` afresh, as after a reboot; return the new device."""
    try:
        os.umount(MOUNT)
    except Exception:  # the filesystem that lost power may not unmount cleanly: drop it
        pass
    device = Flash(flash.blocks, flash.block_size, data=flash.data)
    os.mount(os.VfsLfs2(device), MOUNT)
    return device


def plan_cut(device, last_writes, most_writes):
    """Cut the power of ``device`` after a random number of block writes (below ``most_writes``).

    Half the time, once a save has completed in ``last_writes`` block writes, the cut comes
    near the end of such a save, where the rename commits it. The write under way is torn
    at a random byte; then the chip takes no more writes.
    """
    if last_writes and random.getrandbits(1):
        budget = max(0, last_writes - 4 + random.getrandbits(3))
    else:
        budget = random.getrandbits(8) % most_writes
    device.cut_after(budget, torn=random.getrandbits(7))


def fail(text):
    """Print the failure and end the script with exit status 1."""
    print("FAIL", text)
    sys.exit(1)


def report(cuts, new, old, saves):
    """Print the summary line: cuts made, restores of the new state and of the previous one, saves completed."""
    print("power cuts %d: new state kept %d, previous state kept %d; saves completed %d" % (cuts, new, old, saves))
