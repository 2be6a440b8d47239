"""Cards: parsing and formatting at the edges. Runs on CPython and MicroPython."""

from cribbage import cards
from portable import raises


def test_parse_forms():
    assert cards.parse("5H") == cards.make(4, 2)
    assert cards.parse("10H") == cards.parse("TH") == cards.parse("th") == cards.make(9, 2)
    assert cards.parse("AS") == cards.make(0, 3)
    assert cards.parse("5♥") == cards.parse("5h")
    assert cards.parse("5\u2665\ufe0f") == cards.parse("5H")  # the emoji heart: its variation selector is dropped
    assert cards.parse(" kc ") == cards.make(12, 0)


def test_ranks_as_people_write_them():
    written = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [cards.parse_rank(text) for text in written] == list(range(13))
    assert cards.parse_rank(" t ") == cards.parse_rank("10") == 9 and cards.parse_rank("q") == 11
    for text in ("", "1", "11", "0", "KH", "X", "AA"):
        assert cards.parse_rank(text) == -1


def test_every_card_round_trips():
    for c in range(52):
        assert cards.parse(cards.name(c)) == c
        assert cards.parse(cards.name(c, symbols=True)) == c


def test_values():
    assert [cards.value(cards.make(r, 0)) for r in range(13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_bad_cards_name_the_offender():
    with raises(ValueError, "1H"):
        cards.parse("1H")
    with raises(ValueError, "5X"):
        cards.parse("5X")
    with raises(ValueError, "Z"):
        cards.parse("Z")
    with raises(ValueError, "11S"):
        cards.parse_hand("5H 11S")
    with raises(ValueError, "5H appears twice"):
        cards.parse_hand(["5H", "5h"])
    with raises(ValueError):
        cards.check_distinct([3, 3])
    with raises(ValueError):
        cards.check_distinct([52])
