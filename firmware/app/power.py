"""From the colours the renderer wants to the bytes the LEDs may get: brightness, gamma, current cap.

``limit(frame, brightness, supply_ma)`` works in place on a frame (bytearray, 3 bytes per
LED) and allocates nothing, so it can run every frame:

1. brightness (0..255) scales each channel, then ``gamma`` (the usual 2.8 curve, equal to
   Adafruit's published ``gamma8`` table) makes equal steps look equal. A channel that was
   lit stays lit (at least 1) so a dim peg never disappears; 0 stays 0.
2. the current cap: if the frame would draw more than ``supply_ma - BOARD_MA`` by
   ``estimate_milliamps``, all channels are scaled down together (order kept,
   lit channels stay lit while the budget allows one step each), so it never does.

Current model of a WS2812B (used by the cap and by the hardware power budget):
  * CHANNEL_MA = 20 mA per colour channel at 255, linear in the PWM value (the usual
    NeoPixel planning figure: about 60 mA per pixel at full white; some Worldsemi sheets,
    e.g. the WS2812B-2020's, state 12 mA per channel, so 20 errs on the safe side);
  * IDLE_MA = 1 mA per LED even when dark (the driver chip's quiescent current, measured
    just under 1 mA per pixel): 242 LEDs draw about 242 mA doing nothing;
  * BOARD_MA = 50 mA for everything that is not an LED (Pico at 125 MHz, encoder pull-ups,
    OLED) with margin. On a 500 mA USB port that leaves 450 mA, of which 208 mA can light.
"""

from micropython import const

CHANNEL_MA = const(20)
IDLE_MA = const(1)
BOARD_MA = const(50)
USB_SUPPLY_MA = const(500)

# gamma[v]: PWM value that looks like v/255 of full brightness (gamma 2.8).
gamma = bytes(int((i / 255) ** 2.8 * 255 + 0.5) for i in range(256))

# brightness+gamma in one table, rebuilt only when the brightness changes.
_scaled = bytearray(256)
_scaled_for = [-1]


def _build_scaled(brightness):
    table = _scaled
    table[0] = 0
    for v in range(1, 256):
        g = gamma[(v * brightness + 127) // 255]
        table[v] = g if g or not brightness else 1
    _scaled_for[0] = brightness


def estimate_milliamps(frame):
    """Current (mA, rounded up) that the LEDs draw showing ``frame``: idle plus lit channels."""
    total = 0
    for v in frame:
        total += v
    return (len(frame) // 3) * IDLE_MA + (total * CHANNEL_MA + 254) // 255


def limit(frame, brightness, supply_ma):
    """Apply brightness, gamma and the current cap for a ``supply_ma`` supply to ``frame``, in place."""
    if not 0 <= brightness <= 255:
        raise ValueError("brightness must be 0..255, not %r" % (brightness,))
    n = len(frame)
    if n % 3:
        raise ValueError("a frame has 3 bytes per LED, not %d bytes" % n)
    if _scaled_for[0] != brightness:
        _build_scaled(brightness)
    table = _scaled
    total = 0
    for i in range(n):
        v = frame[i]
        if v:  # most of a board frame is dark, and dark stays dark
            v = table[v]
            frame[i] = v
            total += v
    # channel steps the budget allows once every LED's idle current is paid
    allowed = (supply_ma - BOARD_MA - (n // 3) * IDLE_MA) * 255 // CHANNEL_MA
    if total <= allowed:
        return
    lit = 0
    for i in range(n):
        if frame[i]:
            lit += 1
    if allowed <= 0:
        for i in range(n):
            frame[i] = 0
    elif allowed >= lit:
        # every lit channel keeps 1 step; the steps above 1 share what is left
        above = total - lit
        share = allowed - lit
        for i in range(n):
            v = frame[i]
            if v:
                frame[i] = 1 + (v - 1) * share // above
    else:
        for i in range(n):
            v = frame[i]
            if v:
                frame[i] = v * allowed // total
