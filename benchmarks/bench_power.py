"""Brightness, gamma and the current cap on a whole frame (app.power.limit), per call.
Runs under CPython and MicroPython; prints label<TAB>value<TAB>unit. A unix-port time
is no chip figure: the chip's own is `crib bench --chip`'s frame CPU."""

from timing import ON_MICROPYTHON, allocated, check_compiled_firmware, now_us, row, since_us, use_compiled_firmware

use_compiled_firmware()  # the firmware as deployed: .mpy files, not sources compiled in the heap
from led_current import estimate_milliamps  # noqa: E402  (a test helper: the LEDs' current by the model)

from app import power  # noqa: E402
from shared.supply import USB_MA  # noqa: E402

LEDS = 242
ROUNDS = 200


def board_frame() -> bytearray:
    """A frame like the board's: dim street marks, two front and two back pegs."""
    frame = bytearray(3 * LEDS)
    for hole in range(5, 121, 5):
        for track in (0, 1):
            i = 3 * (track * 121 + hole - 1)
            frame[i:i + 3] = b"\x10\x10\x10"
    frame[3 * 40:3 * 41] = b"\x00\x72\xb2"
    frame[3 * 35:3 * 36] = b"\x00\x24\x38"
    frame[3 * 160:3 * 161] = b"\xe6\x9f\x00"
    frame[3 * 150:3 * 151] = b"\x48\x32\x00"
    return frame


def bench(label: str, template: bytearray, brightness: int) -> bytearray:
    """Print the time (and on MicroPython the heap) of ``power.limit`` on ``template`` at
    ``brightness``; return the frame it leaves."""
    frame = bytearray(template)
    total: float = 0
    for k in range(ROUNDS):
        frame[:] = template
        start = now_us()
        power.limit(frame, brightness, USB_MA, 20 * k)  # (a frame's time: the heat limit too, as the app runs it)
        total += since_us(start)
    row(label, "%.1f" % (total / ROUNDS), "us")
    if ON_MICROPYTHON:
        frame[:] = template
        row(label + ", heap", allocated(power.limit, frame, brightness, USB_MA, 20 * ROUNDS), "bytes")
    return frame


bench("limit, board frame", board_frame(), 200)
white = bench("limit, full white (capped)", bytearray(b"\xff" * (3 * LEDS)), 255)
row("full white after the cap, whole board", estimate_milliamps(white) + power.BOARD_MA, "mA")
check_compiled_firmware()
