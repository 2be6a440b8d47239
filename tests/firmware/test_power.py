"""Brightness, gamma and the current cap (app.power) on both interpreters."""

import random

from led_colour import dominant
from led_current import estimate_milliamps

from app import power, power_plain
from portable import raises
from shared.supply import ADAPTER_MA, USB_MA
from shared.ticks import ticks_add

# Adafruit's published gamma8 table (NeoPixel Uberguide, "LED tricks: gamma correction"),
# rows starting at 0, 16, 80, 128, 192 and 240.
ADAFRUIT_GAMMA8_ROWS = {
    0: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    16: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1),
    80: (10, 10, 11, 11, 11, 12, 12, 13, 13, 13, 14, 14, 15, 15, 16, 16),
    128: (37, 38, 39, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 50),
    192: (115, 117, 119, 120, 122, 124, 126, 127, 129, 131, 133, 135, 137, 138, 140, 142),
    240: (215, 218, 220, 223, 225, 228, 231, 233, 236, 239, 241, 244, 247, 249, 252, 255),
}
LEDS = 242


def frame_of(rgb, leds=LEDS):
    return bytearray(bytes(rgb) * leds)


def brute_estimate(frame):
    """The current model spelled out per channel, in exact fractions of a uA (times 255)."""
    idle = sum(255 * power.IDLE_UA for _ in range(len(frame) // 3))
    return idle + sum(v * power.CHANNEL_MA * 1000 for v in frame)


IDLE_LEDS_MA = (LEDS * power.IDLE_UA + 999) // 1000  # every LED dark, rounded up


def random_frame(lit_share):
    """A frame where about lit_share/256 of the channels are lit at random levels."""
    frame = bytearray(3 * LEDS)
    for i in range(len(frame)):
        if random.getrandbits(8) < lit_share:
            frame[i] = random.getrandbits(8)
    return frame


def fits(frame, supply):
    return estimate_milliamps(frame) + power.BOARD_MA <= supply


def test_gamma_is_adafruits_table():
    assert power.gamma == bytes(int((v / 255) ** 2.8 * 255 + 0.5) for v in range(256))  # the formula, written out
    for start, row in ADAFRUIT_GAMMA8_ROWS.items():
        assert tuple(power.gamma[start:start + 16]) == row
    for v in range(255):
        assert power.gamma[v] <= power.gamma[v + 1]


def test_estimate_matches_the_model():
    random.seed(5)
    for lit_share in (0, 30, 255):
        frame = random_frame(lit_share)
        exact = brute_estimate(frame)  # in uA * 255
        estimate = estimate_milliamps(frame)
        assert estimate * 255000 >= exact > (estimate - 1) * 255000
    assert estimate_milliamps(frame_of((0, 0, 0))) == IDLE_LEDS_MA
    # full white: 60 mA a pixel plus idle, the figure the hardware power budget uses
    assert estimate_milliamps(frame_of((255, 255, 255))) == LEDS * 3 * power.CHANNEL_MA + IDLE_LEDS_MA


def test_full_white_stays_within_the_usb_budget():
    for brightness in (255, 128, 40):
        frame = frame_of((255, 255, 255))
        power.limit(frame, brightness, USB_MA)
        assert fits(frame, USB_MA)
        assert len(set(frame)) == 1
        # not needlessly dark: the brightest even white that fits, found by trying them all
        brightest = max(v for v in range(256) if fits(frame_of((v, v, v)), USB_MA))
        assert frame[0] == min(brightest, power.peak_steps(255, brightness), power.LED_STEPS // 3)
        assert frame[0] >= min(brightest, power.gamma[brightness], power.LED_STEPS // 3)


def test_the_peak_follows_gamma_with_a_linear_toe():
    for brightness in (1, 16, 64, 128, 160, 255):
        previous = 0
        for p in range(256):
            steps = power.peak_steps(p, brightness)
            on_the_curve = power.gamma[(p * brightness + 127) // 255]
            # never darker than gamma, nor than the toe: p/255 of TOE steps at brightness 0 to
            # TOE_TOP at 255, linear in between (all times 65025 to stay in integers)
            toe = p * (power.TOE * (255 - brightness) + power.TOE_TOP * brightness)
            assert steps >= on_the_curve and steps * 65025 >= toe
            # and not brighter than the larger of the two, rounded up
            assert steps == on_the_curve or (steps - 1) * 65025 < toe
            assert steps >= previous and (steps > 0) == (p > 0)
            previous = steps
    # bright colours at full brightness: gamma rules, as in Adafruit's table
    for p in range(128, 256):
        assert power.peak_steps(p, 255) == power.gamma[p]
    assert power.peak_steps(255, 0) == 0


def test_colours_keep_their_hue_in_linear_light():
    """Every colour at every level: the peak channel(s) stay the peak, 0 stays 0, ratios as gamma 2.8 says."""
    random.seed(3)
    colours = [tuple(random.getrandbits(8) for _ in range(3)) for _ in range(60)]
    colours += [(0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (255, 10, 0), (1, 1, 0), (2, 1, 0)]
    for brightness in (1, 16, 96, 160, 255):
        frame = bytearray(3 * LEDS)
        leds = []
        for k in range(LEDS):
            colour = colours[k % len(colours)]
            level = 1 + k * 255 // LEDS
            rgb = tuple(c * level >> 8 for c in colour)
            frame[3 * k:3 * k + 3] = bytes(rgb)
            leds.append(rgb)
        frame = shaded_alone(frame, brightness)  # neither the per-LED limit nor the cap
        for k in range(LEDS):
            rgb = leds[k]
            out = tuple(frame[3 * k:3 * k + 3])
            if max(rgb) == 0:
                assert out == (0, 0, 0)
                continue
            p = max(rgb)
            top = power.peak_steps(p, brightness)
            assert max(out) == top and dominant(out) == dominant(rgb), (brightness, rgb, out)
            for i in range(3):
                ideal = top * (rgb[i] / p) ** 2.8  # this channel's share of the peak's light
                assert (out[i] == 0) == (rgb[i] == 0) or rgb[i] and out[i] == 0 and ideal < 1, (rgb, out)
                assert abs(out[i] - ideal) <= 1, (brightness, rgb, out)
                if brightness == 255 and top == power.gamma[p]:  # bright: as Adafruit's table per channel
                    assert abs(out[i] - power.gamma[rgb[i]]) <= 1, (rgb, out)


def test_a_dim_blue_stays_blue():
    """The reported fault: a dim Okabe-Ito blue came out teal (0, 1, 1) or white (1, 1, 1)."""
    for brightness in (16, 32, 64, 96, 128, 160, 192, 255):
        for level in (40, 80, 120, 160):
            frame = bytearray(3 * LEDS)
            frame[0:3] = bytes(c * level >> 8 for c in (0, 114, 178))
            power.limit(frame, brightness, USB_MA)
            r, g, b = frame[0:3]
            assert r == 0 and b > g and b >= 2, (brightness, level, tuple(frame[0:3]))


def test_capped_frames_keep_order_zero_hue_and_light_within_budget():
    random.seed(11)
    supplies = (300, 310, 400, 500, 1000, 2000, 5000)
    for case in range(40):
        original = random_frame(random.getrandbits(8))
        supply = supplies[random.getrandbits(8) % len(supplies)]
        brightness = (255, 200, 90, 10)[random.getrandbits(2)]
        frame = bytearray(original)
        power.limit(frame, brightness, supply)
        assert fits(frame, supply), (case, supply)
        unlimited = shaded_alone(original, brightness)
        # lit LEDs stay lit whenever the budget has one step for each lit channel
        one_step_each = bytearray(1 if v else 0 for v in original)
        keeps_lit = fits(one_step_each, supply)
        peaks = []
        for k in range(0, len(frame), 3):
            rgb = tuple(original[k:k + 3])
            out = tuple(frame[k:k + 3])
            for i in range(3):
                assert out[i] == 0 or rgb[i], (case, k)  # dark stays dark
            if max(out):
                assert dominant(out) == dominant(rgb), (case, rgb, out)
            else:
                assert max(rgb) == 0 or not keeps_lit, (case, rgb)
            if sum(unlimited[k:k + 3]) <= power.LED_STEPS:
                peaks.append((max(rgb), max(out)))
        # order kept: a brighter LED in never comes out darker (of those the per-LED limit leaves)
        peaks.sort()
        for k in range(1, len(peaks)):
            assert peaks[k - 1][1] <= peaks[k][1], (case, peaks[k - 1], peaks[k])


def shaded_alone(frame, brightness):
    """``frame`` with brightness and gamma applied, and neither the per-LED limit nor the cap."""
    out = bytearray(frame)
    power._build_peak(brightness)
    power_plain.shade(out, len(out), power._peak, power.gamma, 3 * 255)
    return out


def test_no_led_draws_more_than_its_limit():
    random.seed(12)
    colours = [tuple(random.getrandbits(8) for _ in range(3)) for _ in range(LEDS - 4)]
    colours += [(255, 255, 255), (255, 0, 0), (255, 255, 0), (230, 159, 0)]  # white, red, yellow, orange
    original = bytearray(b"".join(bytes(c) for c in colours))
    for brightness in (255, 220, 160, 90):
        frame = bytearray(original)
        power.limit(frame, brightness, 10000)  # a supply the frame cannot reach: no cap
        unlimited = shaded_alone(original, brightness)
        for k in range(0, len(frame), 3):
            out = tuple(frame[k:k + 3])
            assert sum(out) <= power.LED_STEPS, (brightness, colours[k // 3], out)
            if sum(unlimited[k:k + 3]) <= power.LED_STEPS:
                assert out == tuple(unlimited[k:k + 3])  # below the limit: untouched
            else:  # scaled down: the brightest channel(s) stay the brightest, dark stays dark
                assert dominant(out) == dominant(tuple(unlimited[k:k + 3])), (brightness, out)
                assert all(out[i] == 0 for i in range(3) if not original[k + i])
        if brightness == 255:
            assert tuple(frame[-9:-6]) == (255, 0, 0)  # a full channel: under the limit
            white = power.LED_STEPS // 3
            assert tuple(frame[-12:-9]) == (white, white, white)  # full white: the most one LED may have
    assert power.LED_STEPS * power.CHANNEL_MA <= 255 * power.LED_MA


def test_tiny_budgets():
    # the idle current alone eats the supply: everything off
    frame = frame_of((255, 10, 0))
    power.limit(frame, 255, power.BOARD_MA + IDLE_LEDS_MA)
    assert frame == bytearray(3 * LEDS)
    # room for fewer steps than lit channels: within budget (here: dark), never over
    for extra in (1, 3, 20):
        frame = frame_of((255, 10, 0))
        supply = power.BOARD_MA + IDLE_LEDS_MA + extra
        power.limit(frame, 255, supply)
        assert fits(frame, supply)
        assert frame[0] >= frame[1] >= frame[2] == 0


def test_brightness_zero_is_dark_and_bad_input_is_refused():
    frame = frame_of((255, 255, 255))
    power.limit(frame, 0, 5000)
    assert frame == bytearray(3 * LEDS)
    with raises(ValueError, "brightness"):
        power.limit(frame, 256, 500)
    with raises(ValueError, "brightness"):
        power.limit(frame, -1, 500)
    with raises(ValueError, "3 bytes"):
        power.limit(bytearray(4), 255, 500)


def test_limit_allocates_nothing():
    """On MicroPython the heap is locked during the call, so any allocation raises MemoryError.

    CPython has no heap lock: there this test only checks that a locked-style call works.
    """
    import micropython

    frame = frame_of((255, 255, 255))
    power.limit(frame, 77, 500)  # build the brightness table outside the lock
    frame = frame_of((255, 255, 255))
    white = frame_of((255, 255, 255))
    # the heat limit's work too: a full white held 2 s across the clock's wrap spends the last of the reserve
    power._heat[:] = [WRAP, ADAPTER_MA, RESERVE_MAS * 1000 - 1, 0]
    lock = getattr(micropython, "heap_lock", None)
    unlock = getattr(micropython, "heap_unlock", None)
    if lock:
        lock()
    try:
        power.limit(frame, 77, 500)
        power.limit(white, 255, ADAPTER_MA, ticks_add(WRAP, 600_002))
    finally:
        if unlock:
            unlock()
        capped = power._heat[3]
        heat_forgotten()
    assert estimate_milliamps(frame) + power.BOARD_MA <= 500
    assert capped and estimate_milliamps(white) + power.BOARD_MA <= COOL_MA


def test_the_cap_holds_at_the_budget_s_edge():
    """Frames whose own draw lands within a few mA either side of the budget (full reds and one red
    LED at some level): over it, brought within it; within it, left as shaded. Random frames land
    far from the edge: a cap 2 % loose passed them."""
    near = over = 0
    for supply in (300, USB_MA, 1000):
        for reds in range(40):
            for level in range(0, 256, 3):
                frame = bytearray(3 * LEDS)
                for k in range(reds):
                    frame[3 * k] = 255
                frame[3 * reds] = level
                alone = shaded_alone(frame, 255)
                drawn = estimate_milliamps(alone) + power.BOARD_MA
                if abs(drawn - supply) > 6:
                    continue
                near += 1
                over += drawn > supply
                power.limit(frame, 255, supply)
                assert fits(frame, supply), (supply, reds, level, drawn)
                if drawn <= supply:
                    assert frame == alone, (supply, reds, level, drawn)
    assert near >= 20 and over >= 10, (near, over)


THERMAL_MA = 1200  # hardware/power.md, "Heat": what the closed board sheds for good, about 6 W at 5 V
RESERVE_MAS = 400_000  # mA s drawn above it before the heat limit caps the frames (app.power: 2 kJ)
COOL_MA = 1000  # the cap while the reserve is spent: under the average, so it empties again
WRAP = ticks_add(0, -600_000)  # ten minutes before the board's clock wraps: the limit reads it across


def heat_forgotten():
    """The heat limit as at power-on: no frame drawn yet (its state is the module's: one board's LEDs)."""
    power._heat[:] = [None, 0, 0, 0]


def white_drawn(ms, supply=ADAPTER_MA):
    """The mA (by the model, the board included) of full white at full brightness drawn at ``ms`` (ticks)."""
    frame = frame_of((255, 255, 255))
    power.limit(frame, 255, supply, ms)
    return estimate_milliamps(frame) + power.BOARD_MA


def test_full_white_held_for_hours_averages_what_the_board_sheds_in_turns_of_the_two_caps():
    heat_forgotten()
    try:
        charge = 0  # mA s drawn so far, each frame held until the next, 2 s later
        turns = []  # (second, mA) where the drawn current changed by more than 100 mA
        last = None
        for k in range(5400):  # three hours of full white on the adapter build, a frame every 2 s
            drawn = white_drawn(ticks_add(WRAP, 2000 * k))
            assert drawn <= ADAPTER_MA and (drawn <= COOL_MA or drawn > 2400), drawn  # one cap or the other
            if last is None or abs(drawn - last) > 100:
                turns.append((2 * k, drawn))
            last = drawn
            charge += 2 * drawn
            assert charge <= THERMAL_MA * 2 * (k + 1) + RESERVE_MAS + 2 * ADAPTER_MA, k
        # full until the reserve is spent (about 1.25 A over: 320 s), then 1 A at most until it is empty again
        # (about 0.22 A under: 1800 s), and so on: no flicker, and 1.2 A on average over whole turns
        assert [mA > 2400 for _, mA in turns] == [k % 2 == 0 for k in range(len(turns))] and len(turns) >= 8, turns
        assert 300 <= turns[1][0] <= 340 and 2100 <= turns[2][0] <= 2400, turns
        assert THERMAL_MA * 0.95 <= charge / 10800 <= THERMAL_MA + RESERVE_MAS / 10800, charge / 10800
    finally:
        heat_forgotten()


def test_a_frame_held_long_counts_at_most_two_seconds_and_a_clock_gone_back_nothing():
    heat_forgotten()
    try:
        white_drawn(0)
        white_drawn(600_000)  # ten minutes without a frame (the app stopped): counted as 2 s of it
        assert power._heat[2] == (power._heat[1] - THERMAL_MA) * 2000
        filled = power._heat[2]
        white_drawn(500_000)  # a clock gone back
        assert power._heat[2] == filled
    finally:
        heat_forgotten()


def test_the_heat_limit_leaves_a_frame_without_its_time_alone():
    heat_forgotten()
    try:
        white_drawn(0)
        power._heat[2:] = [RESERVE_MAS * 1000, 1]  # the reserve spent: frames with their time are capped
        untimed = frame_of((255, 255, 255))
        power.limit(untimed, 255, ADAPTER_MA)
        assert estimate_milliamps(untimed) + power.BOARD_MA > 2400
        assert white_drawn(1500) <= COOL_MA
    finally:
        heat_forgotten()
