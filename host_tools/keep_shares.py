"""What the host says of a keep (``crib advise``) beside what the board shows of it (its worth, its
worst and best show): the hand's and the crib's shares of that worth and the chance of each total,
read from the rules core's ``cribbage.advice.Keep`` (its ``counts``, ``starters`` and the crib table's
``crib_sum``). Not in the core: the board never shows them, and each name a module brings to the chip
stays in its heap (docs/CHIP_FIGURES.md). Plain MicroPython-compatible Python, no import but the rules
core's: the firmware tests of the advice that run inside ``micropython`` check it there too."""

from cribbage.advice import Keep, crib_sum


def hand_expected(keep: Keep) -> float:
    """The mean show of the kept cards over every starter."""
    return sum(total * n for total, n in enumerate(keep.counts)) / keep.starters


def crib_expected(keep: Keep) -> float:
    """The mean crib score of the laid-away cards (always >= 0): added to the hand's by the dealer, taken
    from it by the pone (``Keep.expected``)."""
    total, cases = crib_sum(keep.discard)
    return total / cases


def chances(keep: Keep) -> dict[int, int]:
    """Total -> number of starters showing that total, for the totals that happen."""
    return {total: n for total, n in enumerate(keep.counts) if n}


def chance(keep: Keep, total: int) -> float:
    """Probability (0.0-1.0) that the kept hand shows exactly ``total`` (a show's: 0 to ``cribbage.show.MAX_SHOW``)."""
    return keep.counts[total] / keep.starters
