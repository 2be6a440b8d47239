"""The show hands the show's benchmarks score: ``bench_show.py`` under CPython and MicroPython,
and ``chip_rules.py`` on the emulated RP2040 (made on the host and sent as a literal: the
board has no ``cribbage_lab``). Seeded with ``cribbage_lab.deck``'s Xorshift32, so every
interpreter scores the same hands."""

from cribbage_lab import deck

SEED = 12345


def sample_hands(n: int) -> list[tuple[tuple[int, ...], int]]:
    """``n`` (hand, starter) pairs: the top five cards of a pack shuffled afresh for each (the
    first ``k`` of them are ``sample_hands(k)``)."""
    rand = deck.Xorshift32(SEED)
    found = []
    for _ in range(n):
        five = deck.shuffle(deck.new_pack(), rand)[:5]
        found.append((tuple(five[:4]), five[4]))
    return found
