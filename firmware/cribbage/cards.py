"""Cards as small ints, and their short names (reading card text: ``host_tools.card_text``).

A card is ``rank * 4 + suit`` (0-51): rank 0 is the Ace, 12 the King; suits are
clubs, diamonds, hearts, spades. Ints are cheap on the board, hashable and fast.

Here too, beside the cards, the checks every reader of untrusted values uses, the core's first
(``is_int``, ``is_sequence``, and ``json_text`` for naming what a check refused): the module every
one of them imports already, so the checks cost the board no module of their own.
"""

from micropython import const

DECK_SIZE = const(52)
_HALF_DECK = const(26)
_RANKS = const(13)
RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"
JACK = const(10)
HAND_SIZE = const(4)  # cards a player keeps for the show (a crib holds as many)


def is_int(x):
    """True for a real int (not a bool: JSON ``true`` is no card, seat, score or setting)."""
    return isinstance(x, int) and not isinstance(x, bool)


def is_sequence(x):
    """True for a list or tuple (events and card groups come as either, from JSON or from code)."""
    return isinstance(x, list) or isinstance(x, tuple)  # not (list, tuple): built on the heap each call, or kept there


def json_text(value):
    """``value`` as JSON writes it (``true``, ``null``, ``"x"``, not Python's ``True``, ``None``,
    ``'x'``): how a host wrote what an error refuses, in MicroPython's ``json.dumps``'s words, on
    CPython too (the CPython shims' ``micropython_json``)."""
    try:  # CPython
        from micropython_json import dumps
    except ImportError:  # MicroPython's own (imported here: no name in this module's globals, resident on the board)
        from json import dumps
    return dumps(value)


def value(card):
    """Counting value: Ace 1, two to ten face value, court cards 10."""
    r = card >> 2
    return r + 1 if r < 9 else 10


def name(card):
    """Short text of a card: ``10H``."""
    if not 0 <= card < DECK_SIZE:
        raise ValueError("not a card number: %r" % card)
    suit = card & 3
    return rank_name(card >> 2) + SUIT_LETTERS[suit:suit + 1]


def rank_name(rank):
    """Short text of a rank (0 = Ace .. 12 = King): ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
    if not 0 <= rank < _RANKS:  # (checked: a slice past the letters is "", no error)
        raise ValueError("not a rank: %r" % (rank,))
    # A slice, not ``RANK_LETTERS[rank]``: MicroPython interns the one character an index (or a loop over a str)
    # reads, a name kept for good in the pools whose seventh takes 7.5 KB of the chip's heap at once
    # (tests/chip/test_chip_names.py); a slice is a small string, garbage once used.
    return "10" if rank == 9 else RANK_LETTERS[rank:rank + 1]


def a_rank(rank):
    """A card of ``rank`` (0 = Ace .. 12 = King) as said: "a 5", "an 8", "an A"."""
    return ("an " if rank == 0 or rank == 7 else "a ") + rank_name(rank)


def names(cards):
    """Cards as one space-separated string."""
    return " ".join(name(c) for c in cards)


def check_distinct(cards):
    """Raise ValueError if any card number is out of range or repeated."""
    # Seen cards as two 26-bit masks: a 52-bit int would be a heap object on the 32-bit board.
    low = high = 0
    for c in cards:
        if not is_int(c) or not 0 <= c < DECK_SIZE:
            raise ValueError("%s is not a card number (0-51)" % json_text(c))
        upper = c >= _HALF_DECK
        bit = 1 << (c - _HALF_DECK if upper else c)
        if (high if upper else low) & bit:
            raise ValueError("card %s appears twice" % name(c))
        if upper:
            high |= bit
        else:
            low |= bit
