"""Shuffling, dealing and cutting over an injected random source."""

from cribbage.game import cut_dealer
from cribbage_lab import deck
from portable import raises


class Bits:
    """A random source with only ``getrandbits``, playing back given numbers."""

    def __init__(self, numbers):
        self.numbers = list(numbers)
        self.asked = []

    def getrandbits(self, n):
        self.asked.append(n)
        return self.numbers.pop(0)


class Choices:
    """A random function ``rand(n)`` playing back given numbers."""

    def __init__(self, numbers):
        self.numbers = list(numbers)
        self.asked = []

    def __call__(self, n):
        self.asked.append(n)
        return self.numbers.pop(0)


def test_xorshift32_matches_marsaglia():
    # G. Marsaglia, "Xorshift RNGs", J. Statistical Software 8(14), 2003: xorshift32 with
    # shifts (13, 17, 5) from y = 2463534242 begins with these outputs.
    x = deck.Xorshift32(2463534242)
    assert [x.next32() for _ in range(5)] == [723471715, 2497366906, 2064144800, 2008045182, 3532304609]
    x = deck.Xorshift32(2463534242)
    assert x.getrandbits(8) == 723471715 >> 24
    assert x.getrandbits(32) == 2497366906
    with raises(ValueError):
        x.getrandbits(33)
    with raises(ValueError):
        x.getrandbits(0)
    with raises(ValueError, "seed"):
        deck.Xorshift32(0)
    with raises(ValueError, "seed"):
        deck.Xorshift32(1 << 32)


def test_randbelow_rejects_out_of_range_bits():
    # 5 values need 3 bits; 7 and 5 are rejected, 3 accepted.
    source = Bits([7, 5, 3])
    assert deck.randbelow(source, 5) == 3
    assert source.asked == [3, 3, 3]
    source = Bits([])
    assert deck.randbelow(source, 1) == 0  # nothing to choose: no bits drawn
    source = Bits([1, 0])
    assert deck.randbelow(source, 2) == 1 and deck.randbelow(source, 2) == 0
    assert source.asked == [1, 1]


def test_randbelow_with_a_function():
    assert deck.randbelow(Choices([4]), 5) == 4
    with raises(ValueError, "5"):
        deck.randbelow(Choices([5]), 5)
    with raises(ValueError):
        deck.randbelow(Choices([-1]), 5)
    with raises(ValueError):
        deck.randbelow(Choices([0]), 0)


def test_shuffle_is_a_bijection_of_choices_to_orders():
    # Fisher-Yates is uniform exactly when every sequence of choices j_i in 0..i gives a
    # different order: 4 * 3 * 2 sequences must give all 24 orders of 4 cards.
    orders = []
    for a in range(4):
        for b in range(3):
            for c in range(2):
                source = Choices([a, b, c])
                orders.append(tuple(deck.shuffle([0, 1, 2, 3], source)))
                assert source.asked == [4, 3, 2]
    assert len(set(orders)) == 24
    assert sorted(orders[0]) == [0, 1, 2, 3]


def test_shuffled_pack_is_a_permutation():
    x = deck.Xorshift32(12345)
    for _ in range(20):
        pack = deck.shuffle(deck.new_pack(), x)
        assert sorted(pack) == list(range(52))
    assert deck.shuffle(deck.new_pack(), deck.Xorshift32(7)) != deck.shuffle(deck.new_pack(), deck.Xorshift32(8))
    assert deck.shuffle(deck.new_pack(), deck.Xorshift32(7)) == deck.shuffle(deck.new_pack(), deck.Xorshift32(7))


def check_deal(players, dealer, size, crib_size):
    pack = deck.new_pack()
    hands, crib, stock = deck.deal(pack, players, dealer)
    assert [len(h) for h in hands] == [size] * players
    assert len(crib) == crib_size
    dealt = [c for h in hands for c in h] + crib
    assert sorted(dealt + stock) == pack and len(set(dealt)) == len(dealt)
    # One at a time from the top, starting at the dealer's left.
    assert hands[(dealer + 1) % players][0] == 0
    assert hands[dealer][0] == players - 1
    assert hands[(dealer + 1) % players][1] == players
    assert crib == list(range(size * players, size * players + crib_size))


def test_deal_sizes_and_order():
    for dealer in (0, 1):
        check_deal(2, dealer, 6, 0)
    for dealer in (0, 1, 2):
        check_deal(3, dealer, 5, 1)
    for dealer in (0, 3):
        check_deal(4, dealer, 5, 0)
    with raises(ValueError, "players"):
        deck.deal(deck.new_pack(), 5)
    with raises(ValueError, "dealer"):
        deck.deal(deck.new_pack(), 2, 2)
    with raises(ValueError, "small"):
        deck.deal(deck.new_pack()[:19], 2)


def test_cut_leaves_four_cards_each_side():
    stock = list(range(40))
    assert deck.cut(stock, Choices([0])) == 4  # lower part: stock[4:], upper keeps 0..3
    assert deck.cut(stock, Choices([32])) == 36  # lower part keeps 36..39
    source = Choices([0])
    deck.cut(stock, source)
    assert source.asked == [33]
    with raises(ValueError):
        deck.cut(list(range(7)), Choices([0]))


def test_cut_for_deal_has_a_single_lowest_card():
    x = deck.Xorshift32(99)
    for seats in (2, 3, 4, 2, 3, 4, 2):
        cards = deck.cut_for_deal(x, seats)
        assert len(cards) == seats and len(set(cards)) == seats
        low = min(c >> 2 for c in cards)
        assert [c >> 2 for c in cards].count(low) == 1
        assert cut_dealer(cards) == [c >> 2 for c in cards].index(low)
