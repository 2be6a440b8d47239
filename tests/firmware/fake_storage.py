"""Storage for the tests and benchmarks, on both interpreters: ``temp_dir``, a new folder for
saved files (``read``, ``write`` and ``listing`` of its files), and ``RamFlash``, a flash chip in RAM
with MicroPython's block-device interface, for mounting a real littlefs (``os.VfsLfs2``); it can "cut
the power" after a given number of block writes and erases. (The benchmarks have this folder on their
path: benchmarks/timing.py.)
"""

import os


def temp_dir(prefix: str = "crib-") -> str:
    """Make a new empty directory for saved files and return its path (both interpreters)."""
    try:
        import tempfile
    except ImportError:  # MicroPython: no tempfile, but $TMPDIR (unix port) or a writable /tmp
        folder = (os.getenv("TMPDIR") if hasattr(os, "getenv") else None) or "/tmp"
        for n in range(1000):  # random names where os.urandom exists, else numbered ones
            path = folder + "/" + prefix + ("".join("%02x" % b for b in os.urandom(8)) if hasattr(os, "urandom")
                                             else str(n))
            try:
                os.mkdir(path)
            except OSError:  # taken: another name
                continue
            return path
        raise OSError("no free name for a directory in " + folder) from None
    return tempfile.mkdtemp(prefix=prefix)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def listing(root):
    return sorted(os.listdir(root))


class RamFlash:
    """A flash chip in RAM with MicroPython's extended block-device interface.

    Mount it with ``os.VfsLfs2(flash)`` (MicroPython). ``cut_after(n, torn)`` lets n more
    block programs/erases happen; the next one programs only the first ``torn`` bytes of its
    buffer (a write torn by the power going off mid-way; an erase is left undone) and from
    then on the chip is unpowered: ``off`` is True and nothing more changes. No exception is
    raised: unwinding through littlefs's C code would leave it pointing into dead stack
    frames. The code keeps running (an artefact of the simulation; it cannot touch the
    bytes any more), so a test checks ``off`` after each step. A fresh
    ``RamFlash(blocks, block_size, data=old.data)`` over the same bytes is the board after
    the reboot.
    """

    def __init__(self, blocks: int = 64, block_size: int = 4096, data: "bytearray | None" = None) -> None:
        self.block_size = block_size
        self.blocks = blocks
        self._erased = b"\xff" * block_size  # made once: an erase allocates nothing
        if data is None:  # a new chip, all erased (filled a block at a time: RAM is short)
            data = bytearray(blocks * block_size)
            for i in range(blocks):
                data[i * block_size:(i + 1) * block_size] = self._erased
        if len(data) != blocks * block_size:
            raise ValueError("data must be blocks * block_size bytes")
        self.data = data
        self._view = memoryview(data)  # reads copy from it without a temporary copy
        self.writes = 0  # block programs and erases done
        self.off = False  # the power was cut
        self._budget = -1  # writes left before the cut; negative: no cut planned
        self._torn = 0

    def cut_after(self, writes: int, torn: int = 0) -> None:
        """Cut the power after ``writes`` more programs or erases (negative: never); see the class."""
        self._budget = writes
        self._torn = torn

    def _powered(self, start: int, buf: "bytearray | None") -> bool:
        """Count one program (``buf``) or erase; False from the cut on (tearing the write cut)."""
        if self.off:
            return False
        if self._budget == 0:
            self.off = True
            if buf is not None and self._torn:
                torn = min(self._torn, len(buf))
                self.data[start:start + torn] = memoryview(buf)[:torn]
            return False
        if self._budget > 0:
            self._budget -= 1
        self.writes += 1
        return True

    def readblocks(self, block: int, buf: bytearray, offset: int = 0) -> None:
        """Read ``len(buf)`` bytes from ``block`` at ``offset``."""
        start = block * self.block_size + offset
        buf[:] = self._view[start:start + len(buf)]

    def writeblocks(self, block: int, buf: bytearray, offset: "int | None" = None) -> None:
        """Program ``buf`` into ``block`` at ``offset`` (no offset: erase and write whole blocks)."""
        start = block * self.block_size + (offset or 0)
        if self._powered(start, buf):
            self.data[start:start + len(buf)] = buf

    def ioctl(self, op: int, arg: int) -> "int | None":
        """Block-device control: 4 = block count, 5 = block size, 6 = erase a block."""
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:
            start = arg * self.block_size
            if self._powered(start, None):
                self.data[start:start + self.block_size] = self._erased
            return 0
        return None
