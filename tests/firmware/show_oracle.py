"""An oracle of the show written from docs/RULES.md, sharing no code with the rules core: what real
cards' suits answer to the show by ranks' questions, and the points of five ranks. Portable
(CPython and MicroPython); used by test_show_ranks_classes.py and tests/test_show_ranks_exhaustive.py.
"""

JACK = 10

# The positions (of 5 cards) of each subset of two or more of them, and their sizes.
_SUBSETS = [[i for i in range(5) if mask >> i & 1] for mask in range(1, 32)]
_SUBSETS = [s for s in _SUBSETS if len(s) > 1]


def suit_facts(hand, starter):
    """What the suits of real cards say: the hand of one suit? the starter of that suit too? a
    Jack of the starter's suit in the hand?"""
    suits = {c % 4 for c in hand}
    return (len(suits) == 1, starter % 4 in suits,
            any(c // 4 == JACK and c % 4 == starter % 4 for c in hand))


def answers_of(facts, is_crib):
    """(flush points, his nobs) from the facts of ``suit_facts``."""
    one_suit, starter_too, nobs = facts
    flush = 0
    if one_suit:
        if starter_too:
            flush = 5
        elif not is_crib:
            flush = 4
    return flush, nobs


def answers(hand, starter, is_crib):
    """(flush points, his nobs) of real cards, from their suits."""
    return answers_of(suit_facts(hand, starter), is_crib)


def worth(rank):
    """A rank's counting value: Ace 1, 2-10 face, court cards 10."""
    return min(rank + 1, 10)


def rank_points(five):
    """(fifteens', pairs', runs' points) of five ranks, by brute force over their subsets: 2 for each
    subset worth 15, 2 for each pair, and for the longest runs (n distinct consecutive ranks, n >= 3)
    n for each subset making one."""
    fifteens = pairs = 0
    runs = {3: 0, 4: 0, 5: 0}
    for subset in _SUBSETS:
        ranks = sorted([five[i] for i in subset])
        if sum([worth(r) for r in ranks]) == 15:
            fifteens += 1
        if len(ranks) == 2 and ranks[0] == ranks[1]:
            pairs += 1
        if len(ranks) >= 3 and all(ranks[k + 1] == ranks[k] + 1 for k in range(len(ranks) - 1)):
            runs[len(ranks)] += 1
    run_points = 0
    for n in (5, 4, 3):
        if runs[n]:
            run_points = n * runs[n]
            break
    return 2 * fifteens, 2 * pairs, run_points


def real_suitings(hand_ranks, starter_rank):
    """{suit facts: how many real (hand, starter) give them} over every suit assignment of 4 cards of
    ``hand_ranks`` and a starter of ``starter_rank`` (none if the hand holds its four)."""
    distinct = sorted(set(hand_ranks))
    counts = {}

    def extend(i, hand):
        if i == len(distinct):
            for suit in range(4):
                starter = starter_rank * 4 + suit
                if starter not in hand:
                    facts = suit_facts(hand, starter)
                    counts[facts] = counts.get(facts, 0) + 1
            return
        rank = distinct[i]
        many = hand_ranks.count(rank)
        for suits in range(16):  # a set of suits as 4 bits
            if (suits & 1) + (suits >> 1 & 1) + (suits >> 2 & 1) + (suits >> 3 & 1) == many:
                extend(i + 1, hand + [rank * 4 + s for s in range(4) if suits >> s & 1])

    extend(0, [])
    return counts
