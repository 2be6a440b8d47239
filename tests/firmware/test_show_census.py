"""All 12,994,800 shows counted on this interpreter match the published figures, total by total.

Runs on CPython and MicroPython, so the board's own scorer is held to them: ``census`` scores
every combination (grouped by ranks and suit shape, tests/test_show_exhaustive.py checks the
grouping against plain scoring) in about 0.3 s on the unix port. The tables, Lumetta's for
hands and the recorded one for cribs, and their provenance are in show_tables.
"""

from show_tables import COMBINATIONS, PUBLISHED_HAND, RECORDED_CRIB

from cribbage.show import IMPOSSIBLE, MAX_SHOW
from cribbage_lab.census import census


def test_hands():
    totals = census()
    assert len(totals) == MAX_SHOW + 1 == len(PUBLISHED_HAND)
    assert sum(totals) == COMBINATIONS
    assert totals == PUBLISHED_HAND
    assert [t for t in range(MAX_SHOW + 1) if totals[t] == 0] == list(IMPOSSIBLE)


def test_cribs():
    totals = census(is_crib=True)
    assert sum(totals) == COMBINATIONS
    assert totals == RECORDED_CRIB
    assert totals[0] == 1022208  # Wikipedia, "Cribbage statistics"
