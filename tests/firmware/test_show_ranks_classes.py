"""The show from ranks, every rank class, against real cards and the published totals, on every interpreter.

A rank class is the hand's 4 ranks and the starter's rank: 23,647 of them (each of the 6,175
multisets of 5 ranks, no rank more than 4 times, with each of its ranks as the starter's), and
the 13 hands of four of the starter's rank, which must be refused. For each class and each
answer (flush 0, 4 or 5; his nobs or not), hand and crib:

- the answers real cards of those ranks give (show_oracle.real_suitings: every suit assignment)
  are exactly those ``flush_options`` and ``nobs_options`` allow, and ``score`` refuses the others
  (on the oldest release, those of one class in four: REFUSALS_EVERY);
- ``score`` is the points of the ranks counted by show_oracle.rank_points (from the rules, not by
  ``cribbage.show``) plus the answers' flush and nobs, and ``cards`` realises the answers;
- weighting each answer by how many real combinations give it, the totals of all 12,994,800
  combinations are Lumetta's published distribution (hands) and the recorded one (cribs).

Seeded random real hands (any order of the ranks) count the same from their ranks, item by item,
and are said as their cards are. tests/test_show_ranks_exhaustive.py and
tests/test_show_ranks_properties.py do the same on CPython with ``cribbage.show`` and hypothesis.
"""

from show_oracle import JACK, answers, answers_of, rank_points, real_suitings
from show_tables import COMBINATIONS, PUBLISHED_HAND, RECORDED_CRIB

from cribbage import saying, show, show_ranks
from cribbage_lab.deck import Xorshift32, randbelow
from portable import raises, seeds

ANSWERS = [(flush, nobs) for flush in (0, 4, 5) for nobs in (False, True)]
# The refusals (each formats its message) take 3 of the 5 s the classes take on the unix port; on the
# 32-bit 1.23 (16 s with all of them, 8 s so) those of one class in four are checked, as a seeded
# sweep runs a quarter of its seeds there (portable.seeds).
REFUSALS_EVERY = 4 // len(seeds(4))


def shape(hand_ranks, starter_rank):
    """What the suit facts' counts of a rank class depend on (so real_suitings runs once a shape):
    how many cards of each rank the hand holds, how many are Jacks, how many are of the starter's
    rank, and whether the starter is a Jack. Any two classes of one shape are the same up to
    renaming ranks, which suits do not see."""
    many = sorted([hand_ranks.count(r) for r in set(hand_ranks)])
    return tuple(many), hand_ranks.count(JACK), hand_ranks.count(starter_rank), starter_rank == JACK


def check_class(hand, starter_rank, base, facts, is_crib, totals, refusals):
    """One rank class, hand or crib (see the module docstring); adds its combinations to ``totals``;
    ``refusals``: whether to check that ``score`` refuses the answers real cards do not give."""
    real = {}  # answers -> how many real combinations give them
    for fact, many in facts.items():
        key = answers_of(fact, is_crib)
        real[key] = real.get(key, 0) + many
    what = (hand, starter_rank, is_crib)
    flushes = show_ranks.flush_options(hand, starter_rank, is_crib)
    assert sorted(flushes) == sorted({flush for flush, _ in real}), what
    for flush in flushes:
        bits = 0
        for f, nobs in real:
            if f == flush:
                bits |= show_ranks.NOBS if nobs else show_ranks.NO_NOBS
        assert show_ranks.nobs_options(hand, starter_rank, flush) == bits, what + (flush,)
    for flush, nobs in ANSWERS:
        many = real.get((flush, nobs))
        if many is None:
            if refusals:
                with raises(ValueError):
                    show_ranks.score(hand, starter_rank, flush, nobs, is_crib)
            continue
        points = show_ranks.score(hand, starter_rank, flush, nobs, is_crib)
        assert points == base + flush + nobs, what + (flush, nobs)
        totals[points] += many
        cards, starter = show_ranks.cards(hand, starter_rank, flush, nobs)
        assert len(set(cards + [starter])) == 5 and starter // 4 == starter_rank, what + (flush, nobs)
        assert [c // 4 for c in cards] == hand and answers(cards, starter, is_crib) == (flush, nobs), what


def test_every_rank_class_against_real_cards_and_the_published_totals():
    hand_totals = [0] * (show.MAX_SHOW + 1)
    crib_totals = [0] * (show.MAX_SHOW + 1)
    shapes = {}
    classes = 0
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        if a == e:
                            continue  # five of a rank
                        five = [a, b, c, d, e]
                        fifteens, pairs, runs = rank_points(five)
                        base = fifteens + pairs + runs
                        for k in range(5):
                            if k and five[k] == five[k - 1]:
                                continue
                            starter_rank = five[k]
                            hand = five[:k] + five[k + 1:]
                            key = shape(hand, starter_rank)
                            facts = shapes.get(key)
                            if facts is None:
                                facts = shapes[key] = real_suitings(hand, starter_rank)
                            refusals = classes % REFUSALS_EVERY == 0
                            check_class(hand, starter_rank, base, facts, False, hand_totals, refusals)
                            check_class(hand, starter_rank, base, facts, True, crib_totals, refusals)
                            classes += 1
    assert classes == 23647
    assert sum(hand_totals) == sum(crib_totals) == COMBINATIONS
    assert hand_totals == PUBLISHED_HAND
    assert crib_totals == RECORDED_CRIB
    for r in range(13):  # four of the starter's rank: a fifth card of it
        for is_crib in (False, True):
            for flush, nobs in ANSWERS:
                with raises(ValueError):
                    show_ranks.score([r] * 4, r, flush, nobs, is_crib)
            assert real_suitings([r] * 4, r) == {}


def test_seeded_real_hands_count_the_same_from_their_ranks():
    rand = Xorshift32(20250611)
    for _ in seeds(3000):
        pack = list(range(52))
        five = []
        for _ in range(5):
            five.append(pack.pop(randbelow(rand, len(pack))))
        hand, starter = five[:4], five[4]
        ranks = [c // 4 for c in hand]
        for is_crib in (False, True):
            flush, nobs = answers(hand, starter, is_crib)
            by_ranks = show_ranks.count(ranks, starter // 4, flush, nobs, is_crib)
            fifteens, pairs, runs = rank_points(ranks + [starter // 4])
            assert (by_ranks.fifteen_points, by_ranks.pair_points, by_ranks.run_points, by_ranks.flush_points,
                    by_ranks.nobs_points) == (fifteens, pairs, runs, flush, int(nobs)), (five, is_crib)
            assert by_ranks.total == fifteens + pairs + runs + flush + nobs, (five, is_crib)
            assert saying.say(by_ranks) == saying.say(show.count(hand, starter, is_crib)), (five, is_crib)
