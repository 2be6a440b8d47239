"""Property tests of the show: ``score``, ``count`` and a naive scorer written from docs/RULES.md
(tests/naive_show.py) agree."""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st
from naive_show import naive, naive_total

from app.said import say_lines
from cribbage import saying, show

FIVE_CARDS = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
NUMBERS = {saying.words(n): n for n in range(30)}  # "twenty-nine" -> 29 (words() is checked in test_saying)


def as_sets(groups: Iterable[Iterable[int]]) -> set[frozenset[int]]:
    return {frozenset(g) for g in groups}


@settings(max_examples=3000, deadline=None)
@given(FIVE_CARDS, st.booleans())
def test_score_count_and_naive_agree(cards: list[int], is_crib: bool) -> None:
    hand, starter = cards[:4], cards[4]
    found = naive(hand, starter, is_crib)
    counted = show.count(hand, starter, is_crib)
    assert show.score(hand, starter, is_crib) == counted.total == naive_total(found)
    assert as_sets(counted.fifteens) == as_sets(found["fifteens"])
    assert as_sets(counted.pairs) == as_sets(found["pairs"])
    assert as_sets(counted.runs) == as_sets(found["runs"])
    assert len(counted.fifteens) == len(found["fifteens"]) and len(counted.runs) == len(found["runs"])
    assert set(counted.flush) == set(found["flush"])
    assert ([counted.nobs] if counted.nobs is not None else []) == found["nobs"]
    assert show.is_possible_total(counted.total)


@settings(max_examples=500, deadline=None)
@given(FIVE_CARDS)
def test_order_of_the_hand_does_not_matter(cards: list[int]) -> None:
    hand, starter = cards[:4], cards[4]
    for is_crib in (False, True):
        assert show.score(hand[::-1], starter, is_crib) == show.score(hand, starter, is_crib)
        assert show.score(tuple(hand), starter, is_crib) == show.score(hand, starter, is_crib)


@settings(max_examples=500, deadline=None)
@given(FIVE_CARDS, st.permutations(range(4)))
def test_renaming_suits_changes_nothing(cards: list[int], rename: list[int]) -> None:
    def renamed(c: int) -> int:
        return c // 4 * 4 + rename[c % 4]

    hand, starter = cards[:4], cards[4]
    for is_crib in (False, True):
        assert show.score([renamed(c) for c in hand], renamed(starter), is_crib) == show.score(hand, starter, is_crib)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-3, 60), min_size=0, max_size=6), st.integers(-3, 60))
def test_anything_else_is_a_value_error(hand: list[int], starter: int) -> None:
    cards = [*hand, starter]
    valid = len(hand) == 4 and len(set(cards)) == 5 and all(0 <= c < 52 for c in cards)
    if valid:
        assert 0 <= show.score(hand, starter) <= show.MAX_SHOW
    else:
        for scorer in (show.score, show.count):
            try:
                scorer(hand, starter)
            except ValueError:
                pass
            else:
                raise AssertionError("accepted %r with starter %r" % (hand, starter))


@settings(max_examples=1000, deadline=None)
@given(FIVE_CARDS, st.booleans())
def test_the_saying_adds_up_to_the_total(cards: list[int], is_crib: bool) -> None:
    counted = show.count(cards[:4], cards[4], is_crib)
    said = saying.say(counted)
    lines = say_lines(counted)
    if counted.total == 0:
        assert said == "nineteen"
    else:
        assert said.endswith(" " + saying.words(counted.total))
        # each phrase ends on the running total: they rise to the total
        running = [NUMBERS[phrase.split()[-1]] for phrase in saying.phrases(counted)]
        assert running == sorted(set(running)) and running[-1] == counted.total
    # the display lines are the same words, each phrase starting a line
    assert " ".join(lines) == said.replace(", and ", " ").replace(", ", " ")
    assert all(0 < len(line) <= 16 for line in lines)
