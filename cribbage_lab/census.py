"""How many (4-card hand, starter) combinations score each total: all 12,994,800 in a second
(for the tests and benchmarks: the board never needs it).

Scoring every combination one by one is slow, so they are grouped by the hand's ranks and
the starter's rank: fifteens, pairs and runs depend on nothing else, so the group's totals
are one scored representative plus what the suits add. What the suits can add (flush and
nobs) depends only on the group's *shape*: how many cards of each rank the hand holds, how
many are jacks, how many share the starter's rank, and whether the starter is a jack. So
for each shape the spread of totals around the representative is found once, by scoring
every suit assignment of the first group of that shape, and reused for the others.
Everything is counted with ``show.score`` itself.
"""

from cribbage.cards import JACK
from cribbage.show import MAX_SHOW, score

TYPE_CHECKING = False  # mypy takes it for True: the annotations' names (MicroPython has no typing module)
if TYPE_CHECKING:
    from collections.abc import Iterator


def _representative(hand_ranks: list[int], starter_rank: int) -> tuple[list[int], int]:
    """Cards with these ranks: each rank's cards take the lowest suits, the starter the next free suit."""
    hand = [r * 4 + hand_ranks[:i].count(r) for i, r in enumerate(hand_ranks)]
    return hand, starter_rank * 4 + hand_ranks.count(starter_rank)


def _every_suit_assignment(hand_ranks: list[int], starter_rank: int) -> "Iterator[tuple[list[int], int]]":
    """Generate every (hand, starter) with these ranks; ``hand_ranks`` sorted."""
    groups: list[list[int]] = []  # (rank, how many), in rank order
    for r in hand_ranks:
        if groups and groups[-1][0] == r:
            groups[-1][1] += 1
        else:
            groups.append([r, 1])

    def extend(i: int, hand: list[int], used: dict[int, int]) -> "Iterator[tuple[list[int], int]]":
        if i == len(groups):
            taken = used.get(starter_rank, 0)
            for s in range(4):
                if not taken >> s & 1:
                    yield hand, starter_rank * 4 + s
            return
        rank, many = groups[i]
        for suits in range(16):  # a set of suits as 4 bits
            if (suits & 1) + (suits >> 1 & 1) + (suits >> 2 & 1) + (suits >> 3 & 1) == many:
                used[rank] = suits
                yield from extend(i + 1, hand + [rank * 4 + s for s in range(4) if suits >> s & 1], used)
        del used[rank]

    return extend(0, [], {})


def census(is_crib: bool = False, ranks: list[int] | None = None, starters: list[int] | None = None) -> list[int]:
    """List of how many combinations score 0, 1, ..., ``MAX_SHOW``.

    ``ranks`` (default all 13) limits the deck to those ranks, four suits each; ``starters`` (default: those
    ranks) counts only the combinations whose starter has one of these ranks; ``is_crib`` counts them as cribs
    (only a 5-card flush).
    """
    ranks = sorted(range(13) if ranks is None else ranks)
    totals = [0] * (MAX_SHOW + 1)
    spreads: dict[tuple, list[tuple[int, int]]] = {}  # shape -> list of (points above the representative, combinations)
    n = len(ranks)
    for i0 in range(n):
        for i1 in range(i0, n):
            for i2 in range(i1, n):
                for i3 in range(i2, n):
                    hand_ranks = [ranks[i0], ranks[i1], ranks[i2], ranks[i3]]
                    pattern = tuple(sorted(hand_ranks.count(r) for r in ranks if r in hand_ranks))
                    jacks = hand_ranks.count(JACK)
                    for starter_rank in ranks if starters is None else starters:
                        alike = hand_ranks.count(starter_rank)
                        if alike == 4:
                            continue
                        hand, starter = _representative(hand_ranks, starter_rank)
                        base = score(hand, starter, is_crib)
                        shape = (pattern, jacks, alike, starter_rank == JACK)
                        spread = spreads.get(shape)
                        if spread is None:
                            spread = _spread(hand_ranks, starter_rank, base, is_crib)
                            spreads[shape] = spread
                        for extra, many in spread:
                            totals[base + extra] += many
    return totals


def _spread(hand_ranks: list[int], starter_rank: int, base: int, is_crib: bool) -> list[tuple[int, int]]:
    """How many suit assignments of these ranks score ``base`` + each extra, as (extra, how many)."""
    many: dict[int, int] = {}
    for hand, starter in _every_suit_assignment(hand_ranks, starter_rank):
        extra = score(hand, starter, is_crib) - base
        many[extra] = many.get(extra, 0) + 1
    return sorted(many.items())
