"""The USB build's LED supply switch: off until turned on, on once, a fault only after it settles,
turned off for good once a fault lasts; the LED driver told to send its frame again whenever the
LEDs may have lost it."""

from hal.led_power import CUT, CUT_MS, FAULT, SETTLE_MS, LedPower
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


class Leds:
    """The LED driver: counts the marks (byte 0 of its first word set: hal.rp2_leds)."""

    def __init__(self):
        self.marks = 0

    @property
    def bytes(self):
        return self

    def __setitem__(self, i, value):
        assert (i, value) == (0, 1)
        self.marks += 1


class ManualClock:
    """The ``ticks_ms`` LedPower is given: moved by the test (``advance``)."""

    def __init__(self):
        self.now = CLOCK_START  # the ticks wrap while the switch settles

    def __call__(self):
        return self.now

    def advance(self, ms):
        self.now = ticks_add(self.now, ms)


def test_the_switch_stays_off_until_turned_on_and_is_turned_on_once():
    enable, fault, clock = FakePin(0), FakePin(1), ManualClock()
    power = LedPower(enable, fault, clock, Leds())
    assert enable.writes == [] and power.fault() is None
    fault.level = 0  # off, the switch reports nothing that counts
    assert power.fault() is None
    power.on()
    power.on()
    assert enable.writes == [1]


def test_a_fault_counts_only_once_the_switch_has_settled_and_while_it_lasts():
    enable, fault, clock = FakePin(0), FakePin(1), ManualClock()
    power = LedPower(enable, fault, clock, Leds())
    power.on()
    fault.level = 0  # charging the LED bus at the switch's limit: /FAULT low for a while
    for _ in range(SETTLE_MS // 10):
        assert power.fault() is None
        clock.advance(10)
    assert power.fault() == FAULT  # still low after settling: a real fault
    fault.level = 1
    assert power.fault() is None
    for _ in range(3):  # on for days: the clock wraps, the settling never comes back
        clock.advance((1 << 29) - 1)
        assert power.fault() is None
    fault.level = 0
    assert power.fault() == FAULT
    assert enable.writes == [1]


def test_a_lasting_fault_turns_the_switch_off_for_good():
    enable, fault, clock = FakePin(0), FakePin(1), ManualClock()
    power = LedPower(enable, fault, clock, Leds())
    power.on()
    clock.advance(SETTLE_MS)
    fault.level = 0
    for _ in range(CUT_MS // 10):  # a second of a short: still the switch's to limit
        assert power.fault() == FAULT
        clock.advance(10)
    assert enable.writes == [1]
    fault.level = 1  # it ended in time; what it built up drains four times slower than it came
    assert power.fault() is None
    clock.advance(4 * CUT_MS)  # drained away: the next fault starts from nothing
    fault.level = 0
    for _ in range(CUT_MS // 10):
        assert power.fault() == FAULT
        clock.advance(10)
    assert power.fault() == CUT and enable.writes == [1, 0]  # lasted CUT_MS: the switch off
    fault.level = 1  # the switch off, /FAULT goes high again: off it stays, and says so
    clock.advance(100000)
    power.on()
    assert power.fault() == CUT and enable.writes == [1, 0]


def test_a_fault_that_comes_and_goes_adds_up_to_the_cut():
    enable, fault, clock = FakePin(0), FakePin(1), ManualClock()
    power = LedPower(enable, fault, clock, Leds())
    power.on()
    clock.advance(SETTLE_MS)
    assert power.fault() is None
    cut_at = None
    for ms in range(0, 20 * CUT_MS, 10):  # 300 ms of fault every second (a blink the LEDs draw too much for)
        fault.level = 0 if ms % 1000 < 300 else 1
        if power.fault() == CUT:
            cut_at = ms
            break
        clock.advance(10)
    # each second builds 300 ms and drains 700 / 4 = 175, 125 more a second: 750 left at the
    # seventh second's start, and 250 ms into it CUT_MS is reached
    assert cut_at == 6 * CUT_MS + 250 and enable.writes == [1, 0]


def test_a_passing_fault_now_and_then_never_adds_up():
    enable, fault, clock = FakePin(0), FakePin(1), ManualClock()
    power = LedPower(enable, fault, clock, Leds())
    power.on()
    clock.advance(SETTLE_MS)
    for ms in range(0, 60 * CUT_MS, 10):  # 100 ms of fault every second: a fifth or less drains away
        fault.level = 0 if ms % 1000 < 100 else 1
        assert power.fault() != CUT
        clock.advance(10)
    assert enable.writes == [1]


def test_the_frame_is_sent_again_once_settled_while_a_fault_lasts_and_as_it_ends():
    enable, fault, clock, leds = FakePin(0), FakePin(1), ManualClock(), Leds()
    power = LedPower(enable, fault, clock, leds)
    power.on()
    clock.advance(SETTLE_MS - 1)
    assert power.fault() is None and leds.marks == 0  # the bus still charging
    clock.advance(1)
    assert power.fault() is None and leds.marks == 1  # settled: a frame sent while it charged may be lost
    power.fault()
    assert leds.marks == 1  # all well: the driver sends only frames that changed
    fault.level = 0
    for calls in (2, 3, 4):  # at every read while it lasts
        assert power.fault() == FAULT and leds.marks == calls
    fault.level = 1
    assert power.fault() is None and leds.marks == 5  # as it ends: the LEDs have power again
    assert power.fault() is None and leds.marks == 5
