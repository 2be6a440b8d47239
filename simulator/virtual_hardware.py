"""A fake of the board's hardware layer, for tests and as the simulator's base.

Plain Python that runs on CPython and inside ``micropython`` (no typing, no dataclasses),
so the same app tests run on both. ``VirtualHardware`` meets the hw contract stated in
``firmware/hal/__init__.py`` (``led_count``, ``supply_ma``, ``wire_order``, ``storage_root``,
``show``, ``poll_events``, ``keep_up``, ``ticks_ms``, ``fault``, ``feed_watchdog``, ``display``,
``serial``, ``idle``: None, so the app polls every 4 ms) and adds, for the test side:
``push(event)`` / ``push_many(events)`` queue input events, ``advance(ms)`` moves the manual
clock (ticks that wrap as MicroPython's, from ``CLOCK_START``), ``frame`` / ``frames`` /
``pixel(track, hole)`` read what was shown, ``serial.send(line)`` / ``serial.replies()`` talk
to the app, ``display.lines`` is the last text shown, ``watchdog_feeds`` counts feeds,
``keep_ups`` the saves' reads ahead, ``faulty`` is what ``fault()`` reports.
"""

import asyncio

from shared.holes import LEDS, index
from shared.supply import USB_MA
from shared.ticks import ticks_add

# The manual clock starts 2 s before the ticks wrap (MicroPython's ticks_ms wraps; on the RP2040
# after 2**30 ms), so every test that lets more time pass sees the wrap.
CLOCK_START = ticks_add(0, -2000)


class VirtualDisplay:
    """A text display that remembers the last lines shown: with no bus, it shows them at once."""

    def __init__(self) -> None:
        self.lines = []  # type: list[str]

    def show_lines(self, lines: list) -> None:
        """Show ``lines`` (a list of short strings), replacing what was there."""
        self.lines = list(lines)

    def send_next(self) -> bool:
        """Nothing left to send: the lines were shown as they came."""
        return False


class VirtualSerial:
    """A serial line: the app reads what the test ``send``s; the test reads the app's ``replies``."""

    def __init__(self) -> None:
        self._incoming = []  # type: list[str]
        self._outgoing = []  # type: list[str]
        self._partial = ""  # what ``write`` sent of a line not ended yet

    def read_line(self) -> "str | None":
        """App side: the next received line, or None if there is none (never blocks)."""
        return self._incoming.pop(0) if self._incoming else None

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
                 serial: bool = False, supply_ma: int = USB_MA, wire_order: "list | None" = None) -> None:
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
        self.keep_ups = 0
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

    def keep_up(self) -> None:
        """Counted only: the events wait in their queue until polled, however long a save."""
        self.keep_ups += 1

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
