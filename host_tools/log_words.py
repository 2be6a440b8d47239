"""The game log in words, as crib says it: each event (`crib log`, `crib undo`, the game
commands, `crib export`), its seats and sides named as the board names them, and counts of
games and events."""

from __future__ import annotations

import json
from typing import Any

from cribbage.cards import a_rank, name, names, rank_name
from cribbage.settings import Settings

# Events that say the same whoever made them.
PLAIN_WORDS = {"heels": "his heels: 2 to the dealer", "new_game": "new game", "new_match": "new match"}


def pegs_said(rules: Settings, moved: list[tuple[int, int]], fronts: list[int] | None = None) -> str:
    """The points pegged, side by side, as crib says them: "P2 +14, P1 +2"; with the ``fronts`` after them, a
    peg that reached the game hole says so ("P1 +23 to the game hole": the points past it go nowhere)."""
    return ", ".join("%s +%d%s" % (rules.side_name(side), points,
                                   " to the game hole" if fronts and fronts[side] >= rules.target else "")
                     for side, points in moved)


def describe(event: list[Any], rules: Settings) -> str:
    """An event in words, its seats and sides named as the board names them under ``rules`` (the board's own
    16-character line for an event undone is ``app.took_back.said``: a new kind of event is worded in both)."""
    if not isinstance(event, list) or not event:  # (any JSON a log may hold: as sent)
        return json.dumps(event)
    kind, args = event[0], event[1:]
    try:
        if kind in PLAIN_WORDS:
            return PLAIN_WORDS[kind]
        if kind == "dealer":
            return "%s deals first" % rules.seat_name(args[0])
        if kind == "cut" or kind == "cut_ranks":  # each card (or rank) by its player
            said = rank_name if kind == "cut_ranks" else name
            cut = ", ".join("%s %s" % (rules.seat_name(seat), said(each))
                            for seat, each in enumerate(args[0]) if each is not None)
            out = [rules.seat_name(seat) for seat, each in enumerate(args[0]) if each is None]
            if out:  # a cut again after a tie, which the log does not hold (nor can crib or the board check it)
                return "cut again for deal after a tie: %s (%s out of it)" % (cut, " and ".join(out))
            return "cut for deal: " + cut
        if kind == "muggins":
            return "%s calls muggins" % rules.side_name(args[0])
        if kind == "starter":
            return "starter %s" % name(args[0])
        if kind == "starter_rank":
            return "starter: %s (its suit not dialled)" % a_rank(args[0])
        if kind == "peg":
            return "%s pegs %d" % (rules.side_name(args[0]), args[1])
        if kind == "lay" and 1 <= args[1] <= 13:
            return "%s lays %s" % (rules.seat_name(args[0]), rank_name(args[1] - 1))
        if kind == "go":
            return "%s says go" % rules.seat_name(args[0])
        if kind in ("hand", "crib", "show_ranks"):
            return describe_show(kind, args, rules)
    except (IndexError, TypeError, ValueError):
        pass
    return json.dumps(event)


def describe_show(kind: str, args: list[Any], rules: Settings) -> str:
    """A hand or crib counted (by cards, by total or by ranks) in words."""
    if kind == "show_ranks":
        who = "crib" if args[0] is None else "%s's hand" % rules.seat_name(args[0])
        answers = (["a flush of %d" % args[2]] if args[2] else []) + (["his nobs"] if args[3] else [])
        return "%s by ranks: %s%s%s" % (who, " ".join(rank_name(r) for r in args[1]),
                                        "".join(", " + a for a in answers),
                                        "" if args[4] is None else ", claims %d" % args[4])
    who = "crib" if kind == "crib" else "%s's hand" % rules.seat_name(args[0])
    cards, claim = (args[0], args[1]) if kind == "crib" else (args[1], args[2])
    if not cards:  # (the event's claim is then the total dialled: counted as given, no muggins claim)
        return "%s: total %d" % (who, claim)
    return "%s: %s%s" % (who, names(cards), "" if claim is None else ", claims %d" % claim)


def events_gone(first: int) -> str:
    """That events 0 to ``first`` - 1 (``first`` > 0) are no longer on the board, and why: said by `crib log` and,
    as a note, by the commands that read the log (export, plot)."""
    return "events 0 to %d are no longer on the board: it keeps the log of a long match's last games only" % (
        first - 1)


def counted(number: int, thing: str) -> str:
    """``1 game``, ``3 games``."""
    return "%d %s%s" % (number, thing, "" if number == 1 else "s")
