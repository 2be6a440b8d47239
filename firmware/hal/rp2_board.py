"""The wiring module of the real board: builds the ``hw`` object the app runs on.

This is the one place that knows pins (from ``/board.json``, a copy of
``hardware/board.json``), the LED driver, the LED supply switch, the inputs, the optional
display, the USB serial line, the watchdog and the boot guard. ``firmware/main.py`` uses it
in four steps: ``load_board()``, ``dark_leds(board)`` (one dark frame, first thing),
``safe_mode(board)`` (the rest of this layer's imports done while it watches the controls),
``build(board, leds)`` (a USB build's LED supply turned on only then);
``stopped_on_purpose()`` after a Ctrl-C, ``app_failed(e)`` after an exception out of the app.
"""

import json
import os
import select
import sys
from time import sleep_ms, ticks_diff, ticks_ms

import machine
import rp2
from machine import I2C, WDT, Pin
from micropython import const

from hal.rp2_leds import Leds
from shared import forget

# What only the boot and a few rare moments (the first feed, the healthy mark, Ctrl-C, a failure)
# use: imported there and forgotten after, so their code leaves the heap (``shared.forget``).
_BOOT_MODULES = ("hal.boot_guard", "hal.boot_window", "shared.supply")
# What ``build`` needs (``hal.rp2_inputs``, ``hal.line_reader``), imported while the safe-mode
# window watches the controls (a tenth of a second of a stock board's boot): one module a step,
# leaves first, so a step is about as short as a poll.
_WINDOW_IMPORTS = ("hal.debounce", "hal.quadrature", "hal.acceleration", "hal.sampled_buttons", "hal.encoder_pio",
                   "hal.buttons_pio", "hal.rp2_inputs", "shared.serial_lines", "hal.line_reader")

BOARD_JSON = "/board.json"
BOOT_COUNT = "/boot_count"
STORAGE_ROOT = "/"  # the built-in littlefs
WATCHDOG_MS = 8000  # the RP2040 allows at most 8388 ms
HEALTHY_AFTER_MS = 10000  # running this long after boot clears the crash-loop counter
DISPLAY_ADDRESSES = (0x3C, 0x3D)
# RP2040 datasheet 4.7: WATCHDOG CTRL at 0x40058000, bit 30 ENABLE; +0x3000 is the register's
# atomic bit-clear alias (2.1.2). The same bit the Pico SDK's watchdog code clears.
_WATCHDOG_CTRL_CLEAR = const(0x40058000 + 0x3000)
_WATCHDOG_ENABLE = const(1 << 30)


def load_board(path=BOARD_JSON):
    """The board description (pins, LED chain) from the JSON file deployed with the firmware."""
    with open(path) as f:
        return json.load(f)


def dark_leds(board):
    """The LED driver, after it has sent one dark frame: the first thing at boot on every build
    (LEDs that powered up showing noise go dark; a USB build's are still unpowered, and light
    nothing when their supply comes on)."""
    leds = Leds(board["pins"]["led_data"], board["leds"]["chain"], board["leds"]["colour_order"])
    leds.show(bytearray(3 * leds.count))
    return leds


def _is_rp2040():
    return "RP2040" in os.uname().machine


def watchdog_reset():
    """True if the watchdog reset the board because the app hung (counted once: hal.boot_guard).
    On the RP2040 from its watchdog's registers (``reset_cause`` also says WDT_RESET after
    ``machine.reset()``, a deploy's reset); on other chips ``reset_cause`` must do."""
    if _is_rp2040():
        from hal.boot_guard import watchdog_timed_out

        return watchdog_timed_out(machine.mem32)
    return machine.reset_cause() == machine.WDT_RESET


def safe_mode(board):
    """Why the app must not start (a short text), or None: the encoder switch held at power-on,
    it or BOOTSEL pressed in the first half second after power-on (``hal.boot_window``; the
    Pico's LED is lit meanwhile), or failures in a row (``hal.boot_guard``: the watchdog reset
    the board, or the app raised). BOOTSEL held *while* powering on starts the RP2040's USB
    bootloader instead, so it is pressed just after.

    main.py then runs ``app.safe`` instead of the app: no game, the board lit so it never looks
    dead, the LED test a press away, Ctrl-C leaves the REPL free for ``mpremote``.
    """
    from hal.boot_guard import LIMIT, BootGuard
    from hal.boot_window import first_pressed

    timed_out = watchdog_reset()  # read (and marked counted) at every boot
    switch = Pin(board["pins"]["encoder_switch"], Pin.IN, Pin.PULL_UP)
    sleep_ms(20)  # let the pull-up charge the line
    controls = [("encoder switch", lambda: switch.value() == 0)]
    if hasattr(rp2, "bootsel_button"):
        controls.append(("BOOTSEL", lambda: rp2.bootsel_button() == 1))
    led = status_led()
    if led is not None:
        led.on()
    try:
        pressed = first_pressed(controls, ticks_ms, sleep_ms, work=[_importer(name) for name in _WINDOW_IMPORTS])
    finally:
        if led is not None:
            led.off()
    if pressed is not None:
        return "%s pressed at power-on" % pressed
    if BootGuard(BOOT_COUNT).begin(timed_out):
        return "the app failed %d times in a row (a hang or an error: see the log)" % LIMIT
    return None


def _importer(name):
    """A step of the safe-mode window's work: import module ``name``."""
    return lambda: __import__(name)


def status_led():
    """The Pico's own LED (Pico and Pico W alike), or None on a board that names none."""
    try:
        return Pin("LED", Pin.OUT)
    except (ValueError, TypeError):
        return None


def stopped_on_purpose():
    """The app was stopped on purpose (Ctrl-C from ``mpremote`` or ``crib deploy``): stop the
    watchdog, so the REPL is not reset 8 s later, and do not count this boot as a failed one,
    so a few deploys soon after power-on do not end in safe mode. ``machine.WDT`` cannot be
    stopped, the RP2040's register can; on other chips (the register is elsewhere) the
    watchdog is left alone."""
    from hal.boot_guard import BootGuard, watchdog_stopped

    if _is_rp2040():
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


def find_display(i2c_pins):
    """An SSD1306 if one answers on the I2C bus of board.json, else None."""
    try:
        i2c = I2C(i2c_pins["id"], sda=Pin(i2c_pins["sda"]), scl=Pin(i2c_pins["scl"]), freq=i2c_pins["freq"])
        found = i2c.scan()
        for address in DISPLAY_ADDRESSES:
            if address in found:
                from hal.ssd1306 import SSD1306  # imported only with a display: its code stays off the heap

                return SSD1306(i2c, address)
    except OSError:  # no pull-ups or a stuck bus: run without a display
        pass
    return None


class UsbSerial:
    """The JSON-lines transport over USB stdin/stdout, non-blocking.

    Ctrl-C (0x03) on the USB line still raises KeyboardInterrupt in the app: that is how
    ``mpremote`` takes the board back to the REPL, so it is left enabled.
    """

    def __init__(self):
        from hal import line_reader  # imported already while the safe-mode window watched (or now)

        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.reader = line_reader.LineReader()
        self.dropped = line_reader.DROPPED

    def read_line(self):
        """A complete line received (without its end), or None if none is complete yet. A line
        too long to take is answered here (shared.serial_lines.TOO_LONG) and never returned."""
        reader = self.reader
        while self.poller.poll(0):
            line = reader.feed(sys.stdin.read(1))
            if line is self.dropped:
                from shared.serial_lines import TOO_LONG

                self.write_line(TOO_LONG)
            elif line is not None:
                return line
        return None

    def write_line(self, line):
        """Send one line."""
        sys.stdout.write(line)
        sys.stdout.write("\n")

    def write(self, text):
        """Send a piece of a line (or its end, ``"\n"``)."""
        sys.stdout.write(text)


def no_fault():
    """``hw.fault()`` of a build without the LED supply switch: nothing to report."""
    return None


class Hardware:
    """The ``hw`` object of the real board: the hw contract of ``hal/__init__.py``."""

    def __init__(self, leds, inputs, display, serial, supply, power):
        self.led_count = leds.count
        self.supply_ma = supply
        self.wire_order = leds.chain.order
        self.storage_root = STORAGE_ROOT
        self.leds = leds
        self.inputs = inputs
        self.display = display
        self.serial = serial
        self.watchdog = None
        self.boot_ms = ticks_ms()
        self.proven = False
        # hw.ticks_ms(): milliseconds, wrapping (compare with ``time.ticks_diff``): time's own,
        # called straight, for it is read at every poll (a method around it costs a Python call)
        self.ticks_ms = ticks_ms
        self.poll_events = inputs.poll  # hw.poll_events(): input events since the last call
        # hw.fault(): the LED supply switch's own (LedPower.fault), read at every tick
        self.fault = no_fault if power is None else power.fault

    def show(self, frame):
        """Send a logical RGB frame to the LEDs (returns before the frame has gone out)."""
        self.leds.show(frame)

    def feed_watchdog(self):
        """Called by a healthy main loop. The first call starts the watchdog (it cannot be
        stopped), so a slow boot is never reset; after HEALTHY_AFTER_MS of feeding, this boot
        counts as good and the crash-loop counter is cleared."""
        if self.watchdog is None:
            self.watchdog = WDT(timeout=WATCHDOG_MS)
            if _is_rp2040():
                from hal.boot_guard import watchdog_started

                watchdog_started(machine.mem32)
                forget(_BOOT_MODULES)
        self.watchdog.feed()
        if not self.proven and ticks_diff(ticks_ms(), self.boot_ms) >= HEALTHY_AFTER_MS:
            from hal.boot_guard import BootGuard

            BootGuard(BOOT_COUNT).healthy()
            forget(_BOOT_MODULES)
            self.proven = True


def led_power(pins):
    """The LED supply switch of board.json ``pins`` (a USB build's ``led_power``), turned on; None
    on a build without one."""
    switch = pins.get("led_power")
    if switch is None:
        return None
    from hal.led_power import LedPower  # a build without the switch never loads it

    power = LedPower(Pin(switch["enable"], Pin.OUT, value=0), Pin(switch["fault"], Pin.IN, Pin.PULL_UP), ticks_ms)
    power.on()
    return power


def build(board, leds):
    """The real board's ``hw``, from the board description and the LED driver of ``dark_leds``;
    a USB build's LED supply is turned on here, after boot."""
    from hal.rp2_inputs import Inputs  # imported already while the safe-mode window watched (or now)
    from shared.supply import supply_ma

    pins = board["pins"]
    hw = Hardware(leds, Inputs(pins), find_display(pins["i2c"]), UsbSerial(), supply_ma(board), led_power(pins))
    forget(_BOOT_MODULES)
    return hw
