"""Saying a counted show. Runs on CPython and MicroPython."""

from match_helpers import counted

from cribbage import saying


def test_words():
    assert [saying.words(n) for n in (0, 1, 15, 19, 20, 21, 29)] == [
        "zero", "one", "fifteen", "nineteen", "twenty", "twenty-one", "twenty-nine"]


def test_fifteens_pair_and_nobs():
    c = counted("5H 5S TD JH 2C")  # 5+T and 5+J, each with either five; the Jack is not the starter's suit
    assert saying.say(c) == "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten"
    c = counted("5H 5S TD JC 2C")  # same cards, the Jack now matches the starter's suit
    assert saying.say(c) == ("fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten,"
                             " and his nobs is eleven")


def test_zero_is_nineteen():
    c = counted("2C 4D 7H JS KD")
    assert saying.say(c) == "nineteen"


def test_runs():
    assert saying.say(counted("AC 2D 3H 4S 6D")) == "fifteen two, and a run of four is six"
    assert saying.say(counted("3C 4D 5H 5S KD")) == "fifteen two, fifteen four, and a double run of three is twelve"
    assert saying.say(counted("3C 3D 3H 4S 5D")) == (
        "fifteen two, fifteen four, fifteen six, and a triple run is twenty-one")
    assert saying.say(counted("3C 3D 4H 4S 5D")) == "fifteen two, fifteen four, and a double double run is twenty"
    assert saying.say(counted("9C TD JH QS 2D")) == "a run of four is four"


def test_pairs_outside_runs_and_flush():
    assert saying.say(counted("KC KD 5H 5S 6D")) == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, and another pair is twelve")
    assert saying.say(counted("5C 5D 5H JS 5S")).endswith(
        "fifteen sixteen, and a double pair royal is twenty-eight, and his nobs is twenty-nine")
    assert saying.say(counted("2H 4H 6H 8H TS")) == "a flush is four"
    assert saying.say(counted("7C 7D 7H AS 2D")) == "fifteen two, fifteen four, fifteen six, and a pair royal is twelve"


def test_every_saying_ends_on_the_total():
    for text in ("5C 5D 5H JS 5S", "3C 3D 4H 4S 5D", "4C 4D 5H 6S 6D", "AH 2H 3H JH KH", "JH 2C 4D 8S 6H"):
        for crib in (False, True):
            c = counted(text, crib)
            assert saying.say(c).endswith(" " + saying.words(c.total)), text


def test_a_card_of_the_play_is_said_with_its_count():
    assert saying.say_play(15, [("fifteen", 2)]) == "fifteen two"
    assert saying.say_play(24, [("run", 3)]) == "twenty-four for a run of three"
    assert saying.say_play(31, [("thirty-one", 2)]) == "thirty-one for two"
    assert saying.say_play(12, []) == "twelve"
    assert saying.say_play(20, [("pair", 2)]) == "twenty for a pair"
    # "a pair royal", as "a pair" and "a run of three" (a review: "thirty for pair royal" had none)
    assert saying.say_play(30, [("pair royal", 6)]) == "thirty for a pair royal"
    assert saying.say_play(28, [("double pair royal", 12)]) == "twenty-eight for a double pair royal"
    assert saying.say_play(15, [("fifteen", 2), ("pair royal", 6)]) == "fifteen two and a pair royal is eight"
    assert saying.say_play(15, [("fifteen", 2), ("pair", 2)]) == "fifteen two and a pair is four"
    assert saying.say_play(31, [("thirty-one", 2), ("run", 4)]) == "thirty-one for two and a run of four is six"
    assert saying.say_play(24, [("run", 3), ("go", 1)], True) == (
        "twenty-four for a run of three and one for last is four")
    assert saying.say_play(22, [("go", 1)], True) == "twenty-two and one for last"
    assert saying.say_play(None, [("go", 1)]) == "one for the go"
    assert saying.say_play(None, [("go", 1)], True) == "one for last"
    assert saying.say_play(None, []) == "go"
