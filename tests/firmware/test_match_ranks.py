"""The starter and the shows by ranks in the match log: rules, claims, muggins, undo and the saved form.
Runs on CPython and MicroPython."""

from match_helpers import card, cards, new_match, peg_to, rebuilt_both_ways, rejected

from cribbage import show_ranks
from host_tools.card_text import parse_rank

JACK = 10


def ranks(text):
    return [parse_rank(t) for t in text.split()]


def test_a_deal_counted_from_ranks():
    m = new_match([["dealer", 0], ["starter_rank", parse_rank("5")]])
    assert m.starter is None and m.starter_rank == 4 and m.ranks == [4] and m.front == [0, 0]
    m.apply(["show_ranks", 1, ranks("5 5 5 J"), 0, True, None])
    assert m.front == [0, 29] and m.last_count.total == 29
    m.apply(["show_ranks", 0, ranks("A 2 3 4"), 4, False, None])
    pone = show_ranks.score(ranks("A 2 3 4"), 4, 4, False)
    assert pone == 5 + 2 + 4 and m.front == [pone, 29]  # a run of five, fifteen two, a flush of four
    m.apply(["show_ranks", None, ranks("6 7 8 9"), 5, False, None])
    crib = 5 + 4 + 5  # counted by hand: a run of five (5 6 7 8 9), fifteen four (6 9, 7 8), a flush of five
    assert m.front[0] == pone + crib and m.dealer == 1 and m.phase == "play"
    assert m.ranks == [] and m.starter_rank is None
    state = m.state()
    assert state["last_ranks"] == [ranks("6 7 8 9"), 4, 5, False, True] and state["last_show"] is None
    assert rebuilt_both_ways(m).state() == state
    m.undo()
    assert m.phase == "show" and m.state()["last_ranks"] == [ranks("A 2 3 4"), 4, 4, False, False]
    assert m.ranks == [4] + ranks("5 5 5 J A 2 3 4")


def test_a_jack_starter_by_rank_pegs_his_heels():
    m = new_match([["dealer", 1], ["starter_rank", JACK]])
    assert m.front == [0, 2] and m.heels
    rejected(m, ["heels"], "already pegged")
    rejected(m, ["starter_rank", 3], "already a J")  # its suit unknown
    rejected(m, ["starter", card("3H")], "already a J")
    m = new_match([["dealer", 1], ["heels"]])
    rejected(m, ["starter_rank", 3], "must be a jack, not 4")  # rank 3 is the 4
    m.apply(["starter_rank", JACK])
    assert m.front == [0, 2]
    m = new_match([["dealer", 1], ["starter_rank", 3]])
    rejected(m, ["heels"], "the starter a 4 is not a jack")
    for rank, said in ((7, "an 8"), (0, "an A")):  # as players say them
        m = new_match([["dealer", 1], ["starter_rank", rank]])
        rejected(m, ["heels"], "the starter %s is not a jack" % said)
        rejected(m, ["starter_rank", 3], "already %s" % said)


def test_bad_starter_ranks_and_shows_change_nothing():
    m = new_match([["dealer", 0]])
    for bad in (-1, 13, None, True, "5", 4.0):
        rejected(m, ["starter_rank", bad], "0 (Ace) to 12 (King)")
    rejected(m, ["starter_rank"], '["starter_rank", rank]')
    rejected(m, ["show_ranks", 1, ranks("2 3 4 6"), 0, False, None], "dial the starter first (its rank will do)")
    m.apply(["starter_rank", 4])
    rejected(m, ["show_ranks", 1, ranks("2 3 4 6"), 0, False], "write it as")
    rejected(m, ["show_ranks", 0, ranks("2 3 4 6"), 0, False, None], "out of turn")
    rejected(m, ["show_ranks", None, ranks("2 3 4 6"), 0, False, None], "out of turn")
    rejected(m, ["show_ranks", 1, ranks("5 5 5 5"), 0, False, None], "five cards of rank 5")
    rejected(m, ["show_ranks", 1, ranks("2 2 4 6"), 4, False, None], "the hand: no flush")
    rejected(m, ["show_ranks", 1, ranks("2 3 4 6"), 0, True, None], "the hand: no nobs")
    rejected(m, ["show_ranks", 1, ranks("2 3 4 6"), 0, False, 20], "counts 9, not 20")
    rejected(m, ["show_ranks", 1, ranks("2 3 4 6"), 0, False, -1], "claim must be")
    rejected(m, ["show_ranks", 1, "2346", 0, False, None], "4 ranks")
    rejected(m, ["hand", 1, cards("2H 3H 4H 6H"), None], "known by its rank only: count the hand by its ranks")


def test_no_fifth_card_of_a_rank_over_the_deal():
    m = new_match([["dealer", 0], ["starter_rank", 4], ["show_ranks", 1, ranks("5 5 J Q"), 0, False, None]])
    rejected(m, ["show_ranks", 0, ranks("5 5 2 3"), 0, False, None], "four 5s: 3 on the table")
    m.apply(["show_ranks", 0, ranks("5 J J 3"), 0, True, None])
    rejected(m, ["show_ranks", None, ranks("J J 2 3"), 0, False, None], "four Js: 3 on the table")
    m.apply(["show_ranks", None, ranks("J 2 2 3"), 0, False, None])  # the fourth Jack
    assert m.phase == "play"


def test_his_nobs_once_a_deal():
    m = new_match([["dealer", 0], ["starter_rank", 4], ["show_ranks", 1, ranks("J 2 3 6"), 0, True, None]])
    rejected(m, ["show_ranks", 0, ranks("J 2 3 6"), 0, True, None], "his nobs was counted this deal already")
    m.apply(["show_ranks", 0, ranks("J 2 3 6"), 0, False, None])
    # with the starter a card: a hand by cards holding the Jack of its suit after his nobs by ranks
    m = new_match([["dealer", 0], ["starter", card("5H")], ["show_ranks", 1, ranks("J 2 3 6"), 0, True, None]])
    rejected(m, ["hand", 0, cards("JH 2C 3C 7C"), None], "his nobs was counted this deal already")
    m.apply(["hand", 0, cards("JC 2C 3C 7C"), None])
    m = new_match([["dealer", 0], ["starter", card("5H")], ["hand", 1, cards("JH 2C 3C 7C"), None]])
    rejected(m, ["show_ranks", 0, ranks("J 2 3 6"), 0, True, None], "his nobs was counted")


def test_cards_and_ranks_in_one_deal():
    m = new_match([["dealer", 0], ["starter", card("5H")], ["hand", 1, cards("5C 5D 2C 3C"), None]])
    rejected(m, ["show_ranks", 0, ranks("5 5 2 3"), 0, False, None], "four 5s: 3 on the table")
    m.apply(["show_ranks", 0, ranks("5 2 2 3"), 0, False, None])
    rejected(m, ["crib", cards("5S 3H 4H 6H"), None], "four 5s: 4 on the table")  # 5H 5C 5D and one by ranks
    m.apply(["crib", cards("3H 4H 6H 7H"), None])
    assert m.phase == "play" and rebuilt_both_ways(m).state() == m.state()


def test_claims_and_muggins_as_for_cards():
    hand = ranks("5 5 5 J")
    m = new_match([["dealer", 0], ["starter_rank", 4]], muggins=True)
    rejected(m, ["show_ranks", 1, hand, 0, True, 30], "does not count 30: claim less")
    m.apply(["show_ranks", 1, hand, 0, True, 20])
    assert m.front == [0, 20] and m.muggins == 1
    rejected(m, ["muggins", 1], "their own count")
    m.apply(["muggins", 0])
    assert m.front == [9, 20] and m.last_count.total == 29
    m.apply(["show_ranks", 0, ranks("A 2 3 4"), 0, False, 0])
    assert m.muggins == 0
    m.apply(["show_ranks", None, ranks("6 7 8 9"), 0, False, None])  # the call comes too late now
    assert m.muggins is None
    rejected(m, ["muggins", 1], "right after a claim")
    off = new_match([["dealer", 0], ["starter_rank", 4]])
    rejected(off, ["show_ranks", 1, hand, 0, True, 20], "counts 29, not 20 (muggins is off)")
    off.apply(["show_ranks", 1, hand, 0, True, 29])
    assert off.front == [0, 29]


def test_the_crib_after_a_call_and_a_winning_show():
    m = new_match([["dealer", 0]])
    peg_to(m, 1, 100)
    m.apply(["starter_rank", 4])
    m.apply(["show_ranks", 1, ranks("5 5 5 J"), 0, True, None])
    assert m.winner == 1 and m.front == [0, 121]
    rejected(m, ["show_ranks", 0, ranks("A 2 3 4"), 0, False, None], "the game is over")


def test_the_saved_form_of_every_answer_comes_back():
    for seat, hand, flush, nobs, claim in ((1, "J 2 3 6", 0, True, None), (1, "J 2 3 6", 5, True, 3),
                                           (1, "K Q 10 A", 4, False, 0), (1, "J J J J", 0, True, None)):
        m = new_match([["dealer", 2], ["starter_rank", 4]], players=3, muggins=True)
        m.apply(["show_ranks", 0, ranks(hand), flush, nobs, claim])
        assert m.log[-1] == ["show_ranks", 0, ranks(hand), flush, nobs, claim]
        assert seat and rebuilt_both_ways(m).state() == m.state()
    m = new_match([["dealer", 3], ["starter_rank", 12], ["show_ranks", 0, ranks("K K K Q"), 0, False, None],
                   ["show_ranks", 1, ranks("A A 2 2"), 0, False, None], ["hand", 2, None, 4],
                   ["show_ranks", 3, ranks("Q Q Q 9"), 0, False, 6],
                   ["show_ranks", None, ranks("3 4 6 7"), 5, False, 5]], players=4)
    assert m.log[-1] == ["show_ranks", None, ranks("3 4 6 7"), 5, False, 5] and m.dealer == 0
    assert all(0 <= v < 1 << 30 for v in m.iter_saved())  # small ints on the chip too
    rebuilt_both_ways(m)


def test_a_card_of_the_starters_suit_once_a_deal():
    m = new_match([["dealer", 0], ["starter_rank", 4], ["show_ranks", 1, ranks("A 2 3 6"), 5, False, None]])
    rejected(m, ["show_ranks", 0, ranks("2 7 8 9"), 5, False, None], "the 2 of the starter's suit is in another show")
    m.apply(["show_ranks", 0, ranks("7 8 9 10"), 5, False, None])  # the rest of the suit is free
    m = new_match([["dealer", 0], ["starter", card("5H")], ["show_ranks", 1, ranks("A 2 3 6"), 5, False, None]])
    rejected(m, ["hand", 0, cards("2H 7C 8C 9C"), None], "the 2 of the starter's suit is in another show")
    m.apply(["hand", 0, cards("2C 7H 8C 9C"), None])
    rejected(m, ["show_ranks", None, ranks("7 J Q K"), 5, True, None], "the 7 of the starter's suit")
