"""Property tests of the glance (CPython, hypothesis): after every change of a match, the glance the
board saves draws, at power-on, the very frame and display text that the replay of the saved log
gives, and it agrees with the replayed match's own glance (app.glance).

Two sources of matches: random events, legal and illegal, with undo (the generator of
tests/test_match_properties.py, under every kind of settings), and seeded whole games of real
cards, the play pegged by points or laid card by card (tests/firmware/match_helpers.py).
"""

from __future__ import annotations

import json

import pytest
from fake_storage import temp_dir
from hypothesis import example, given, settings
from hypothesis import strategies as st
from match_helpers import play_game
from test_match_properties import ACTIONS, SETTINGS, draw_event

from app.board import Board, glance
from app.glance import agrees, match_of
from app.render import render
from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from cribbage_lab import deck
from simulator.virtual_hardware import VirtualHardware

pytestmark = pytest.mark.slow  # seconds a test: started first, so the parallel run ends together

NOWS = (0, 250, 700, 1333)  # ms into the blinks: frames at a few phases of them


def drawn(board: Board, match: Match) -> tuple[list[bytes], list[str]]:
    """The frames ``board`` draws at home with ``match`` (at NOWS), and its display text."""
    board.match = match
    board.idle()
    frames = []
    for now in NOWS:
        render(board, board.canvas, now)
        frames.append(bytes(board.canvas.frame))
    return frames, board.mode.lines(board)


def check(board: Board, match: Match, replay: bool) -> None:
    """The glance saved now draws what the match draws (``replay``: the match replayed from its saved
    log, else the live one, which the replay gives: tests/test_match_properties.py), and agrees
    with its glance."""
    saved = json.loads(json.dumps(glance(match)))  # as read back from the file
    rules = match.settings.to_dict()
    if replay:
        match = Match(rules, saved=list(match.iter_saved()), edits=match.edits)
    assert agrees(glance(match), saved)
    assert drawn(board, match_of(rules, saved)) == drawn(board, match)


class Checks:
    """``check`` after every change of a match, replaying its log every REPLAY_EVERY changes and at the end."""

    REPLAY_EVERY = 16

    def __init__(self, board: Board, match: Match) -> None:
        self.board = board
        self.match = match
        self.changes = 0

    def __call__(self) -> None:
        self.changes += 1
        check(self.board, self.match, self.changes % self.REPLAY_EVERY == 0)

    def last(self) -> None:
        check(self.board, self.match, True)


def board_with(play: int) -> Board:
    """A board on fake hardware (with a display) laying the play card by card (``play`` 1) or not."""
    board = Board(VirtualHardware(temp_dir(), display=True))
    board.change_settings({"play": play})
    return board


@settings(max_examples=12, deadline=None)
@given(rules=SETTINGS, play=st.sampled_from([0, 1]), data=st.data())
def test_random_events_and_undo(rules: Settings, play: int, data: st.DataObject) -> None:
    m = Match(rules)
    checks = Checks(board_with(play), m)
    for _ in range(data.draw(st.integers(1, 60))):
        action = data.draw(st.sampled_from(ACTIONS[m.phase]))
        try:
            if action == "undo":
                m.undo()
            else:
                m.apply(draw_event(data, m, action))
        except RuleError:
            continue  # nothing changed: nothing saved
        checks()
    checks.last()


@settings(max_examples=8, deadline=None)
@example(seed=18287, players=2, by_card=False, target=61, match_to=3)  # the match won in its first game
@given(seed=st.integers(1, 2**32 - 1), players=st.sampled_from([2, 3, 4]), by_card=st.booleans(),
       target=st.sampled_from([121, 61]), match_to=st.sampled_from([0, 3]))
def test_seeded_whole_games(seed: int, players: int, by_card: bool, target: int, match_to: int) -> None:
    m = Match(Settings(players=players, target=target, match_to=match_to))
    checks = Checks(board_with(1 if by_card else 0), m)

    def apply(event: list) -> None:
        m.apply(event)
        checks()

    rand = deck.Xorshift32(seed)
    play_game(m, rand, apply, by_card)
    if m.match_winner is None:  # a double skunk can win a short match in one game
        apply(["new_game"])
        play_game(m, rand, apply, by_card)
    stop = max(m.game_start - 20, 0)
    while m.events > stop:  # back across the new game and some deals of the first
        m.undo()
        checks()
    checks.last()
