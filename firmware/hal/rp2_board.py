"""The wiring module of the real board: builds the ``hw`` object the app runs on.

This is the one place that knows pins (from ``/board.json``, a copy of
``hardware/board.json``), the LED driver, the LED supply switch, the inputs, the optional
display, the USB serial line, the watchdog and the boot guard. ``firmware/main.py`` uses it
in four steps: ``load_board()``, ``dark_leds(board)`` (one dark frame, first thing),
``safe_mode(board, app_start)`` (the rest of this layer's imports, then the app's, done while it
watches the controls), ``build(board, leds)`` (a USB build's LED supply turned on only then).
Only the boot runs this module: ``build`` forgets it (``shared.forget``), so its code leaves the
heap; what stays while the app runs is in ``hal.rp2_hw``.
"""

import json
from errno import ENOENT
from time import sleep_ms, ticks_ms

import machine
import rp2
from machine import I2C, Pin
from micropython import const

from hal.rp2_hw import BOOT_COUNT, Hardware, UsbSerial, is_rp2040
from hal.rp2_leds import Leds
from shared import forget

# What only the boot uses (the PIO programs' sources among them: assembled as the state machines
# start), this module included: forgotten once the hw is built, so their code leaves the heap.
_BOOT_MODULES = const("hal.boot_guard hal.boot_window shared.supply hal.ws2812_pio hal.encoder_pio hal.buttons_pio"
                      " hal.rp2_board")
BOARD_JSON = "/board.json"
_DISPLAY_ADDRESSES = const((0x3C, 0x3D))


def load_board(path=BOARD_JSON):
    """The board description (pins, LED chain) from the JSON file deployed with the firmware. A
    missing or damaged one stops the boot naming the file and what writes it: MicroPython's own
    errors name neither (``OSError: [Errno 2] ENOENT``, ``ValueError: syntax error in JSON``)."""
    try:
        f = open(path)
    except OSError as e:
        if e.errno == ENOENT:
            raise OSError("no %s on the board (its pins and LED chain): `crib deploy` writes it (hardware/BUILD.md,"
                          " section 4)" % path) from None
        raise
    with f:
        try:
            return json.load(f)
        except ValueError:
            raise ValueError("%s on the board is no JSON (damaged?): `crib deploy` writes it again (hardware/BUILD.md,"
                             " section 4)" % path) from None


def dark_leds(board):
    """The LED driver, after it has sent one dark frame: the first thing at boot on every build
    (LEDs that powered up showing noise go dark; a USB build's are still unpowered, and light
    nothing when their supply comes on)."""
    leds = Leds(board["pins"]["led_data"], board["leds"]["chain"], board["leds"]["colour_order"])
    leds.show(bytearray(3 * leds.chain.count))
    return leds


def watchdog_reset():
    """True if the watchdog reset the board because the app hung (counted once: hal.boot_guard).
    On the RP2040 from its watchdog's registers (``reset_cause`` also says WDT_RESET after
    ``machine.reset()``, a deploy's reset); on other chips ``reset_cause`` must do."""
    if is_rp2040():
        from hal.boot_guard import watchdog_timed_out

        return watchdog_timed_out(machine.mem32)
    return machine.reset_cause() == machine.WDT_RESET


def safe_mode(board, app_start):
    """Why the app must not start (a short text), or None: the encoder switch held at power-on,
    it or BOOTSEL pressed in the half second after the dark frame (``hal.boot_window``; the
    Pico's LED is lit meanwhile), or failures in a row (``hal.boot_guard``: the watchdog reset
    the board, or the app raised). BOOTSEL held *while* powering on starts the RP2040's USB
    bootloader instead, so it is pressed just after.

    The window imports what comes next meanwhile, a module between two polls: this layer's
    modules ``build`` needs, then the app's start-up modules, as ``steps()`` of the module
    ``app_start`` imports them (main.py names it; forgotten once the window closes).

    main.py then runs ``app.safe`` instead of the app: no game, the board lit so it never looks
    dead, the LED test a press away, Ctrl-C leaves the REPL free for ``mpremote``.
    """
    from hal.boot_guard import LIMIT, BootGuard
    from hal.boot_window import boot_steps, first_pressed

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
        pressed = first_pressed(controls, ticks_ms, sleep_ms, work=boot_steps(_window_imports(), app_start))
    finally:
        if led is not None:
            led.off()
    forget(app_start)
    if pressed is not None:
        return "%s pressed at power-on" % pressed
    if BootGuard(BOOT_COUNT).begin(timed_out):
        return "the app failed %d times in a row (a hang or an error: see the log)" % LIMIT
    return None


def _window_imports():
    """What ``build`` needs (``hal.rp2_inputs``), imported a module a step while the safe-mode window
    watches the controls (a tenth of a second of a stock board's boot), leaves first, so a step is
    about as short as a poll. Import statements: their names are this module's constants, where a
    name made at run time is copied into the heap."""
    import hal.debounce
    yield
    import hal.quadrature
    yield
    import hal.acceleration
    yield
    import hal.samples
    yield
    import hal.encoder_pio
    yield
    import hal.buttons_pio
    yield
    import hal.rp2_inputs  # noqa: F401


def status_led():
    """The Pico's own LED (Pico and Pico W alike), or None on a board that names none."""
    try:
        return Pin("LED", Pin.OUT)
    except (ValueError, TypeError):
        return None


def find_display(i2c_pins):
    """An SSD1306 if one answers on the I2C bus of board.json, else None."""
    try:
        i2c = I2C(i2c_pins["id"], sda=Pin(i2c_pins["sda"]), scl=Pin(i2c_pins["scl"]), freq=i2c_pins["freq"])
        found = i2c.scan()
        for address in _DISPLAY_ADDRESSES:
            if address in found:
                from hal.ssd1306 import SSD1306  # imported only with a display: its code stays off the heap

                return SSD1306(i2c, address)
    except OSError:  # no pull-ups or a stuck bus: run without a display
        pass
    return None


def led_power(pins, leds, inputs):
    """The LED supply switch of board.json ``pins`` (a USB build's ``led_power``), still off (main.py
    turns it on once it holds the ``hw``: ``hal.rp2_hw.supply_on``); None on a build without one.
    It marks the frame of ``leds`` (the driver) to go out again when their supply dipped; its
    /FAULT wakes the app as the controls of ``inputs`` do."""
    switch = pins.get("led_power")
    if switch is None:
        return None
    from hal.led_power import LedPower  # a build without the switch never loads it
    from hal.rp2_inputs import EDGES

    fault = Pin(switch["fault"], Pin.IN, Pin.PULL_UP)
    fault.irq(inputs.on_edge, EDGES, hard=True)
    return LedPower(Pin(switch["enable"], Pin.OUT, value=0), fault, ticks_ms, leds)


def build(board, leds):
    """The real board's ``hw``, from the board description and the LED driver of ``dark_leds``
    (a USB build's LED supply still off)."""
    from hal.rp2_inputs import Inputs  # imported already while the safe-mode window watched (or now)
    from shared.supply import supply_ma

    pins = board["pins"]
    inputs = Inputs(pins)
    try:
        hw = Hardware(leds, inputs, find_display(pins["i2c"]), UsbSerial(), supply_ma(board),
                      led_power(pins, leds, inputs))
    except BaseException:  # a Ctrl-C, or a board.json gone wrong: no hw for main.py's to_repl to stop
        inputs.close()  # its channels, which write into the heap the REPL reuses
        raise
    forget(_BOOT_MODULES)
    return hw
