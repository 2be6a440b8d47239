"""The hal's kernels in viper: native code on the chip, where they are its hottest loops
(``pack_words`` packs every frame, ``first_change`` scans the button samples of every poll). Only
a MicroPython with a native emitter compiles this module; elsewhere ``hal.chain`` and
``hal.samples`` take their plain twins, ``hal.chain_plain`` and ``hal.samples_plain``
(tests/firmware/test_viper_twins.py: the same bytes and answers). On the board it is ``hal/viper``;
it lives in firmware_native/ as it compiles only for an arch. Both in one module: a module loaded
costs the heap about 160 bytes of its own, besides its code (docs/CHIP_FIGURES.md)."""

import micropython


@micropython.viper  # type: ignore[attr-defined]  # the CPython shim (type checks) has no viper
def pack_words(frame: ptr8, out: ptr32, order: ptr8, count: int, r: int, g: int, b: int) -> int:  # type: ignore[name-defined]  # noqa: F821  # viper's pointer types
    """``hal.chain_plain.pack_words`` in viper: the frame in wire order, a word an LED; 1 if any changed."""
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


@micropython.viper  # type: ignore[attr-defined]  # the CPython shim (type checks) has no viper
def first_change(ring: ptr8, at: int, end: int, wrap: int, mask: int, level: int) -> int:  # type: ignore[name-defined]  # noqa: F821  # viper's pointer types
    """``hal.samples_plain.first_change`` in viper: the first sample from ``at`` whose masked bits left ``level``."""
    while at < end:
        if (ring[at & wrap] & mask) != level:
            return at
        at += 1
    return end
