"""Safe mode asked for at power-on: a control pressed while main.py watches, before the app starts."""

from hal.boot_window import POLL_MS, WINDOW_MS, first_pressed
from shared.ticks import ticks_add, ticks_diff

START = ticks_add(0, -300)  # 0.3 s before the ticks wrap: the window crosses it


class Clock:
    """A fake millisecond clock that only moves when slept on."""

    def __init__(self, start=START):
        self.now = start
        self.start = start
        self.slept = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now = ticks_add(self.now, ms)
        self.slept += ms
        if self.slept > 10 * WINDOW_MS:
            raise AssertionError("the window never closed")

    def elapsed(self):
        return ticks_diff(self.now, self.start)


def pressed_from(clock, at_ms):
    """A control that is pressed from ``at_ms`` after the start of ``clock`` on."""
    return lambda: clock.elapsed() >= at_ms


def test_nothing_pressed_lets_the_app_start_after_the_window():
    clock = Clock()
    controls = [("encoder switch", lambda: False), ("BOOTSEL", lambda: False)]
    assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms) is None
    assert WINDOW_MS <= clock.elapsed() < WINDOW_MS + POLL_MS  # watched the whole window, no longer


def test_bootsel_pressed_just_after_power_on_is_seen_at_once():
    clock = Clock()
    controls = [("encoder switch", lambda: False), ("BOOTSEL", pressed_from(clock, 430))]
    assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms) == "BOOTSEL"
    assert 430 <= clock.elapsed() < 430 + POLL_MS  # no waiting for the rest of the window


def test_a_switch_held_at_power_on_needs_no_wait():
    clock = Clock()
    controls = [("encoder switch", lambda: True), ("BOOTSEL", lambda: False)]
    assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms) == "encoder switch"
    assert clock.elapsed() == 0


def test_a_press_after_the_window_is_too_late():
    clock = Clock()
    controls = [("BOOTSEL", pressed_from(clock, WINDOW_MS + POLL_MS))]
    assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms) is None
    assert first_pressed([("BOOTSEL", pressed_from(clock, 0))], clock.ticks_ms, clock.sleep_ms, window_ms=0) \
        == "BOOTSEL"  # read at least once, even with no window
