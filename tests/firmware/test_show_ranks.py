"""The show from ranks and answers, hand-picked, against the same hands counted from cards.
Runs on CPython and MicroPython (every rank class is in tests/test_show_ranks_exhaustive.py)."""

from cribbage import saying, show, show_ranks
from host_tools.card_text import parse_hand, parse_rank
from portable import raises

JACK = 10


def ranks_of(text):
    return [parse_rank(t) for t in text.split()]


def answers(hand, starter, is_crib):
    """(flush points, his nobs) read off real cards."""
    suit = hand[0] & 3
    flush = 0
    if all(c & 3 == suit for c in hand):
        flush = 5 if starter & 3 == suit else (0 if is_crib else 4)
    return flush, any(c >> 2 == JACK and c & 3 == starter & 3 for c in hand)


def same_as_cards(text, is_crib=False):
    """The count of "h h h h starter" from its ranks and answers; it must be the cards' count, said alike."""
    five = parse_hand(text)
    flush, nobs = answers(five[:4], five[4], is_crib)
    ranks = [c >> 2 for c in five[:4]]
    by_ranks = show_ranks.count(ranks, five[4] >> 2, flush, nobs, is_crib)
    real = show.count(five[:4], five[4], is_crib)
    assert by_ranks.total == real.total == show_ranks.score(ranks, five[4] >> 2, flush, nobs, is_crib), text
    assert saying.say(by_ranks) == saying.say(real), text
    return by_ranks


def test_the_famous_hands():
    assert same_as_cards("5C 5D 5H JS 5S").total == 29
    assert same_as_cards("5C 5D 5H JC 5S").total == 28
    assert same_as_cards("4H 5H 6H 7H 8H").total == 5 + 5 + 4  # flush of five, run of five, 2 fifteens
    assert same_as_cards("4H 5H 6H 7H 8D").total == 4 + 5 + 4
    assert same_as_cards("4H 5H 6H 7H 8D", True).total == 5 + 4
    assert same_as_cards("4H 5H 6H JH 8H", True).nobs_points == 1  # a flush of five holds his nobs
    assert same_as_cards("3C 3D 4H 4S 5D").total == 20
    assert same_as_cards("AC 2D 3H JS KS").total == 3 + 4 + 1  # a run of three, 2 + 3 + J and 2 + 3 + K, his nobs


def test_the_29_from_its_ranks():
    count = show_ranks.count(ranks_of("5 5 5 J"), parse_rank("5"), 0, True)
    assert count.total == 29 and count.nobs_points == 1
    assert saying.say(count).endswith("his nobs is twenty-nine")
    assert show_ranks.score(ranks_of("5 5 5 J"), parse_rank("5"), 0, False) == 28


def test_the_questions_that_have_more_than_one_answer():
    five = parse_rank("5")
    assert show_ranks.flush_options(ranks_of("2 3 4 6"), five, False) == (0, 4, 5)
    assert show_ranks.flush_options(ranks_of("2 3 4 5"), five, False) == (0, 4)  # the starter pairs one
    assert show_ranks.flush_options(ranks_of("2 3 4 6"), five, True) == (0, 5)
    assert show_ranks.flush_options(ranks_of("2 3 4 5"), five, True) == (0,)
    assert show_ranks.flush_options(ranks_of("2 2 4 6"), five, False) == (0,)  # a pair is of two suits
    both = show_ranks.NO_NOBS | show_ranks.NOBS
    assert show_ranks.nobs_options(ranks_of("2 3 4 6"), five, 0) == show_ranks.NO_NOBS  # no jack
    assert show_ranks.nobs_options(ranks_of("2 3 J 6"), five, 0) == both
    assert show_ranks.nobs_options(ranks_of("2 3 J 6"), five, 4) == show_ranks.NO_NOBS
    assert show_ranks.nobs_options(ranks_of("2 3 J 6"), five, 5) == show_ranks.NOBS
    assert show_ranks.nobs_options(ranks_of("2 3 J 6"), JACK, 0) == show_ranks.NO_NOBS  # the starter's jack
    assert show_ranks.nobs_options(ranks_of("J J J J"), five, 0) == show_ranks.NOBS  # one is of its suit
    assert show_ranks.nobs_options(ranks_of("J J J 6"), five, 0) == both


def test_impossible_answers_are_refused_saying_why():
    five = parse_rank("5")
    cases = (
        (ranks_of("5 5 5 5"), five, 0, False, False, "five cards of rank 5"),
        (ranks_of("2 3 4"), five, 0, False, False, "4 ranks"),
        (ranks_of("2 3 4 13"), five, 0, False, False, "not a rank"),
        (ranks_of("2 3 4 6")[:3] + [-1], five, 0, False, False, "not a rank"),
        (ranks_of("2 2 4 6"), five, 4, False, False, "with a pair is of two suits"),
        (ranks_of("2 3 4 5"), five, 5, False, False, "the starter pairs a card"),
        (ranks_of("2 3 4 6"), five, 4, False, True, "0 or 5"),
        (ranks_of("2 3 4 6"), five, 3, False, False, "0, 4"),
        (ranks_of("2 3 4 6"), five, True, False, False, "0, 4"),
        (ranks_of("2 3 4 6"), five, 0, 1, False, "true or false"),
        (ranks_of("2 3 4 6"), five, 0, True, False, "holds no jack"),
        (ranks_of("2 3 4 J"), JACK, 0, True, False, "the starter is the jack"),
        (ranks_of("2 3 4 J"), five, 4, True, False, "not of the starter's suit"),
        # his nobs left out where the answers make it certain: said to count too (it said "his nobs: the
        # flush is of the starter's suit", which crib hand ... --flush 5 without --nobs read as a refusal of it)
        (ranks_of("2 3 4 J"), five, 5, False, False, "his nobs counts too: the flush is of the starter's suit"),
        (ranks_of("J J J J"), five, 0, False, False, "his nobs counts too: four jacks"),
    )
    for ranks, starter_rank, flush, nobs, is_crib, why in cases:
        with raises(ValueError, why):
            show_ranks.score(ranks, starter_rank, flush, nobs, is_crib)
        with raises(ValueError, why):
            show_ranks.count(ranks, starter_rank, flush, nobs, is_crib)


def test_the_made_up_cards_realise_the_answers():
    """Every rank class on ranks 3, 4, 5 and Jacks and every possible answer: cards of those ranks,
    all different, that answer as asked."""
    small = (2, 3, 4, JACK)
    for a in small:
        for b in small:
            for c in small:
                for d in small:
                    ranks = [a, b, c, d]
                    for starter_rank in small:
                        if ranks.count(starter_rank) == 4 or any(ranks.count(r) > 4 for r in ranks):
                            continue
                        for is_crib in (False, True):
                            for flush in show_ranks.flush_options(ranks, starter_rank, is_crib):
                                for nobs in (False, True):
                                    bit = show_ranks.NOBS if nobs else show_ranks.NO_NOBS
                                    if show_ranks.nobs_options(ranks, starter_rank, flush) & bit:
                                        hand, starter = show_ranks.cards(ranks, starter_rank, flush, nobs)
                                        assert [x >> 2 for x in hand] == ranks and starter >> 2 == starter_rank
                                        assert len(set(hand + [starter])) == 5
                                        assert answers(hand, starter, is_crib) == (flush, nobs)
