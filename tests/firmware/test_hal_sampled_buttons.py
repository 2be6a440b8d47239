"""Buttons read from the PIO's sample ring: each contact on its bit, whatever the other pins do.

The sample bytes are made here from each contact's level over time, as the PIO state machine
samples eight pins every millisecond (bit k: pin in_base + k, 1 = open); pins that are no
button toggle at random. Polls hand over the samples taken since the last one.
"""

from hal_edges import Xorshift

from hal.sampled_buttons import RING, SampledButtons
from shared.events import PRESS
from shared.ticks import ticks_add

NAMES = ("enc", "p1", "p2", "back")
BITS = (0, 1, 2, 5)  # pins 12, 13, 14 and 17 sampled from pin 12; 3, 4, 6 and 7 are other pins
START = (1 << 30) - 700  # the ticks wrap during the test


class Sampler:
    """The ring the PIO and its DMA channel fill; ``held`` {bit: (from_ms, to_ms), ...} presses."""

    def __init__(self, seed):
        self.rng = Xorshift(seed)
        self.ring = bytearray(RING)
        self.taken = 0  # the next sample's time, ms
        self.at = 0  # where it goes in the ring
        self.held = {}

    def sample_until(self, ms):
        """Samples up to ``ms``; how many were taken."""
        new = 0
        while self.taken <= ms:
            byte = self.rng.below(256)  # the other pins' levels
            for bit in BITS:
                closed = any(start <= self.taken < end for start, end in self.held.get(bit, ()))
                byte = byte & ~(1 << bit) if closed else byte | 1 << bit
            self.ring[self.at] = byte
            self.at = (self.at + 1) % RING
            self.taken += 1
            new += 1
        return new


def poll(buttons, sampler, ms):
    return buttons.poll(sampler.ring, sampler.sample_until(ms), ticks_add(START, ms), None) or []


def test_each_button_reports_its_own_presses_in_order():
    sampler = Sampler(1)
    buttons = SampledButtons(NAMES, BITS)
    sampler.held = {0: [(100, 130)], 1: [(140, 180)], 5: [(200, 240), (300, 330)], 2: [(210, 250)]}
    events = []
    for ms in range(0, 500, 4):
        events += [(ms, e) for e in poll(buttons, sampler, ms)]
    assert [e for _, e in events] == [(PRESS, "enc"), (PRESS, "p1"), (PRESS, "back"), (PRESS, "p2"), (PRESS, "back")]
    releases = (130, 180, 240, 250, 330)
    assert all(0 <= events[k][0] - releases[k] < 4 for k in range(5))  # at the first poll after


def test_presses_of_two_buttons_during_a_long_save_come_in_order_after_it():
    sampler = Sampler(2)
    buttons = SampledButtons(NAMES, BITS)
    sampler.held = {2: [(120, 150)], 1: [(180, 210)], 5: [(240, 280)]}
    events = []
    for ms in list(range(0, 100, 4)) + list(range(450, 600, 4)):  # no poll from 100 to 450 ms
        events += poll(buttons, sampler, ms)
    assert events == [(PRESS, "p2"), (PRESS, "p1"), (PRESS, "back")]


def test_polls_held_back_longer_than_the_ring_lose_the_oldest_samples_only():
    sampler = Sampler(3)
    buttons = SampledButtons(NAMES, BITS)
    sampler.held = {1: [(50, 80)], 0: [(700, 760)], 2: [(780, 1500)]}
    events = []
    for ms in list(range(0, 20, 4)) + list(range(720, 1600, 4)):  # 700 ms without a poll
        events += poll(buttons, sampler, ms)
    assert events[:2] == [(PRESS, "enc"), ("long", "p2")]  # p1's press went with the samples written over
    assert len(events) == 2


def test_a_sampler_started_again_writes_from_the_ring_start():
    sampler = Sampler(4)
    buttons = SampledButtons(NAMES, BITS)
    sampler.held = {1: [(300, 340)]}
    events = []
    for ms in range(0, 200, 4):
        events += poll(buttons, sampler, ms)
    buttons.restart()
    sampler.ring[:] = bytes(RING)  # stale bytes: nothing may read them
    sampler.at = 0  # the new channel writes from the start
    for ms in range(200, 500, 4):
        events += poll(buttons, sampler, ms)
    assert events == [(PRESS, "p1")]
