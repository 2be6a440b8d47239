"""Text for the board's display: words wrapped to its width (``app.text.wrap``), a count said a
phrase a line (``app.said.say_lines``). Runs on CPython and MicroPython."""

from match_helpers import counted

from app.messages import WIDTH
from app.said import say_lines
from app.text import wrap
from cribbage import saying


def test_lines_are_the_spoken_phrases_wrapped_for_a_small_display():
    for text in ("5C 5D 5H JS 5S", "3C 3D 4H 4S 5D", "KC KD 5H 5S 6D", "3C 4D 5H 6S 6D", "2C 4D 7H JS KD",
                 "AH 2H 3H JH KH"):
        c = counted(text)
        lines = say_lines(c)
        assert all(0 < len(line) <= WIDTH for line in lines), lines
        # the same words as say(), in order, without the joining "and"s
        assert " ".join(lines) == saying.say(c).replace(", and ", " ").replace(", ", " ")
    lines = say_lines(counted("5C 5D 5H JS 5S"))
    assert lines == ["fifteen two", "fifteen four", "fifteen six", "fifteen eight", "fifteen ten", "fifteen twelve",
                     "fifteen fourteen", "fifteen sixteen", "a double pair", "royal is", "twenty-eight",
                     "his nobs is", "twenty-nine"]
    assert say_lines(counted("KC KD 5H 5S 6D")) == [
        "fifteen two", "fifteen four", "fifteen six", "fifteen eight", "a pair is ten", "another pair is", "twelve"]
    assert say_lines(counted("3C 4D 5H 5S KD"), 40) == ["fifteen two", "fifteen four",
                                                        "a double run of three is twelve"]
    assert say_lines(counted("2C 4D 7H JS KD")) == ["nineteen"]  # no points: the cribbage joke


def test_wrap():
    assert wrap("a double run of three is eight") == ["a double run of", "three is eight"]  # WIDTH
    assert wrap("twenty-eight x", 5) == ["twenty-eight", "x"]  # a word longer than the line


def test_wrap_keeps_a_name_alone_with_its_first_word_up_to_a_hyphen():
    # a review: a team's saying, "T1a: twenty-seven" (17 characters), left "T1a:" alone on a line
    assert wrap("T1a: twenty-seven") == ["T1a: twenty-", "seven"]
    assert wrap("T2b: twenty-three for a run of three") == ["T2b: twenty-", "three for a run", "of three"]
    assert wrap("P1: twenty-seven for a pair") == ["P1: twenty-seven", "for a pair"]  # (fits: as before)
    assert wrap("T1a: twenty-seven", 10) == ["T1a:", "twenty-seven"]  # the hyphen past the width: as before
    assert wrap("NO: -12 and more", 5) == ["NO:", "-12", "and", "more"]  # a sign is no hyphen to cut at
    assert wrap("a b-c d", 3) == ["a", "b-c", "d"]  # no name: words cut at spaces only


def test_wrap_fills_lines_up_to_the_width_and_gives_a_long_word_its_own_line():
    assert wrap("5H JD 7S 2C 3D >KS", 8) == ["5H JD 7S", "2C 3D", ">KS"]
    assert wrap("fifteen two", 16) == ["fifteen two"]
    assert wrap("fifteen two", 11) == ["fifteen two"]  # exactly the width
    assert wrap("fifteen two", 10) == ["fifteen", "two"]
    assert wrap("a muchtoolongword b", 5) == ["a", "muchtoolongword", "b"]
    assert wrap("muchtoolongword", 5) == ["muchtoolongword"]
    assert wrap("", 16) == [""]


def greedy_lines(words, width):
    """The lines a wrap must give: words added to a line while it stays within ``width``."""
    lines = []
    line = None
    for word in words:
        if line is not None and len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            if line is not None:
                lines.append(line)
            line = word
    lines.append(line or "")
    return lines


def test_wrap_gives_the_greedy_lines_for_many_texts():
    import random

    random.seed(7)
    for _ in range(2000):
        words = ["x" * random.randint(1, 20) for _ in range(random.randint(1, 9))]
        width = random.randint(1, 18)
        assert wrap(" ".join(words), width) == greedy_lines(words, width), (words, width)

