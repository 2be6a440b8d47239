"""The show: counting a 4-card hand (or the crib) with the starter, per docs/RULES.md.

``score`` is the fast path (the board counts many hands for discard advice): straight-line
integer arithmetic, no allocation. ``count`` finds every combination one by one, the way a
player points them out, and is the breakdown the display and the saying use. The two are
written independently on purpose and the tests hold them to each other.

Rules: each combination totalling 15 is 2; each pair 2 (three alike 6, four alike 12);
each run of 3+ consecutive ranks 1 a card, a longer run counted once and not again as
shorter runs, duplicates making double/triple/double-double runs; a flush of the 4 hand
cards 4 (5 with the starter), in the crib only the 5-card flush; his nobs (the Jack of the
starter's suit in hand or crib) 1. Ace is low, K-A is not a run, Q-K is not a pair.
"""

from micropython import const

from cribbage.cards import DECK_SIZE, HAND_SIZE, JACK, check_distinct, is_int, value

IMPOSSIBLE = (19, 25, 26, 27)
MAX_SHOW = const(29)
# The totals no hand (first) or crib (second) counts with a starter of each rank, Ace first: bit n for n. Beside
# IMPOSSIBLE, the highest (no 29 but with a 5 turned), and a few below: with a 5 turned no hand counts 0 or 1 (a 5
# makes fifteen with any four cards), with a Jack none counts 1 (his nobs is a Jack in the hand). Found by counting
# every hand and crib with each starter (tests/test_show_exhaustive.py holds them to that count).
_NONE_IN_HAND = const((0x3EE80000, 0x3FE80000, 0x3EC80000, 0x3E480000, 0x0E080003, 0x3E480000, 0x3EC80000,
                       0x3EC80000, 0x3EC80000, 0x2F880000, 0x2FA80002, 0x2F880000, 0x2F880000))
_NONE_IN_CRIB = const((0x3EEA0000, 0x3FE80000, 0x3EC80000, 0x3E480000, 0x0E080003, 0x3E480000, 0x3EC80000,
                       0x3EC80000, 0x3EC80000, 0x2F880000, 0x2FAC0002, 0x2F880000, 0x2F880000))

_CLUB_JACK = const(40)  # JACK * 4: the Jack of clubs; | a suit gives that suit's Jack (a const: score is hot)
# Counting value of each card number, as bytes so a lookup is one subscript.
_VALUE = bytes(value(c) for c in range(DECK_SIZE))


def is_possible_total(n, starter_rank=None, is_crib=False):
    """True if some hand (or crib: ``is_crib``) counts exactly ``n`` with a starter (of ``starter_rank``, 0 for the
    Ace, when it is known)."""
    if not is_int(n) or not 0 <= n <= MAX_SHOW or n in IMPOSSIBLE:
        return False
    return starter_rank is None or not (_NONE_IN_CRIB if is_crib else _NONE_IN_HAND)[starter_rank] >> n & 1


def _validate(hand, starter):
    """Raise a ValueError saying what is wrong if ``hand`` and ``starter`` are not 5 distinct cards."""
    try:
        n = len(hand)
    except TypeError:
        raise ValueError("a hand is a sequence of %d cards, not %r" % (HAND_SIZE, hand)) from None
    if n != HAND_SIZE:
        raise ValueError("a hand has %d cards, not %d" % (HAND_SIZE, n))
    check_distinct(list(hand) + [starter])


def _reject(hand, starter):
    """The slow path of ``score`` once its quick checks failed: always raises ValueError."""
    _validate(hand, starter)
    raise ValueError("not a hand: %r with starter %r" % (hand, starter))


def score(hand, starter, is_crib=False):
    """Points of ``hand`` (4 card ints) with ``starter``; ``is_crib`` applies the crib flush rule."""
    try:
        if len(hand) != HAND_SIZE:
            _reject(hand, starter)
        h0, h1, h2, h3 = hand
        if not (0 <= h0 < DECK_SIZE and 0 <= h1 < DECK_SIZE and 0 <= h2 < DECK_SIZE
                and 0 <= h3 < DECK_SIZE and 0 <= starter < DECK_SIZE) \
                or h0 == h1 or h0 == h2 or h0 == h3 or h0 == starter or h1 == h2 \
                or h1 == h3 or h1 == starter or h2 == h3 or h2 == starter or h3 == starter:
            _reject(hand, starter)
        table = _VALUE
        a = table[h0]
        b = table[h1]
        c = table[h2]
        d = table[h3]
        e = table[starter]
    except TypeError:
        _reject(hand, starter)

    # Fifteens: a pair totalling 15, or one whose complement (a triple) does; a single card
    # whose complement (the other four) does; or all five.
    t = a + b + c + d + e - 15
    pts = (t == 0) + (a == t) + (b == t) + (c == t) + (d == t) + (e == t)
    x = a + b
    pts += (x == 15) + (x == t)
    x = a + c
    pts += (x == 15) + (x == t)
    x = a + d
    pts += (x == 15) + (x == t)
    x = a + e
    pts += (x == 15) + (x == t)
    x = b + c
    pts += (x == 15) + (x == t)
    x = b + d
    pts += (x == 15) + (x == t)
    x = b + e
    pts += (x == 15) + (x == t)
    x = c + d
    pts += (x == 15) + (x == t)
    x = c + e
    pts += (x == 15) + (x == t)
    x = d + e
    pts += (x == 15) + (x == t)

    # Pairs: every two cards of one rank.
    r0 = h0 >> 2
    r1 = h1 >> 2
    r2 = h2 >> 2
    r3 = h3 >> 2
    r4 = starter >> 2
    pairs = ((r0 == r1) + (r0 == r2) + (r0 == r3) + (r0 == r4) + (r1 == r2) + (r1 == r3)
             + (r1 == r4) + (r2 == r3) + (r2 == r4) + (r3 == r4))
    pts = 2 * (pts + pairs)

    # Runs: five cards hold at most one stretch of 3+ consecutive ranks. Bit k of m3 is set
    # when ranks k, k+1, k+2 are all present; m4 and m5 likewise for 4 and 5.
    m = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4)
    m3 = m & (m >> 1) & (m >> 2)
    if m3:
        m4 = m3 & (m >> 3)
        if m4:
            m5 = m4 & (m >> 4)
            if m5:
                pts += 5
            else:
                span = m4 * 15
                extra = (((span >> r0) & 1) + ((span >> r1) & 1) + ((span >> r2) & 1)
                         + ((span >> r3) & 1) + ((span >> r4) & 1)) - 4
                pts += 8 if extra else 4
        else:
            span = m3 * 7
            extra = (((span >> r0) & 1) + ((span >> r1) & 1) + ((span >> r2) & 1)
                     + ((span >> r3) & 1) + ((span >> r4) & 1)) - 3
            # One duplicate doubles the run; two are a triple run (three alike: 3 pairs)
            # or a double-double run (two pairs, 4 runs).
            if extra == 1:
                pts += 6
            elif extra == 2:
                pts += 9 if pairs == 3 else 12
            else:
                pts += 3

    # Flush and nobs.
    s = h0 & 3
    if (h1 & 3) == s and (h2 & 3) == s and (h3 & 3) == s:
        if (starter & 3) == s:
            pts += 5
        elif not is_crib:
            pts += 4
    nob = _CLUB_JACK | (starter & 3)  # the Jack of the starter's suit
    if h0 == nob or h1 == nob or h2 == nob or h3 == nob:
        pts += 1
    return pts


class Count:
    """A show counted combination by combination.

    ``fifteens``: tuples of cards totalling 15; ``pairs``: 2-tuples of one rank; ``runs``:
    each full run as a tuple (a double run is two tuples); ``flush``: the flush cards or
    (); ``nobs``: the Jack that scores his nobs, or None. Cards keep the order hand then
    starter. ``total`` and the ``*_points`` attributes give the points.
    """

    def __init__(self, hand, starter, is_crib, fifteens, pairs, runs, flush, nobs):
        self.hand = tuple(hand)
        self.starter = starter
        self.is_crib = is_crib
        self.fifteens = fifteens
        self.pairs = pairs
        self.runs = runs
        self.flush = flush
        self.nobs = nobs
        self.fifteen_points = 2 * len(fifteens)
        self.pair_points = 2 * len(pairs)
        self.run_points = sum(len(r) for r in runs)
        self.flush_points = len(flush)
        self.nobs_points = 0 if nobs is None else 1
        self.total = (self.fifteen_points + self.pair_points + self.run_points
                      + self.flush_points + self.nobs_points)

    def __repr__(self):
        return "Count(total=%d)" % self.total


def _subset_positions():
    """Positions of every non-empty subset of 5 cards, smallest subsets first."""
    found = []
    for size in range(1, 6):
        for mask in range(1, 32):
            # each subset's tuple built once, at its size: the show is loaded when a hand is counted
            # (and dropped after), so what loading it leaves to collect counts at that moment
            if (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4) == size:
                found.append(tuple(i for i in range(5) if mask >> i & 1))
    return tuple(found)


_SUBSETS = _subset_positions()


def _is_run(five, positions):
    """True if the cards of ``five`` at ``positions`` have distinct, consecutive ranks."""
    seen = 0
    low = 13
    high = -1
    for i in positions:
        r = five[i] >> 2
        if seen >> r & 1:
            return False
        seen |= 1 << r
        low = min(low, r)
        high = max(high, r)
    return high - low == len(positions) - 1


def _within(big, small):
    """True if every card of ``small`` is in ``big``."""
    for c in small:
        if c not in big:
            return False
    return True


def count(hand, starter, is_crib=False):
    """Every scoring combination of ``hand`` with ``starter``, as a ``Count``."""
    _validate(hand, starter)
    five = list(hand) + [starter]
    fifteens = []
    pairs = []
    candidates = []  # every run, also those inside a longer one
    for positions in _SUBSETS:
        total = 0
        for i in positions:
            total += _VALUE[five[i]]
        if total == 15:
            fifteens.append(tuple(five[i] for i in positions))
        if len(positions) == 2:
            if five[positions[0]] >> 2 == five[positions[1]] >> 2:
                pairs.append((five[positions[0]], five[positions[1]]))
        elif len(positions) >= 3 and _is_run(five, positions):
            candidates.append(tuple(five[i] for i in positions))
    runs = []
    for run in candidates:
        for longer in candidates:
            if len(longer) > len(run) and _within(longer, run):
                break
        else:
            runs.append(run)
    suit = hand[0] & 3
    flush = ()
    if all(c & 3 == suit for c in hand):
        if starter & 3 == suit:
            flush = tuple(five)
        elif not is_crib:
            flush = tuple(hand)
    nobs = None
    for c in hand:
        if c >> 2 == JACK and c & 3 == starter & 3:
            nobs = c
    return Count(hand, starter, is_crib, fifteens, pairs, runs, flush, nobs)
