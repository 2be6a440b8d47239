"""Scanning the button samples in plain Python (``hal.samples``'s kernel on CPython, the
tests, and a port without a native emitter); the chip runs its viper twin, in ``hal.viper``."""


def first_change(ring, at, end, wrap, mask, level):
    """The first position from ``at`` to ``end - 1`` (taken modulo ``wrap + 1``, the ring's length)
    whose sample, masked with ``mask``, is not ``level``; ``end`` if there is none
    (tests/firmware/test_viper_twins.py: the same as the viper twin's)."""
    while at < end and ring[at & wrap] & mask == level:
        at += 1
    return at
