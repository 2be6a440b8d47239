"""Test helpers that work the same under pytest (CPython) and the MicroPython runner."""

import sys

# The oldest release's run (1.23, 32-bit) checks that the firmware runs there; the long seeded
# sweeps are run in full on CPython and the unix port (1.29), a quarter of them on 1.23 (suite time).
_OLDEST_RELEASE = sys.implementation.name == "micropython" and sys.implementation.version < (1, 24)


def seeds(count):
    """The seeds ``range(count)`` of a seeded sweep (a quarter of them on the oldest release)."""
    return range(max(1, count // 4) if _OLDEST_RELEASE else count)


class raises:
    """Context manager: the block must raise ``exc_type``; the exception is kept in ``.value``.

    Usage: ``with raises(ValueError): parse("ZZ")``. ``match`` (optional) must be a
    substring of the message.
    """

    def __init__(self, exc_type, match=None):
        self.exc_type = exc_type
        self.match = match
        self.value = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            raise AssertionError("expected %s, nothing was raised" % self.exc_type.__name__)
        if not issubclass(exc_type, self.exc_type):
            return False
        self.value = exc
        if self.match is not None and self.match not in str(exc):
            raise AssertionError("%r does not mention %r" % (str(exc), self.match))
        return True
