"""Crash-loop detection: real failures in a row, counted in a small file on flash.

A failure is what the chip or the app saw go wrong: the watchdog reset the board (the app hung:
``watchdog_timed_out``), or an exception came out of the app (``failed()``, then main.py resets
the board). A power cut is none: unplugging, a loose cable or a reset by hand while the app
runs count for nothing (the saved game is atomic; the app just starts again). ``begin`` is
called at every boot that no control sent to safe mode, with whether the watchdog had reset
the board; once ``limit`` failures follow each other the board starts in safe mode instead of
resetting forever, and the count is cleared, so the next power-on tries the app again. The app running well for a while
(``healthy()``) or being stopped on purpose (Ctrl-C from ``mpremote`` or ``crib deploy``:
``stopped()``) clears the count. Only a change is written (a boot after a power cut writes
nothing), through a temporary file and a rename, which littlefs makes atomic.

The RP2040's watchdog (datasheet 4.7) keeps why it last reset the chip in REASON: TIMER when it
timed out, FORCE for ``machine.reset()`` (which MicroPython's ``reset_cause`` cannot tell
apart: both are WDT_RESET). REASON survives a soft reboot (Ctrl-D), so a timeout is counted
once: SCRATCH0 (kept over a watchdog reset, cleared at power-on; the Pico SDK uses only
SCRATCH4-7) is marked when it has been, and cleared when the app starts the watchdog again.
"""

import os

from micropython import const

LIMIT = const(3)
_REASON = const(0x40058008)  # WATCHDOG base 0x40058000 + 0x08: bit 0 TIMER, bit 1 FORCE
_SCRATCH0 = const(0x4005800C)
_TIMER = const(1)
_COUNTED = const(0x63726962)  # "crib": this timeout has been counted (or the watchdog was stopped)


def watchdog_timed_out(mem32):
    """True if the watchdog reset the chip because it timed out and that was not counted yet
    (``mem32``: ``machine.mem32``, or a fake); marks it counted."""
    timed_out = mem32[_REASON] & _TIMER and mem32[_SCRATCH0] != _COUNTED
    mem32[_SCRATCH0] = _COUNTED
    return bool(timed_out)


def watchdog_started(mem32):
    """The app started the watchdog: its next timeout counts."""
    mem32[_SCRATCH0] = 0


def watchdog_stopped(mem32):
    """The watchdog was stopped on purpose: a timeout REASON left from before does not count."""
    mem32[_SCRATCH0] = _COUNTED


class BootGuard:
    """The failure counter kept in the file ``path``."""

    def __init__(self, path, limit=LIMIT):
        if limit < 1:
            raise ValueError("limit must be at least 1")
        self.path = path
        self.limit = limit

    def failed_boots(self):
        """Failures in a row so far (0 if the file is missing or damaged)."""
        try:
            with open(self.path) as f:
                text = f.read().strip()
        except OSError:
            return 0
        return int(text) if text.isdigit() else 0

    def write(self, count):
        """Store ``count`` atomically (temporary file, then rename over the old one)."""
        temporary = self.path + ".tmp"
        with open(temporary, "w") as f:
            f.write("%d\n" % count)
        os.rename(temporary, self.path)

    def begin(self, watchdog_reset):
        """At boot (``watchdog_reset``: the watchdog timed out before it): True if ``limit``
        failures in a row have happened (go to safe mode; the count starts again)."""
        failed = self.failed_boots()
        if watchdog_reset:
            failed += 1
        if failed >= self.limit:
            self.write(0)
            return True
        if watchdog_reset:
            self.write(failed)
        return False

    def failed(self):
        """An exception came out of the app: one more failure."""
        self.write(self.failed_boots() + 1)

    def healthy(self):
        """The app is running well: the failures so far were not in a row."""
        self._clear()

    def stopped(self):
        """The app was stopped on purpose (Ctrl-C): no failure, whenever it came."""
        self._clear()

    def _clear(self):
        if self.failed_boots():
            self.write(0)
