"""``ticks_add`` and ``ticks_diff`` for the board's millisecond clock, which wraps: never add,
subtract or compare ticks directly.

MicroPython's own from ``time``; on CPython (the simulator, the tests) the same arithmetic
with the RP2040's period from the CPython shims (``time_ticks``), so the tests see the wrap.
"""

try:  # MicroPython's own
    from time import ticks_add, ticks_diff  # type: ignore[attr-defined]
except ImportError:  # CPython
    from time_ticks import ticks_add, ticks_diff  # noqa: F401
