"""MicroPython's ``time.ticks_add`` and ``time.ticks_diff``, for CPython (``shared.ticks`` imports them).

A tick is a value in 0 .. 2**30 - 1, as on MicroPython on the RP2040 (the period is
MicroPython's largest small int + 1: 2**30 ms, about 12.4 days, on a 32-bit port):
``ticks_add`` wraps, and ``ticks_diff`` gives the signed distance, correct while the two
ticks are less than half a period apart. Where MicroPython silently gives a wrong answer for
a value that is not a tick (a sum of ticks made without ``ticks_add``), this raises
ValueError, so the mistake shows in tests.
"""

PERIOD = 1 << 30
_HALF = PERIOD >> 1


def _tick(value: int) -> int:
    if not 0 <= value < PERIOD:
        raise ValueError("%r is not a tick (0 .. 2**30 - 1): make ticks with ticks_add" % (value,))
    return value


def ticks_add(ticks: int, delta: int) -> int:
    """The tick ``delta`` ms after ``ticks`` (before it, if negative), wrapping.

    As MicroPython's: OverflowError unless ``-2**29 < delta < 2**29``.
    """
    if not -_HALF < delta < _HALF:
        raise OverflowError("ticks interval overflow")
    return (_tick(ticks) + delta) & (PERIOD - 1)


def ticks_diff(a: int, b: int) -> int:
    """``a - b`` in milliseconds, across the wrap: negative if ``a`` is before ``b``."""
    return ((_tick(a) - _tick(b) + _HALF) & (PERIOD - 1)) - _HALF
