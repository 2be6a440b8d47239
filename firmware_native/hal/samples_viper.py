"""``hal.samples_plain.first_change`` in viper: native code on the chip, where the button
samples of every poll (250 a second) go through it. Only a MicroPython with a native emitter
compiles it; elsewhere ``hal.sampled_buttons`` takes the plain one (tests/firmware/test_power_viper.py:
the same answers). On the board it is ``hal/samples_viper``; it lives in firmware_native/ as it
compiles only for an arch."""

import micropython


@micropython.viper  # type: ignore[attr-defined]  # the CPython shim (type checks) has no viper
def first_change(ring: ptr8, at: int, end: int, wrap: int, mask: int, level: int) -> int:  # type: ignore[name-defined]  # noqa: F821  # viper's pointer types
    while at < end:
        if (ring[at & wrap] & mask) != level:
            return at
        at += 1
    return end
