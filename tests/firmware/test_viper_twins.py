"""The viper twins of the per-LED loops give the same bytes as the plain Python ones, and the
button samples' scan the same answers.

``app.power_viper`` and ``hal.viper`` (firmware_native/) load where
MicroPython has a native emitter and gets them compiled for its architecture (the chip, from
`crib deploy`; the unix port in tests/test_on_micropython.py); there ``app.power``, ``hal.chain``
and ``hal.samples`` use them, elsewhere (CPython, the plain source tree, the 32-bit
webassembly port) the plain loops. Here many frames (and sample rings) go through both and must
come out the same.
"""

import json

from hal_edges import Xorshift

from app import power, power_plain
from hal import chain, chain_plain, samples, samples_plain

FRAMES = 60
LEDS = 242
BOARD_JSON = __file__.rpartition("/")[0] + "/../../hardware/board.json"


def fast_kernels_compile():
    try:
        import app.power_viper  # noqa: F401
    except (ImportError, SyntaxError, AttributeError):
        return False
    return True


def board_like_frame(rng, lit_share):
    """A frame like a board's: mostly dark, some greys, some colours, ``lit_share``/16 lit."""
    frame = bytearray(3 * LEDS)
    for led in range(LEDS):
        if rng.below(16) < lit_share:
            i = 3 * led
            if rng.below(4) == 0:
                frame[i] = frame[i + 1] = frame[i + 2] = rng.below(256)
            else:
                for k in range(3):
                    frame[i + k] = rng.below(256) if rng.below(3) else 0
    return frame


def test_the_kernels_in_use_are_the_viper_ones_wherever_they_compile():
    fast = fast_kernels_compile()
    assert (power.shade is not power_plain.shade) == fast
    assert (power.cap is not power_plain.cap) == fast
    assert (chain.pack_words is not chain_plain.pack_words) == fast
    assert (samples.first_change is not samples_plain.first_change) == fast


def test_limit_gives_the_same_bytes_with_either_kernels():
    rng = Xorshift(77)
    for n in range(FRAMES):
        frame = board_like_frame(rng, n % 17)
        brightness = rng.below(256)
        supply = 300 + rng.below(3000)
        fast = bytearray(frame)
        power.limit(fast, brightness, supply)  # the kernels in use
        plain = bytearray(frame)
        power._build_peak(brightness)
        steps = power_plain.shade(plain, len(plain), power._peak, power.gamma, power.LED_STEPS)
        total = steps >> 10
        allowed = ((supply - power.BOARD_MA) * 1000 - LEDS * power.IDLE_UA) * 255 // (power.CHANNEL_MA * 1000)
        if total > allowed:
            if allowed <= 0:
                plain[:] = bytearray(len(plain))
            else:
                power_plain.cap(plain, len(plain), total, steps & 0x3FF, allowed)
        assert fast == plain, (n, brightness, supply)


def test_packing_gives_the_same_words_and_changes_with_either_kernel():
    with open(BOARD_JSON) as f:
        wired = chain.Chain(json.load(f)["leds"]["chain"])
    rng = Xorshift(78)
    r, g, b = wired.offsets
    fast = bytearray(4 * LEDS)  # each packed over the last frame's words, as the LED driver packs
    plain = bytearray(4 * LEDS)
    changes = []
    for n in range(FRAMES):
        frame = board_like_frame(rng, n % 17)
        for again in range(2):  # the second time the same frame: nothing changes, but for the mark
            if again and n % 5 == 4:  # the LED driver's mark to send it again: byte 0 of a word set
                fast[4 * n] = plain[4 * n] = 1
            changed = wired.pack(frame, fast)
            assert chain_plain.pack_words(frame, plain, wired.order, LEDS, r, g, b) == changed, n
            assert fast == plain, n
            changes.append(changed)
    marks = FRAMES // 5
    assert changes.count(1) == FRAMES - 1 + marks and changes.count(0) == FRAMES + 1 - marks  # frame 0: dark


def test_the_sample_scan_gives_the_same_answers_with_either_kernel():
    ring = bytearray(samples.RING)
    wrap = len(ring) - 1
    rng = Xorshift(79)
    for n in range(100):
        mask = rng.below(256) | 1
        level = mask if rng.below(2) else rng.below(256) & mask
        for i in range(len(ring)):  # runs of the level (the odd stray bit outside the mask), now and again another
            ring[i] = level | (rng.below(256) & ~mask) if rng.below(60) else rng.below(256)
        at = rng.below(len(ring))
        end = at + rng.below(len(ring) + 1)  # past the ring's end too: the positions wrap
        found = samples.first_change(ring, at, end, wrap, mask, level)  # the kernel in use
        assert found == samples_plain.first_change(ring, at, end, wrap, mask, level), n
        assert at <= found <= end
        assert all(ring[i & wrap] & mask == level for i in range(at, found)), n
        assert found == end or ring[found & wrap] & mask != level, n
