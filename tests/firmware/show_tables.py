"""The distribution of show totals over all 12,994,800 (4-card hand, starter) combinations: the
truth the census and the show by ranks are held to, on CPython and MicroPython alike.

There are C(52, 4) x 48 = 12,994,800 combinations. The published table of how many score
each total 0-29 is Steven S. Lumetta, "Amusing Cribbage Facts"
(http://lumetta.web.engr.illinois.edu/humor/cribbage.html, formerly
www.crhc.uiuc.edu/~steve/humor/cribbage.html), the source Wikipedia's "Cribbage statistics"
cites and reproduces; its zero count 1,009,008 and the impossible 19, 25, 26, 27 are also in
the Wikipedia article, which gives 1,022,208 zero-point cribs.
"""

COMBINATIONS = 12994800

# Lumetta's table (see the module docstring): number of hands scoring 0, 1, ..., 29.
PUBLISHED_HAND = [
    1_009_008, 99_792, 2_813_796, 505_008, 2_855_676, 697_508, 1_800_268, 751_324, 1_137_236, 361_224,
    388_740, 51_680, 317_340, 19_656, 90_100, 9_168, 58_248, 11_196, 2_708, 0,
    8_068, 2_496, 444, 356, 3_680, 0, 0, 0, 76, 4,
]

# The same for crib rules (only a 5-card flush counts). Provenance: computed by scoring all
# 12,994,800 combinations one by one with ``show.score(..., is_crib=True)`` (about 40 s on
# CPython; the same run reproduced the hand table above), and reproduced by
# ``cribbage_lab.census``; derived again from the published table and the rules alone
# (tests/test_show_exhaustive.py). It differs from the hand table only where a 4-card flush
# scored; its zero count, 1,022,208, is the one Wikipedia's "Cribbage statistics" gives for cribs.
# Mean 61,528,020 / 12,994,800 = 4.7348, which ``cribbage_lab.crib_mean`` reaches another way.
RECORDED_CRIB = [
    1_022_208, 99_792, 2_839_800, 508_908, 2_868_960, 703_496, 1_787_176, 755_320, 1_118_336, 358_368,
    378_240, 43_880, 310_956, 16_548, 88_132, 9_072, 57_288, 11_196, 2_264, 0,
    7_828, 2_472, 444, 356, 3_680, 0, 0, 0, 76, 4,
]
