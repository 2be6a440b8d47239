"""Cards: parsing and formatting at the edges. Runs on CPython and MicroPython."""

import json

from cribbage import cards
from host_tools import card_text
from portable import raises


def test_parse_forms():
    assert card_text.parse("5H") == card_text.make(4, 2)
    assert card_text.parse("10H") == card_text.parse("TH") == card_text.parse("th") == card_text.make(9, 2)
    assert card_text.parse("AS") == card_text.make(0, 3)
    assert card_text.parse("5♥") == card_text.parse("5h")
    assert card_text.parse("5\u2665\ufe0f") == card_text.parse("5H")  # an emoji heart: its variation selector goes
    assert card_text.parse(" kc ") == card_text.make(12, 0)


def test_ranks_as_people_write_them():
    written = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [card_text.parse_rank(text) for text in written] == list(range(13))
    assert card_text.parse_rank(" t ") == card_text.parse_rank("10") == 9 and card_text.parse_rank("q") == 11
    for text in ("", "1", "11", "0", "KH", "X", "AA"):
        assert card_text.parse_rank(text) == -1


def test_every_card_round_trips():
    for c in range(52):
        assert card_text.parse(cards.name(c)) == c
        assert card_text.parse(card_text.symbol_name(c)) == c


def test_values():
    assert [cards.value(card_text.make(r, 0)) for r in range(13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_bad_cards_name_the_offender():
    with raises(ValueError, "1H"):
        card_text.parse("1H")
    with raises(ValueError, "5X"):
        card_text.parse("5X")
    with raises(ValueError, "Z"):
        card_text.parse("Z")
    with raises(ValueError, "11S"):
        card_text.parse_hand("5H 11S")
    with raises(ValueError, "5H appears twice"):
        card_text.parse_hand(["5H", "5h"])
    with raises(ValueError):
        cards.check_distinct([3, 3])
    with raises(ValueError):
        cards.check_distinct([52])
    for rank in (-1, 13, 40):  # (a slice of the letters raises nothing: -1 and 13 give "", an index -1 a King)
        with raises(ValueError, "not a rank: %d" % rank):
            cards.rank_name(rank)
    with raises(ValueError, "not a card number: 52"):
        cards.name(52)


def test_a_rank_is_said_with_its_article():
    # as players say them: "an" before the ranks said with a vowel first, "an A" and "an 8"
    said = ["an A", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a J", "a Q", "a K"]
    assert [cards.a_rank(r) for r in range(13)] == said


def test_a_value_is_shown_as_json_writes_it_the_same_on_every_interpreter():
    # what a host sent, as it wrote it: true, null and "x", not Python's True, None and 'x'
    for value, text in ((True, "true"), (False, "false"), (None, "null"), (0, "0"), (-12, "-12"), (1.5, "1.5"),
                        ("x", '"x"'), ([], "[]"), ([1, "5H", None, [True]], '[1, "5H", null, [true]]'),
                        ({"target": None}, '{"target": null}'), (10 ** 30, "1" + "0" * 30)):
        assert cards.json_text(value) == text, (value, cards.json_text(value))
    # a number too big for a float, read as an infinity: no JSON can write it; MicroPython's words for it
    for value, text in ((json.loads("1e400"), "inf"), (json.loads("[-1e400, 2]"), "[-inf, 2]"),
                        (json.loads('[1e400, "Infinity"]'), '[inf, "Infinity"]')):  # (a text is left as it is)
        assert cards.json_text(value) == text, (value, cards.json_text(value))
    # characters past ASCII as themselves (CPython's json.dumps writes \u00e9 and a pair of
    # surrogates; MicroPython's, these), a quote and a backslash escaped, a control character
    # by its short escape or as \u00XX (a backspace and a form feed too: MicroPython's way)
    for value, text in (("café ♥ \U0001F600", '"café ♥ \U0001F600"'), ('say "go"', r'"say \"go\""'),
                        ("a\\b", r'"a\\b"'), ("\\\b\\f\f", r'"\\\u0008\\f\u000c"'), ("\t\n\r", r'"\t\n\r"'),
                        ("\x00\x01\x1f\x7f", '"\\u0000\\u0001\\u001f\x7f"')):
        assert cards.json_text(value) == text, (value, cards.json_text(value))
        assert json.loads(text) == value  # JSON for what was shown
