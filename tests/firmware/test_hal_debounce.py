"""Button debouncing: every press of 25 ms or more counts once, however late the polls come.

A contact is modelled as a list of (time_us, closed) level changes, with bounce; polls come
every few milliseconds, sometimes late (a frame being drawn, a flash write with interrupts
off for 45 to 400 ms). Meanwhile the contact is sampled every millisecond into a ring, as the
PIO state machine and its DMA channel do on the chip, and each poll hands the samples taken
since the last one to ``hal.samples``, which debounces them with ``hal.debounce``.
"""

from hal_edges import Xorshift

from hal.debounce import LONG_MS, Button
from hal.samples import RING, SampledButtons
from portable import raises, seeds
from shared.events import LONG, PRESS
from shared.ticks import ticks_add

SAMPLE_PHASE_US = 300  # the samples fall this long after each whole millisecond (any phase will do)


def run(changes, polls_ms, skip_idle=True, start=0):
    """Poll the contact (``changes``: sorted (time_us, closed)) at ``polls_ms`` (ms after tick
    ``start``), its level sampled every millisecond into a ring; return [(poll_ms, event), ...].
    ``skip_idle`` False: the debouncer runs at every poll, not only once a contact moved."""
    buttons = SampledButtons(("b",), (0,))
    ring = bytearray(RING)
    taken = 0  # samples so far
    i = 0
    closed = False
    events = []
    for now in polls_ms:
        new = 0
        while taken * 1000 + SAMPLE_PHASE_US <= now * 1000:
            while i < len(changes) and changes[i][0] <= taken * 1000 + SAMPLE_PHASE_US:
                closed = changes[i][1]
                i += 1
            ring[taken % RING] = 0xFE if closed else 0xFF  # bit 0: the contact, 0 = closed
            taken += 1
            new += 1
        if not skip_idle:
            buttons.quiet = False
        for kind, _ in buttons.poll(ring, new, ticks_add(start, now), None) or ():
            events.append((now, kind))
    return events


def regular_polls(end_ms, every_ms=5, start_ms=0):
    return list(range(start_ms, end_ms, every_ms))


def press(at_ms, hold_ms, bounce=(), release_bounce=()):
    """Level changes of one press at ``at_ms`` held ``hold_ms``; bounce: offsets in us of extra
    open/close pairs after each edge."""
    out = [(at_ms * 1000, True)]
    for k, offset in enumerate(bounce):
        out.append((at_ms * 1000 + offset, k % 2 == 1))
    out.append(((at_ms + hold_ms) * 1000, False))
    for k, offset in enumerate(release_bounce):
        out.append(((at_ms + hold_ms) * 1000 + offset, k % 2 == 0))
    out.sort()
    return out


def test_short_presses_count_once_at_the_first_poll_after_release():
    for hold in (25, 30, 40, 50, 200):
        for phase in range(5):
            changes = press(50 + phase, hold)
            events = run(changes, regular_polls(400))
            assert [e for _, e in events] == [PRESS], (hold, phase)
            # at the first poll after its second open sample (a held contact open for one is still held)
            assert 50 + phase + hold <= events[0][0] <= 50 + phase + hold + 6


def test_a_held_contact_that_chatters_open_for_a_sample_is_still_held():
    for phase in range(5):  # whichever poll reads the chatter, even as its last sample
        chatter = 100 + phase
        tap = [(50000, True), (chatter * 1000, False), (chatter * 1000 + 400, True), (130000, False)]
        assert [e for _, e in run(tap, regular_polls(300))] == [PRESS], phase
        hold = [(50000, True), (chatter * 1000, False), (chatter * 1000 + 400, True), (1200000, False)]
        events = run(hold, regular_polls(1400))
        assert [e for _, e in events] == [LONG] and 650 <= events[0][0] <= 656, (phase, events)


def test_bouncy_press_counts_once():
    changes = press(50, 40, bounce=(300, 800, 1500, 2600), release_bounce=(200, 900, 1700, 3000))
    assert [e for _, e in run(changes, regular_polls(300))] == [PRESS]


def test_a_glitch_between_regular_polls_is_ignored():
    changes = [(51000, True), (52500, False), (83000, True), (83400, False)]
    assert run(changes, regular_polls(200)) == []


def test_a_tap_during_a_flash_write_counts():
    # Polls every 5 ms, then none for 45 ms (a sector erase with interrupts off), a 25 ms tap inside.
    polls = regular_polls(100) + regular_polls(300, start_ms=145)
    assert [e for _, e in run(press(110, 25), polls)] == [PRESS]
    # pressed before the write and let go during it; pressed during it and let go after it
    assert [e for _, e in run(press(90, 25), polls)] == [PRESS]
    assert [e for _, e in run(press(130, 25), polls)] == [PRESS]


def test_a_tap_seen_closed_at_one_poll_only_counts_if_it_began_long_before():
    # A save keeps the CPU 30 ms with interrupts on (the contacts are sampled every millisecond
    # meanwhile: hal.samples); the tap began 8 ms into it and is let go before the poll after the next.
    polls = regular_polls(100) + regular_polls(300, start_ms=125)
    assert [e for _, e in run(press(103, 25), polls)] == [PRESS]
    # the same gap, a 3 ms glitch across its end: no press
    assert run(press(123, 3), polls) == []


def test_a_press_that_begins_inside_a_flash_write_and_is_let_go_right_after_counts():
    # Interrupts off from 100 to 145 ms: no polls, but the samples go on. A press that began inside
    # and ended between the first two polls after it was lost with a pin IRQ, stamped late.
    polls = regular_polls(100) + regular_polls(300, start_ms=145)
    for hold in (25, 30, 40):
        for start in range(96, 146):
            assert [e for _, e in run(press(start, hold), polls)] == [PRESS], (hold, start)


def test_presses_during_one_long_flash_write_are_each_reported_right_after_it():
    polls = regular_polls(100) + regular_polls(800, start_ms=500)  # no polls for 400 ms
    for offset in range(0, 10, 3):
        changes = []
        for start in range(120 + offset, 420, 60):  # 5 taps of 25 to 35 ms, 25 ms or more apart
            changes += press(start, 25 + start % 11)
        changes += press(470 + offset, 40)  # and one let go after the write
        events = run(changes, polls)
        assert events[:5] == [(500, PRESS)] * 5, offset
        assert [e for _, e in events[5:]] == [PRESS], offset


def let_go_inside_or_after(rng, write, end):
    """The end of a write of 45 to 400 ms begun at ``write``, the press let go inside it or up to
    12 ms after it (at ``end``)."""
    return max(write + (45 + rng.below(356) if rng.below(2) else 45), end - rng.below(13))


def polls_around_writes(rng, spans, write_end):
    """Polls 4 to 8 ms apart, but none while a flash write runs: one begins before each press of
    ``spans`` (up to 40 ms) or as it begins, and ends at ``write_end(rng, write, end of the press)``."""
    polls = []
    p = 0
    for k, (start, end) in enumerate(spans):
        write = start - rng.below(40)
        polls.append(p)  # at least one poll between two writes
        p += 4 + rng.below(5)
        while p < write:
            polls.append(p)
            p += 4 + rng.below(5)
        following = spans[k + 1][0] if k + 1 < len(spans) else end + 1000
        p = min(write_end(rng, max(write, polls[-1]), end), following - 5)
        while p < following - 5:
            polls.append(p)
            p += 4 + rng.below(5)
    return polls + [p + 5 * k for k in range(20)]


def test_presses_while_frames_delay_the_polls():
    # Polls 5 ms apart, but 8 ms apart while a frame is drawn (3 ms of CPU) every 33 ms.
    polls = []
    t = 0
    while t < 3000:
        polls.append(t)
        t += 8 if t % 33 < 8 else 5
    for hold in (25, 30, 40):
        for start in range(100, 2900, 97):
            assert [e for _, e in run(press(start, hold), polls)] == [PRESS], (hold, start)


def test_long_press_fires_once_while_held_and_release_is_silent():
    events = run(press(50, 2000), regular_polls(2200))
    assert [e for _, e in events] == [LONG]
    assert 50 + LONG_MS <= events[0][0] <= 50 + LONG_MS + 10


def bounce_offsets(rng):
    """0, 2 or 4 extra edges (in us after an edge), 1 us to 0.7 ms apart: at most 3 ms of bounce."""
    offsets = []
    t = 0
    for _ in range(2 * rng.below(3)):
        t += 1 + rng.below(700)
        offsets.append(t)
    return offsets


def random_presses(rng, count, short_only=False):
    """(level changes, expected events, (start, end) ms of each press) of ``count`` bouncy presses
    of 25 ms or more, with gaps of 25 ms or more; bounce up to 3 ms after each edge."""
    changes = []
    expected = []
    spans = []
    t = 50
    for _ in range(count):
        if short_only or rng.below(3):
            hold = 25 + rng.below(25 if short_only else 400)
        else:
            hold = LONG_MS + 50 + rng.below(600)
        changes += press(t, hold, bounce_offsets(rng), bounce_offsets(rng))
        expected.append(PRESS if hold < LONG_MS else LONG)
        spans.append((t, t + hold))
        t += hold + 25 + rng.below(300)
    return sorted(changes), expected, spans


def test_random_bouncy_presses_with_jittery_polls_give_one_event_each():
    for seed in seeds(30):
        rng = Xorshift(seed)
        changes, expected, spans = random_presses(rng, 15)
        assert [e for _, e in run(changes, jittery_polls(rng, spans[-1][1] + 700))] == expected, seed


def jittery_polls(rng, end_ms):
    """Poll times 4 to 8 ms apart (frames being drawn delay some), made as they are used: a list
    of thousands would need one block of tens of KB of the test's heap."""
    p = 0
    while p < end_ms:
        yield p
        p += 4 + rng.below(5)


def test_random_taps_during_flash_writes_give_one_event_each():
    # A flash write (45 to 400 ms, no polls) begins during each tap, or just before it; it ends after
    # the tap, or the tap is let go inside it or up to 12 ms after it (a pin IRQ lost those).
    for seed in seeds(60):
        rng = Xorshift(100 + seed)
        changes, expected, spans = random_presses(rng, 10, short_only=True)
        write_end = ends_after if seed % 2 else let_go_inside_or_after
        assert [e for _, e in run(changes, polls_around_writes(rng, spans, write_end))] == expected, seed


def ends_after(rng, write, end):
    """The end of a write of 45 to 400 ms begun at ``write`` that outlasts the tap (let go at ``end``)."""
    return max(write + 45, end + 1) + rng.below(356)


def test_polls_that_skip_an_idle_button_give_the_same_events():
    # hal.samples skips update() while every button is idle and none moved: the same presses
    for seed in seeds(20):
        rng = Xorshift(200 + seed)
        changes, expected, spans = random_presses(rng, 6)
        end = spans[-1][1] + 700
        stall = rng.below(end)  # a flash write: no polls for 45 to 400 ms from here
        window = (seed, end, stall, stall + 45 + seed * 18)
        assert run(changes, stalled_polls(*window)) == run(changes, stalled_polls(*window), skip_idle=False), seed
        glitches = []
        for t in range(40, 2000, 97):  # contacts closed 1 to 3 ms: glitches, ignored either way
            glitches += press(t, 1 + rng.below(3))
        assert run(glitches, stalled_polls(*window)) == run(glitches, stalled_polls(*window), skip_idle=False), seed


def stalled_polls(seed, end_ms, stall_ms, resume_ms):
    """Jittery polls up to ``end_ms`` but none from ``stall_ms`` to ``resume_ms``."""
    return (p for p in jittery_polls(Xorshift(seed), end_ms) if not stall_ms <= p < resume_ms)


def test_settings_are_validated():
    with raises(ValueError):
        Button(tap_ms=50, long_ms=20)
