"""A fake of the board's hardware layer, for tests and as the simulator's base.

Plain Python that runs on CPython and inside ``micropython`` (no typing, no dataclasses),
so the same app tests run on both. ``VirtualHardware`` meets the hw contract stated in
``firmware/hal/__init__.py`` (``led_count``, ``supply_ma``, ``wire_order``, ``storage_root``,
``show``, ``poll_events``, ``ticks_ms``, ``fault``, ``feed_watchdog``, ``display``,
``serial``, ``idle``: None, so the app polls every 4 ms) and adds, for the test side:
``push(event)`` / ``push_many(events)`` queue input events, ``advance(ms)`` moves the manual
clock (ticks that wrap as MicroPython's, from ``CLOCK_START``), ``frame`` / ``frames`` /
``pixel(track, hole)`` read what was shown, ``serial.send(line)`` / ``serial.replies()`` talk
to the app, ``display.lines`` is the last text shown, ``watchdog_feeds`` counts feeds,
``faulty`` is what ``fault()`` reports.

``RamFlash`` is a flash chip in RAM with MicroPython's block-device interface, for
mounting a real littlefs (``os.VfsLfs2``) in tests and benchmarks; it can "cut the power"
after a given number of block writes and erases.
"""

import asyncio
import os

from shared.holes import LEDS, index
from shared.ticks import ticks_add

# The manual clock starts 2 s before the ticks wrap (MicroPython's ticks_ms wraps; on the RP2040
# after 2**30 ms), so every test that lets more time pass sees the wrap.
CLOCK_START = ticks_add(0, -2000)


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


class VirtualDisplay:
    """A text display that remembers the last lines shown."""

    def __init__(self) -> None:
        self.lines = []  # type: list[str]
        self.updates = 0

    def show_lines(self, lines: list) -> None:
        """Show ``lines`` (a list of short strings), replacing what was there."""
        self.lines = list(lines)
        self.updates += 1


class VirtualSerial:
    """A serial line: the app reads what the test ``send``s; the test reads the app's ``replies``."""

    def __init__(self) -> None:
        self._incoming = []  # type: list[str]
        self._outgoing = []  # type: list[str]
        self._partial = ""  # what ``write`` sent of a line not ended yet

    def read_line(self) -> "str | None":
        """App side: the next received line, or None if there is none (never blocks)."""
        return self._incoming.pop(0) if self._incoming else None

    def write_line(self, line: str) -> None:
        """App side: send one line."""
        self.write(line + "\n")

    def write(self, text: str) -> None:
        """App side: send a piece of a line (a line ends at each ``"\n"``)."""
        lines = (self._partial + text).split("\n")
        self._partial = lines.pop()
        self._outgoing.extend(lines)

    def wait(self) -> object:
        """App side: an awaitable that ends when a line may have come (here: 10 ms later)."""
        return asyncio.sleep(0.01)

    def send(self, line: str) -> None:
        """Test side: queue a line for the app to read."""
        self._incoming.append(line)

    def replies(self) -> list:
        """Test side: the lines the app wrote since the last call, oldest first."""
        out = self._outgoing
        self._outgoing = []
        return out


class VirtualHardware:
    """The hardware interface with a frame buffer, an input queue and a manual clock."""

    def __init__(self, storage_root: str, led_count: int = LEDS, display: bool = False,
                 serial: bool = False, supply_ma: int = 500, wire_order: "list | None" = None) -> None:
        if led_count <= 0:
            raise ValueError("led_count must be positive, not %r" % (led_count,))
        self.led_count = led_count
        self.supply_ma = supply_ma  # the build's supply: a USB build's (shared.supply.USB_MA) unless told
        # wired in logical order unless told (the simulator: as board.json's chain)
        self.wire_order = range(led_count) if wire_order is None else wire_order
        self.storage_root = storage_root
        self.display = VirtualDisplay() if display else None
        self.serial = VirtualSerial() if serial else None
        self.idle = None  # the app polls every 4 ms
        self.frame = bytearray(3 * led_count)  # copy of the last frame shown
        self.frames = 0
        self.watchdog_feeds = 0
        self.faulty = None  # what fault() reports: a part's name while the test makes it fail
        self._now = CLOCK_START
        self._events = []  # type: list[tuple]

    # --- the interface the app uses ---

    def show(self, frame: bytearray) -> None:
        """Show a frame: 3 bytes (R, G, B) per LED in logical order."""
        if len(frame) != len(self.frame):
            raise ValueError("frame has %d bytes, expected %d" % (len(frame), len(self.frame)))
        self.frame[:] = frame
        self.frames += 1

    def poll_events(self) -> "list | tuple":
        """The input events queued since the last poll; ``()`` when there are none (no new list)."""
        events = self._events
        if not events:
            return ()
        self._events = []
        return events

    def ticks_ms(self) -> int:
        """The manual clock: a tick in milliseconds, wrapping as MicroPython's (moves only with ``advance``)."""
        return self._now

    def fault(self) -> "str | None":
        """The part the test says is failing (``faulty``), or None."""
        return self.faulty

    def feed_watchdog(self) -> None:
        """Count a watchdog feed."""
        self.watchdog_feeds += 1

    # --- the test side ---

    def push(self, event: tuple) -> None:
        """Queue one input event, e.g. ("press", "enc")."""
        self._events.append(event)

    def push_many(self, events: list) -> None:
        """Queue several input events, in order."""
        for event in events:
            self._events.append(event)

    def advance(self, ms: int) -> None:
        """Move the clock forward by ``ms`` milliseconds."""
        if ms < 0:
            raise ValueError("the clock only moves forward")
        self._now = ticks_add(self._now, ms)

    def pixel(self, track: int, hole: int) -> tuple:
        """(r, g, b) of hole 1..121 on track 0/1 in the last frame shown."""
        i = 3 * index(track, hole)
        if i >= len(self.frame):
            raise ValueError("no LED at track %r, hole %r" % (track, hole))
        return (self.frame[i], self.frame[i + 1], self.frame[i + 2])


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
