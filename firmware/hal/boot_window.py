"""Asking for safe mode at power-on: the control, if any, pressed in the first moments.

The encoder's switch can simply be held while the board is powered on. BOOTSEL cannot: held
while the RP2040 starts, it makes the chip boot its USB bootloader (the RPI-RP2 drive), not
MicroPython. So ``main.py`` watches the controls for ``WINDOW_MS`` after power-on (the Pico's
own LED is lit meanwhile), and BOOTSEL pressed in that time asks for safe mode too.

The window need not be idle: ``work``, short steps of the boot that come next (the hardware
layer's own imports, ``hal.rp2_board``; never the app's, so a broken app cannot keep safe mode
away), runs one step between two polls in place of the sleep, so the score is shown sooner.
"""

from micropython import const

from shared.ticks import ticks_diff

WINDOW_MS = const(500)  # short: it adds to the time from power-on to the score shown
POLL_MS = const(20)


def first_pressed(controls, ticks_ms, sleep_ms, window_ms=WINDOW_MS, poll_ms=POLL_MS, work=()):
    """The name of the first control seen pressed within ``window_ms``, or None once it is over.

    ``controls`` is a sequence of ``(name, is_pressed)`` pairs, read every ``poll_ms``; the clock
    (``ticks_ms()``, ``sleep_ms(ms)``) is passed in so tests can run it on a fake one. ``work``:
    callables, each called once between two polls instead of sleeping, in order, until none
    is left (each should take about ``poll_ms`` at most); those not reached before a control
    is seen or the window closes are left to the caller.
    """
    work = list(work)
    start = ticks_ms()
    while True:
        for name, is_pressed in controls:
            if is_pressed():
                return name
        if ticks_diff(ticks_ms(), start) >= window_ms:
            return None
        if work:
            work.pop(0)()
        else:
            sleep_ms(poll_ms)
