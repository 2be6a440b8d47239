"""The controls read from the PIO's sample ring (``hal.samples``): each contact on its bit, whatever the other pins do;
and the encoder's turns, from the ring of its changes, placed among the presses by the samples.

The sample bytes are made here from each contact's level over time, as the PIO state machine
samples eight pins every millisecond (bit k: pin in_base + k, 1 = open); pins that are no
button and no encoder contact toggle at random. The encoder's ring gets the two contacts'
levels at each change (the lower pin in bit 0), as its PIO state machine and DMA channel
write them, with no time. Polls hand over the samples taken and the changes written since
the last one, as ``hal.rp2_inputs`` does.
"""

from hal_edges import AB, Xorshift, bounced_move

from hal.acceleration import Acceleration
from hal.samples import RING, TURNS_RING, SampledButtons, Turns, lowest_pin
from portable import raises, seeds
from shared.events import PRESS, TURN
from shared.ticks import ticks_add

NAMES = ("enc", "p1", "p2", "back")
BITS = (0, 1, 2, 5)  # pins 12, 13, 14 and 17 sampled from pin 12; 6 and 7 are other pins
ENCODER_BIT = 3  # the encoder's contacts: pins 15 and 16 on bits 3 and 4
START = (1 << 30) - 700  # the ticks wrap during the test


class Sampler:
    """The ring the PIO and its DMA channel fill; ``held`` {bit: (from_ms, to_ms), ...} presses."""

    def __init__(self, seed, a_high=False):
        self.rng = Xorshift(seed)
        self.ring = bytearray(RING)
        self.taken = 0  # the next sample's time, ms
        self.at = 0  # where it goes in the ring
        self.held = {}
        self.a_high = a_high  # encoder_a on the higher of its two pins
        self.changes = []  # [(ms, A << 1 | B), ...] the encoder's contacts, in time order
        self.encoder_ring = bytearray(TURNS_RING)
        self.written = 0  # changes written into the encoder's ring
        self.seen = 0  # changes the samples have seen
        self.levels = 3  # the contacts at the last sample

    def turn(self, ms, readings, quarter_ms):
        """The encoder reads ``readings`` (A << 1 | B) from ``ms`` on, ``quarter_ms`` apart."""
        for ab in readings:
            self.changes.append((ms, ab if self.a_high else (ab & 1) << 1 | ab >> 1))  # lower pin in bit 0
            ms += quarter_ms

    def sample_until(self, ms):
        """Samples up to ``ms``, and the encoder's changes until then; how many samples were taken."""
        new = 0
        while self.taken <= ms:
            byte = self.rng.below(256)  # the other pins' levels
            for bit in BITS:
                closed = any(start <= self.taken < end for start, end in self.held.get(bit, ()))
                byte = byte & ~(1 << bit) if closed else byte | 1 << bit
            while self.seen < len(self.changes) and self.changes[self.seen][0] <= self.taken:
                self.levels = self.changes[self.seen][1]
                self.seen += 1
            self.ring[self.at] = byte & ~(3 << ENCODER_BIT) | self.levels << ENCODER_BIT
            self.at = (self.at + 1) % RING
            self.taken += 1
            new += 1
        while self.written < len(self.changes) and self.changes[self.written][0] <= ms:
            self.encoder_ring[self.written % TURNS_RING] = self.changes[self.written][1]
            self.written += 1
        return new


def poll(buttons, sampler, ms, turns=None, held=None):
    """A poll at ``ms``, as ``hal.rp2_inputs`` makes it: ``turns`` handed over if the encoder moved;
    its events after ``held``, those a save's reads took (``Inputs.keep_up``), in that list."""
    new = sampler.sample_until(ms)
    if turns is not None:
        turns.written = sampler.written
    moved = turns is not None and sampler.written != turns.read
    return buttons.poll(sampler.ring, new, ticks_add(START, ms), held, turns if moved else None) or []


def controls(sampler):
    """The buttons and the encoder's turns of the board ``sampler`` samples."""
    return SampledButtons(NAMES, BITS), Turns(sampler.encoder_ring, 3, ENCODER_BIT, sampler.a_high)


def polls(sampler, times):
    """The events of polls at ``times`` (ms)."""
    buttons, turns = controls(sampler)
    events = []
    for ms in times:
        events += poll(buttons, sampler, ms, turns)
    return events


HELD_BACK = list(range(0, 100, 4)) + list(range(230, 400, 4))  # a save keeps the polls away from 100 to 230 ms
HELD_BACK_LONGER = HELD_BACK + list(range(400, 600, 4))
SLOW_QUARTER_MS = 20  # detents 80 ms apart: each counted once (the acceleration starts at 40 ms)


def test_each_button_reports_its_own_presses_in_order():
    sampler = Sampler(1)
    buttons = SampledButtons(NAMES, BITS)
    sampler.held = {0: [(100, 130)], 1: [(140, 180)], 5: [(200, 240), (300, 330)], 2: [(210, 250)]}
    events = []
    for ms in range(0, 500, 4):
        events += [(ms, e) for e in poll(buttons, sampler, ms)]
    assert [e for _, e in events] == [(PRESS, "enc"), (PRESS, "p1"), (PRESS, "back"), (PRESS, "p2"), (PRESS, "back")]
    releases = (130, 180, 240, 250, 330)
    assert all(0 <= events[k][0] - releases[k] <= 4 for k in range(5))  # at the first poll after two open samples


def test_a_release_read_at_one_sample_asks_for_the_next_poll_soon():
    sampler = Sampler(2)
    buttons = SampledButtons(NAMES, BITS)
    sampler.held = {1: [(100, 160)]}  # p1 let go at 160: the poll at 160 reads it open at its last sample
    events = []
    for ms in range(0, 161, 4):
        events += poll(buttons, sampler, ms)
    assert events == [] and buttons.quiet is None  # not certain yet: the board polls again 2 ms on
    assert poll(buttons, sampler, 162) == [(PRESS, "p1")] and buttons.quiet is not None


def test_a_save_longer_than_the_ring_loses_no_press_when_it_reads_the_controls_between_its_steps():
    # a save holds the polls away from 100 to 1000 ms: more than the ring keeps (512 samples)
    held_back = list(range(0, 100, 4)) + list(range(1000, 1200, 4))

    def pressed():
        sampler = Sampler(4)
        sampler.held = {1: [(150, 180)], 2: [(600, 630)], 5: [(900, 930)]}
        return SampledButtons(NAMES, BITS), sampler

    buttons, sampler = pressed()
    unread = [e for ms in held_back for e in poll(buttons, sampler, ms)]
    assert unread == [(PRESS, "p2"), (PRESS, "back")]  # p1's press was gone from the ring
    buttons, sampler = pressed()
    events = []
    held = None
    for ms in sorted(held_back + [450, 800]):  # the save's reads, as its steps end (hw.keep_up)
        if ms in (450, 800):
            held = poll(buttons, sampler, ms, held=held) or None
        else:
            events += poll(buttons, sampler, ms, held=held)
            held = None
    assert events == [(PRESS, "p1"), (PRESS, "p2"), (PRESS, "back")]


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


def test_a_poll_late_by_nearly_the_ring_reads_on_from_where_the_sampler_writes():
    # Polls held back 481 to 511 ms read the newest 480 samples only (the slack the DMA channel may
    # write as they are read). The poll must go on from the sample written last, not a few slots
    # past it: those slots still hold samples of a ring ago, where back was pressed (the chip
    # soak's fault: a press of back made up half a second after the real one, a held p2 read open).
    for gap in range(470, 530):
        sampler = Sampler(gap)
        sampler.held = {5: [(300, 340)], 2: [(820, 1500)]}
        buttons = SampledButtons(NAMES, BITS)
        events = []
        for ms in list(range(0, 100, 4)) + list(range(100 + gap, 2000, 4)):
            events += poll(buttons, sampler, ms)
        assert events == [(PRESS, "back"), ("long", "p2")], (gap, events)


def test_a_sample_ring_too_full_to_read_safely_skips_its_oldest_samples():
    # A save holds the polls back from 96 to 606 ms: 510 samples, 2 slots short of the ring. The
    # DMA channel writes on while the late poll reads them, 32 samples (hal.samples's slack): p1,
    # pressed from 607 ms, lands on the oldest 30 unread, which must not be read as a press at 97 ms.
    for ahead in (32, 0):  # samples written as the poll reads (0: none, the same press read as written)
        sampler = Sampler(14)
        sampler.held = {1: [(607, 660)]}
        buttons = SampledButtons(NAMES, BITS)
        events = []
        for ms in range(0, 100, 4):
            events += poll(buttons, sampler, ms)
        told = sampler.sample_until(606 + ahead) - ahead
        events += buttons.poll(sampler.ring, told, ticks_add(START, 606), None) or []
        told = sampler.sample_until(642) + ahead  # the next poll is told those too
        events += buttons.poll(sampler.ring, told, ticks_add(START, 642), None) or []
        for ms in range(646, 800, 4):
            events += poll(buttons, sampler, ms)
        assert events == [(PRESS, "p1")], (ahead, events)


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


def test_a_press_then_a_turn_inside_one_save_come_in_that_order():
    for a_high in (False, True):
        sampler = Sampler(5, a_high)
        sampler.held = {2: [(110, 140)]}  # p2, to choose P2's side
        sampler.turn(160.5, [1, 0, 2, 3], 5)  # then a detent clockwise, done by 176 ms
        assert polls(sampler, HELD_BACK) == [(PRESS, "p2"), (TURN, 1)]


def test_a_turn_then_a_press_inside_one_save_come_in_that_order():
    sampler = Sampler(6)
    sampler.turn(110.5, [2, 0, 1, 3], 4)  # a detent anticlockwise
    sampler.held = {1: [(150, 180)]}
    assert polls(sampler, HELD_BACK) == [(TURN, -1), (PRESS, "p1")]


def test_a_turn_across_a_press_is_split_around_it_at_its_own_speed():
    def board():
        sampler = Sampler(7)
        sampler.turn(120.5, [1, 0, 2, 3] * 3, 10)  # detents done at 150, 190 and 230 ms: x2 from the second
        sampler.held = {2: [(140, 170)], 5: [(200, 220)]}
        return sampler

    on_time = polls(board(), range(0, 400, 4))
    assert on_time == [(TURN, 1), (PRESS, "p2"), (TURN, 2), (PRESS, "back"), (TURN, 2)]
    assert polls(board(), list(range(0, 100, 4)) + list(range(300, 400, 4))) == on_time


def test_a_slow_turn_across_a_save_is_not_sped_up_by_it():
    # A detent at 61 ms, one during the save (161 ms), one just after it (236 ms): 75 ms and more
    # apart, x1. Timed by the poll that reported it (230 ms), the second would make the third x5.
    def board():
        sampler = Sampler(10)
        for start in (30.5, 130.5, 205.5):
            sampler.turn(start, [1, 0, 2, 3], 10)
        return sampler

    assert polls(board(), HELD_BACK) == polls(board(), range(0, 400, 4)) == [(TURN, 1)] * 3


def test_a_bounce_or_a_wiggle_after_a_detent_does_not_time_it():
    # The contacts bounce 3 -> 1 -> 3 right after each detent, too quickly for a sample to see (the
    # encoder's PIO records it); or a quarter turn and back comes after the detent made in the save.
    def bouncing():
        sampler = Sampler(11)
        for start in (30.5, 130.5, 205.5):
            sampler.turn(start, [1, 0, 2, 3], 10)
            sampler.turn(start + 30.2, [1, 3], 0.1)
        return sampler

    def wiggling():
        sampler = Sampler(12)
        sampler.turn(120.5, [1, 0, 2, 3], 10)  # a detent at 151 ms, in the save
        sampler.turn(220.5, [1, 3], 3)  # a quarter and back at 221-224 ms: no detent
        sampler.turn(226.5, [1, 0, 2, 3], 10)  # a detent at 257 ms: 106 ms after the first
        return sampler

    for board in (bouncing, wiggling):
        on_time = polls(board(), range(0, 400, 4))
        assert on_time == [(TURN, 1)] * (3 if board is bouncing else 2)
        assert polls(board(), HELD_BACK) == on_time, board.__name__


def test_a_turn_during_a_save_with_no_press_is_one_turn_as_before():
    sampler = Sampler(8)
    sampler.turn(110.5, [1, 0, 2, 3] * 4, 6)  # 4 detents, one every 24 ms: acceleration x2
    assert polls(sampler, HELD_BACK) == [(TURN, 4)]  # one turn: no earlier turn to speed it


def test_a_turn_is_never_reported_before_a_press_that_came_first_however_fast():
    sampler = Sampler(9)
    sampler.held = {1: [(105, 135)]}
    sampler.turn(150.25, [1, 0, 2, 3] * 10, 0.1)  # 10 detents in 4 ms: the samples miss most quarters
    sampler.turn(154.5, [1, 0, 2, 3] * 2, 0.3)  # 2 more, a quarter each 0.3 ms
    assert polls(sampler, HELD_BACK) == [(PRESS, "p1"), (TURN, 12)]


def test_turns_and_presses_held_back_come_as_polls_on_time_report_them():
    # Bouncing contacts, quarter steps 2 to 12 ms (a detent every 8 ms: very fast), presses
    # between and during the turns, polls held back 20 to 250 ms: between two presses, the
    # same detents as polls every 4 ms saw (acceleration off: it depends on the poll times).
    for seed in seeds(30):
        rng = Xorshift(seed)
        sampler = Sampler(seed, seed % 2 == 1)
        on_time = Sampler(seed, seed % 2 == 1)
        ms = 10.5
        q = 0
        held = {}
        while ms < 600:
            if rng.below(3):
                for _ in range(rng.below(12) + 1):
                    readings, q = bounced_move(q, 1 if rng.below(4) else -1, rng)
                    quarter_ms = 2 + rng.below(11)
                    sampler.turn(ms, readings, quarter_ms / len(readings) / 3)  # the bounce: the first third
                    on_time.turn(ms, readings, quarter_ms / len(readings) / 3)
                    ms += quarter_ms
            else:
                bit = BITS[rng.below(len(BITS))]
                hold = 25 + rng.below(40)
                held.setdefault(bit, []).append((int(ms) + 1, int(ms) + 1 + hold))
                ms += hold + 10 + rng.below(20)
            if AB[q % 4] != 3:  # back to a detent before anything else
                readings, q = bounced_move(q, 1, rng)
                sampler.turn(ms, readings, 0.2)
                on_time.turn(ms, readings, 0.2)
                ms += 4
        sampler.held = held
        on_time.held = held
        times = []
        t = 0
        while t < 700:
            times.append(t)
            t += 4 if rng.below(4) else 20 + rng.below(230)
        times += range(t, t + 100, 4)  # everything let go by then
        grouped = []
        for s, ts in ((sampler, times), (on_time, range(0, times[-1] + 1, 4))):
            buttons, turns = controls(s)
            turns.acceleration = Acceleration(())
            events = []
            for t in ts:
                events += poll(buttons, s, t, turns)
            groups = [0]
            for kind, what in events:
                if kind == TURN:
                    groups[-1] += what
                else:
                    groups += [(kind, what), 0]
            grouped.append(groups)
        assert grouped[0] == grouped[1], seed
        assert grouped[0][0] != 0 or len(grouped[0]) > 1, seed  # something happened


def test_short_and_long_presses_held_back_come_as_polls_on_time_report_them():
    # Presses of 25 ms to 1.2 s (long presses among them: reported while held), overlapping on
    # several buttons, polls held back 20 to 450 ms (a save, inside the ring): each button's
    # events the same, each reported by the late poll that covers the poll on time that reported
    # it, or a poll's phase earlier (the late poll's stand-ins keep its own phase; so events of
    # two buttons within 4 ms of each other may come in either order).
    for seed in seeds(30):
        rng = Xorshift(seed)
        held = {}
        ms = 10
        while ms < 2500:
            bit = BITS[rng.below(len(BITS))]
            hold = 25 + rng.below(60) if rng.below(3) else 400 + rng.below(800)
            start = ms + rng.below(30)
            if all(end + 10 < start for _, end in held.get(bit, ())):
                held.setdefault(bit, []).append((start, start + hold))
            ms += 15 + rng.below(120)
        times = []
        t = 0
        while t < 2700:
            times.append(t)
            t += 4 if rng.below(3) else 20 + rng.below(430)
        times += range(t, t + 1400, 4)  # everything let go and settled by then
        reports = []
        for ts in (times, range(0, times[-1] + 1, 4)):
            sampler = Sampler(seed)
            sampler.held = held
            buttons = SampledButtons(NAMES, BITS)
            reports.append([(ms, e) for ms in ts for e in poll(buttons, sampler, ms)])
        late, on_time = reports
        assert any(kind == "long" for _, (kind, _) in on_time) and len(on_time) > 5, seed  # both kinds came
        for name in NAMES:
            mine = [(ms, kind) for ms, (kind, what) in late if what == name]
            theirs = [(ms, kind) for ms, (kind, what) in on_time if what == name]
            assert [kind for _, kind in mine] == [kind for _, kind in theirs], (seed, name)
            for k in range(len(mine)):  # (MicroPython's zip takes no strict=)
                late_ms, on_time_ms = mine[k][0], theirs[k][0]
                assert on_time_ms - 4 < late_ms <= min(ms for ms in times if ms >= on_time_ms), (seed, name)


def test_the_encoder_ring_run_over_loses_the_turn_only():
    sampler = Sampler(10)
    sampler.held = {2: [(105, 135)]}
    sampler.turn(150.5, [1, 0, 2, 3] * 70, 0.25)  # 280 changes: more than the ring holds
    sampler.turn(300.5, [1, 0, 2, 3] * 2, SLOW_QUARTER_MS)  # after the save
    # the decoder, told edges were missed, drops the turn in the save; it ended at the detent
    # position, so both detents after the save count
    assert polls(sampler, HELD_BACK_LONGER) == [(PRESS, "p2"), (TURN, 1), (TURN, 1)]


def test_an_encoder_ring_run_over_between_detents_loses_the_detent_in_progress_too():
    sampler = Sampler(12)
    sampler.turn(150.5, [1, 0, 2, 3] * 70 + [1], 0.25)  # ends a quarter past the detent position
    sampler.turn(300.5, [0, 2, 3] + [1, 0, 2, 3] * 2, SLOW_QUARTER_MS)  # that detent finished after the save, two more
    assert polls(sampler, HELD_BACK_LONGER) == [(TURN, 1), (TURN, 1)]


def test_a_ring_too_full_to_read_safely_is_taken_as_run_over():
    # 244 changes in one save: the channel writes on while the poll reads them, and 256 slots
    # leave too little room; the turn in the save is dropped, never made up
    sampler = Sampler(13)
    sampler.turn(150.5, [1, 0, 2, 3] * 61, 0.25)
    sampler.turn(300.5, [1, 0, 2, 3] * 2, SLOW_QUARTER_MS)
    assert polls(sampler, HELD_BACK_LONGER) == [(TURN, 1), (TURN, 1)]
    sampler = Sampler(13)
    sampler.turn(150.5, [1, 0, 2, 3] * 50, 0.25)  # 200: read safely, every detent counted
    assert polls(sampler, HELD_BACK) == [(TURN, 50)]


def test_a_turn_in_samples_written_over_comes_after_the_presses_never_lost():
    sampler = Sampler(11)
    sampler.turn(60.5, [1, 0, 2, 3], 5)  # its samples are written over: 700 ms without a poll
    sampler.held = {2: [(400, 430)]}
    events = polls(sampler, list(range(0, 20, 4)) + list(range(720, 800, 4)))
    assert events == [(PRESS, "p2"), (TURN, 1)]  # the samples no longer tell when it came


def test_the_sampler_reads_from_the_lowest_control_and_refuses_pins_it_cannot_read():
    assert lowest_pin(10, 11, (12, 13, 14, 15)) == 10  # the board's
    assert lowest_pin(17, 16, (12, 13, 14, 15)) == 12  # the encoder above the buttons, its contacts swapped
    assert lowest_pin(8, 9, (12, 13, 14, 15)) == 8  # 8 pins: 8 to 15
    with raises(ValueError, "consecutive"):
        lowest_pin(10, 12, (13, 14, 15, 16))
    for a, b, buttons in ((7, 8, (12, 13, 14, 15)), (10, 11, (12, 13, 14, 18))):  # 9 pins
        with raises(ValueError, "within 8 consecutive pins"):
            lowest_pin(a, b, buttons)


def test_a_control_closed_at_power_on_reports_nothing_until_let_go():
    for held_to, then_pressed in ((300, None), (1200, (1300, 1400))):  # let go during the first poll, or later
        sampler = Sampler(5)
        sampler.held = {1: [(0, held_to)] + ([then_pressed] if then_pressed else [])}
        buttons = SampledButtons(NAMES, BITS)
        events = []
        for ms in range(800, 1600, 4):  # the app's first poll comes 800 ms after the sampler started
            events += poll(buttons, sampler, ms)
        assert events == ([(PRESS, "p1")] if then_pressed else []), (held_to, events)  # a press made later counts


def test_a_blip_among_samples_written_over_is_no_press():
    for blip in (186, 188, 190, 192, 300):
        sampler = Sampler(6)
        sampler.held = {1: [(blip, blip + 1)]}
        buttons = SampledButtons(NAMES, BITS)
        events = []
        for ms in list(range(0, 12, 4)) + list(range(700, 800, 4)):  # 700 ms without a poll: the ring run over
            events += poll(buttons, sampler, ms)
        assert events == [], (blip, events)
