"""Property tests of the play laid card by card: random deals through ``Match`` against ``play_reference``.

The reference (tests/firmware/play_reference.py) is written from docs/RULES.md and shares no code
with the core; every step's pegs, count and turn must agree, for 2 players, 3 and teams,
from any score (the house rules and the end of the game included).
"""

from __future__ import annotations

import random

from deal_strategies import deals  # a table of 2-4 seats, the leader (the pone) and 4 cards a seat
from hypothesis import given, settings
from hypothesis import strategies as st
from match_helpers import peg_to
from play_reference import play_out

from cribbage.match import Match
from cribbage.settings import Settings


@settings(max_examples=400, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_whole_plays_peg_what_the_reference_pegs(deal: tuple[int, int, list[list[int]]], rnd: random.Random) -> None:
    players, leader, hands = deal
    steps = play_out([h[:] for h in hands], leader, rnd.choice)
    m = Match(Settings(players=players), [["dealer", (leader - 1) % players]])
    expected = [0] * m.settings.sides
    for event, scorer, points, count, turn in steps:
        m.apply(event)
        if scorer is not None:
            expected[m.settings.side_of(scorer)] += points
        play = m.state()["play"]
        assert (m.front, play["count"], play["turn"]) == (expected, count, turn)
    assert m.laid == [[e[2] for e, *_ in steps if e[0] == "lay" and e[1] == seat] for seat in range(players)]
    assert Match(m.settings, m.log).state() == m.state()


@settings(max_examples=400, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_a_false_go_is_told_at_the_card_that_shows_it(deal: tuple[int, int, list[list[int]]],
                                                      rnd: random.Random) -> None:
    players, leader, hands = deal
    told: list[tuple[int, int, int]] = []
    steps = play_out([h[:] for h in hands], leader, rnd.choice, lambda seat, count: rnd.random() < 0.4, told)
    m = Match(Settings(players=players), [["dealer", (leader - 1) % players]])
    expected = [0] * m.settings.sides
    shown = []
    for i, (event, scorer, points, count, turn) in enumerate(steps):
        m.apply(event)
        if scorer is not None:
            expected[m.settings.side_of(scorer)] += points
        play = m.state()["play"]
        assert (m.front, play["count"], play["turn"]) == (expected, count, turn)
        if play["false_go"] is not None:
            assert event[0] == "lay" and play["false_go"][0] == event[1]
            shown.append((i, *play["false_go"]))
    assert shown == told


@settings(max_examples=200, deadline=None)
@given(deals(), st.randoms(use_true_random=False), st.integers(100, 119), st.integers(100, 119),
       st.booleans(), st.booleans())
def test_near_the_end_the_house_rules_and_the_win_apply(deal: tuple[int, int, list[list[int]]], rnd: random.Random,
                                                       start0: int, start1: int, exactly: bool, stink: bool) -> None:
    players, leader, hands = deal
    rules = Settings(players=players, peg_out_exactly=exactly, stinkhole=stink)
    steps = play_out([h[:] for h in hands], leader, rnd.choice)
    m = Match(rules, [["dealer", (leader - 1) % players]])
    peg_to(m, 0, start0)  # 119 at most: 120 is the stink hole, where no peg lands
    peg_to(m, 1, start1)
    front = m.front[:]
    before = 0  # the count before each step
    for event, scorer, points, count, _ in steps:
        m.apply(event)
        if scorer is not None:
            side = rules.side_of(scorer)
            # a card that ends a series pegs its own points (a pair, a run), then its go points: the point for
            # the go or the last card below 31, or the 2 for 31 (RULES.md's order in a deal): two pegs
            made = before + min(event[2], 10) if event[0] == "lay" else None
            go = 2 if made == 31 else 1 if made is not None and count == 0 else 0
            for part in (points - go, go):
                to = front[side] + part
                if to > 121:
                    to = front[side] if exactly else 121
                if stink and to == 120:
                    to = front[side]
                if part and 121 not in front:
                    front[side] = to
        before = count
        assert m.front == front
        if 121 in front:
            assert (m.phase, m.winner) == ("over", front.index(121))
            break
