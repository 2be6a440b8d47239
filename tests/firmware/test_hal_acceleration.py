"""Encoder acceleration: slow turns are exact, fast turns in one direction are multiplied."""

from hal.acceleration import Acceleration
from portable import raises
from shared.events import MAX_TURN, is_event
from shared.ticks import ticks_add


def at(ms):
    """The tick ``ms`` after a start half a second before the ticks wrap."""
    return ticks_add(ticks_add(0, -500), ms)


def test_first_turn_and_slow_turns_count_one_each():
    acc = Acceleration(((15, 5), (40, 2)))
    assert acc.scale(1, at(0)) == 1
    assert acc.scale(1, at(200)) == 1
    assert acc.scale(-1, at(400)) == -1
    assert acc.scale(3, at(1000)) == 3


def test_fast_turns_are_multiplied_by_speed():
    acc = Acceleration(((15, 5), (40, 2)))
    acc.scale(1, at(0))
    assert acc.scale(1, at(30)) == 2  # 30 ms a detent
    assert acc.scale(2, at(50)) == 10  # 10 ms a detent
    assert acc.scale(-1, at(60)) == -1  # direction change starts again at x1
    assert acc.scale(-1, at(70)) == -5
    assert acc.scale(-1, at(500)) == -1  # a pause starts again too


def test_speed_is_per_detent():
    acc = Acceleration(((15, 5), (40, 2)))
    acc.scale(1, at(0))
    assert acc.scale(4, at(100)) == 8  # 4 detents in 100 ms: 25 ms each


def test_zero_stays_zero():
    assert Acceleration().scale(0, at(0)) == 0


def test_thresholds_must_be_ordered():
    with raises(ValueError):
        Acceleration(((40, 2), (15, 5)))


def test_a_huge_backlog_is_clamped_to_a_turn_the_app_accepts():
    acc = Acceleration()
    acc.scale(1, at(0))
    for detents in (150, -150, 1000, -1000):
        turned = acc.scale(detents, at(1))
        assert abs(turned) == MAX_TURN and (turned > 0) == (detents > 0)
        assert is_event(("turn", turned))
