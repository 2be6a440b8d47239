"""The ``hw`` object of the real board while the app runs (the hw contract of
``hal/__init__.py``), and what ``firmware/main.py`` calls around the app: ``supply_on(hw)`` once
it holds the hw, ``stopped_on_purpose(hw)`` after a Ctrl-C, ``app_failed(e)`` after an exception
out of the app, ``to_repl(hw)`` when safe mode failed too.

``hal.rp2_board`` builds it at boot and is forgotten then (``shared.forget``), so the boot's
code leaves the heap; this module stays.
"""

import os
import select
import sys
from time import sleep_us, ticks_diff, ticks_ms

import machine
from machine import WDT
from micropython import const

from shared import forget

BOOT_COUNT = "/boot_count"
_STORAGE_ROOT = const("/")  # the built-in littlefs
_WATCHDOG_MS = const(8000)  # the RP2040 allows at most 8388 ms
_HEALTHY_AFTER_MS = const(10000)  # running this long after boot clears the crash-loop counter
# RP2040 datasheet 4.7: WATCHDOG CTRL at 0x40058000, bit 30 ENABLE; +0x3000 is the register's
# atomic bit-clear alias (2.1.2). The same bit the Pico SDK's watchdog code clears.
_WATCHDOG_CTRL_CLEAR = const(0x40058000 + 0x3000)
_WATCHDOG_ENABLE = const(1 << 30)
# bytes read a call at most: a line comes in slices, the app's other tasks run between them (a
# host's 9 KB line, read whole, held the frames and the controls' polls for 1.6 s on the stock
# image: ~0.2 ms a byte; buttons sampled more than 480 ms before a poll are lost: hal.samples)
_READ_SLICE = const(32)


def is_rp2040():
    """True on an RP2040 (its watchdog's registers are where ``hal.boot_guard`` reads them)."""
    return "RP2040" in os.uname().machine


def supply_on(hw):
    """Turn a USB build's LED supply switch on, after the boot built ``hw`` and main.py holds it: a
    Ctrl-C from then on finds the switch to turn off (``to_repl``)."""
    if hw.led_power is not None:
        hw.led_power.on()


def to_repl(hw):
    """The board goes to the REPL (the app or safe mode stopped, not reset): the LEDs go dark, for
    the current cap and the heat limit run with the app (an adapter build's last frame, up to 2.5 A,
    would stay lit for as long as the REPL runs), and a USB build's LED supply switch is turned off,
    for only the app and safe mode read its /FAULT (a short on the LED bus would keep the switch
    cycling through its thermal shutdown). ``hw``: None if the boot had not built it (the LEDs are
    dark then and the switch off: ``supply_on``). Its DMA channels are stopped and closed: the REPL's
    code may start the state machines that pace them, and before MicroPython 1.27 a soft reset left
    them running, into the heap (micropython#18447: ``Inputs.close``)."""
    if hw is None:
        return
    leds = hw.leds
    leds.bytes[0] = 1  # marked: sent even if the LEDs are dark already (a glitch may have lit them)
    leds.show(bytearray(3 * leds.chain.count))
    sleep_us(leds.frame_us)  # on the wire and latched before its DMA channel is closed
    if hw.led_power is not None:
        hw.led_power.off()
    leds.dma.active(0)
    leds.dma.close()
    hw.idle.close()


def stopped_on_purpose(hw):
    """The app (or safe mode) was stopped on purpose (Ctrl-C from ``mpremote`` or ``crib deploy``):
    the LED supply off (``to_repl``), the watchdog stopped, so the REPL is not reset 8 s later, and
    this boot not counted as a failed one, so a few deploys soon after power-on do not end in safe
    mode. ``machine.WDT`` cannot be stopped, the RP2040's register can; on other chips (the register
    is elsewhere) the watchdog is left alone."""
    from hal.boot_guard import BootGuard, watchdog_stopped

    to_repl(hw)
    if is_rp2040():
        machine.mem32[_WATCHDOG_CTRL_CLEAR] = _WATCHDOG_ENABLE
        watchdog_stopped(machine.mem32)
    BootGuard(BOOT_COUNT).stopped()


def app_failed(e):
    """An exception came out of the app (``e``): log it, count a failure (``hal.boot_guard``) and
    reset, so the app starts again; failures in a row end in safe mode."""
    from hal.boot_guard import BootGuard

    print("the app failed: %r" % (e,))
    sys.print_exception(e)
    BootGuard(BOOT_COUNT).failed()
    machine.reset()


class UsbSerial:
    """The JSON-lines transport over USB stdin/stdout, non-blocking.

    Ctrl-C (0x03) on the USB line still raises KeyboardInterrupt in the app: that is how
    ``mpremote`` takes the board back to the REPL, so it is left enabled.
    """

    def __init__(self):
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        # The line reader (hal.line_reader) is made when the first byte comes: a board no host talks to
        # never loads it (0.7 KB of heap, with shared.serial_lines), as it never loads app.protocol.
        self.reader = None
        self.dropped = None  # the reader's answers for a line too long, and for one not text
        self.not_text = None

    def wait(self):
        """An awaitable that ends when a byte has come (it reads none)."""
        from hal.rp2_inputs import readable  # (imported by rp2_board.build before this)

        return readable(sys.stdin)

    def read_line(self):
        """A complete line received (without its end), or None if none is complete yet. A line
        too long to take, or not UTF-8 text, is answered here (shared.serial_lines.TOO_LONG,
        NOT_TEXT) and never returned. Read as bytes (hal.line_reader says why), at most
        ``_READ_SLICE`` a call: None too when more are waiting (``wait`` ends at once then)."""
        stdin = sys.stdin.buffer
        for _ in range(_READ_SLICE):
            if not self.poller.poll(0):
                break
            if self.reader is None:
                from hal import line_reader

                self.reader = line_reader.LineReader()
                self.dropped = line_reader.DROPPED
                self.not_text = line_reader.NOT_TEXT
            line = self.reader.feed(stdin.read(1)[0])
            if line is self.dropped or line is self.not_text:
                from shared import serial_lines

                self.write(serial_lines.TOO_LONG if line is self.dropped else serial_lines.NOT_TEXT)
                self.write("\n")
            elif line is not None:
                return line
        return None

    def write(self, text):
        """Send a piece of a line (or its end, ``"\n"``)."""
        sys.stdout.write(text)


def no_fault():
    """``hw.fault()`` of a build without the LED supply switch: nothing to report."""
    return None


class Hardware:
    """The ``hw`` object of the real board: the hw contract of ``hal/__init__.py``."""

    def __init__(self, leds, inputs, display, serial, supply, power):
        self.led_count = leds.chain.count
        self.supply_ma = supply
        self.wire_order = leds.chain.order
        self.storage_root = _STORAGE_ROOT
        self.leds = leds
        self.display = display
        self.serial = serial
        self.watchdog = None
        self.boot_ms = ticks_ms()
        self.proven = False
        # hw.ticks_ms(): milliseconds, wrapping (compare with ``time.ticks_diff``): time's own,
        # called straight, for it is read at every poll (a method around it costs a Python call)
        self.ticks_ms = ticks_ms
        self.poll_events = inputs.poll  # hw.poll_events(): input events since the last call
        self.keep_up = inputs.keep_up  # hw.keep_up(): during a save, the controls read and held
        self.idle = inputs  # hw.idle: the app sleeps until a control moves (Inputs.wait)
        # hw.fault(): the LED supply switch's own (LedPower.fault), read at every tick
        self.fault = no_fault if power is None else power.fault
        self.led_power = power  # (turned off as the board goes to the REPL: to_repl)

    def show(self, frame):
        """Send a logical RGB frame to the LEDs (returns before the frame has gone out)."""
        self.leds.show(frame)

    def feed_watchdog(self):
        """Called by a healthy main loop. The first call starts the watchdog (it cannot be
        stopped), so a slow boot is never reset; after _HEALTHY_AFTER_MS of feeding, this boot
        counts as good and the crash-loop counter is cleared."""
        if self.watchdog is None:
            self.watchdog = WDT(timeout=_WATCHDOG_MS)
            if is_rp2040():
                from hal.boot_guard import watchdog_started

                watchdog_started(machine.mem32)
                forget("hal.boot_guard")
        self.watchdog.feed()
        if not self.proven and ticks_diff(ticks_ms(), self.boot_ms) >= _HEALTHY_AFTER_MS:
            from hal.boot_guard import BootGuard

            BootGuard(BOOT_COUNT).healthy()
            forget("hal.boot_guard")
            self.proven = True
