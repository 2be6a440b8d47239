"""Property tests of the show from ranks (hypothesis): any real hand counts the same from its ranks and
the answers its suits give; any ranks and answers are either refused or realised by real cards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from naive_show import naive, naive_total

from cribbage import saying, show, show_ranks

FIVE_CARDS = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
JACK = 10


def answers(hand: list[int], starter: int, is_crib: bool) -> tuple[int, bool]:
    """(flush points, his nobs) read off the cards' suits."""
    suits = {c % 4 for c in hand}
    flush = 0
    if len(suits) == 1:
        flush = 5 if starter % 4 in suits else 0 if is_crib else 4
    return flush, any(c // 4 == JACK and c % 4 == starter % 4 for c in hand)


@given(FIVE_CARDS, st.booleans())
def test_a_real_hand_counts_the_same_from_its_ranks(five: list[int], is_crib: bool) -> None:
    hand, starter = five[:4], five[4]
    flush, nobs = answers(hand, starter, is_crib)
    ranks = [c // 4 for c in hand]
    assert flush in show_ranks.flush_options(ranks, starter // 4, is_crib)
    assert show_ranks.nobs_options(ranks, starter // 4, flush) & (show_ranks.NOBS if nobs else show_ranks.NO_NOBS)
    real = show.count(hand, starter, is_crib)
    by_ranks = show_ranks.count(ranks, starter // 4, flush, nobs, is_crib)
    assert by_ranks.total == real.total == show_ranks.score(ranks, starter // 4, flush, nobs, is_crib)
    assert saying.say(by_ranks) == saying.say(real)


@settings(max_examples=1000)  # (a crib's flush of five is one draw in about twenty)
@given(st.lists(st.integers(0, 12), min_size=4, max_size=4), st.integers(0, 12), st.sampled_from([0, 4, 5]),
       st.booleans(), st.booleans())
def test_answers_are_refused_or_real(ranks: list[int], starter_rank: int, flush: int, nobs: bool,
                                     is_crib: bool) -> None:
    allowed = (ranks.count(starter_rank) < 4 and flush in show_ranks.flush_options(ranks, starter_rank, is_crib)
               and bool(show_ranks.nobs_options(ranks, starter_rank, flush)
                        & (show_ranks.NOBS if nobs else show_ranks.NO_NOBS)))
    try:
        points = show_ranks.score(ranks, starter_rank, flush, nobs, is_crib)
    except ValueError:
        assert not allowed
        return
    assert allowed
    hand, starter = show_ranks.cards(ranks, starter_rank, flush, nobs)
    assert len(set(hand + [starter])) == 5 and [c // 4 for c in hand] == ranks and starter // 4 == starter_rank
    assert answers(hand, starter, is_crib) == (flush, nobs)
    assert points == naive_total(naive(hand, starter, is_crib))  # counted from the rules, not by cribbage.show
