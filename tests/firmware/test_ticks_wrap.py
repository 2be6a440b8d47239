"""The millisecond ticks wrap (MicroPython's ``ticks_ms``; on the RP2040 after 2**30 ms, 12.4
days), and every timer of the board keeps its time across the wrap.

Each timed path is played from several starts before the wrap, so that the wrap falls at
every moment of it, and must do exactly what it does far from the wrap.
"""

import sys

from app_driver import ENC, HOLD_ENC, P1, Driver, brightness, dealt, game_holes_vermillion, is_hue, turn
from boot_clock import Clock, pressed_from
from led_colour import BLUE

from app.run import Shell
from hal.acceleration import Acceleration
from hal.boot_window import POLL_MS as BOOT_POLL_MS
from hal.boot_window import WINDOW_MS, first_pressed
from hal.debounce import Button
from portable import raises
from shared.events import LONG, PRESS
from shared.ticks import ticks_add, ticks_diff

MAX = ticks_add(0, -1)  # the largest tick: the ticks' period is MAX + 1
HALF = MAX // 2 + 1
FAR = 12345  # a start far from the wrap: what every start must give


def starts(span, step):
    """Starts before the wrap from which a run of ``span`` ms meets it at every ``step`` ms."""
    return [ticks_add(0, -before) for before in range(0, span + step, step)]


def to_wrap(hw, before):
    """Move ``hw``'s clock on to ``before`` ms before the next wrap (by half periods, if it is past)."""
    target = ticks_add(0, -before)
    for _ in range(3):  # (three half periods at most: a test fails, it never hangs)
        if ticks_diff(target, hw.ticks_ms()) > 0:
            break
        hw.advance(HALF - 1)
    hw.advance(ticks_diff(target, hw.ticks_ms()))


def test_ticks_arithmetic_is_micropythons():
    # MicroPython's own checks of it (its tests/extmod/ticks_diff.py): CPython's must pass them too.
    assert ticks_diff(1, 0) == 1 and ticks_diff(0, 1) == -1
    assert ticks_diff(0, MAX) == 1 and ticks_diff(MAX, 0) == -1
    assert ticks_diff(0, MAX - 1) == 2
    assert ticks_diff(HALF, 1) == HALF - 1  # the longest distance forward
    assert ticks_diff(HALF, 0) == -HALF  # one more, and it is a distance back
    assert ticks_diff(HALF - 100, ticks_add(1, -100)) == HALF - 1
    assert ticks_diff(HALF - 100, ticks_add(0, -100)) == -HALF
    for tick in (0, 1, 777, HALF - 1, HALF, MAX - 1, MAX):
        for delta in (0, 1, -1, 999, -999, HALF - 1, 1 - HALF):
            later = ticks_add(tick, delta)
            assert 0 <= later <= MAX
            assert ticks_diff(later, tick) == delta and ticks_diff(tick, later) == -delta
    for delta in (HALF, -HALF):
        with raises(OverflowError):
            ticks_add(0, delta)


def test_on_cpython_the_ticks_wrap_as_on_the_rp2040_and_refuse_what_is_not_a_tick():
    if sys.implementation.name == "micropython":
        return  # its own period: 2**30 on a 32-bit port, 2**62 on the 64-bit unix port
    assert MAX == (1 << 30) - 1
    for not_a_tick in (-1, MAX + 1, MAX + 500):  # e.g. a tick plus a delay, added without ticks_add
        with raises(ValueError):
            ticks_diff(not_a_tick, 0)
        with raises(ValueError):
            ticks_add(not_a_tick, 0)


POLL_MS = 5


def button_events(changes, end_ms, start):
    """Poll a button every POLL_MS from tick ``start`` to ``end_ms`` later, the contact changing
    as ``changes`` say ((ms after ``start``, closed), sorted), the first edge since each poll
    known; return [(ms after ``start``, event), ...]."""
    button = Button()
    events = []
    closed = False
    i = 0
    for ms in range(0, end_ms, POLL_MS):
        first = None
        while i < len(changes) and changes[i][0] <= ms:
            if first is None:
                first = ticks_add(start, changes[i][0])
            closed = changes[i][1]
            i += 1
        event = button.update(closed, first, ticks_add(start, ms))
        if event is not None:
            events.append((ms, event))
    return events


def test_long_and_short_presses_across_the_wrap():
    changes = [(51, True), (951, False), (1052, True), (1252, False)]  # held 900 ms, then 200 ms
    expected = button_events(changes, 1350, FAR)
    assert [event for _, event in expected] == [LONG, PRESS]
    for start in starts(1350, POLL_MS):
        assert button_events(changes, 1350, start) == expected, ticks_diff(0, start)


def test_encoder_acceleration_across_the_wrap():
    turns = ((0, 1), (30, 1), (40, 2), (50, 1), (60, -1), (70, -1), (600, -1), (610, -1))  # (ms, detents)
    for start in [FAR] + starts(610, 10):
        acceleration = Acceleration()
        scaled = [acceleration.scale(detents, ticks_add(start, ms)) for ms, detents in turns]
        assert scaled == [1, 2, 10, 5, -1, -5, -1, -5], (ticks_diff(0, start), scaled)


def test_a_turn_more_than_half_the_ticks_period_after_the_last_is_not_a_fast_one():
    acceleration = Acceleration()
    acceleration.scale(1, 0)
    # ticks_diff sees it as long before: a pause all the same, not a detent in no time
    assert acceleration.scale(1, ticks_add(ticks_add(0, HALF - 1), 20)) == 1


def test_the_boot_window_across_the_wrap():
    for start in [FAR] + starts(WINDOW_MS, BOOT_POLL_MS):
        clock = Clock(start)
        assert first_pressed([("BOOTSEL", lambda: False)], clock.ticks_ms, clock.sleep_ms) is None
        assert WINDOW_MS <= clock.elapsed() < WINDOW_MS + BOOT_POLL_MS, ticks_diff(0, start)
        clock = Clock(start)
        assert first_pressed([("BOOTSEL", pressed_from(clock, 430))], clock.ticks_ms, clock.sleep_ms) == "BOOTSEL"
        assert 430 <= clock.elapsed() < 430 + BOOT_POLL_MS


def test_the_watchdog_is_fed_across_the_wrap_only_while_both_tasks_prove_alive():
    d = Driver()
    for before in [3000] + list(range(0, 2100, 100)):  # 3 s before: away from the wrap
        to_wrap(d.hw, before)
        shell = Shell(d.hw, d.board)
        shell.frame_step(d.hw.ticks_ms())  # a frame goes out; then the frame task hangs
        fed_for = 0
        while True:  # the input task goes on every 10 ms, the watchdog task too
            d.hw.advance(10)
            shell.input_step()
            feeds = d.hw.watchdog_feeds
            shell.watchdog_step()
            if d.hw.watchdog_feeds == feeds:
                break
            fed_for += 10
            assert fed_for < 10000, "still fed, the frame task silent for 10 s"
        assert fed_for == 2000, (before, fed_for)


def test_the_refusal_signal_flickers_and_ends_on_time_across_the_wrap():
    for before in range(0, 800, 100):
        d = Driver()
        d.press(HOLD_ENC, turn(1), ENC)  # the menu's "new match", before the match began
        to_wrap(d.hw, before)
        d.press(ENC)  # refused
        shown = [game_holes_vermillion(d.frame_after(10)) for _ in range(150)]  # 10 ms to 1.5 s after
        assert 10 <= shown[:50].count(True) <= 40, (before, shown[:50])  # it flickers ...
        assert True not in shown[69:], before  # ... and is over 0.7 s after the refusal
        d.board.tick()
        assert not d.board.messages.refused(d.hw.ticks_ms())


def runs(samples):
    """Lengths of the runs of equal values in ``samples``."""
    lengths = [1]
    for i in range(1, len(samples)):
        if samples[i] == samples[i - 1]:
            lengths[-1] += 1
        else:
            lengths.append(1)
    return lengths


def test_the_blinking_preview_goes_on_across_the_wrap():
    d = dealt()
    d.press(P1, turn(2))  # 3 points dialled: hole 3 blinks (period 400 ms, lit two thirds of it)
    to_wrap(d.hw, 1000)
    lit = []
    for _ in range(200):  # every 10 ms, 1 s before the wrap to 1 s after
        rgb = d.frame_after(10).pixel(0, 3)
        assert rgb == (0, 0, 0) or (is_hue(rgb, BLUE) and brightness(rgb) > 0), rgb
        lit.append(rgb != (0, 0, 0))
    # Lit and dark every 400 ms; only at the wrap may one blink be longer (its phase restarts).
    assert max(runs(lit[:100])[1:-1]) <= 27 and max(runs(lit[100:])[1:-1]) <= 27, runs(lit)
    assert max(runs(lit)) <= 54 and len(runs(lit)) >= 9, runs(lit)
