"""The mean crib score over all C(52,4) * 48 cribs with a starter, worked out by rank multisets
and closed-form suit counts: a second way to the crib table's mean, beside ``census``'s grouping
(the tests hold the two to each other)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from cribbage.cards import JACK
from cribbage.show import score

ALL_CRIBS = comb(52, 4) * 48


def suit_choices(ranks: dict[int, int], starter_rank: int, jack_suits: list[int]) -> list[int]:
    """One crib (card ints) with ``ranks`` (rank -> count), the starter being suit 0 of its rank.

    Jacks take ``jack_suits`` in order; other ranks take suits 1, 2, 3, then 0 (0 is skipped
    for the starter's rank): so no card but a Jack given suit 0 shares the starter's suit
    unless four of a rank force it.
    """
    crib = []
    for r, n in ranks.items():
        order = jack_suits if r == JACK else [1, 2, 3, 0]
        order = [t for t in order if not (r == starter_rank and t == 0)]
        crib += [r * 4 + t for t in order[:n]]
    return crib


def mean_crib_score() -> Fraction:
    """Mean crib score over all C(52,4) * 48 cribs with starter, by rank multisets.

    By suit symmetry the starter is taken of suit 0 (times 4). For crib ranks with counts
    m_r (and a_r suits left for each rank), the suit assignments number prod C(a_r, m_r);
    among them, those where all four crib cards are of suit 0 (the crib flush, possible
    only with four distinct ranks, none the starter's) and those where a crib Jack is of
    suit 0 (his nobs) are counted in closed form. One crib of each class is scored.
    """
    total = 0
    for starter_rank in range(13):
        starter = starter_rank * 4
        for crib_ranks in combinations_with_replacement(range(13), 4):
            counts = {r: crib_ranks.count(r) for r in set(crib_ranks)}
            avail = {r: 4 - (r == starter_rank) for r in counts}
            if any(counts[r] > avail[r] for r in counts):
                continue
            ways = prod(comb(avail[r], counts[r]) for r in counts)
            jacks = counts.get(JACK, 0)
            nobs = 0
            if jacks and starter_rank != JACK:
                nobs = comb(3, jacks - 1) * prod(comb(avail[r], counts[r]) for r in counts if r != JACK)
            flush = int(len(counts) == 4 and starter_rank not in counts)
            flush_nobs = flush if jacks else 0
            classes = [
                (flush_nobs, [r * 4 for r in crib_ranks]),
                (flush - flush_nobs, [r * 4 for r in crib_ranks]),
                (nobs - flush_nobs, suit_choices(counts, starter_rank, [0, 1, 2, 3])),
                (ways - nobs - flush + flush_nobs, suit_choices(counts, starter_rank, [1, 2, 3])),
            ]
            for n, crib in classes:
                if n:
                    total += n * score(crib, starter, True)
    return Fraction(4 * total, ALL_CRIBS)
