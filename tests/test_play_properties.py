"""Property tests of the play: whole random plays against a reference written from docs/RULES.md
(``play_reference``: it shares no code with the rules core)."""

from __future__ import annotations

import random

from deal_strategies import deals
from hypothesis import given, settings
from hypothesis import strategies as st
from play_reference import card_points, worth

from cribbage.play import Play


@settings(max_examples=600, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_random_plays_follow_the_rules(deal: tuple[int, int, list[list[int]]], rnd: random.Random) -> None:
    seats, leader, hands = deal
    play = Play(seats, leader)
    series: list[int] = []
    last_seat = None
    pegged = [0] * seats
    series_ended = 0
    for _ in range(100):  # every play ends well within this many actions
        if not any(hands) and not play.cards:
            break
        seat = play.turn
        assert not play.passed[seat]
        fits = [c for c in hands[seat] if play.count + worth(c) <= 31]  # the board knows no hand: the players tell
        if fits:
            card = rnd.choice(fits)
            before = (play.count, list(play.cards), play.turn)
            expected = sum(p for _, p in play.breakdown(card))
            assert (play.count, play.cards, play.turn) == before  # asking changes nothing
            series.append(card)
            assert expected == card_points(series)
            points = play.lay(card)
            assert points == expected == sum(p for _, p in play.reasons)
            hands[seat].remove(card)
            pegged[seat] += points
            last_seat = seat
            if sum(worth(c) for c in series) == 31:
                series, series_ended = [], series_ended + 1
                assert play.count == 0 and play.turn == (seat + 1) % seats
            else:
                assert play.count == sum(worth(c) for c in series) < 31
        else:
            points = play.go()
            if play.count == 0 and series:  # everyone has said go: one for the last card
                assert points == 1 and play.scorer == last_seat and play.reasons == [("go", 1)]
                assert play.turn == (last_seat + 1) % seats
                pegged[last_seat] += 1
                series, series_ended = [], series_ended + 1
            else:
                assert points == 0 and play.scorer is None
        assert play.count <= 31
        assert play.cards == series
    else:
        raise AssertionError("the play did not end")
    assert not any(hands) and play.count == 0
    assert len(play.played) == 4 * seats == len(set(play.played))
    assert series_ended >= 1  # at least the last card ended a series
    assert sum(pegged) >= series_ended  # each series pegs at least its go (1) or its 31 (2)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True))
def test_over_thirty_one_is_refused_and_changes_nothing(cards: list[int]) -> None:
    play = Play()
    for card in cards:
        state = (play.count, list(play.cards), play.turn, list(play.played))
        if play.count + worth(card) > 31:
            try:
                play.lay(card)
            except ValueError:
                assert (play.count, play.cards, play.turn, play.played) == state
                continue
            raise AssertionError("laid past 31")
        play.lay(card)
        assert play.count <= 31


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=3, max_size=8, unique=True))
def test_runs_are_found_in_any_order(cards: list[int]) -> None:
    """Cards laid in any order score as the reference says, series after series."""
    play = Play()
    series: list[int] = []
    for card in cards:
        if play.count + worth(card) > 31:
            break
        series.append(card)
        assert play.lay(card) == card_points(series)
        if play.count == 0:
            series = []
