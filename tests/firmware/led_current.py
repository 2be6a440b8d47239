"""The current the LEDs draw by ``app.power``'s model (``CHANNEL_MA`` a channel lit at 255,
``IDLE_UA`` an LED, lit or not): what the tests and the power benchmark hold the cap to. The
board itself never sums a frame this way (``power.limit`` counts as it shades)."""

from app.power import CHANNEL_MA, IDLE_UA


def estimate_milliamps(frame):
    """Current (mA, rounded up) that the LEDs draw showing ``frame``: idle plus lit channels."""
    total = 0
    for v in frame:
        total += v
    micro = (len(frame) // 3) * IDLE_UA * 255 + total * CHANNEL_MA * 1000  # uA, times 255
    return (micro + 254999) // 255000
