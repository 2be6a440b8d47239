"""The board's refusals in crib's words: its advice reworded with the `crib` command to type."""

from __future__ import annotations

import re

# What the board says to do next is worded for its controls and for the protocol ("the new_match
# command"); the firmware keeps its words (each string costs heap on the chip), and crib says
# them with the command to type. (The board's words, crib's), applied in turn: tests check
# each against the board's own refusals.
CRIB_WORDS = tuple((re.compile(pattern), words) for pattern, words in (
    (r" with the menu's new match or the new_match command .*", " first (`crib new-match`)"),
    (r"\(undo, or a new match\)$", "(`crib undo`, or a new match: `crib new-match`)"),
    (r"\(undo, or a new game or match\)$", "(`crib undo`, or a new game or match: `crib new-game`, `crib new-match`)"),
    (r"cut for deal \(or name the dealer\)",
     "cut for deal (crib cut, a card for each player) or name the dealer (crib dealer PLAYER)"),
    (r"\(undo back to the play", "(`crib undo` back to the play"),
    (r" laid was wrong: back to it\)$", " laid was wrong: `crib undo` back to it)"),
    # crib takes the words the board's menu shows too (muggins=on: host_tools.commands.settings.parse_assignment)
    (r"^(\w+) must be true or false, not ", r"\1 must be true or false (or on, off), not "),
    (r"^cut again: the lowest (card|rank) is tied \(\S+ \S+ \S+.*\)$",  # three players or four: who cuts?
     r"\g<0>: the tied players cut again, a dash for each of the others (`crib cut 3 9 -` after 5 5 K)"),
    (r"^the dealer is already known: .* deals$",
     r"\g<0> (to cut or name the dealer again, a new game: `crib new-game`)"),
    (r"^dial the starter first \(its rank will do\)", "name the starter first (crib starter CARD, or its rank alone)"),
    (r"^dial the starter first", "name the starter first (crib starter CARD)"),
    # the protocol's cut counts ranks from 0 ("not [4, 12, 11]" for 5 K Q): crib's are as typed
    (r"^the cut is one rank per seat \(.*", "the cut is one card or rank per player, in order (crib cut 5 K for "
     "two players, crib cut 5 K Q for three, crib cut 5 K Q 2 for four)"),
    # a team game's sides: crib takes the team's number, and T3, as the board names a third, is no team
    (r"^(peg for|muggins is called by) T1 or T2, not T3$",
     r"\1 team 1 or 2 (T1 or T2), not 3: a team game has two teams (its player 3, T1b, is on team 1)"),
    (r"^the starter is known by its rank only: .* by its ranks$",
     r"\g<0>: give them, like 5 5 J Q (with --flush and --nobs if they apply)"),
    # a request this crib makes that the board's firmware does not know: it is older
    (r"^unknown (cmd|event) .*|^\w+ takes no .*",
     "the board's firmware is older than this crib and does not know this command: update it (`crib deploy`)"),
))


def in_crib_words(said: str) -> str:
    """A refusal of the board, ``said``, with its advice in crib's words (``CRIB_WORDS``)."""
    for pattern, words in CRIB_WORDS:
        said = pattern.sub(words, said)
    return said
