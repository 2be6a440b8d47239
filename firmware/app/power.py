"""From the colours the renderer wants to the bytes the LEDs may get: brightness, gamma, current cap, heat.

``limit(frame, brightness, supply_ma, now_ms)`` works in place on a frame (bytearray, 3 bytes per
LED) and allocates nothing, so it can run every frame. It works per LED, on the LED's
brightest channel (its "peak"), so a dim colour keeps its hue:

1. the peak: brightness (0..255) scales it, then ``gamma`` (the usual 2.8 curve, equal to
   Adafruit's published ``gamma8`` table) makes equal steps look equal. Below that curve
   lies a straight "toe": a peak ``p`` never gets fewer than ``p / 255`` of ``TOE`` PWM
   steps at brightness 0 rising to ``TOE_TOP`` at 255 (rounded up: a lit LED stays lit).
   Without it the curve squashes every dim thing into step 1 at low brightness, where all
   colours look alike and front and back pegs look the same; on the toe the renderer's
   levels keep their ratios and enough steps for a hue. So the menu's lowest brightness
   (16) shows a full white at 19 steps, not at 1. Brightness 0 is dark.
2. the other channels follow the peak in linear light: a channel ``c`` gets the peak's
   steps times ``gamma[c * 255 / p] / 255``. For the big values that is what gamma per
   channel gives, but it never rounds a dim blue into teal or white: a channel below the
   peak stays below it, and 0 stays 0.
3. the per-LED limit: no LED gets more than ``LED_MA`` (its channels summed, by the model
   below): a brighter one is scaled down like the cap scales (its hue kept). One LED at full
   white (60 mA, 0.3 W) would heat past the LED's 80 degC junction limit if held for minutes
   (hardware/power.md, "Heat"); a single full channel (20 mA) is under the limit, so only
   whites and bright mixes near full brightness are touched.
4. the current cap: if the frame would draw more than ``supply_ma - BOARD_MA`` by the model
   below, every LED's peak is scaled down (order kept, lit LEDs stay lit
   while the budget allows one step per lit channel) and its other channels follow it,
   rounded down, so it never does.
5. the heat limit (given the frame's time, ``now_ms``): the cap is on each frame, an instant; what
   the closed board sheds for good is about 6 W, ``_THERMAL_MA`` on average (hardware/power.md,
   "Heat"). What the frames drew above it, each held until the next, fills a reserve
   (``_RESERVE``: the blank warmed about 2 K more) and what they drew below it empties it; once
   full, every frame is capped at ``_COOL_MA``, under it, until it is empty again (not at once, or
   a picture would flicker between the two caps): a picture held past it so averages 1.2 A, in
   turns of about 5 minutes at the supply's cap and half an hour at 1 A. The app's own pictures
   never fill it (0.88 A on average at their heaviest, the board included): it holds any other, a
   host's or a future version's. Frames without their time (the benches, the hardware's tables)
   are left out of it. A reset forgets it (a crash loop ends in safe mode, app.safe, within a few).

Current model of a WS2812B (used by the cap and by the hardware power budget):
  * CHANNEL_MA = 20 mA per colour channel at 255, linear in the PWM value (the usual
    NeoPixel planning figure: about 60 mA per pixel at full white; some Worldsemi sheets,
    e.g. the WS2812B-2020's, state 12 mA per channel, so 20 errs on the safe side);
  * IDLE_UA = 1000 uA (1 mA) per LED even when dark (the driver chip's quiescent current,
    measured just under 1 mA per pixel): 242 LEDs draw about 242 mA doing nothing; in uA
    because a board's own, measured (hardware/BUILD.md, stage 6), is rarely whole mA and each
    mA of it is 242 mA of the budget;
  * BOARD_MA = 50 mA for everything that is not an LED (Pico at 125 MHz, encoder pull-ups,
    OLED) with margin. The USB build's 400 mA (shared.supply) leave 350 mA, of which 108 mA can light.
"""

from micropython import const

from shared.ticks import ticks_diff

CHANNEL_MA = const(20)
IDLE_UA = const(1000)
BOARD_MA = const(50)
LED_MA = const(25)  # the per-LED limit (3. above): 0.125 W, about 40 K above the pocket's air
LED_STEPS = const(LED_MA * 255 // CHANNEL_MA)  # the same in PWM steps, an LED's channels summed
# the toe (see 1. above): PWM steps of a full-scale peak at brightness 0 and at 255
TOE = const(16)
TOE_TOP = const(48)
# the heat limit (5. above): the average the closed board sheds for good, and the reserve above it in
# mA ms (400 A s: 2 kJ at 5 V, the blank's 1 kJ/K warmed 2 K; a small int on the chip: no allocation);
# the longest a frame is counted as held (the app sends a still picture again every second, app.render:
# a longer gap is the app stopped, at power-on or a restart)
_THERMAL_MA = const(1200)
_COOL_MA = const(1000)  # the cap while the reserve is spent: it then empties, at 0.2 A or more
_RESERVE = const(400_000_000)
_HELD_MS = const(2000)

# gamma[v]: PWM value that looks like v/255 of full brightness (gamma 2.8):
# int((v / 255) ** 2.8 * 255 + 0.5), written out: worked out at import, its 256 powers (soft float)
# held up the chip's first frame (tests/firmware/test_power.py checks it against the formula).
gamma = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x02\x02\x02\x02\x02\x02\x02\x02\x03\x03\x03\x03\x03\x03\x03\x04\x04\x04\x04\x04\x05\x05\x05"
    b"\x05\x06\x06\x06\x06\x07\x07\x07\x07\x08\x08\x08\x09\x09\x09\x0a\x0a\x0a\x0b\x0b\x0b\x0c\x0c\x0d\x0d\x0d\x0e\x0e\x0f\x0f\x10\x10"
    b"\x11\x11\x12\x12\x13\x13\x14\x14\x15\x15\x16\x16\x17\x18\x18\x19\x19\x1a\x1b\x1b\x1c\x1d\x1d\x1e\x1f\x20\x20\x21\x22\x23\x23\x24"
    b"\x25\x26\x27\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x32\x33\x34\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f\x40\x42\x43\x44"
    b"\x45\x46\x48\x49\x4a\x4b\x4d\x4e\x4f\x51\x52\x53\x55\x56\x57\x59\x5a\x5c\x5d\x5f\x60\x62\x63\x65\x66\x68\x69\x6b\x6d\x6e\x70\x72"
    b"\x73\x75\x77\x78\x7a\x7c\x7e\x7f\x81\x83\x85\x87\x89\x8a\x8c\x8e\x90\x92\x94\x96\x98\x9a\x9c\x9e\xa0\xa2\xa4\xa7\xa9\xab\xad\xaf"
    b"\xb1\xb4\xb6\xb8\xba\xbd\xbf\xc1\xc4\xc6\xc8\xcb\xcd\xd0\xd2\xd5\xd7\xda\xdc\xdf\xe1\xe4\xe7\xe9\xec\xef\xf1\xf4\xf7\xf9\xfc\xff"
)

# peak steps for each peak value at one brightness, rebuilt only when the brightness changes.
_peak = bytearray(256)
_peak_for = [-1]
# the heat limit's state: [the last frame's time (None before the first), the mA it draws, the reserve
# filled, 1 while its cap holds]
_heat = [None, 0, 0, 0]


def peak_steps(p, brightness):
    """PWM steps for an LED whose brightest channel is ``p`` (0..255) at ``brightness``."""
    if not (p and brightness):
        return 0
    toe = p * (TOE * (255 - brightness) + TOE_TOP * brightness)  # times 255 * 255
    return max(gamma[(p * brightness + 127) // 255], (toe + 65024) // 65025)


def _build_peak(brightness):
    table = _peak
    for p in range(256):
        table[p] = peak_steps(p, brightness)
    _peak_for[0] = brightness


def limit(frame, brightness, supply_ma, now_ms=None):
    """Apply brightness, gamma, the per-LED limit and the current cap for a ``supply_ma`` supply
    to ``frame``, in place; and the heat limit if the frame's time ``now_ms`` (ticks) is given."""
    if not 0 <= brightness <= 255:
        raise ValueError("brightness must be 0..255, not %r" % (brightness,))
    n = len(frame)
    if n % 3:
        raise ValueError("a frame has 3 bytes per LED, not %d bytes" % n)
    if _peak_for[0] != brightness:
        _build_peak(brightness)
    heat = _heat
    if now_ms is not None:
        if heat[0] is not None:  # the last frame, held until now: the reserve fills above the average, empties below
            held = min(max(ticks_diff(now_ms, heat[0]), 0), _HELD_MS)
            filled = max(heat[2] + (heat[1] - _THERMAL_MA) * held, 0)
            heat[2] = filled
            if filled >= _RESERVE:
                heat[3] = 1
            elif not filled:
                heat[3] = 0
        heat[0] = now_ms
        if heat[3]:
            supply_ma = min(supply_ma, _COOL_MA)
    steps = shade(frame, n, _peak, gamma, LED_STEPS)
    total = steps >> 10
    lit = steps & 0x3FF
    # channel steps the budget allows once the board and every LED's idle current are paid (uA)
    paid_ua = BOARD_MA * 1000 + (n // 3) * IDLE_UA
    allowed = (supply_ma * 1000 - paid_ua) * 51 // (CHANNEL_MA * 200)  # * 255 / 1000 in small ints (no big int)
    if total > allowed:
        if allowed <= 0:
            for i in range(n):
                frame[i] = 0
            total = 0
        else:
            cap(frame, n, total, lit, allowed)
            total = allowed  # (at most: the cap rounds down)
    if now_ms is not None:
        heat[1] = (paid_ua + total * (CHANNEL_MA * 200) // 51) // 1000  # what the frame draws, by the model


# The two per-LED passes of ``limit``, written twice: in plain Python (app.power_plain: CPython,
# the tests, a port without a native emitter) and in app.power_viper (firmware_native/) for the
# chip, where they are 20 times faster (and the plain ones never load), and the unix port from
# source; the plain ones also on a board that cannot load the native .mpy (of another sub-version:
# the loader's ValueError). tests/firmware/test_viper_twins.py checks both give the same bytes.
try:
    from app.power_viper import cap, shade
except (ImportError, SyntaxError, AttributeError, ValueError):
    from app.power_plain import cap, shade
