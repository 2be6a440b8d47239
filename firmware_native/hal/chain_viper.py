"""``hal.chain_plain.pack_words`` in viper: native code on the chip, where packing a frame is
the hottest loop there is. Only a MicroPython with a native emitter compiles it; elsewhere
``hal.chain`` takes the plain one (tests/firmware/test_power_viper.py: the same bytes). On the
board it is ``hal/chain_viper``; it lives in firmware_native/ as it compiles only for an arch."""

import micropython


@micropython.viper  # type: ignore[attr-defined]  # the CPython shim (type checks) has no viper
def pack_words(frame: ptr8, out: ptr32, order: ptr8, count: int, r: int, g: int, b: int) -> int:  # type: ignore[name-defined]  # noqa: F821  # viper's pointer types
    # a whole word a store (``out`` is word-aligned: the driver's array("I")); byte 0 stays 0.
    # The word already there is compared first: the driver sends only a frame that changed. Last
    # LED first, with ``count`` as the position: the shortest native code (it is in the heap).
    rs = r << 3
    gs = g << 3
    bs = b << 3
    changed = 0
    while count:
        count -= 1
        i = 3 * order[count]
        word = (frame[i] << rs) | (frame[i + 1] << gs) | (frame[i + 2] << bs)
        if out[count] != word:
            out[count] = word
            changed = 1
    return changed
