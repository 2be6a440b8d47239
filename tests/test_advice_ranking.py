"""Discard advice on random deals against brute force, exactly (CPython, hypothesis).

Each keep's hand value is recounted over every unseen starter with show.score; the crib
value is the table's (checked against brute force in test_advice_table.py); the ranking
must be by the exact expected points, best first.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage import advice
from cribbage.show import score
from host_tools.keep_shares import hand_expected


def brute_expected(cards: list[int], keep: tuple[int, ...], dealer: bool) -> tuple[Fraction, Fraction, int, int]:
    """(expected points, hand mean, min, max) of ``keep`` counted over every unseen starter."""
    starters = [s for s in range(52) if s not in cards]
    shows = [score(keep, s) for s in starters]
    hand = Fraction(sum(shows), len(starters))
    total, cases = advice.crib_sum([c for c in cards if c not in keep])
    crib = Fraction(total, cases)
    return hand + crib if dealer else hand - crib, hand, min(shows), max(shows)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.booleans(), st.data())
def test_every_keep_is_valued_and_ranked_exactly(players: int, dealer: bool, data: st.DataObject) -> None:
    n = 6 if players == 2 else 5
    cards = data.draw(st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))
    keeps = advice.rank_keeps(cards, dealer, players)
    assert sorted(tuple(sorted(k.keep)) for k in keeps) == sorted(combinations(sorted(cards), 4))
    values = []
    for k in keeps:
        expected, hand, low, high = brute_expected(cards, k.keep, dealer)
        assert Fraction(*k.expected_fraction) == expected
        assert abs(k.expected - float(expected)) < 1e-9
        assert abs(hand_expected(k) - float(hand)) < 1e-9
        assert (k.hand_min, k.hand_max) == (low, high)
        values.append(expected)
    assert values == sorted(values, reverse=True)
