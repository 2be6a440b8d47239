"""Cards as small ints, and their text forms at the edges.

A card is ``rank * 4 + suit`` (0-51): rank 0 is the Ace, 12 the King; suits are
clubs, diamonds, hearts, spades. Ints are cheap on the board, hashable and fast.
"""

from micropython import const

DECK_SIZE = const(52)
_HALF_DECK = const(26)
RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
JACK = const(10)
HAND_SIZE = const(4)  # cards a player keeps for the show (a crib holds as many)


def is_int(x):
    """True for a real int (not a bool: JSON ``true`` is no card, seat, score or setting)."""
    return isinstance(x, int) and not isinstance(x, bool)


_SEQUENCES = (list, tuple)  # made once: a tuple written in the call is built (on the heap) every time


def is_sequence(x):
    """True for a list or tuple (events and card groups come as either, from JSON or from code)."""
    return isinstance(x, _SEQUENCES)


def make(rank, suit):
    """The card of ``rank`` (0 = Ace .. 12 = King) and ``suit`` (0-3)."""
    if not 0 <= rank < 13 or not 0 <= suit < 4:
        raise ValueError("no card with rank %r and suit %r" % (rank, suit))
    return rank * 4 + suit


def value(card):
    """Counting value: Ace 1, two to ten face value, court cards 10."""
    r = card >> 2
    return r + 1 if r < 9 else 10


def parse_rank(text):
    """A rank as people write it (``A``, ``2``-``10`` or ``T``, ``J``, ``Q``, ``K``): 0 (Ace) to 12; -1 if none."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    return RANK_LETTERS.find(t) if len(t) == 1 else -1


def parse(text):
    """Parse one card such as ``5H``, ``10H``, ``TH``, ``as`` or ``5♥``."""
    t = text.strip().upper().replace("\ufe0f", "")  # a phone's emoji heart is the heart and a variation selector
    if len(t) < 2:
        raise ValueError("not a card: %r (write rank then suit, like 5H or 10♥)" % text)
    suit_text = t[-1]
    r = parse_rank(t[:-1])
    if r < 0:
        raise ValueError("unknown rank in card %r (use A 2-10 T J Q K)" % text)
    s = SUIT_LETTERS.find(suit_text)
    if s < 0:
        s = SUIT_SYMBOLS.find(suit_text)
    if s < 0:
        raise ValueError("unknown suit in card %r (use C D H S or ♣ ♦ ♥ ♠)" % text)
    return r * 4 + s


def parse_hand(texts):
    """Parse several cards (a list of strings, or one string split on spaces or commas).

    Raises ValueError naming the card if one is unknown or appears twice.
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    cards = []
    for t in texts:
        c = parse(t)
        if c in cards:
            raise ValueError("card %s appears twice" % name(c))
        cards.append(c)
    return cards


def name(card, symbols=False):
    """Short text of a card: ``10H`` (or ``10♥`` with ``symbols``)."""
    if not 0 <= card < DECK_SIZE:
        raise ValueError("not a card number: %r" % card)
    return rank_name(card >> 2) + (SUIT_SYMBOLS if symbols else SUIT_LETTERS)[card & 3]


def rank_name(rank):
    """Short text of a rank (0 = Ace .. 12 = King): ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
    return "10" if rank == 9 else RANK_LETTERS[rank]


def names(cards, symbols=False):
    """Cards as one space-separated string."""
    return " ".join(name(c, symbols) for c in cards)


def check_distinct(cards):
    """Raise ValueError if any card number is out of range or repeated."""
    # Seen cards as two 26-bit masks: a 52-bit int would be a heap object on the 32-bit board.
    low = high = 0
    for c in cards:
        if not is_int(c) or not 0 <= c < DECK_SIZE:
            raise ValueError("%r is not a card number (0-51)" % (c,))
        upper = c >= _HALF_DECK
        bit = 1 << (c - _HALF_DECK if upper else c)
        if (high if upper else low) & bit:
            raise ValueError("card %s appears twice" % name(c))
        if upper:
            high |= bit
        else:
            low |= bit
