"""Asking for safe mode at power-on: the control, if any, pressed in the first moments.

The encoder's switch can simply be held while the board is powered on. BOOTSEL cannot: held
while the RP2040 starts, it makes the chip boot its USB bootloader (the RPI-RP2 drive), not
MicroPython. So ``main.py`` watches the controls for ``WINDOW_MS`` after power-on (the Pico's
own LED is lit meanwhile), and BOOTSEL pressed in that time asks for safe mode too.

The window need not be idle: ``work`` (``boot_steps``: the boot's next imports, a module a
step) runs one step between two polls in place of the sleep, so the score is shown sooner: the
hardware layer's own imports, then the app's. A module of the app that fails to import ends the
app's steps and the window watches on; the app's start imports it again after the window, fails
the same way and counts as the app's failure (``hal.boot_guard``). A switch held at power-on is
seen at the first poll, before any step: the way past an import that would never end.
"""

from micropython import const

from shared.ticks import ticks_diff

WINDOW_MS = const(500)  # short: it adds to the time from power-on to the score shown
POLL_MS = const(20)


def first_pressed(controls, ticks_ms, sleep_ms, window_ms=WINDOW_MS, poll_ms=POLL_MS, work=()):
    """The name of the first control seen pressed within ``window_ms``, or None once it is over.

    ``controls`` is a sequence of ``(name, is_pressed)`` pairs, read every ``poll_ms``; the clock
    (``ticks_ms()``, ``sleep_ms(ms)``) is passed in so tests can run it on a fake one. ``work``:
    an iterable whose every step (``next``) is done between two polls instead of sleeping, until
    it is exhausted (each should take about ``poll_ms`` at most); the steps not reached before a
    control is seen or the window closes are left to the caller.
    """
    work = iter(work)
    start = ticks_ms()
    while True:
        for name, is_pressed in controls:
            if is_pressed():
                return name
        if ticks_diff(ticks_ms(), start) >= window_ms:
            return None
        if work is None:
            sleep_ms(poll_ms)
            continue
        try:
            next(work)
        except StopIteration:
            work = None


def boot_steps(own, app_start=None):
    """``first_pressed``'s work at boot: the steps of ``own`` (this layer's next imports, a module
    a step), then those of the app's ``steps()`` in the module ``app_start`` names (main.py names
    it: this layer knows no module of the app). A step of the app's that raises ends the steps
    (see the module's docstring)."""
    yield from own
    if app_start is None:
        return
    try:
        start = __import__(app_start, None, None, ("steps",))
        yield
        yield from start.steps()
    except Exception:  # the app's start after the window meets it again, and says what it is
        return
