"""A naive scorer of the show written from docs/RULES.md, sharing no code with the rules core (CPython): every
scoring combination of a hand and its starter, by brute force over the subsets of the five cards. Shared by the
show's property and exhaustive tests (no tests here); tests/firmware/show_oracle.py is the portable oracle by
ranks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def naive(hand: list[int], starter: int, is_crib: bool) -> dict[str, list]:
    """Every scoring combination found by brute force over the subsets of the five cards."""
    five = [*hand, starter]

    def worth(c: int) -> int:
        return min(c // 4 + 1, 10)

    def is_run(cards: tuple[int, ...]) -> bool:
        ranks = sorted(c // 4 for c in cards)
        return ranks == list(range(ranks[0], ranks[0] + len(ranks)))

    found: dict[str, list] = {
        "fifteens": [s for n in range(2, 6) for s in combinations(five, n) if sum(map(worth, s)) == 15],
        "pairs": [s for s in combinations(five, 2) if s[0] // 4 == s[1] // 4],
        "runs": [],
    }
    for n in (5, 4, 3):  # the longest runs only: a run of 4 is not also two runs of 3
        found["runs"] = [s for s in combinations(five, n) if is_run(s)]
        if found["runs"]:
            break
    suits = Counter(c % 4 for c in five)
    hand_suits = {c % 4 for c in hand}
    flush: list[int] = []
    if suits.most_common(1)[0][1] == 5:
        flush = five
    elif len(hand_suits) == 1 and not is_crib:
        flush = list(hand)
    found["flush"] = flush
    found["nobs"] = [c for c in hand if c // 4 == 10 and c % 4 == starter % 4]
    return found


def naive_total(found: dict[str, list]) -> int:
    return (2 * len(found["fifteens"]) + 2 * len(found["pairs"]) + sum(len(r) for r in found["runs"])
            + len(found["flush"]) + len(found["nobs"]))
