"""Shuffling, dealing and cutting real cards, over an injected random source (seeded games).

The board never deals: players do, with a real pack. Tests and benchmarks deal seeded
games with this, so it lives outside ``firmware/`` (the tests that run inside
``micropython`` import it too: a seeded game is the same on both interpreters).

The random source ``rand`` is either an object with ``getrandbits(n)`` (CPython's
``random.Random``, MicroPython's ``random`` module, or ``Xorshift32`` below) or a function
``rand(n)`` returning an int in ``0 .. n-1``. Only ``Xorshift32`` gives the same numbers on
every interpreter (the two ``random`` modules differ), so a seeded game uses it. Nothing
here depends on dict or set order: the same source gives the same deal everywhere.

A pack is a list of cards, index 0 on top. ``shuffle`` is Fisher-Yates (Durstenfeld's
in-place form): from the last position down, swap with a uniformly chosen position at or
before it.
"""

from micropython import const

from cribbage.cards import DECK_SIZE
from cribbage.game import cut_dealer
from cribbage.settings import dealt_count

_MASK32 = const(0xFFFFFFFF)
# A cut leaves at least this many cards in each part.
_CUT_MARGIN = const(4)


class Xorshift32:
    """Marsaglia's xorshift32 generator (shifts 13, 17, 5): tiny and interpreter-independent."""

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or seed & _MASK32 == 0:
            raise ValueError("xorshift32 needs a seed with some of its 32 low bits set, not %r" % (seed,))
        self.state = seed & _MASK32

    def next32(self) -> int:
        """The next 32-bit output."""
        y = self.state
        y ^= (y << 13) & _MASK32
        y ^= y >> 17
        y ^= (y << 5) & _MASK32
        self.state = y
        return y

    def getrandbits(self, n: int) -> int:
        """``n`` (1 to 32) random bits: the top bits of the next output."""
        if not 1 <= n <= 32:
            raise ValueError("getrandbits takes 1 to 32 bits, not %r" % (n,))
        bits = self.next32() >> (32 - n)
        # Through bytes: on a 32-bit MicroPython before 1.24 the result of big-int arithmetic
        # stays a heap object even when small, and so would every card dealt from it.
        return int.from_bytes(bits.to_bytes(4, "little"), "little") if n <= 30 else bits


TYPE_CHECKING = False  # mypy takes it for True: the annotations' names (MicroPython has no typing module)
if TYPE_CHECKING:
    from collections.abc import Callable
    from random import Random

    RandomSource = Xorshift32 | Random | Callable[[int], int]  # see the module docstring


def randbelow(rand: "RandomSource", n: int) -> int:
    """A uniform int in ``0 .. n-1`` from ``rand`` (see the module docstring)."""
    if n < 1:
        raise ValueError("randbelow needs n >= 1, not %r" % (n,))
    if callable(rand):
        r = rand(n)
        if not isinstance(r, int) or not 0 <= r < n:
            raise ValueError("the random function gave %r for a number below %d" % (r, n))
        return r
    if n == 1:
        return 0
    bits = 0
    while (n - 1) >> bits:
        bits += 1
    while True:  # rejection sampling keeps every value equally likely
        r = rand.getrandbits(bits)
        if r < n:
            return r


def new_pack() -> list[int]:
    """A fresh pack in card order (Ace of clubs on top)."""
    return list(range(DECK_SIZE))


def shuffle(pack: list[int], rand: "RandomSource") -> list[int]:
    """Shuffle the list ``pack`` in place with ``rand``; returns it."""
    for i in range(len(pack) - 1, 0, -1):
        j = randbelow(rand, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def deal(pack: list[int], players: int, dealer: int = 0) -> tuple[list[list[int]], list[int], list[int]]:
    """Deal from the top of ``pack``: one card at a time, starting at the dealer's left.

    2 players get 6 cards each; 3 players 5 each and then one card to the crib; 4 players
    5 each. Returns ``(hands, crib, stock)``: ``hands[seat]`` lists that seat's cards in
    the order dealt, ``crib`` the cards dealt to it, ``stock`` the rest of the pack.
    """
    size = dealt_count(players)
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError("dealer must be a seat from 0 to %d, not %r" % (players - 1, dealer))
    crib_cards = 1 if players == 3 else 0
    if len(pack) < size * players + crib_cards + 2 * _CUT_MARGIN:
        raise ValueError("a pack of %d cards is too small to deal" % len(pack))
    hands: list[list[int]] = [[] for _ in range(players)]
    top = 0
    for _ in range(size):
        for k in range(1, players + 1):
            hands[(dealer + k) % players].append(pack[top])
            top += 1
    crib = pack[top:top + crib_cards]
    top += crib_cards
    return hands, crib, pack[top:]


def cut(stock: list[int], rand: "RandomSource") -> int:
    """Cut ``stock`` leaving at least 4 cards in each part: the top card of the lower part."""
    if len(stock) < 2 * _CUT_MARGIN:
        raise ValueError("cannot cut %d cards leaving %d in each part" % (len(stock), _CUT_MARGIN))
    return stock[_CUT_MARGIN + randbelow(rand, len(stock) - 2 * _CUT_MARGIN + 1)]


def cut_for_deal(rand: "RandomSource", seats: int) -> list[int]:
    """Cards cut for the first deal, one per seat, from a fresh shuffled pack each try,
    cut again until the lowest rank is not shared. Returns the deciding cut."""
    while True:
        pack = shuffle(new_pack(), rand)
        cards = []
        for _ in range(seats):
            card = cut(pack, rand)
            pack.remove(card)
            cards.append(card)
        if cut_dealer(cards) is not None:
            return cards
