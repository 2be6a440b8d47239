"""Packing a frame into the LED driver's words in plain Python (``hal.chain``'s kernel on CPython,
the tests, and a port without a native emitter); the chip runs its viper twin, in ``hal.viper``."""


def pack_words(frame, out, order, count, r, g, b):
    """Wire position ``w`` of ``out`` gets LED ``order[w]`` of ``frame``, its colours at byte
    offsets ``r``, ``g``, ``b`` (1 to 3) of its word and 0 at byte 0, which never goes out (the
    LED driver marks a frame to resend there); 1 if that changed a byte of ``out``, else 0
    (tests/firmware/test_viper_twins.py: the same bytes and answers as the viper twin's)."""
    changed = 0
    for wire in range(count):
        i = 3 * order[wire]
        j = 4 * wire
        if out[j + r] != frame[i] or out[j + g] != frame[i + 1] or out[j + b] != frame[i + 2] or out[j]:
            out[j + r] = frame[i]
            out[j + g] = frame[i + 1]
            out[j + b] = frame[i + 2]
            out[j] = 0
            changed = 1
    return changed
