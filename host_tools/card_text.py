"""Cards written as people write them (``5H``, ``10♥``, ``as``), read into the rules core's card
numbers (``cribbage.cards``): for the `crib` command (``card_args``, ``crib score``, ``crib advise``),
benchmarks and tests. The board never reads card text (its controls and the serial protocol give
numbers), so none of this is on it. Plain MicroPython-compatible Python, no import but the rules
core's: the firmware tests that run inside ``micropython`` (and the benchmarks) read cards with it."""

from cribbage.cards import RANK_LETTERS, SUIT_LETTERS, check_distinct, rank_name

SUIT_SYMBOLS = "♣♦♥♠"
OUTLINE_SYMBOLS = "♧♢♡♤"  # the same suits drawn hollow, as some keyboards and fonts give them


class SuitFirst(ValueError):
    """A card written suit first (``H5``, ``♥10``): the one message saying so, for every command that reads cards."""


def make(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = Ace .. 12 = King) and ``suit`` (0-3)."""
    if not 0 <= rank < 13 or not 0 <= suit < 4:
        raise ValueError("no card with rank %r and suit %r" % (rank, suit))
    return rank * 4 + suit


def parse_rank(text: str) -> int:
    """A rank as people write it (``A``, ``2``-``10`` or ``T``, ``J``, ``Q``, ``K``): 0 (Ace) to 12; -1 if none."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    return RANK_LETTERS.find(t) if len(t) == 1 else -1


def parse(text: str) -> int:
    """Parse one card such as ``5H``, ``10H``, ``TH``, ``as``, ``5♥`` or ``5♡``. Raises ValueError (SuitFirst for a
    card written suit first) saying what is wrong."""
    t = text.strip().upper().replace("\ufe0f", "")  # a phone's emoji heart is the heart and a variation selector
    if len(t) < 2 or parse_rank(t) >= 0:  # (a rank alone, 10 too: its suit is what is missing)
        raise ValueError("not a card: %r (write rank then suit, like 5H or 10♥)" % text)
    r = parse_rank(t[:-1])
    if r < 0 and parse_suit(t[0]) >= 0 and parse_rank(t[1:]) >= 0:
        raise SuitFirst("%r names its suit first: write rank then suit, like %s" % (text, t[1:] + t[0]))
    if r < 0:
        raise ValueError("unknown rank in card %r (use A 2-10 T J Q K)" % text)
    s = parse_suit(t[-1])
    if s < 0:
        raise ValueError("unknown suit in card %r (use C D H S or ♣ ♦ ♥ ♠)" % text)
    return make(r, s)


def parse_suit(text: str) -> int:
    """A suit written as a letter (``C D H S``, upper case) or a symbol, filled or hollow (``♣ ♦ ♥ ♠``,
    ``♧ ♢ ♡ ♤``): 0 (clubs) to 3 (spades); -1 if none."""
    for suits in (SUIT_LETTERS, SUIT_SYMBOLS, OUTLINE_SYMBOLS):
        if len(text) == 1 and text in suits:
            return suits.find(text)
    return -1


def parse_hand(texts: str | list[str]) -> list[int]:
    """Parse several cards (a list of strings, each a card or several split on spaces or commas
    (``"5H 5C JD"``), or one string split so).

    Raises ValueError naming the card if one is unknown or appears twice.
    """
    cards = []
    for t in [texts] if isinstance(texts, str) else texts:
        try:
            found = [parse(t)]  # one card, written with a space or not ("5 H", "5H")
        except ValueError:
            parts = t.replace(",", " ").split()
            if len(parts) < 2:
                raise
            found = [parse(part) for part in parts]
        cards.extend(found)
    check_distinct(cards)  # the rules core's check, its words too
    return cards


def symbol_name(card: int) -> str:
    """A card with its suit's symbol: ``10♥``."""
    return rank_name(card >> 2) + SUIT_SYMBOLS[card & 3]


def symbol_names(cards: list[int]) -> str:
    """Cards with their suits' symbols, as one space-separated string: ``5♥ J♣``."""
    return " ".join(symbol_name(c) for c in cards)
