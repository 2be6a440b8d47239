"""Button debouncing: bouncy contacts give exactly one short press or one long press."""

from hal_edges import Xorshift

from app.events import LONG, PRESS
from hal.debounce import LONG_MS, SETTLE_MS, Button
from portable import raises

POLL_MS = 10


def run(levels, button=None):
    """Poll ``levels`` (one raw reading every POLL_MS); return [(time_ms, event), ...]."""
    button = button or Button()
    events = []
    for n, down in enumerate(levels):
        event = button.update(down, n * POLL_MS)
        if event is not None:
            events.append((n * POLL_MS, event))
    return events


def held(ms):
    return [True] * (ms // POLL_MS)


def released(ms):
    return [False] * (ms // POLL_MS)


def test_clean_short_press_reports_once_on_release():
    events = run(released(50) + held(150) + released(100))
    assert [e for _, e in events] == [PRESS]
    assert events[0][0] >= 200  # not before the button was let go


def test_bouncy_short_press_reports_once():
    bounce = [True, False, True, False, True]
    events = run(released(50) + bounce + held(150) + [False, True, False] + released(100))
    assert [e for _, e in events] == [PRESS]


def test_glitch_shorter_than_settle_time_is_ignored():
    assert run(released(50) + [True] + released(50) + [True, False] * 5 + released(50)) == []


def test_long_press_fires_once_while_held_and_release_is_silent():
    events = run(released(50) + held(2000) + released(100))
    assert [e for _, e in events] == [LONG]
    # Fires while still held, about LONG_MS after the press began at 50 ms.
    assert 50 + LONG_MS <= events[0][0] <= 50 + LONG_MS + SETTLE_MS + POLL_MS
    assert events[0][0] < 50 + 2000


def test_bouncy_long_press_fires_once():
    events = run(released(30) + [True, False] * 3 + held(900) + [False, True] * 3 + released(60))
    assert [e for _, e in events] == [LONG]


def test_random_bouncy_presses_give_one_event_each():
    # Holds are kept away from the long-press boundary by more than the bounce and poll time.
    for seed in range(30):
        rng = Xorshift(seed)
        levels = released(40)
        expected = []
        for _ in range(12):
            hold = 60 + rng.below(400) if rng.below(2) else LONG_MS + 100 + rng.below(800)
            expected.append(PRESS if hold < LONG_MS else LONG)
            for edge_down in (True, False):
                for _ in range(rng.below(4)):  # chatter, each reading shorter than the settle time
                    levels.append(not edge_down)
                    levels.append(edge_down)
                levels += held(hold) if edge_down else released(60 + rng.below(200))
        assert [e for _, e in run(levels)] == expected, seed


def test_settings_are_validated():
    with raises(ValueError):
        Button(settle_ms=50, long_ms=20)
