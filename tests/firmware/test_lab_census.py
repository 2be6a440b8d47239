"""All 12,994,800 shows counted on this interpreter match the published figures.

Runs on CPython and MicroPython, so the board's own scorer is held to them. The figures
are from Steven S. Lumetta's table reproduced in Wikipedia's "Cribbage statistics" (the
whole table, and the recorded crib table, are checked in tests/test_show_exhaustive.py).
"""

from cribbage.show import IMPOSSIBLE, MAX_SHOW
from cribbage_lab.census import census


def test_hands():
    totals = census()
    assert len(totals) == MAX_SHOW + 1
    assert sum(totals) == 12994800
    assert (totals[0], totals[1], totals[2], totals[4], totals[24], totals[28], totals[29]) == (
        1009008, 99792, 2813796, 2855676, 3680, 76, 4)
    assert [t for t in range(MAX_SHOW + 1) if totals[t] == 0] == list(IMPOSSIBLE)


def test_cribs():
    totals = census(is_crib=True)
    assert sum(totals) == 12994800
    assert totals[0] == 1022208
    assert totals[28:] == [76, 4]
