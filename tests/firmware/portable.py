"""Test helpers that work the same under pytest (CPython) and the MicroPython runner."""


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
