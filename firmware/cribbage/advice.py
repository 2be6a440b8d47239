"""Discard advice: which cards to keep and which to lay away in the crib.

``rank_keeps(cards, dealer, players=2)`` takes the cards dealt to you (6 in the two-player
game, 5 with 3 players or two teams, where each player lays away one card) and returns
every possible keep, best first, as ``Keep`` objects:

- ``keep``, ``discard``: tuples of card ints, each in the order the cards were given;
- ``counts``: a bytearray indexed by total, the number of starters giving it: the kept 4 cards
  shown with every possible starter (the cards you have not seen: 46 of them with 6 dealt, 47
  with 5), counted by ``show.score``;
- ``hand_min``, ``hand_max``: the worst and best of those shows;
- ``starters``: how many starters were counted (46 or 47);
- ``expected``: the mean of those shows plus the mean crib score of the laid-away cards (from
  the table in ``cribbage.crib_values``, ``crib_sum``; docs/ADVICE.md says how it is made) when
  the crib is yours (``dealer`` true; in the team game: when your side deals), minus it when it
  is not;
- ``expected_fraction``: ``expected`` exactly, as (numerator, denominator) ints.
The hand's and the crib's shares of it, and the chance of each total, are the host's
(``host_tools.keep_shares``): the board shows none of them.

Keeps are ordered by the exact ``expected`` (ints, so both interpreters agree), ties
broken by the higher hand value and then by the cards laid away, in the order given (the first
and second before the first and third). ``one_of_each(keeps)`` leaves out each keep that only swaps suits
with one before it, worth the same (the board's list and ``crib advise``'s rows).

The crib table assumes the other cards laid away are random among the cards you have not
seen (not the choices of skilled players); docs/ADVICE.md compares it with expert tables.
"""

from micropython import const

from cribbage import crib_values
from cribbage.cards import DECK_SIZE, check_distinct
from cribbage.settings import dealt_count
from cribbage.show import MAX_SHOW, score

_RANKS = const(13)


def pair_index(rank_a, rank_b, suited):
    """Index of a laid-away pair type in the 13x13 pair table.

    A pair of one rank sits on the diagonal (it cannot be suited); two ranks lo < hi sit
    at row lo, column hi when suited and at row hi, column lo when not.
    """
    if not (0 <= rank_a < _RANKS and 0 <= rank_b < _RANKS):
        raise ValueError("ranks are 0-12, not %r and %r" % (rank_a, rank_b))
    lo, hi = (rank_a, rank_b) if rank_a <= rank_b else (rank_b, rank_a)
    if lo == hi:
        if suited:
            raise ValueError("two cards of one rank cannot be suited")
        return lo * _RANKS + lo
    return lo * _RANKS + hi if suited else hi * _RANKS + lo


def _entry(table, i):
    """The i-th 3-byte big-endian sum in a table of bytes."""
    j = 3 * i
    return (table[j] << 16) | (table[j + 1] << 8) | table[j + 2]


def crib_sum(discard):
    """The crib value of the laid-away cards as an exact fraction (sum, cases).

    ``discard`` is 2 cards (two-player game) or 1 card (3 players or teams). The mean crib
    score is ``sum / cases``; see ``cribbage.crib_values`` for what ``cases`` counts.
    """
    check_distinct(discard)
    if len(discard) == 2:
        a, b = discard
        i = pair_index(a >> 2, b >> 2, (a & 3) == (b & 3) and (a >> 2) != (b >> 2))
        return _entry(crib_values.PAIR_SUMS, i), crib_values.PAIR_CASES
    if len(discard) == 1:
        return _entry(crib_values.SINGLE_SUMS, discard[0] >> 2), crib_values.SINGLE_CASES
    raise ValueError("a discard is 1 or 2 cards, not %d" % len(discard))


class Keep:
    """One way to split the dealt cards: what you keep, what you lay away, what it is worth.

    The board holds every keep of a deal while the player scrolls through them, so a keep
    stores only its counts (``counts[total]``: starters showing that total, in 30 bytes)
    and sums; the mean, min and max are worked out when read.
    """

    def __init__(self, keep, discard, hand_sum, starters, counts, crib_total, crib_cases, dealer):
        self.keep = keep
        self.discard = discard
        self.counts = counts
        # The exact value over the common denominator starters * crib_cases, then the hand's share (ties).
        crib_part = crib_total * starters
        self._sums = (hand_sum * crib_cases + (crib_part if dealer else -crib_part), starters * crib_cases,
                      hand_sum, starters)

    @property
    def expected_fraction(self):
        """``expected`` exactly, as (numerator, denominator) ints: what the keeps are ordered by."""
        return self._sums[0], self._sums[1]

    @property
    def expected(self):
        """The keep's mean worth: the hand's mean show plus the crib's when the crib is yours, minus it when not."""
        return self._sums[0] / self._sums[1]

    @property
    def starters(self):
        """How many starters the hand was counted with: the cards not seen (46 with 6 dealt, 47 with 5)."""
        return self._sums[3]

    @property
    def hand_min(self):
        """The worst show of the kept cards over every starter."""
        counts = self.counts
        total = 0
        while not counts[total]:
            total += 1
        return total

    @property
    def hand_max(self):
        """The best show of the kept cards over every starter."""
        counts = self.counts
        total = MAX_SHOW
        while not counts[total]:
            total -= 1
        return total

    def ranks_before(self, other):
        """True if this keep ranks before ``other``: a higher exact value, then a higher hand value."""
        mine, theirs = self._sums, other._sums
        return mine[0] > theirs[0] or mine[0] == theirs[0] and mine[2] > theirs[2]

    def __repr__(self):
        return "Keep(keep=%r, discard=%r, expected=%.3f)" % (self.keep, self.discard, self.expected)


def hand_outcomes(keep, starters):
    """Show totals of ``keep`` over ``starters``: (sum, counts) with ``counts[total]`` the
    number of starters giving that total (a bytearray, 0 to 29)."""
    counts = bytearray(MAX_SHOW + 1)
    total = 0
    for s in starters:
        points = score(keep, s)
        total += points
        counts[points] += 1
    return total, counts


def _splits(cards):
    """Every (keep, discard) of ``cards``: 6 cards lay away 2, 5 cards 1; in the order given."""
    n = len(cards)
    for i in range(n):
        for j in range(i + 1, n) if n == 6 else (i,):
            keep = (cards[_kept(0, i, j)], cards[_kept(1, i, j)], cards[_kept(2, i, j)], cards[_kept(3, i, j)])
            yield keep, (cards[i], cards[j]) if j != i else (cards[i],)


def _kept(m, i, j):
    """Position of the m-th kept card when positions i <= j are laid away (i == j: one card)."""
    m += m >= i  # a bool counts as 1: no slices, no lists (the board ranks 15 keeps at a time)
    return m + (m >= j) if j != i else m


def rank_keeps(cards, dealer, players=2):
    """Every keep of the dealt ``cards`` as a list of ``Keep``, best first (see module doc)."""
    need = dealt_count(players)
    cards = tuple(cards)
    if len(cards) != need:
        raise ValueError("%d players are dealt %d cards, got %d" % (players, need, len(cards)))
    check_distinct(cards)
    starters = [s for s in range(DECK_SIZE) if s not in cards]
    ranked = []
    for keep, discard in _splits(cards):
        hand_sum, counts = hand_outcomes(keep, starters)
        crib_total, crib_cases = crib_sum(discard)
        k = Keep(keep, discard, hand_sum, len(starters), counts, crib_total, crib_cases, dealer)
        i = len(ranked)
        while i and k.ranks_before(ranked[i - 1]):  # insertion, after equals: ties keep the order given
            i -= 1
        ranked.insert(i, k)
    return ranked


def one_of_each(keeps):
    """``keeps`` (ranked) but for each keep that swaps suits with one before it and is worth the same: the same ranks
    kept and thrown, the same expected points and hand counts (a review: "throw 5H 2C" and then "throw 5D 2C" filled
    two places with one choice)."""
    out = []
    seen = []  # the ranks each keep of ``out`` keeps and throws
    for keep in keeps:
        ranks = (sorted(c >> 2 for c in keep.keep), sorted(c >> 2 for c in keep.discard))
        for i in range(len(out)):
            other = out[i]
            if (seen[i] == ranks and other.expected_fraction == keep.expected_fraction
                    and other.counts == keep.counts):
                break
        else:
            out.append(keep)
            seen.append(ranks)
    return out
