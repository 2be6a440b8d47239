"""Hardware-layer logic that runs on every frame or every encoder edge: packing a frame
into wire-order words (hal.chain) and one quadrature decode (hal.quadrature). Runs under
CPython and MicroPython (`crib bench --only hal`); prints label<TAB>value<TAB>unit.
On MicroPython it also reports heap allocated per frame pack (should be 0: it runs every
frame) and per decoded change (should be 0: a turn feeds it hundreds). On the chip: `crib bench --chip`.
"""

import json

from timing import ON_MICROPYTHON, allocated, check_compiled_firmware, now_us, row, since_us, use_compiled_firmware

use_compiled_firmware()  # the firmware as deployed: .mpy files, not sources compiled in the heap
from hal.chain import Chain  # noqa: E402
from hal.quadrature import Quadrature  # noqa: E402

FRAMES = 50
DETENTS = 2000


with open("hardware/board.json") as f:
    chain = Chain(json.load(f)["leds"]["chain"])
frame = bytearray(i & 0xFF for i in range(3 * chain.count))
out = bytearray(4 * chain.count)

start = now_us()
for _ in range(FRAMES):
    chain.pack(frame, out)
row("pack one frame (242 LEDs)", "%.0f" % (since_us(start) / FRAMES), "us")

edges = (1, 0, 2, 3) * DETENTS
decoder = Quadrature()
start = now_us()
for ab in edges:
    decoder.feed(ab)
row("decode one encoder edge", "%.2f" % (since_us(start) / len(edges)), "us")
if decoder.take() != DETENTS:
    raise RuntimeError("decoder lost steps")

if ON_MICROPYTHON:
    row("heap per frame pack", allocated(lambda: chain.pack(frame, out)), "bytes")
    decoder = Quadrature()

    def one_detent() -> None:
        """The four contact changes of one clockwise detent."""
        decoder.feed(1)
        decoder.feed(0)
        decoder.feed(2)
        decoder.feed(3)

    row("heap per decoded detent (4 edges)", allocated(one_detent), "bytes")
check_compiled_firmware()
