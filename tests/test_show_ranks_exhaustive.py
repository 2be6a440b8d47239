"""The show from ranks against real cards: every rank class, every suit assignment.

A rank class is the hand's 4 ranks and the starter's rank. For each one, every way of
giving the five cards suits is a real (hand, starter) combination; what it answers to the
questions (one suit? the starter too? a Jack of the starter's suit?) is read off its cards
here. Then:

- the answers the real cards give are exactly those ``flush_options`` and ``nobs_options``
  allow (the board asks no question with one possible answer, and refuses no real answer);
- for each answer, ``show_ranks.score`` and ``show_ranks.count`` equal ``show.score`` of a real
  combination giving that answer;
- weighting each answer by how many real combinations give it, the totals of all
  12,994,800 combinations are Lumetta's published distribution (hands) and the recorded
  one (cribs): every real combination is counted right from its ranks and answers.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import pytest
from show_oracle import JACK, answers, answers_of, suit_facts
from show_tables import COMBINATIONS, PUBLISHED_HAND, RECORDED_CRIB

from cribbage import saying, show, show_ranks
from cribbage.game import RuleError


def suitings(hand_ranks: tuple[int, ...]) -> list[list[int]]:
    """Every hand (a set of 4 cards) with these ranks (``hand_ranks`` sorted)."""
    found: list[list[int]] = []
    distinct = sorted(set(hand_ranks))

    def extend(i: int, hand: list[int]) -> None:
        if i == len(distinct):
            found.append(hand)
            return
        rank = distinct[i]
        for suits in combinations(range(4), hand_ranks.count(rank)):
            extend(i + 1, hand + [rank * 4 + s for s in suits])

    extend(0, [])
    return found


def allowed(ranks: list[int], starter_rank: int, is_crib: bool) -> set[tuple[int, bool]]:
    """The answers ``show_ranks`` takes as possible."""
    return {(flush, nobs) for flush in show_ranks.flush_options(ranks, starter_rank, is_crib) for nobs in (False, True)
            if show_ranks.nobs_options(ranks, starter_rank, flush) & (show_ranks.NOBS if nobs else show_ranks.NO_NOBS)}


Facts = dict[tuple[bool, bool, bool], tuple[int, list[int]]]  # facts -> (combinations, one hand)


@pytest.fixture(scope="module")
def rank_classes() -> dict[tuple[tuple[int, ...], int], Facts]:
    """Every rank class (hand ranks sorted, starter rank) that real cards make, with each of its
    suit facts: how many real combinations give it and one hand that does.

    The starter is the card of its rank in clubs (suit 0): a quarter of the combinations, the
    others are the same with the suits renamed (times 4). A hand's suits are enumerated once for
    all 13 starters: its facts do not depend on the starter's rank (only on its suit), and a
    hand holding the club of a rank cannot have that starter.
    """
    classes: dict[tuple[tuple[int, ...], int], Facts] = {}
    for hand_ranks in combinations_with_replacement(range(13), 4):
        if any(hand_ranks.count(r) > 4 for r in hand_ranks):
            continue
        kinds: dict[tuple[tuple[bool, bool, bool], frozenset[int]], tuple[int, list[int]]] = {}
        for hand in suitings(hand_ranks):
            key = (suit_facts(hand, 0), frozenset(c // 4 for c in hand if c % 4 == 0))
            many, one = kinds.get(key, (0, hand))
            kinds[key] = (many + 4, one)
        for starter_rank in range(13):
            if hand_ranks.count(starter_rank) == 4:
                continue
            facts: Facts = {}
            for (fact, clubs), (many, hand) in kinds.items():
                if starter_rank not in clubs:
                    counted, one = facts.get(fact, (0, hand))
                    facts[fact] = (counted + many, one)
            classes[hand_ranks, starter_rank] = facts
    return classes


# Both on one worker: they share the enumeration (rank_classes).
@pytest.mark.slow
@pytest.mark.xdist_group("show-ranks")
@pytest.mark.parametrize("is_crib", [False, True])
def test_every_rank_class_against_its_real_cards(is_crib: bool, rank_classes: dict) -> None:
    totals = [0] * (show.MAX_SHOW + 1)
    for hand_ranks in combinations_with_replacement(range(13), 4):
        if any(hand_ranks.count(r) > 4 for r in hand_ranks):
            continue
        ranks = list(hand_ranks)
        for starter_rank in range(13):
            if hand_ranks.count(starter_rank) == 4:
                with pytest.raises(ValueError, match="five cards of rank"):
                    show_ranks.check(ranks, starter_rank, 0, JACK in ranks, is_crib)
                continue
            real: dict[tuple[int, bool], tuple[int, int]] = {}  # answers -> (combinations, a real score)
            starter = starter_rank * 4
            for facts, (many, hand) in rank_classes[hand_ranks, starter_rank].items():
                key = answers_of(facts, is_crib)
                counted, points = real.get(key, (0, -1))
                if points < 0:  # one real score an answer (the published totals check every combination)
                    points = show.score(hand, starter, is_crib)
                real[key] = (counted + many, points)
            assert set(real) == allowed(ranks, starter_rank, is_crib), (ranks, starter_rank)
            for (flush, nobs), (many, points) in real.items():
                by_ranks = show_ranks.score(ranks, starter_rank, flush, nobs, is_crib)
                assert by_ranks == points, (ranks, starter_rank, flush, nobs)
                totals[by_ranks] += many
    assert sum(totals) == COMBINATIONS
    assert totals == (RECORDED_CRIB if is_crib else PUBLISHED_HAND)


@pytest.mark.parametrize("is_crib", [False, True])
def test_the_breakdown_and_saying_are_those_of_real_cards(is_crib: bool) -> None:
    """On a small deck (3s, 4s, 5s, Jacks), every real combination's ``show.count``: the same
    points item by item and the same words as the count from its ranks and answers."""
    deck = [r * 4 + s for r in (2, 3, 4, JACK) for s in range(4)]
    for hand in combinations(deck, 4):
        for starter in deck:
            if starter in hand:
                continue
            real = show.count(hand, starter, is_crib)
            flush, nobs = answers(list(hand), starter, is_crib)
            by_ranks = show_ranks.count([c // 4 for c in hand], starter // 4, flush, nobs, is_crib)
            assert [(len(r), [c // 4 for c in r]) for r in real.runs] == [(len(r), [c // 4 for c in r])
                                                                          for r in by_ranks.runs]
            for item in ("fifteen_points", "pair_points", "run_points", "flush_points", "nobs_points", "total"):
                assert getattr(by_ranks, item) == getattr(real, item), item
            assert saying.say(by_ranks) == saying.say(real)


class _Table:
    """What ``show_ranks.check_total`` reads of a game: its starter by rank, nothing else on the table."""

    def __init__(self, starter_rank: int, muggins: bool) -> None:
        self.starter_rank = starter_rank
        self.starter = None
        self.suited = 0
        self.used: list[int] = []
        self.settings = type("Rules", (), {"muggins": muggins})()


@pytest.mark.slow
@pytest.mark.xdist_group("show-ranks")
def test_a_total_dialled_for_ranks_laid_in_the_play_is_one_their_real_cards_can_count(rank_classes: dict) -> None:
    for (hand_ranks, starter_rank), facts in rank_classes.items():
        ranks = list(hand_ranks)
        real = sorted({show.score(hand, starter_rank * 4) for _, hand in facts.values()})
        table = _Table(starter_rank, False)
        for points in real:
            show_ranks.check_total(table, ranks, points, "the hand")  # taken
        with pytest.raises(RuleError) as refused:  # and nothing else: the refusal lists them
            show_ranks.check_total(table, ranks, 30, "the hand")
        assert str(refused.value).endswith(" counts %s, not 30" % " or ".join(map(str, real))), (ranks, starter_rank)
        show_ranks.check_total(_Table(starter_rank, True), ranks, real[-1], "the hand")  # muggins: no more than that
        with pytest.raises(RuleError, match="claim less"):
            show_ranks.check_total(_Table(starter_rank, True), ranks, real[-1] + 1, "the hand")
