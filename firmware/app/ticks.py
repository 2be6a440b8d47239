"""``ticks_diff`` for the board's millisecond clock: MicroPython's (ticks wrap), or plain subtraction on CPython."""

try:
    from time import ticks_diff
except ImportError:  # CPython: the simulator's and the tests' clocks do not wrap

    def ticks_diff(a, b):
        """``a - b`` in milliseconds."""
        return a - b
