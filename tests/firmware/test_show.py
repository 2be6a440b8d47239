"""The show, hand-picked hands counted by hand. Runs on CPython and MicroPython."""

from cribbage import show
from host_tools.card_text import parse, parse_hand
from portable import raises


def both(text, is_crib=False):
    """``score`` and ``count`` of "h h h h starter"; they must agree."""
    cards = parse_hand(text)
    fast = show.score(cards[:4], cards[4], is_crib)
    full = show.count(cards[:4], cards[4], is_crib)
    assert fast == full.total, (text, fast, full.total)
    return full


def test_twenty_nine():
    c = both("5C 5D 5H JS 5S")
    assert c.total == 29 == show.MAX_SHOW
    assert (c.fifteen_points, c.pair_points, c.run_points, c.flush_points, c.nobs_points) == (16, 12, 0, 0, 1)
    assert c.nobs == parse("JS")


def test_twenty_eight_without_nobs():
    assert both("5C 5D 5H 5S JS").total == 28  # the Jack is the starter: heels, not nobs
    assert both("5C 5D 5H JC 5S").total == 28  # Jack of the wrong suit
    assert both("5C 5D 5H 5S KH").total == 28


def test_twenty_fours():
    # The hands worth 24 (every published list agrees): 4-4-5-6-6 and friends.
    for text in ("4C 4D 6H 6S 5S", "4C 4D 5H 5S 6S", "4C 5D 5H 6S 6D", "6C 7D 7H 8S 8D",
                 "7C 7D 8H 8S 9D", "AC 7D 7H 7S 7C", "3C 3D 3H 3S 9D", "3C 6D 6H 6S 6C", "4C 4D 4H 4S 7D"):
        assert both(text).total == 24, text


def test_double_runs():
    c = both("3C 4D 5H 5S KD")  # 5+K twice, a double run of three (6) with its pair (2)
    assert len(c.runs) == 2 and all(len(r) == 3 for r in c.runs)
    assert (c.fifteen_points, c.run_points, c.pair_points, c.total) == (4, 6, 2, 12)
    c = both("3C 4D 5H 6S 6D")  # double run of four
    assert c.run_points == 8 and len(c.runs) == 2 and c.pair_points == 2


def test_triple_and_double_double_runs():
    c = both("3C 3D 3H 4S 5D")  # triple run: three runs of three, a pair royal, 3+3+4+5 three ways
    assert (c.run_points, c.pair_points, len(c.runs), c.fifteen_points, c.total) == (9, 6, 3, 6, 21)
    c = both("3C 3D 4H 4S 5D")  # double-double run: four runs of three, two pairs, 3+3+4+5 twice
    assert (c.run_points, c.pair_points, len(c.runs), c.fifteen_points, c.total) == (12, 4, 4, 4, 20)


def test_long_runs_count_once():
    c = both("3C 4D 5H 6S 7D")
    assert c.runs == [tuple(parse_hand("3C 4D 5H 6S 7D"))]
    assert c.run_points == 5
    c = both("9C TD JH QS 2D")
    assert c.run_points == 4 and len(c.runs) == 1


def test_ace_low_and_no_wrap():
    assert both("AC 2D 3H 8S 9D").run_points == 3
    assert both("KC AD 2H 7S 9D").run_points == 0
    assert both("QC KD AH 7S 9D").run_points == 0
    assert both("JC QD KH 7S 9D").run_points == 3


def test_queen_king_are_not_a_pair():
    c = both("QC KD 8H 4S 2D")
    assert c.pair_points == 0
    assert c.total == 0


def test_zero_hands():
    for text in ("2C 4D 6H 8S TD", "KC AD 2H 9S 7S", "AC 3D 8H TS QD", "2C 4D 7H JS KD"):
        c = both(text)
        assert c.total == 0, text
        assert (c.fifteens, c.pairs, c.runs, c.flush, c.nobs) == ([], [], [], (), None)


def test_fifteens_are_every_combination():
    c = both("AC 4D 5H TS KD")  # A+4+K, A+4+T, 5+T, 5+K: and the ten and king are no pair
    assert c.fifteen_points == 8
    assert sorted(len(f) for f in c.fifteens) == [2, 2, 3, 3]
    c = both("7C 8D 7H 8S 9D")
    assert c.fifteen_points == 8


def test_hand_flush_four_and_five():
    c = both("2H 4H 6H 8H TS")
    assert c.flush_points == 4 and c.flush == tuple(parse_hand("2H 4H 6H 8H"))
    c = both("2H 4H 6H 8H TH")
    assert c.flush_points == 5 and len(c.flush) == 5
    assert both("2H 4H 6H 8S TH").flush_points == 0  # starter plus three hand cards is no flush


def test_crib_flush_needs_all_five():
    assert both("2H 4H 6H 8H TS", is_crib=True).flush_points == 0
    assert both("2H 4H 6H 8H TS", is_crib=True).total == 0
    assert both("2H 4H 6H 8H TH", is_crib=True).flush_points == 5


def test_nobs_and_heels():
    c = both("JH 2C 4D 8S 6H")
    assert c.nobs == parse("JH") and c.nobs_points == 1
    assert both("JH 2C 4D 8S 6C").nobs is None
    assert both("2C 4D 8S 6H JH").nobs is None  # the Jack as starter is his heels, pegged at the cut
    assert both("2C 4D 8S 6H JH", is_crib=True).total == 0


def test_crib_and_hand_differ_only_by_four_card_flush():
    for text in ("5C 5D 5H JS 5S", "3C 3D 4H 4S 5D", "AC 2D 3H 8S 9D", "JH 2C 4D 8S 6H"):
        assert both(text).total == both(text, is_crib=True).total
    assert both("2H 4H 6H 8H TS").total == both("2H 4H 6H 8H TS", is_crib=True).total + 4  # the hand's flush


def test_breakdown_sums():
    c = both("4C 4D 5H 6S 6D")
    assert c.total == c.fifteen_points + c.pair_points + c.run_points + c.flush_points + c.nobs_points
    assert c.fifteen_points == 2 * len(c.fifteens) and c.pair_points == 2 * len(c.pairs)
    for f in c.fifteens:
        assert sum(min(x // 4 + 1, 10) for x in f) == 15


def test_impossible_totals():
    assert show.IMPOSSIBLE == (19, 25, 26, 27)
    assert [n for n in range(-2, 32) if not show.is_possible_total(n)] == [-2, -1, 19, 25, 26, 27, 30, 31]
    assert not show.is_possible_total(4.0) and not show.is_possible_total(True)


def test_totals_a_starter_rules_out():
    # (every starter's, against a count of every hand and crib: tests/test_show_exhaustive.py)
    five, jack, ace = 4, 10, 0
    assert [n for n in range(30) if not show.is_possible_total(n, five)] == [0, 1, 19, 25, 26, 27]
    assert show.score(parse_hand("5C 5D 5S JH"), parse("5H")) == 29  # the 29, with a 5
    assert not show.is_possible_total(1, jack) and show.is_possible_total(1, five + 1)  # his nobs: a Jack in hand
    assert show.is_possible_total(17, ace) and not show.is_possible_total(17, ace, True)  # a crib has no 4-flush
    assert not show.is_possible_total(28, ace) and show.is_possible_total(28, five)


def test_bad_hands():
    five = parse_hand("AC 2D 3H 8S 9D")
    with raises(ValueError, "4 cards"):
        show.score(five, 10)
    with raises(ValueError, "4 cards"):
        show.count(five[:3], five[4])
    with raises(ValueError, "twice"):
        show.score([1, 2, 3, 1], 20)
    with raises(ValueError, "twice"):
        show.score([1, 2, 3, 4], 4)
    with raises(ValueError, "twice"):
        show.count([1, 2, 3, 4], 4)
    for bad in (52, -1, 3.0, "5H", None):
        with raises(ValueError):
            show.score([1, 2, 3, bad], 20)
        with raises(ValueError):
            show.score([1, 2, 3, 4], bad)
        with raises(ValueError):
            show.count([1, 2, 3, bad], 20)
    with raises(ValueError):
        show.score(None, 20)
    with raises(ValueError):
        show.score("5H6H", 20)
