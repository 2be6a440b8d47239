"""Property tests of the glance (CPython, hypothesis): after every change of a board's match, the glance
the board saves, with its marks (a starter skipped, a play pegged by hand), draws at power-on the very
frame and display text that the replay of the saved log gives, and it agrees with the replayed match's
own glance (app.glance).

Two sources of matches: random events, legal and illegal, with undo (tests/test_match_properties.py's
generator: tests/match_strategies.py, under every kind of settings), and seeded whole games of real cards,
the play pegged by points or laid card by card (tests/firmware/match_helpers.py).
"""

from __future__ import annotations

import json
import re

import pytest
from fake_storage import temp_dir
from hypothesis import example, given, settings
from hypothesis import strategies as st
from match_helpers import play_game
from match_invariants import ACTIONS
from match_strategies import SETTINGS, draw_event

from app.board import Board, glance
from app.glance import agrees, match_of
from app.render import render
from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from cribbage_lab import deck
from host_tools.card_text import parse, parse_hand
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


SCORE_LINE = re.compile(r"\S+ +\d+ \(\d+\)$")  # a side's pegs (app.modes.side_lines): "P1  97 (90)"


def check(board: Board, viewer: Board, replay: bool) -> None:
    """The glance ``board`` saves now, with the marks saved beside it (a starter skipped, a play pegged by
    hand: ``app.board``), draws what its match draws with its marks, both on ``viewer``, a board of the same
    preferences; and it agrees with the match's glance. ``replay``: the board powered on from what it saved,
    which draws its first frame from the glance and replays the log (the truth), draws the same frame after."""
    match = board.match
    data = json.loads(json.dumps({key: value for key, value in board.saved_data().items() if key != "codes"}))
    saved = data["glance"]
    assert agrees(glance(match), saved)
    # the marks saved, those of the deal under way alone, as app.restore takes them for the glance's frame
    viewer.skipped, viewer.pegged = (tuple(mark for mark in data[key] or () if mark >= data["deal_start"])
                                     for key in ("skipped", "pegged"))
    first = drawn(viewer, match_of(match.settings.to_dict(), saved))
    viewer.skipped, viewer.pegged = board.skipped, board.pegged  # (as the board after a power-on: nothing undone)
    shown = drawn(viewer, match)
    if board.just_skipped():  # the glance's match, of no events, cannot tell that nothing was done since the
        shown[1].remove("back=starter")  # skip: that hint comes with the replay, a moment later (a known gap),
        if "btn=peg the play" in first[1]:  # and takes the line the glance gives the buttons' hint
            first[1].remove("btn=peg the play")
    last = next(match.iter_log(match.events - 1))[0] if match.events else None
    if match.winner is not None and (match.game.laying is not None or last in ("heels", "starter", "starter_rank")):
        # a game won by a card laid, or by his heels (the starter's Jack, or held): what it made (the lines between
        # the result and the hint) is the log's, not the glance's, and is said once the log is replayed, a moment
        # later (a known gap: the glance holds no event); where the display has room, who deals next is said
        # under it, so the two frames may give that line to either, and a long saying takes the score lines'
        # place (the pegs show them): the two agree on the game's line and the result, and both end on the hint
        for lines in (first[1], shown[1]):
            assert lines[-1].startswith("enc")
            lines[:] = [line for line in lines[:-1] if not line.startswith("next: ") and not SCORE_LINE.match(line)]
        del shown[1][len(first[1]):]
    assert first == shown
    if replay:
        board.save()
        hw = VirtualHardware(board.hw.storage_root, display=True)
        powered = Board(hw, glance_first=True)
        first = bytes(hw.frame)
        powered.render()
        assert hw.frames > 1 and powered.match.log == match.log
        # the crib's call still open: the glance draws home, and the call's screen (which reads the claim in the
        # log) opens once the log is replayed, a moment later (a known gap: test_a_crib_s_call_open_at_power_on)
        if powered.mode.name != "muggins":
            assert first == bytes(hw.frame)


class Checks:
    """``check`` after every change of a board's match, powering on from its save every REPLAY_EVERY changes
    and at the end."""

    REPLAY_EVERY = 16

    def __init__(self, board: Board) -> None:
        self.board = board
        self.viewer = board_with(board.prefs["play"])
        self.changes = 0

    def __call__(self) -> None:
        self.changes += 1
        check(self.board, self.viewer, self.changes % self.REPLAY_EVERY == 0)

    def last(self) -> None:
        check(self.board, self.viewer, True)


def board_with(play: int, rules: Settings | None = None) -> Board:
    """A board on fake hardware (with a display) laying the play card by card (``play`` 1) or not, its match
    under ``rules`` (the default's if None)."""
    board = Board(VirtualHardware(temp_dir(), display=True))
    board.change_settings({"play": play, **(rules.to_dict() if rules is not None else {})})
    return board


def skip_or_take_back(board: Board) -> bool:
    """What the starter's picker and home do with the encoder held and back (``app.modes.starter``,
    ``app.modes.peg``): the starter skipped before a play laid card by card, or the skip taken back at
    once. True if either was done."""
    m = board.match
    if board.just_skipped():
        board.skip_starter(False)
    elif (board.prefs["play"] == 1 and m.phase == "play" and m.starter_rank is None and not m.heels
          and m.game.laying is None and not board.in_deal(board.skipped)):
        board.skip_starter()
    else:
        return False
    return True


@settings(max_examples=12, deadline=None)
@given(rules=SETTINGS, play=st.sampled_from([0, 1]), data=st.data())
def test_random_events_and_undo(rules: Settings, play: int, data: st.DataObject) -> None:
    board = board_with(play, rules)
    m = board.match
    checks = Checks(board)
    for _ in range(data.draw(st.integers(1, 60))):
        action = data.draw(st.sampled_from(ACTIONS[m.phase] + ["skip"] * 2))
        try:
            if action == "undo":
                board.undo()
            elif action == "skip":
                if not skip_or_take_back(board):
                    continue
            else:
                board.apply(draw_event(data, m, action))
        except RuleError:
            continue  # nothing changed: nothing saved
        checks()
    checks.last()


@settings(max_examples=8, deadline=None)
@example(seed=18287, players=2, by_card=False, target=61, match_to=3)  # the match won in its first game
@example(seed=2, players=2, by_card=True, target=121, match_to=0)  # a game won by a card of the play laid card by card
@example(seed=16, players=3, by_card=True, target=121, match_to=0)  # ... its saying in the score lines' place
@given(seed=st.integers(1, 2**32 - 1), players=st.sampled_from([2, 3, 4]), by_card=st.booleans(),
       target=st.sampled_from([121, 61]), match_to=st.sampled_from([0, 3]))
def test_seeded_whole_games(seed: int, players: int, by_card: bool, target: int, match_to: int) -> None:
    board = board_with(1 if by_card else 0, Settings(players=players, target=target, match_to=match_to))
    m = board.match
    checks = Checks(board)

    def apply(event: list) -> None:
        board.apply(event)
        checks()

    rand = deck.Xorshift32(seed)
    play_game(m, rand, apply, by_card)
    if m.match_winner is None:  # a double skunk can win a short match in one game
        apply(["new_game"])
        play_game(m, rand, apply, by_card)
    stop = max(m.game_start - 20, 0)
    while m.events > stop:  # back across the new game and some deals of the first
        board.undo()
        checks()
    checks.last()


def test_a_crib_s_call_open_at_power_on_is_drawn_home_first_then_on_the_call() -> None:
    """The one state whose first frame at power-on is not the replay's: the crib claimed short with muggins on,
    the call open (the deal passed). The glance's match has no log to open the call on, so it draws home; the
    call's screen follows the replay (the menu return's tests: a power cut there goes back to the call)."""
    rules = Settings(muggins=True)
    board = board_with(0, rules)
    for event in (["dealer", 0], ["starter", parse("5S")], ["hand", 1, parse_hand("5H 5D JC 10C"), 20],
                  ["hand", 0, parse_hand("AC 2D 3H KS"), 5], ["crib", parse_hand("4C 4D 6H 6S"), 10]):  # worth 24
        board.apply(event)
    assert board.match.muggins == 0 and board.match.phase == "play"  # P1's crib, open to a call
    check(board, board_with(0, rules), False)  # the glance draws what home draws
    board.save()
    hw = VirtualHardware(board.hw.storage_root, display=True)
    powered = Board(hw, glance_first=True)
    first = bytes(hw.frame)
    assert powered.mode.name == "muggins"
    powered.render()
    assert first != bytes(hw.frame)  # were it equal, the gap would be gone: check() should then assert it again
