"""Players, and the points they peg, as people type them on the command line (the game commands: `crib peg 2 5`):
argparse types giving the protocol's numbers."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cribbage.game import MAX_PLAY_POINTS
from cribbage.settings import Settings
from host_shared.untrusted import shorten, whole_number


def _words(named: Callable[[Settings], list[str]]) -> dict[str, int]:
    """How people name seats or sides -> the protocol's numbers: 1, 2 …, p1, p2 …, and the names the board
    gives them (``named``: a game's seats' or sides' names) in a game of three and in a team game, where
    T1a, T2a, T1b, T2b sit in that order, clockwise (``Settings.seat_name``)."""
    words = {}
    for settings in (Settings(players=3), Settings(players=4)):
        for number, name in enumerate(named(settings)):
            words["%d" % (number + 1)] = words["p%d" % (number + 1)] = words[name.lower()] = number
    return words


SEAT_WORDS = _words(lambda settings: [settings.seat_name(seat) for seat in range(settings.seats)])
SIDE_WORDS = _words(lambda settings: [settings.side_name(side) for side in range(settings.sides)])
# How to type them, as the game commands' help and their errors say it
SEAT_SPELLINGS = "1, 2 or 3 (p1, p2, p3; in a team game 1 or t1a, 2 or t2a, 3 or t1b, 4 or t2b)"
SIDE_SPELLINGS = "1, 2 or 3 (p1, p2, p3; teams t1, t2)"


def seat_typed(text: str) -> int:
    """A player as people name them -> the protocol's seat (0-based)."""
    seat = SEAT_WORDS.get(text.strip().lower())
    if seat is None:
        raise argparse.ArgumentTypeError("player must be %s, not %r" % (SEAT_SPELLINGS, text))
    return seat


def side_typed(text: str) -> int:
    """A score track as people name it -> the protocol's side (0-based)."""
    side = SIDE_WORDS.get(text.strip().lower())
    if side is None:
        raise argparse.ArgumentTypeError("player must be %s, not %r" % (SIDE_SPELLINGS, text))
    return side


def points_typed(text: str) -> int:
    """Points pegged at once, as typed -> an int from 1 to the most one peg may score (the rules core's)."""
    points = whole_number(text) or 0
    if not 1 <= points <= MAX_PLAY_POINTS:
        raise argparse.ArgumentTypeError("points must be a whole number from 1 to %d, not %r"
                                         % (MAX_PLAY_POINTS, shorten(text)))
    return points
