"""The controls read from a ring of level samples: the buttons, every edge timed to the millisecond
even late (``SampledButtons``), and the encoder's turns placed among their presses (``Turns``).

A PIO state machine samples the buttons' pins every ``SAMPLE_MS`` and a DMA channel writes each
sample (a byte: bit k is pin ``in_base + k``, 1 = open) into a ring of ``RING`` bytes
(``hal.buttons_pio``, ``hal.rp2_inputs``). At each poll the CPU is told how many samples were
written since the last one; the last was taken just now, the others a millisecond apart before
it. So the poll knows each contact's level now and when it first moved since the last poll,
to a millisecond, even after a flash write kept interrupts off (and the polls away) for up to
480 ms (``RING`` less its slack); those are what ``hal.debounce`` needs to tell a press from a glitch. A press that
began inside a flash write and was let go just after it keeps its true length: with a pin IRQ,
stamped when interrupts came back on, it looked too short and was lost. A poll that comes
late stands in for the polls it missed, one every 4 ms of samples: two presses during
one long save are two presses, reported in order right after it.

The samples carry the encoder's two contacts too (``hal.rp2_inputs``: the controls lie within
the sampler's 8 pins), so they tell when the encoder moved, to the millisecond, and a late poll
places the turn among the presses (``Turns``): "press p2, then turn" inside one save comes out
in that order, as polls every 4 ms would have reported it.

A poll where no contact moved and every button is up and settled (most of them) only notes its
time, for the debouncers to be told when a contact next moves (all ``Button.update`` would do
meanwhile); a poll allocates nothing unless a button reports something.
"""

from array import array

from micropython import const

from hal.acceleration import Acceleration
from hal.buttons_pio import PINS, SAMPLE_MS
from hal.debounce import Button
from hal.quadrature import Quadrature
from shared.events import TURN
from shared.ticks import ticks_add

# viper on the chip (and the unix port from source); the plain twin on CPython, on a port without a
# native emitter, and on a board that cannot load the native .mpy (of another sub-version: the
# loader's ValueError)
try:
    from hal.viper import first_change
except (ImportError, SyntaxError, AttributeError, ValueError):
    from hal.samples_plain import first_change

RING = const(512)  # samples: 480 ms of polls held back read safely (_SLACK; a flash erase: 45 ms, up to 400)
_STEP = const(4)  # samples between the polls a late poll stands in for (the main loop's 4 ms: app.run's _INPUT_MS)
TURNS_RING = const(256)  # the encoder's changes: 56 detents of bounce-free turning read safely (_SLACK)
# What a poll reads of either ring at most: their DMA channels write on while it reads them (a
# sample every ms, a change as the knob turns), so a ring full to its last slot would have its
# oldest entry written over before it is read: a change read in its place could make up a detent.
_SLACK = const(32)
_KEPT = const(RING - _SLACK)  # the button samples a late poll reads at most
_TURNS_KEPT = const(TURNS_RING - _SLACK)  # the encoder's changes a poll reads at most


def lowest_pin(a, b, buttons):
    """The pin the sampler reads from (its ``in_base``) for the encoder's contacts on pins ``a``
    and ``b`` and the buttons (its switch among them) on pins ``buttons``: the lowest of them.
    ValueError unless ``a`` and ``b`` are consecutive (the encoder's program reads both at
    once) and all lie within the ``PINS`` the sampler reads (its samples order turns and presses)."""
    if abs(a - b) != 1:
        raise ValueError("encoder_a and encoder_b must be consecutive pins, not %d and %d" % (a, b))
    controls = (a, b) + tuple(buttons)
    base = min(controls)
    if max(controls) - base >= PINS:
        raise ValueError("the encoder, its switch and the buttons must lie within %d consecutive pins, not %r"
                         % (PINS, controls))
    return base


class SampledButtons:
    """Buttons ``names`` on sample bits ``bits``; ``poll`` turns new samples into press events."""

    def __init__(self, names, bits):
        self.names = names
        self.masks = tuple(1 << b for b in bits)
        mask = 0
        for m in self.masks:
            mask |= m
        self.mask = mask
        self.debounced = tuple(Button() for _ in names)
        self.level = mask  # the last sample (buttons' bits): all open until told otherwise
        self.at = 0  # where the next sample goes in the ring
        self.first = array("i", [0] * len(names))  # when each contact first moved, this poll
        # every button up and settled at the last poll; None: one was not, and a contact read open at
        # its last sample only (a release to confirm: poll again soon, hal.rp2_inputs)
        self.quiet = True
        self.polled = None  # when the last poll was (a quiet poll notes only that)

    def restart(self):
        """The sampler begins again at the ring's start (its DMA channel renewed)."""
        self.at = 0

    def _stand_in(self, ring, new, now_ms, events, turns):
        """The polls every 4 ms that a late poll of ``new`` samples stands in for, one call each
        (those that would only note their time skipped at once), all but its last 4 to 7 samples;
        ``turns`` decoded up to each press they report. ``new``: at most ``_KEPT``."""
        since = self.at  # the samples that placed the turn end here
        while new >= 2 * _STEP:
            # The polls that would only note their time are skipped at once (one at a time they cost
            # 0.3-0.7 ms each on the chip, and an input made during a save waited for them after it: a
            # press held through a 130 ms save, 13 ms): while every button is steady (up and settled,
            # or held, until its long press falls due) and none moves before the next change.
            skip = new - _STEP - new % _STEP  # the last 4 to 7 samples are the late poll's own
            last = ticks_add(now_ms, -new * SAMPLE_MS)  # the last poll's time
            for button in self.debounced:
                skip = min(skip, button.still_for(last) // SAMPLE_MS)
                if skip < _STEP:  # no poll skipped: the others need not be asked
                    break
            if skip >= _STEP:
                at = self.at
                skip = min(skip, first_change(ring, at, at + new, RING - 1, self.mask, self.level) - at) & ~(_STEP - 1)
                if skip:
                    new -= skip
                    self.at = (at + skip) & (RING - 1)
                    self.polled = ticks_add(now_ms, -new * SAMPLE_MS)
                    continue
            new -= _STEP
            then = ticks_add(now_ms, -new * SAMPLE_MS)
            n = 0 if events is None else len(events)
            events = self.poll(ring, _STEP, then, events)
            if turns is not None and events is not None and len(events) > n:  # presses: the turn so far first
                after = turns.follow(ring, since, self.at + (RING if self.at < since else 0))
                turn = turns.decode(turns.read, then, after, None)
                since = self.at
                if turn is not None:
                    events.insert(n, turn[0])
        if turns is not None:  # the rest of the turn, timed by its last detent, not by this poll
            after = turns.follow(ring, since, self.at + new + (RING if self.at < since else 0))
            events = turns.decode(turns.written, now_ms, after, events)
        return events

    def poll(self, ring, new, now_ms, events, turns=None):
        """Take the ``new`` samples written into ``ring`` since the last poll, the last of them at
        ``now_ms``; append ``(kind, name)`` for each press or long press to ``events`` (a list,
        made if None) and return it. Samples a late poll missed are debounced as the polls every
        4 ms would have (each press reported, in order, by this one). ``turns``: the encoder's
        ``Turns`` if its ring has new entries; their turn comes before the presses that came
        after it (one turn, before the presses, at a poll on time)."""
        if new > _KEPT:  # the oldest were written over (or are, as this reads): an edge among them is late
            self.at = (self.at + new - _KEPT) & (RING - 1)
            new = _KEPT
            if self.polled is not None:  # (None: the first poll, whose closed contacts are held from before)
                self.polled = ticks_add(now_ms, -new * SAMPLE_MS)  # as if polled just before the oldest kept
        if new >= 2 * _STEP:  # a late poll: first the polls it stands in for
            events = self._stand_in(ring, new, now_ms, events, turns)
            new = _STEP + new % _STEP  # the samples _stand_in leaves: this poll's own
        if turns is not None:  # the rest of the turn, before this poll's own presses
            events = turns.decode(turns.written, now_ms, 0, events)
        at = self.at
        end = at + new
        self.at = end & (RING - 1)
        level = self.level
        mask = self.mask
        at = first_change(ring, at, end, RING - 1, mask, level)  # most polls: none, every sample as the last
        if at == end and self.quiet:  # nothing moved and every button is up and settled
            self.polled = now_ms
            return events
        debounced = self.debounced
        polled = self.polled
        self.polled = now_ms
        for button in debounced:  # the last poll's time, as update() would have noted it at a quiet poll
            button.last_ms = polled
        moved = 0
        first = self.first
        masks = self.masks
        while at < end:
            v = ring[at & (RING - 1)] & mask
            if v != level:
                change = (v ^ level) & ~moved
                if change:
                    t = ticks_add(now_ms, (at + 1 - end) * SAMPLE_MS)
                    for k in range(len(masks)):
                        if change & masks[k]:
                            first[k] = t
                    moved |= change
                level = v
            at += 1
        self.level = level
        opening = level & ~ring[(end - 2) & (RING - 1)]  # open at the last sample, closed at the one before
        quiet = True
        for k in range(len(masks)):
            button = debounced[k]
            m = masks[k]
            kind = button.update(not level & m, first[k] if moved & m else None, now_ms, opening & m)
            if kind is not None:
                if events is None:
                    events = []
                events.append((kind, self.names[k]))
            quiet = quiet and button.idle()
        self.quiet = quiet if quiet or not opening & mask else None
        return events


class Turns:
    """The encoder's detents from the ring of its contacts' changes (``hal.rp2_inputs``: each entry
    the two contacts' levels after a change, the lower pin in bit 0, no time), placed in time by the
    button samples, whose bits ``bit`` and ``bit + 1`` are the same two pins. The ring never misses
    a change and counts the detents; the samples, a millisecond apart, may miss a quick wiggle or
    a fast turn's quarter steps: they only tell which entries had come by a given sample."""

    def __init__(self, ring, levels, bit, a_high):
        self.ring = ring
        self.bit = bit
        # The decoder takes the entries as they are, A in bit 0 unless ``a_high``: A and B swapped
        # is the same cycle run backwards, so then its count is negated.
        self.sign = 1 if a_high else -1
        self.level = levels  # the levels of the last entry decoded (the contacts', at the start)
        self.decoder = Quadrature(levels)
        self.acceleration = Acceleration()
        self.read = 0  # entries decoded so far
        self.written = 0  # entries written, told at each poll

    def follow(self, samples, at, end):
        """Feed the decoder the entries that had come by the samples ``at`` to ``end - 1`` of the
        buttons' ``samples`` (positions taken modulo ``RING``); return how many of those samples came
        after the one at which the decoder last made a detent (0 if it made none). Each sample whose
        levels differ from the last entry decoded is matched to the first entry after it with those
        levels: never a later one than the sample saw (it may be an earlier one, after a wiggle the
        samples missed). A late poll times a turn by that sample, when its last detent was made, not
        by a bounce or a wiggle after it: timed by the poll, a slow turn across a save would speed up."""
        written = self.written
        to = self.read
        made = end - 1
        if written - to > _TURNS_KEPT:  # the ring ran over: all at the poll's end (``decode``)
            return 0
        ring = self.ring
        bit = self.bit
        level = self.level
        decoder = self.decoder
        missing = -1  # levels no entry after ``to`` has (a glitch too short for the encoder's PIO)
        mask = 3 << bit
        while True:
            # the next sample whose levels differ (a late poll has hundreds of samples, nearly all alike)
            at = first_change(samples, at, end, RING - 1, mask, level << bit)
            if at >= end:
                break
            v = samples[at & (RING - 1)] >> bit & 3
            if v != missing:
                k = to
                while k < written and ring[k & (TURNS_RING - 1)] != v:
                    k += 1
                if k < written:
                    steps = decoder.steps
                    while to <= k:
                        decoder.feed(ring[to & (TURNS_RING - 1)])
                        to += 1
                    if decoder.steps != steps:
                        made = at
                    level = v
                else:
                    missing = v  # not searched again: ``to`` only moves on
            at += 1
        self.read = to
        self.level = level
        return end - 1 - made

    def decode(self, to, now_ms, after, events):
        """Feed the decoder the entries up to ``to`` (exclusive); append the turn they complete to
        ``events`` (a list, made if None) and return it. Its time, for the acceleration: ``after`` ms
        before ``now_ms`` (its last detent, as ``follow`` found it), or ``now_ms`` if the entries fed
        here make a detent (changes no sample has seen yet)."""
        ring = self.ring
        decoder = self.decoder
        read = self.read
        if to != read:
            last = ring[(to - 1) & (TURNS_RING - 1)]
            steps = decoder.steps
            if to - read > _TURNS_KEPT:  # overrun: the oldest entries were (or are being) written over
                decoder.feed(last, True)
            else:
                while read < to:
                    decoder.feed(ring[read & (TURNS_RING - 1)])
                    read += 1
            if decoder.steps != steps:
                after = 0
            self.level = last
            self.read = to
        detents = decoder.take()
        if detents:
            if events is None:
                events = []
            events.append((TURN, self.acceleration.scale(self.sign * detents, ticks_add(now_ms, -after * SAMPLE_MS))))
        return events
