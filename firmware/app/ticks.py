"""``ticks_diff`` for the board's millisecond clock: MicroPython's (ticks wrap), or plain subtraction on CPython."""

import time

if hasattr(time, "ticks_diff"):
    ticks_diff = time.ticks_diff
else:  # CPython: the simulator's and the tests' clocks do not wrap

    def ticks_diff(a, b):
        """``a - b`` in milliseconds."""
        return a - b
