"""Discard advice against brute force: every starter and every crib counted by show.score.

Runs under pytest and inside MicroPython (tests/on_micropython/mpy_runner.py).
"""

from cribbage import advice
from cribbage.show import MAX_SHOW, score
from host_tools import keep_shares
from host_tools.card_text import parse_hand
from portable import raises

# Sample deals: runs, pairs, a flush, Jacks for nobs, a dull hand; 6 cards for two players.
SIX = (
    "5H 5C JD QS 4C 9H",
    "2S 3S 4S 5S JS KD",
    "7C 8C 8D 9H AS KS",
    "JH JC 5D 5S TH QC",
    "AC 3D 6H 9S QD KC",
)
FIVE = (
    "5H 5C JD QS 4C",
    "3H 4H 6H 7H 9C",
)


def brute_hand(keep, dealt):
    """Totals of ``keep`` over every card not dealt: dict total -> number of starters."""
    chances = {}
    for s in range(52):
        if s not in dealt:
            points = score(keep, s)
            chances[points] = chances.get(points, 0) + 1
    return chances


def brute_crib_pair(laid):
    """Sum of crib scores over every 2 of the other 50 cards and every starter left."""
    others = [c for c in range(52) if c not in laid]
    total = 0
    n = len(others)
    for i in range(n - 1):
        for j in range(i + 1, n):
            crib = (laid[0], laid[1], others[i], others[j])
            for s in others:
                if s != others[i] and s != others[j]:
                    total += score(crib, s, True)
    return total


def check_against_brute_force(text, dealer, players):
    cards = parse_hand(text)
    keeps = advice.rank_keeps(cards, dealer, players)
    expect_keeps = 15 if len(cards) == 6 else 5
    assert len(keeps) == expect_keeps
    splits = set()
    for k in keeps:
        assert len(k.keep) == 4
        assert sorted(k.keep + k.discard) == sorted(cards)
        splits.add(tuple(sorted(k.discard)))
        chances = brute_hand(k.keep, cards)
        starters = 52 - len(cards)
        assert k.starters == starters
        assert keep_shares.chances(k) == chances
        assert sum(chances.values()) == starters
        assert k.hand_min == min(chances) and k.hand_max == max(chances)
        hand_sum = 0
        for total in chances:
            hand_sum += total * chances[total]
        assert abs(keep_shares.hand_expected(k) - hand_sum / starters) < 1e-9
        crib_total, cases = advice.crib_sum(k.discard)
        sign = 1 if dealer else -1
        assert k.expected_fraction == (hand_sum * cases + sign * crib_total * starters, starters * cases)
        assert abs(k.expected - (keep_shares.hand_expected(k) + sign * keep_shares.crib_expected(k))) < 1e-9
        assert abs(keep_shares.crib_expected(k) - crib_total / cases) < 1e-12
    assert len(splits) == expect_keeps
    for i in range(1, len(keeps)):
        assert keeps[i - 1].expected_fraction[0] >= keeps[i].expected_fraction[0]


def test_two_player_keeps_match_brute_force():
    for text in SIX:
        for dealer in (True, False):
            check_against_brute_force(text, dealer, 2)


def test_three_player_and_team_keeps_match_brute_force():
    for text in FIVE:
        for players in (3, 4):
            for dealer in (True, False):
                check_against_brute_force(text, dealer, players)


def test_crib_value_of_pairs_matches_brute_force():
    # 5-5 (the richest discard) and a suited J-Q (crib flushes and his nobs both matter).
    for text in ("5H 5C", "JS QS"):
        laid = parse_hand(text)
        total, cases = advice.crib_sum(laid)
        assert cases == 50 * 49 // 2 * 48
        assert total == brute_crib_pair(laid)


def test_crib_value_ignores_suits_beyond_suited_or_not():
    assert advice.crib_sum(parse_hand("5H 6H")) == advice.crib_sum(parse_hand("5S 6S"))
    assert advice.crib_sum(parse_hand("5H 6C")) == advice.crib_sum(parse_hand("6D 5S"))
    assert advice.crib_sum(parse_hand("5H 6H")) != advice.crib_sum(parse_hand("5H 6C"))
    assert advice.crib_sum(parse_hand("9D")) == advice.crib_sum(parse_hand("9C"))


def test_dealer_adds_the_crib_and_pone_subtracts_it():
    cards = parse_hand(SIX[0])
    mine = {k.discard: k for k in advice.rank_keeps(cards, True)}
    theirs = {k.discard: k for k in advice.rank_keeps(cards, False)}
    for discard in mine:
        k, o = mine[discard], theirs[discard]
        assert keep_shares.crib_expected(k) > 0
        assert abs((k.expected - o.expected) - 2 * keep_shares.crib_expected(k)) < 1e-9


def test_keeps_worth_the_same_rank_the_higher_hand_first():
    # Both worth 56/46 to the dealer: a hand of 10/46 with a crib of 1, and a hand of 56/46 with none (no
    # deal reaches such a tie at random, so the keeps are made here).
    counts = bytearray(MAX_SHOW + 1)
    crib_heavy = advice.Keep((0, 1, 2, 3), (4, 5), 10, 46, counts, 1, 1, True)
    hand_heavy = advice.Keep((0, 1, 2, 4), (3, 5), 56, 46, counts, 0, 1, True)
    assert crib_heavy.expected_fraction == hand_heavy.expected_fraction
    assert hand_heavy.ranks_before(crib_heavy) and not crib_heavy.ranks_before(hand_heavy)


def test_best_keep_of_a_classic_hand():
    # Dealer with 5H 5C JD QS 4C 9H keeps 5-5-J-Q. Counted by hand: four fifteens and a pair
    # make 10 on any starter; the 5 of diamonds makes seven fifteens, a pair royal and nobs: 21.
    cards = parse_hand(SIX[0])
    best = advice.rank_keeps(cards, True)[0]
    assert sorted(best.keep) == sorted(parse_hand("5H 5C JD QS"))
    assert best.hand_min == 10
    assert best.hand_max == 21
    assert keep_shares.chances(best)[21] == 1


def test_chance_of_a_total():
    keep = advice.rank_keeps(parse_hand(SIX[0]), True)[0]
    total = 0.0
    for points in keep_shares.chances(keep):
        total += keep_shares.chance(keep, points)
    assert abs(total - 1.0) < 1e-9
    assert keep_shares.chance(keep, 19) == 0


def test_bad_deals_are_refused():
    with raises(ValueError, match="6 cards"):
        advice.rank_keeps(parse_hand("5H 5C JD QS 4C"), True)
    with raises(ValueError, match="5 cards"):
        advice.rank_keeps(parse_hand(SIX[0]), True, players=3)
    with raises(ValueError, match="twice"):
        advice.rank_keeps([1, 2, 3, 4, 5, 5], False)
    with raises(ValueError):
        advice.rank_keeps([1, 2, 3, 4, 5, 52], False)
    with raises(ValueError, match="players"):
        advice.rank_keeps(parse_hand(SIX[0]), True, players=5)
    with raises(ValueError):
        advice.crib_sum([1, 2, 3])
    with raises(ValueError):
        advice.pair_index(4, 4, True)


def test_pair_index_covers_the_table_once():
    seen = set()
    for lo in range(13):
        for hi in range(lo, 13):
            for suited in ((False, True) if lo != hi else (False,)):
                i = advice.pair_index(lo, hi, suited)
                assert advice.pair_index(hi, lo, suited) == i
                seen.add(i)
    assert seen == set(range(169))
