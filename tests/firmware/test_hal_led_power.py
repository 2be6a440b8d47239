"""The USB build's LED supply switch: off until turned on, on once, a fault only after it settles."""

from hal.led_power import FAULT, SETTLE_MS, LedPower
from shared.ticks import ticks_add
from simulator.virtual_hardware import CLOCK_START


class FakePin:
    """An output that records what it was set to, or an input at ``level``."""

    def __init__(self, level=1):
        self.level = level
        self.writes = []

    def value(self, level=None):
        if level is None:
            return self.level
        self.writes.append(level)
        self.level = level
        return None


class Clock:
    def __init__(self):
        self.now = CLOCK_START  # the ticks wrap while the switch settles

    def __call__(self):
        return self.now

    def advance(self, ms):
        self.now = ticks_add(self.now, ms)


def test_the_switch_stays_off_until_turned_on_and_is_turned_on_once():
    enable, fault, clock = FakePin(0), FakePin(1), Clock()
    power = LedPower(enable, fault, clock)
    assert enable.writes == [] and power.fault() is None
    fault.level = 0  # off, the switch reports nothing that counts
    assert power.fault() is None
    power.on()
    power.on()
    assert enable.writes == [1]


def test_a_fault_counts_only_once_the_switch_has_settled_and_while_it_lasts():
    enable, fault, clock = FakePin(0), FakePin(1), Clock()
    power = LedPower(enable, fault, clock)
    power.on()
    fault.level = 0  # charging the LED bus at the switch's limit: /FAULT low for a while
    for _ in range(SETTLE_MS // 10):
        assert power.fault() is None
        clock.advance(10)
    assert power.fault() == FAULT  # still low after settling: a real fault
    fault.level = 1
    assert power.fault() is None
    fault.level = 0
    assert power.fault() == FAULT
    clock.advance(100000)
    assert power.fault() == FAULT
    for _ in range(3):  # on for days: the clock wraps, the settling never comes back
        clock.advance((1 << 29) - 1)
        assert power.fault() == FAULT
