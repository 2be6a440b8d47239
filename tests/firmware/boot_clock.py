"""A fake clock for the boot window's tests (hal.boot_window's ``first_pressed``), on both
interpreters: ``Clock`` moves only when slept on; ``pressed_from``, a control pressed from a moment on."""

from hal.boot_window import WINDOW_MS
from shared.ticks import ticks_add, ticks_diff

START = ticks_add(0, -300)  # 0.3 s before the ticks wrap: the window crosses it


class Clock:
    """A fake millisecond clock that only moves when slept on."""

    def __init__(self, start=START):
        self.now = start
        self.start = start
        self.slept = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now = ticks_add(self.now, ms)
        self.slept += ms
        if self.slept > 10 * WINDOW_MS:
            raise AssertionError("the window never closed")

    def elapsed(self):
        return ticks_diff(self.now, self.start)


def pressed_from(clock, at_ms):
    """A control that is pressed from ``at_ms`` after the start of ``clock`` on."""
    return lambda: clock.elapsed() >= at_ms
