"""Safe mode asked for at power-on: a control pressed while main.py watches, before the app starts."""

import sys

from boot_clock import Clock, pressed_from

from hal.boot_window import POLL_MS, WINDOW_MS, boot_steps, first_pressed
from shared.ticks import ticks_add


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


def steps(clock, n, ms, log):
    """``n`` steps of work (a step each ``next``), each taking ``ms`` of ``clock`` and noting its number in ``log``."""
    for k in range(n):
        log.append(k)
        clock.now = ticks_add(clock.now, ms)
        yield k


def test_work_is_done_between_polls_in_place_of_the_sleep():
    clock = Clock()
    seen = []
    polled = []
    controls = [("BOOTSEL", lambda: polled.append(len(seen)) and False)]
    assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms, work=steps(clock, 5, 30, seen)) is None
    assert seen == [0, 1, 2, 3, 4] and polled[:6] == [0, 1, 2, 3, 4, 5]  # a poll before and after each step
    assert WINDOW_MS - 5 * 30 <= clock.slept < WINDOW_MS - 5 * 30 + POLL_MS  # the rest of the window slept
    assert WINDOW_MS <= clock.elapsed() < WINDOW_MS + POLL_MS


def test_a_control_pressed_while_work_is_done_is_seen_at_the_next_poll_and_the_rest_is_left():
    clock = Clock()
    seen = []
    controls = [("encoder switch", pressed_from(clock, 70))]
    assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms, work=steps(clock, 9, 30, seen)) \
        == "encoder switch"
    assert seen == [0, 1, 2] and clock.elapsed() == 90
    seen = []
    controls = [("encoder switch", lambda: True)]  # held at power-on: nothing done before it is seen
    assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms, work=steps(clock, 9, 30, seen)) \
        == "encoder switch"
    assert seen == []


def test_work_longer_than_the_window_is_left_when_it_closes():
    clock = Clock()
    seen = []
    assert first_pressed([("BOOTSEL", lambda: False)], clock.ticks_ms, clock.sleep_ms,
                         work=steps(clock, 40, 30, seen)) is None
    assert seen == list(range(17)) and clock.slept == 0  # 17 steps reach 510 ms: the window is over


class Module:
    """A module put in ``sys.modules``: importing it returns this, and loads nothing."""


def fake_app(start_imports, others):
    """Modules put in ``sys.modules``: ``fake_app_start``, whose ``steps()`` import
    ``start_imports`` a step each (yielding each module), and ``others``; returns a dict of them."""
    made = dict((name, Module()) for name in ["fake_app_start"] + others)
    made["fake_app_start"].steps = lambda: (__import__(name) for name in start_imports)
    sys.modules.update(made)
    return made


def forget_fakes(made):
    for name in made:
        del sys.modules[name]


def test_the_boot_runs_this_layers_steps_then_the_apps():
    made = fake_app(["fake_app_c", "fake_app_d"], ["fake_app_c", "fake_app_d"])
    try:
        assert list(boot_steps(iter(["hal 1", "hal 2"]), "fake_app_start")) == \
            ["hal 1", "hal 2", None, made["fake_app_c"], made["fake_app_d"]]  # None: the app's start imported
        assert list(boot_steps(iter(["hal 1"]))) == ["hal 1"]  # no app named: this layer's alone
    finally:
        forget_fakes(made)


def test_an_app_module_that_fails_to_import_ends_the_steps_and_the_window_watches_on():
    made = fake_app(["fake_app_c", "fake_app_not_there", "fake_app_d"], ["fake_app_c", "fake_app_d"])
    try:
        assert list(boot_steps(iter(["hal 1"]), "fake_app_start")) == ["hal 1", None, made["fake_app_c"]]
        assert list(boot_steps(iter(["hal 1"]), "fake_app_start_not_there")) == ["hal 1"]
        clock = Clock()
        controls = [("BOOTSEL", pressed_from(clock, 300))]
        assert first_pressed(controls, clock.ticks_ms, clock.sleep_ms,
                             work=boot_steps(iter(["hal 1"]), "fake_app_start")) == "BOOTSEL"
        assert 300 <= clock.elapsed() < 300 + POLL_MS
    finally:
        forget_fakes(made)
