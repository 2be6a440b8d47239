"""The play (pegging), hand-picked sequences. Runs on CPython and MicroPython."""

from cribbage.play import Play
from host_tools.card_text import parse, parse_hand
from portable import raises


def lay_all(play, text):
    """Lay the cards of ``text`` in turn; return the points of each lay."""
    return [play.lay(c) for c in parse_hand(text)]


def test_fifteen_and_thirty_one():
    p = Play()
    assert lay_all(p, "7C 8D") == [0, 2]
    assert p.reasons == [("fifteen", 2)] and p.scorer == 1 and p.count == 15
    assert lay_all(p, "TC 6D") == [0, 2]
    assert p.reasons == [("thirty-one", 2)] and p.scorer == 1
    # 31 ends the series; the seat that did not lay the 31 leads the next one.
    assert p.count == 0 and p.cards == [] and p.turn == 0


def test_pairs_royal_and_double_royal():
    p = Play()
    assert lay_all(p, "3C 3D 3H 3S") == [0, 2, 6, 12]
    assert p.reasons == [("double pair royal", 12)]
    p = Play()
    assert lay_all(p, "5C 5D 5H") == [0, 2, 2 + 6]  # 15 and a pair royal
    assert p.reasons == [("fifteen", 2), ("pair royal", 6)]


def test_pair_needs_the_previous_card():
    p = Play()
    assert lay_all(p, "4C 6D 4H") == [0, 0, 0]
    assert lay_all(Play(), "QC KD") == [0, 0]  # Q and K are not a pair


def test_runs_in_any_order():
    assert lay_all(Play(), "5C 6D 7H") == [0, 0, 3]
    assert lay_all(Play(), "8C 6D 7H 5S") == [0, 0, 3, 4]
    assert lay_all(Play(), "5C 7D 7H 6S") == [0, 0, 2, 0]  # the second 7 breaks it
    assert lay_all(Play(), "3C 2D AH") == [0, 0, 3]
    assert lay_all(Play(), "QC KD AH") == [0, 0, 0]  # no wrap from King to Ace
    p = Play()
    assert lay_all(p, "2C 4D 3H 5S 6C") == [0, 0, 3, 4, 5]  # count 2, 6, 9, 14, 20
    assert p.reasons == [("run", 5)]


def test_run_after_broken_stretch():
    # 3 9 4 5: 9 4 5 is no run and 3 9 4 5 neither; then 6 makes 4 5 6 but not 9 4 5 6.
    assert lay_all(Play(), "3C 9D 4H 5S 6C") == [0, 0, 0, 0, 3]


def test_count_never_passes_thirty_one():
    p = Play()
    lay_all(p, "KC QD TH")
    assert p.count == 30
    with raises(ValueError, "31"):
        p.lay(parse("2S"))
    assert p.count == 30 and len(p.cards) == 3  # nothing changed
    assert p.breakdown(parse("AS")) == [("thirty-one", 2)]


def test_go_and_one_for_last():
    p = Play()
    lay_all(p, "KC QD TH")  # seat 0, 1, 0; count 30
    assert p.turn == 1
    assert p.go() == 0  # seat 1 cannot lay
    assert p.turn == 0
    assert p.go() == 1  # seat 0 cannot either: one for the go to seat 0, who laid last
    assert p.scorer == 0 and p.reasons == [("go", 1)]
    assert p.count == 0 and p.turn == 1  # the other player leads


def test_go_then_the_other_keeps_laying():
    p = Play()
    lay_all(p, "KC QD 5H")  # count 25, seat 1 to lay
    p.go()
    assert p.turn == 0
    assert p.lay(parse("4S")) == 0  # 29, still seat 0
    assert p.turn == 0
    assert p.lay(parse("2S")) == 2  # 31: two, which includes the go
    assert p.reasons == [("thirty-one", 2)]
    assert p.count == 0 and p.turn == 1


def test_last_card_of_the_play():
    p = Play(leader=1)
    lay_all(p, "4C 5D")  # seat 1 then seat 0; count 9; both hands now empty
    assert p.go() == 0
    assert p.go() == 1 and p.scorer == 0
    assert p.go() == 0 and p.go() == 0 and p.scorer is None  # nothing left to peg


def test_three_players():
    p = Play(seats=3, leader=1)
    lay_all(p, "TC TD TH")  # seats 1, 2, 0: pair, pair royal
    assert p.count == 30 and p.turn == 1
    p.go()
    assert p.turn == 2
    p.go()
    assert p.turn == 0
    assert p.go() == 1 and p.scorer == 0
    assert p.turn == 1  # the seat after the last layer leads


def test_duplicates_and_bad_cards():
    p = Play()
    p.lay(parse("5C"))
    p.lay(parse("KC"))
    p.lay(parse("TC"))
    p.go()
    p.go()  # series ends
    with raises(ValueError, "already"):
        p.lay(parse("5C"))
    for bad in (52, -1, "5C", None, 2.0, True):  # (JSON's true is no card)
        with raises(ValueError):
            p.lay(bad)
    with raises(ValueError):
        Play(seats=5)
    with raises(ValueError):
        Play(seats=2, leader=2)
