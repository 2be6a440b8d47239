"""Packing a frame into the LED driver's words in plain Python (``hal.chain``'s kernel on CPython,
the tests, and a port without a native emitter); the chip runs its viper twin, ``hal.chain_viper``."""


def pack_words(frame, out, order, count, r, g, b):
    """Wire position ``w`` of ``out`` gets LED ``order[w]`` of ``frame``, its colours at byte
    offsets ``r``, ``g``, ``b`` of its word (tests/firmware/test_power_viper.py: the same bytes as
    the viper twin's)."""
    for wire in range(count):
        i = 3 * order[wire]
        j = 4 * wire
        out[j + r] = frame[i]
        out[j + g] = frame[i + 1]
        out[j + b] = frame[i + 2]
