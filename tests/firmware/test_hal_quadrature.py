"""Quadrature decoding: exact on clean and bouncy contacts, and never inventing a step."""

from hal_edges import DetentMoves, Xorshift, bounced_move, turn

from hal.quadrature import Quadrature
from portable import seeds


def feed_all(decoder, readings):
    for ab in readings:
        decoder.feed(ab)
    return decoder.take()


def test_recorded_clockwise_detent():
    # One detent clockwise as drawn in the EC11 phase diagram: A falls first, then B.
    decoder = Quadrature(0b11)
    assert feed_all(decoder, [0b01, 0b00, 0b10, 0b11]) == 1


def test_recorded_anticlockwise_detent():
    decoder = Quadrature(0b11)
    assert feed_all(decoder, [0b10, 0b00, 0b01, 0b11]) == -1


def test_clean_turns_both_directions():
    for detents in (1, 2, 7, 30, -1, -5, -30):
        assert feed_all(Quadrature(), turn(detents)) == detents


def test_step_counts_only_on_reaching_the_detent():
    decoder = Quadrature()
    readings = turn(1)
    for ab in readings[:-1]:
        decoder.feed(ab)
        assert decoder.take() == 0
    decoder.feed(readings[-1])
    assert decoder.take() == 1


def test_half_turn_and_back_counts_nothing():
    assert feed_all(Quadrature(), [0b01, 0b00, 0b01, 0b11]) == 0
    assert feed_all(Quadrature(), [0b10, 0b00, 0b10, 0b11]) == 0


def test_repeated_readings_change_nothing():
    readings = []
    for ab in turn(3):
        readings += [ab, ab, ab]
    assert feed_all(Quadrature(), readings) == 3


def test_bounce_at_the_detent_does_not_count_twice():
    # Arrive at the detent, the B contact chatters back and forth, then settle.
    assert feed_all(Quadrature(), [0b01, 0b00, 0b10, 0b11, 0b10, 0b11, 0b10, 0b11]) == 1


def test_invalid_transition_drops_the_detent_instead_of_guessing():
    # 01 -> 10 changes both contacts: an edge was missed, direction unknown.
    assert feed_all(Quadrature(), [0b01, 0b10, 0b11]) == 0
    decoder = Quadrature()
    assert feed_all(decoder, [0b01, 0b00, 0b11]) == 0  # 00 -> 11: also both at once
    assert feed_all(decoder, turn(2)) == 2  # and the next detents count again


def test_random_bounced_walks_are_exact():
    # Every contact change is seen (an IRQ per edge): after every reading the decoder's
    # total equals the last detent the rotor actually sat in.
    for seed in seeds(40):
        rng = Xorshift(seed)
        decoder = Quadrature()
        q = total = 0
        last_detent = 0
        for _ in range(120):
            direction = 1 if rng.below(2) else -1
            for _ in range(1 + rng.below(6)):  # a few quarters one way: full detents and wiggles
                readings, q = bounced_move(q, direction, rng)
                for ab in readings:
                    decoder.feed(ab)
                    total += decoder.take()
                if q % 4 == 0:
                    last_detent = q // 4
                assert total == last_detent, (seed, q, total)
        # Come back to a detent and check the grand total.
        while q % 4:
            readings, q = bounced_move(q, 1, rng)
            for ab in readings:
                decoder.feed(ab)
        total += decoder.take()
        assert total == q // 4


def test_random_turns_in_one_direction_are_exact():
    for seed in seeds(20):
        rng = Xorshift(1000 + seed)
        for direction in (1, -1):
            decoder = Quadrature()
            detents = 1 + rng.below(40)
            q = 0
            while q != 4 * detents * direction:
                readings, q = bounced_move(q, direction, rng)
                for ab in readings:
                    decoder.feed(ab)
            assert decoder.take() == detents * direction


def test_missed_edges_lose_steps_but_never_invent_them():
    # Readings are sometimes late (the IRQ saw two edges as one): a single reading is then
    # missing, never two in a row. Every step counted must be one the rotor really made:
    # steps counted clockwise <= real moves from one detent to the next clockwise, and the
    # same anticlockwise (wiggles that return to the same detent are no moves).
    for seed in seeds(40):
        rng = Xorshift(5000 + seed)
        decoder = Quadrature()
        q = counted_cw = counted_ccw = 0
        moves = DetentMoves()
        dropped_last = False
        for _ in range(600):
            readings, q = bounced_move(q, 1 if rng.below(2) else -1, rng, max_bounces=2)
            moves.at(q)
            for ab in readings:
                if not dropped_last and rng.below(3) == 0:
                    dropped_last = True
                    continue
                dropped_last = False
                decoder.feed(ab)
                steps = decoder.take()
                counted_cw += max(steps, 0)
                counted_ccw += max(-steps, 0)
        assert counted_cw <= moves.cw and counted_ccw <= moves.ccw, seed
        assert counted_cw + counted_ccw > 0  # it still decodes turning


# --- interrupts off: edges pile up and the IRQ sees only where the contacts ended ----------

A_CONTACT = 0b10
B_CONTACT = 0b01


class LatchedIrqs:
    """A feeder that reads the contacts on pin interrupts (the RP2040's edge latches for the two
    contacts): the hardest case for the decoder, which the board's PIO ring spares it.

    With interrupts on, each edge runs its contact's handler at once. With them off, edges only
    set the contact's latched flags (rising, falling); when interrupts come back, the handlers of
    the latched contacts run in pin order (A is the lower pin), each reading both contacts as they
    are then and its own flags: a contact with both edges latched, or one that interrupted yet
    reads as the decoder last saw it, had edges missed (``burst``).
    """

    def __init__(self, decoder, ab=3):
        self.decoder = decoder
        self.ab = ab
        self.latched = {A_CONTACT: 0, B_CONTACT: 0}  # bit 0: rising, bit 1: falling
        self.off = False

    def reading(self, ab):
        """The contacts now read ``ab`` (one contact changed, or none)."""
        for contact in (A_CONTACT, B_CONTACT):
            if (ab ^ self.ab) & contact:
                self.latched[contact] |= 1 if ab & contact else 2
        self.ab = ab
        if not self.off:
            self.serve()

    def serve(self):
        for contact in (A_CONTACT, B_CONTACT):
            flags = self.latched[contact]
            if flags:
                self.latched[contact] = 0
                self.decoder.feed(self.ab, flags == 3 or not (self.ab ^ self.decoder.ab) & contact)

    def interrupts(self, on):
        self.off = not on
        if on:
            self.serve()


def test_after_a_burst_the_next_detent_counts_from_the_detent_position_only():
    decoder = Quadrature()
    decoder.feed(0b11, burst=True)  # the knob rests at a detent after the unseen edges: none in progress
    assert feed_all(decoder, turn(1)) == 1
    decoder.feed(0b01, burst=True)  # a quarter away from it: the detent in progress may be an alias
    assert feed_all(decoder, [0b00, 0b10, 0b11]) == 0
    assert feed_all(decoder, turn(2)) == 2


def test_a_wiggle_seen_in_part_while_interrupts_are_off_is_not_a_step():
    # Three quarters anticlockwise (11 -> 10 -> 00 -> 01), then, interrupts off, three quarters
    # back clockwise (01 -> 00 -> 10 -> 11): the knob is where it started. The IRQ sees A's rise
    # (11) as one quarter more anticlockwise, but B's latched flags show both edges.
    decoder = Quadrature(0b11)
    irqs = LatchedIrqs(decoder)
    for ab in (0b10, 0b00, 0b01):
        irqs.reading(ab)
    irqs.interrupts(False)
    for ab in (0b00, 0b10, 0b11):
        irqs.reading(ab)
    irqs.interrupts(True)
    assert decoder.take() == 0
    # readings alone (no IRQ flags) are a real anticlockwise detent, and count as one
    assert feed_all(Quadrature(0b11), [0b10, 0b00, 0b01, 0b11]) == -1


def test_a_contact_that_interrupts_unchanged_had_edges_missed():
    decoder = Quadrature(0b11)
    irqs = LatchedIrqs(decoder)
    for ab in (0b01, 0b00, 0b10, 0b11):  # a detent clockwise, seen whole
        irqs.reading(ab)
    irqs.interrupts(False)
    irqs.reading(0b01)  # A fell and rose unseen: it interrupts, yet reads as before
    irqs.reading(0b11)
    irqs.interrupts(True)
    assert decoder.take() == 0


def test_bursts_inside_interrupts_off_windows_lose_steps_but_never_invent_them():
    # Random turning with bounce and wiggles; now and then a burst of edges (a flash write of
    # 20-400 ms turned at a brisk pace: up to a few dozen edges) falls while interrupts are off.
    # Every step counted must be one the rotor made: counted clockwise <= real moves from one
    # detent to the next clockwise, the same anticlockwise; and the count is taken between IRQs
    # only, as the main loop does.
    decoded = moved = 0
    for seed in seeds(60):
        rng = Xorshift(9000 + seed)
        decoder = Quadrature()
        irqs = LatchedIrqs(decoder)
        q = counted_cw = counted_ccw = 0
        moves = DetentMoves()
        window_left = 0
        for _ in range(400):
            readings, q = bounced_move(q, 1 if rng.below(2) else -1, rng, max_bounces=2)
            moves.at(q)
            for ab in readings:
                if window_left == 0 and rng.below(40) == 0:
                    window_left = 1 + rng.below(40)
                    irqs.interrupts(False)
                irqs.reading(ab)
                if window_left:
                    window_left -= 1
                    if window_left == 0:
                        irqs.interrupts(True)
                if not irqs.off:
                    steps = decoder.take()
                    counted_cw += max(steps, 0)
                    counted_ccw += max(-steps, 0)
        assert counted_cw <= moves.cw and counted_ccw <= moves.ccw, seed
        decoded += counted_cw + counted_ccw
        moved += moves.cw + moves.ccw
    # interrupts are off about a third of the time here; the steps outside the windows still count
    assert decoded * 3 > moved, (decoded, moved)
