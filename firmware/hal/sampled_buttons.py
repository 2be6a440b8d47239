"""Buttons read from a ring of level samples: every edge timed to the millisecond, even late.

A PIO state machine samples the buttons' pins every ``SAMPLE_MS`` and a DMA channel writes each
sample (a byte: bit k is pin ``in_base + k``, 1 = open) into a ring of ``RING`` bytes
(``hal.buttons_pio``, ``hal.rp2_inputs``). At each poll the CPU is told how many samples were
written since the last one; the last was taken just now, the others a millisecond apart before
it. So the poll knows each contact's level now and when it first moved since the last poll,
to a millisecond, even after a flash write kept interrupts off (and the polls away) for up to
``RING`` ms; those are what ``hal.debounce`` needs to tell a press from a glitch. A press that
began inside a flash write and was let go just after it keeps its true length: with a pin IRQ,
stamped when interrupts came back on, it looked too short and was lost. A poll that comes
late stands in for the polls it missed, one every 4 ms of samples: two presses during
one long save are two presses, reported in order right after it.

A poll where no contact moved and every button is up and settled (most of them) only notes its
time, for the debouncers to be told when a contact next moves (all ``Button.update`` would do
meanwhile); a poll allocates nothing unless a button reports something.
"""

from array import array

from micropython import const

from hal.buttons_pio import SAMPLE_MS
from hal.debounce import Button
from shared.ticks import ticks_add

try:  # viper: the chip, and the unix port from source (the plain twin never loads there)
    from hal.samples_viper import first_change
except (ImportError, SyntaxError, AttributeError):  # CPython, and ports without a native emitter
    from hal.samples_plain import first_change

RING = const(512)  # samples: half a second of polls held back (a flash erase: 45 ms, up to 400)
_STEP = const(4)  # samples between the polls a late poll stands in for (the main loop's 4 ms)


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
        self.quiet = True  # every button up and settled at the last poll
        self.polled = None  # when the last poll was (a quiet poll notes only that)

    def restart(self):
        """The sampler begins again at the ring's start (its DMA channel renewed)."""
        self.at = 0

    def poll(self, ring, new, now_ms, events):
        """Take the ``new`` samples written into ``ring`` since the last poll, the last of them at
        ``now_ms``; append ``(kind, name)`` for each press or long press to ``events`` (a list,
        made if None) and return it. Samples a late poll missed are debounced as the polls every
        4 ms would have (each press reported, in order, by this one)."""
        if new >= 2 * _STEP:  # a late poll: first the polls it stands in for, one call each
            if new > RING:  # the oldest were written over: an edge among them is seen late
                self.at = (self.at + new - RING) & (RING - 1)
                new = RING
            while new >= 2 * _STEP:
                new -= _STEP
                events = self.poll(ring, _STEP, ticks_add(now_ms, -new * SAMPLE_MS), events)
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
        quiet = True
        for k in range(len(masks)):
            button = debounced[k]
            m = masks[k]
            kind = button.update(not level & m, first[k] if moved & m else None, now_ms)
            if kind is not None:
                if events is None:
                    events = []
                events.append((kind, self.names[k]))
            quiet = quiet and button.idle()
        self.quiet = quiet
        return events
