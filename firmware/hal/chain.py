"""Logical LED order -> wire order, and RGB frames -> the 32-bit words the PIO program sends.

The app renders in LOGICAL order (``shared.holes``: index = track * 121 + hole - 1); the
LEDs are wired in the serpentine order of ``hardware/board.json`` ("leds" -> "chain"), and take their
colour bytes in the strip's own order (GRB for WS2812B). Gamma and the current cap are
applied above this layer: these functions only move bytes.

Each LED becomes one little-endian 32-bit word (the RP2040 is little-endian) whose top
24 bits hold the three colours, first-sent colour in the top byte: the PIO program shifts
words out to the left and pulls the next one after 24 bits. Packing writes bytes, never
building ints of 2**30 or more, which MicroPython would allocate on the heap.
"""

from shared.holes import LEDS, index


def colour_offsets(colour_order):
    """Byte offsets of R, G and B inside an LED's little-endian word (first sent = byte 3)."""
    if len(colour_order) != 3 or sorted(colour_order) != ["B", "G", "R"]:
        raise ValueError("colour order must be a permutation of RGB, not %r" % (colour_order,))
    return tuple(3 - colour_order.index(c) for c in "RGB")


class Chain:
    """Packs logical RGB frames into the wire-order words the LED driver sends.

    ``chain`` is the list of [track, hole] pairs in wire order (board.json "leds" ->
    "chain"). ``pack`` fills a caller-owned buffer of 4 bytes an LED in place (word-aligned:
    the viper twin stores whole words).
    """

    def __init__(self, chain, colour_order="GRB"):
        count = len(chain)
        if count != LEDS:
            raise ValueError("the chain has %d LEDs, expected %d" % (count, LEDS))
        order = bytearray(count)  # logical index per wire position: a byte each (LEDS < 256)
        seen = bytearray(count)
        for wire, pair in enumerate(chain):
            logical = index(pair[0], pair[1])
            if seen[logical]:
                raise ValueError("chain position %d: hole %r is wired twice" % (wire, pair))
            seen[logical] = 1
            order[wire] = logical
        self.count = count
        self.order = order
        self.offsets = colour_offsets(colour_order)

    def pack(self, frame, out):
        """Fill ``out`` (4 * count bytes, byte 0 of each word set 0) from a logical RGB frame;
        1 if a byte of ``out`` changed (it held another frame, or a byte 0 was set), else 0."""
        count = self.count
        if len(frame) != 3 * count or len(out) != 4 * count:
            raise ValueError("frame must have %d bytes and out %d" % (3 * count, 4 * count))
        r, g, b = self.offsets
        return pack_words(frame, out, self.order, count, r, g, b)


# viper on the chip (and the unix port from source); the plain twin on CPython, on a port without a
# native emitter, and on a board that cannot load the native .mpy (of another sub-version: the
# loader's ValueError)
try:
    from hal.viper import pack_words
except (ImportError, SyntaxError, AttributeError, ValueError):
    from hal.chain_plain import pack_words
