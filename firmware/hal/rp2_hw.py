"""The real board's ``hw`` object while the app runs (the hw contract of ``hal/__init__.py``):
``Hardware`` and the USB serial line, built by ``hal.rp2_board.build`` (main.py forgets that
module after the boot: only this one stays with the app).
"""

import os
import select
import sys
from time import ticks_diff, ticks_ms

import machine
from machine import WDT

from hal.line_reader import DROPPED, LineReader
from shared import forget
from shared.serial_lines import TOO_LONG

# What only the boot and a few rare moments (the first feed, the healthy mark, Ctrl-C, a failure)
# use: imported there and forgotten after, so their code leaves the heap (``shared.forget``).
BOOT_MODULES = ("hal.boot_guard", "hal.boot_window", "shared.supply")
BOOT_COUNT = "/boot_count"
STORAGE_ROOT = "/"  # the built-in littlefs
WATCHDOG_MS = 8000  # the RP2040 allows at most 8388 ms
HEALTHY_AFTER_MS = 10000  # running this long after boot clears the crash-loop counter
LED_SUPPLY = "LED supply"  # what hw.fault() names while the LED supply switch reports a fault


def is_rp2040():
    """True on an RP2040 (its watchdog's registers are known: hal.boot_guard)."""
    return "RP2040" in os.uname().machine


class UsbSerial:
    """The JSON-lines transport over USB stdin/stdout, non-blocking.

    Ctrl-C (0x03) on the USB line still raises KeyboardInterrupt in the app: that is how
    ``mpremote`` takes the board back to the REPL, so it is left enabled.
    """

    def __init__(self):
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.reader = LineReader()

    def read_line(self):
        """A complete line received (without its end), or None if none is complete yet. A line
        too long to take is answered here (shared.serial_lines.TOO_LONG) and never returned."""
        reader = self.reader
        while self.poller.poll(0):
            line = reader.feed(sys.stdin.read(1))
            if line is DROPPED:
                self.write_line(TOO_LONG)
            elif line is not None:
                return line
        return None

    def write_line(self, line):
        """Send one line."""
        sys.stdout.write(line)
        sys.stdout.write("\n")


class Hardware:
    """The ``hw`` object of the real board: the hw contract of ``hal/__init__.py``."""

    def __init__(self, leds, inputs, display, serial, supply, power):
        self.led_count = leds.count
        self.supply_ma = supply
        self.wire_order = leds.chain.order
        self.power = power  # the LED supply switch, or None (a build without one)
        self.storage_root = STORAGE_ROOT
        self.leds = leds
        self.inputs = inputs
        self.display = display
        self.serial = serial
        self.watchdog = None
        self.boot_ms = ticks_ms()
        self.proven = False

    def show(self, frame):
        """Send a logical RGB frame to the LEDs (returns before the frame has gone out)."""
        self.leds.show(frame)

    def poll_events(self):
        """Input events since the last call."""
        return self.inputs.poll(ticks_ms())

    def ticks_ms(self):
        """Milliseconds, wrapping: compare with ``time.ticks_diff``."""
        return ticks_ms()

    def fault(self):
        """``LED_SUPPLY`` while the LED supply switch reports a fault, else None."""
        power = self.power
        return LED_SUPPLY if power is not None and power.fault() else None

    def feed_watchdog(self):
        """Called by a healthy main loop. The first call starts the watchdog (it cannot be
        stopped), so a slow boot is never reset; after HEALTHY_AFTER_MS of feeding, this boot
        counts as good and the crash-loop counter is cleared."""
        if self.watchdog is None:
            self.watchdog = WDT(timeout=WATCHDOG_MS)
            if is_rp2040():
                from hal.boot_guard import watchdog_started

                watchdog_started(machine.mem32)
                forget(BOOT_MODULES)
        self.watchdog.feed()
        if not self.proven and ticks_diff(ticks_ms(), self.boot_ms) >= HEALTHY_AFTER_MS:
            from hal.boot_guard import BootGuard

            BootGuard(BOOT_COUNT).healthy()
            forget(BOOT_MODULES)
            self.proven = True
