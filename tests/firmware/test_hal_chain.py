"""Chain mapping: logical frames reach the right LED on the wire, in the strip's colour order."""

import json

from hal.chain import Chain, colour_offsets
from portable import raises

BOARD_JSON = __file__.rpartition("/")[0] + "/../../hardware/board.json"


def board_chain():
    with open(BOARD_JSON) as f:
        return json.load(f)["leds"]["chain"]


def word(out, wire):
    """The 32-bit little-endian word of LED ``wire`` (as the RP2040 DMA reads it)."""
    j = 4 * wire
    return out[j] | out[j + 1] << 8 | out[j + 2] << 16 | out[j + 3] << 24


def test_each_led_gets_its_own_holes_colour_in_grb():
    pairs = board_chain()
    chain = Chain(pairs, "GRB")
    frame = bytearray(3 * 242)
    for i in range(242):  # a distinct colour for every logical LED
        frame[3 * i] = i & 0xFF
        frame[3 * i + 1] = (i * 7 + 1) & 0xFF
        frame[3 * i + 2] = (i * 13 + 2) & 0xFF
    out = bytearray(4 * 242)
    assert chain.pack(frame, out)
    for wire, (track, hole) in enumerate(pairs):
        i = track * 121 + hole - 1
        r, g, b = frame[3 * i], frame[3 * i + 1], frame[3 * i + 2]
        # WS2812B takes green, red, blue, most significant bit first: G in the word's top byte.
        assert word(out, wire) == g << 24 | r << 16 | b << 8


def test_other_colour_orders():
    pairs = board_chain()
    frame = bytearray(3 * 242)
    frame[0], frame[1], frame[2] = 0x11, 0x22, 0x33  # R, G, B of hole 1 of track 0
    wire = pairs.index([0, 1])
    for order, expected in (("RGB", 0x11223300), ("GRB", 0x22113300), ("BRG", 0x33112200)):
        out = bytearray(4 * 242)
        Chain(pairs, order).pack(frame, out)
        assert word(out, wire) == expected


def test_packing_tells_whether_the_words_changed():
    # The LED driver sends a frame only if it changed (hal.rp2_leds): any one byte of any LED counts.
    chain = Chain(board_chain())
    frame = bytearray(3 * 242)
    out = bytearray(4 * 242)
    assert not chain.pack(frame, out)  # dark over dark
    for i in (0, 1, 2, 3 * 241 + 2, 3 * 120 + 1):
        frame[i] = 1
        assert chain.pack(frame, out)
        assert not chain.pack(frame, out)  # the same frame again
        frame[i] = 0
        assert chain.pack(frame, out)
    out[4 * 100] = 1  # byte 0 of a word, which never goes out: the LED driver's mark to send the frame again
    assert chain.pack(frame, out) and out[4 * 100] == 0
    assert not chain.pack(frame, out)


def test_the_wired_chain_is_not_the_logical_order():
    # The board is wired serpentine: track 1's first row runs backwards on the wire.
    pairs = board_chain()
    chain = Chain(pairs)
    assert sorted(chain.order) == list(range(242))
    assert list(chain.order) != list(range(242))


def test_bad_chains_and_frames_are_rejected():
    pairs = board_chain()
    with raises(ValueError, "wired twice"):
        Chain(pairs[:-1] + [pairs[0]])
    with raises(ValueError):
        Chain(pairs[:-1])
    with raises(ValueError):
        Chain(pairs[:-1] + [[2, 1]])
    with raises(ValueError):
        colour_offsets("GRR")
    chain = Chain(pairs)
    with raises(ValueError):
        chain.pack(bytearray(3 * 241), bytearray(4 * 242))
