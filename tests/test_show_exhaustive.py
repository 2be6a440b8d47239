"""Every (4-card hand, starter) combination, counted: the published distribution of totals.

There are C(52, 4) x 48 = 12,994,800 combinations; the published table of how many score each
total 0-29 (Lumetta's), the recorded crib table and their provenance are in
tests/firmware/show_tables.py, which tests/firmware/test_show_census.py also holds the census to
on MicroPython.

Scoring them one by one takes about 40 s on CPython, so they are counted by
``cribbage_lab.census``, which groups them by ranks and suit shape and scores with
``show.score``; that grouped path is checked here against plain ``score`` of every
combination of reduced decks.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from naive_show import naive, naive_total
from show_tables import COMBINATIONS, PUBLISHED_HAND, RECORDED_CRIB

from cribbage import show
from cribbage_lab.census import census
from cribbage_lab.crib_mean import mean_crib_score


def plain_distribution(ranks: list[int], is_crib: bool) -> list[int]:
    """The same by scoring every combination one by one."""
    deck = [r * 4 + s for r in sorted(ranks) for s in range(4)]
    totals = [0] * 30
    score = show.score
    for hand in combinations(deck, 4):
        for starter in deck:
            if starter not in hand:
                totals[score(hand, starter, is_crib)] += 1
    return totals


@pytest.mark.parametrize("is_crib", [False, True])
@pytest.mark.parametrize("ranks", [[0, 2, 3, 4, 5, 10, 12], [0, 4, 8, 9, 10, 11, 12]])
def test_grouping_matches_plain_scoring(ranks: list[int], is_crib: bool) -> None:
    """Reduced decks (28 cards, 491,400 combinations) with runs, fifteens, pairs, flushes, nobs."""
    plain = plain_distribution(ranks, is_crib)
    assert census(is_crib, ranks) == plain
    assert sum(plain) == 20475 * 24


@pytest.fixture(scope="module")
def full_hand() -> list[int]:
    return census(is_crib=False)


@pytest.fixture(scope="module")
def full_crib() -> list[int]:
    return census(is_crib=True)


def test_hand_distribution_is_the_published_one(full_hand: list[int]) -> None:
    assert sum(full_hand) == COMBINATIONS
    assert full_hand == PUBLISHED_HAND
    mean = sum(t * n for t, n in enumerate(full_hand)) / COMBINATIONS
    assert round(mean, 4) == 4.7692


def test_crib_distribution_is_the_recorded_one(full_crib: list[int]) -> None:
    assert sum(full_crib) == COMBINATIONS
    assert full_crib == RECORDED_CRIB
    assert full_crib[0] == 1_022_208  # Wikipedia, "Cribbage statistics"
    mean = Fraction(sum(t * n for t, n in enumerate(full_crib)), COMBINATIONS)
    assert round(float(mean), 4) == 4.7348
    assert mean == mean_crib_score()  # the same mean the other way: by rank multisets and suit counts


def test_the_recorded_crib_table_is_the_published_hand_table_less_the_four_card_flushes() -> None:
    """RECORDED_CRIB from the published table and the rules alone, not from ``cribbage.show``: a crib counts
    a flush of five only, so a hand of one suit with a starter of another (a flush of four, 4 points) counts 4
    less there, and every other hand the same; those hands' totals by the tests' own scorer
    (``naive_show.naive``), clubs for each suit."""
    crib = PUBLISHED_HAND[:]
    for ranks in combinations(range(13), 4):
        hand = [rank * 4 for rank in ranks]
        for starter in range(52):
            if starter % 4:
                total = naive_total(naive(hand, starter, False))
                crib[total] -= 4
                crib[total - 4] += 4
    assert crib == RECORDED_CRIB


def test_impossible_totals_and_the_29(full_hand: list[int], full_crib: list[int]) -> None:
    for table in (full_hand, full_crib):
        assert [t for t in range(30) if table[t] == 0] == list(show.IMPOSSIBLE)
        assert [t for t in range(30) if table[t]] == [t for t in range(30) if show.is_possible_total(t)]
        assert table[show.MAX_SHOW] == 4


@pytest.mark.parametrize("is_crib", [False, True])
def test_the_totals_possible_with_each_starter_are_those_counted(is_crib: bool, full_hand: list[int],
                                                                 full_crib: list[int]) -> None:
    """``is_possible_total`` with a starter's rank: every hand (or crib) counted with a starter of that rank; the
    13 starters' counts add up to the whole table (the published one, for hands)."""
    added = [0] * (show.MAX_SHOW + 1)
    for starter_rank in range(13):
        totals = census(is_crib, starters=[starter_rank])
        assert sum(totals) == COMBINATIONS // 13
        assert [t for t in range(30) if totals[t]] \
            == [t for t in range(30) if show.is_possible_total(t, starter_rank, is_crib)], starter_rank
        added = [a + n for a, n in zip(added, totals, strict=True)]
    assert added == (full_crib if is_crib else full_hand)


def test_count_agrees_with_score_on_a_small_deck() -> None:
    """``count`` (combination by combination) against ``score`` for every hand of 3s, 4s, 5s and jacks."""
    deck = [r * 4 + s for r in (2, 3, 4, 10) for s in range(4)]
    for hand in combinations(deck, 4):
        for starter in deck:
            if starter not in hand:
                for is_crib in (False, True):
                    assert show.count(hand, starter, is_crib).total == show.score(hand, starter, is_crib)
