"""Players, and the points they peg, as people type them on the command line (the game commands: `crib peg 2 5`):
argparse types giving the protocol's numbers."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cribbage.game import MAX_PLAY_POINTS
from cribbage.settings import PLAYERS, Settings
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


def _spellings(seat: bool) -> str:
    """How to type a seat (or, without ``seat``, a side) in each game the rules core has, true whatever the game
    (the command line does not know which it is): "with 2 players: 1 or 2 (P1 or P2); with 3: ..."."""
    said: list[str] = []
    for players in PLAYERS:
        rules = Settings(players=players)
        count = rules.seats if seat else rules.sides
        numbers = "1 or 2" if count == 2 else "1 to %d" % count
        game = "in a team game" if players == 4 else "with %d players" % players if not said else "with %d" % players
        said.append("%s: %s (%s)" % (game, numbers, rules.choice(seat)))
    return "; ".join(said)


# How to type them, as the game commands' help and their errors say it, true in every game (the board checks the
# player against the game it has: "peg for P1 or P2, not P3")
SEAT_SPELLINGS = _spellings(seat=True)
SIDE_SPELLINGS = _spellings(seat=False)


def seat_typed(text: str) -> int:
    """A player as people name them -> the protocol's seat (0-based)."""
    typed = text.strip().lower()
    seat = SEAT_WORDS.get(typed)
    if seat is None:
        side = SIDE_WORDS.get(typed)
        if side is not None and typed.startswith("t"):  # a team where a player is asked for (crib dealer t1)
            partners = [name for name in SEAT_WORDS if name.startswith(typed) and name != typed]
            raise argparse.ArgumentTypeError("%r is a team: name one of its players, %s" % (text, " or ".join(
                sorted(partners))))
        raise argparse.ArgumentTypeError("player must be one of the game's: %s, not %r" % (SEAT_SPELLINGS, text))
    return seat


def side_typed(text: str) -> int:
    """A score track as people name it -> the protocol's side (0-based)."""
    typed = text.strip().lower()
    side = SIDE_WORDS.get(typed)
    if side is None:
        seat = SEAT_WORDS.get(typed)
        if seat is not None:  # a team game's player where the team is asked for (crib peg t1a 2)
            team = Settings(players=PLAYERS[-1]).side_of(seat) + 1
            raise argparse.ArgumentTypeError("%r is a player of a team game: name their team, t%d (or %d)"
                                             % (text, team, team))
        raise argparse.ArgumentTypeError("player must name a track: %s, not %r" % (SIDE_SPELLINGS, text))
    return side


def points_typed(text: str) -> int:
    """Points pegged at once, as typed -> an int from 1 to the most one peg may score (the rules core's)."""
    points = whole_number(text) or 0
    if not 1 <= points <= MAX_PLAY_POINTS:
        raise argparse.ArgumentTypeError("points must be a whole number from 1 to %d, not %r"
                                         % (MAX_PLAY_POINTS, shorten(text)))
    return points
