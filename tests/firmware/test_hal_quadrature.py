"""Quadrature decoding: exact on clean and bouncy contacts, and never inventing a step."""

from hal_edges import Xorshift, bounced_move, turn

from hal.quadrature import Quadrature


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
    for seed in range(40):
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
    for seed in range(20):
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
    for seed in range(40):
        rng = Xorshift(5000 + seed)
        decoder = Quadrature()
        q = last_detent = 0
        moved_cw = moved_ccw = counted_cw = counted_ccw = 0
        dropped_last = False
        for _ in range(600):
            readings, q = bounced_move(q, 1 if rng.below(2) else -1, rng, max_bounces=2)
            if q % 4 == 0 and q // 4 != last_detent:
                if q // 4 > last_detent:
                    moved_cw += 1
                else:
                    moved_ccw += 1
                last_detent = q // 4
            for ab in readings:
                if not dropped_last and rng.below(3) == 0:
                    dropped_last = True
                    continue
                dropped_last = False
                decoder.feed(ab)
                steps = decoder.take()
                counted_cw += max(steps, 0)
                counted_ccw += max(-steps, 0)
        assert counted_cw <= moved_cw and counted_ccw <= moved_ccw, seed
        assert counted_cw + counted_ccw > 0  # it still decodes turning
