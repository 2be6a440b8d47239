"""The part of MicroPython's ``micropython`` module that firmware code uses, for CPython.

On the board ``from micropython import const`` is a compiler hint; on CPython the same
import lands here and ``const`` is the identity.
"""

from typing import TypeVar

T = TypeVar("T")


def const(value: T) -> T:
    """Return ``value`` unchanged (MicroPython folds it in at compile time)."""
    return value
