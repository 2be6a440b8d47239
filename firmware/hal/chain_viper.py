"""``hal.chain.plain_pack_words`` in viper: native code on the chip, where packing a frame is
the hottest loop there is. Only a MicroPython with a native emitter compiles it; elsewhere
``hal.chain`` keeps the plain one (tests/firmware/test_power_viper.py: the same bytes)."""

import micropython


@micropython.viper  # type: ignore[attr-defined]  # the CPython shim (type checks) has no viper
def pack_words(frame: ptr8, out: ptr8, order: ptr16, count: int, r: int, g: int, b: int):  # type: ignore[name-defined]  # noqa: F821  # viper's pointer types
    wire = 0
    while wire < count:
        i = 3 * order[wire]
        j = 4 * wire
        out[j + r] = frame[i]
        out[j + g] = frame[i + 1]
        out[j + b] = frame[i + 2]
        wire += 1
