"""The rules core's companions that never run on the board, for the lab's own work: seeded shuffling
and dealing (``deck``: tests and benchmarks play whole seeded games with it), the census of every show
hand (``census``: the exhaustive checks of the scorer and its benchmark), the mean crib worked out a
second way (``crib_mean``: the crib table's check) and the generator of the rules core's crib table
(``make_crib_table``). What the `crib` command uses at run time is in ``host_tools`` (cards as people
write them: ``host_tools.card_text``; what ``crib advise`` says of a keep: ``host_tools.keep_shares``).

They import the rules core (``firmware/cribbage``). ``deck`` and ``census`` stay plain
MicroPython-compatible Python: the firmware tests that run inside ``micropython`` (and the benchmarks)
import them too, and a seeded game is the same on both interpreters. ``crib_mean`` (fractions,
math.comb) and ``make_crib_table`` (a command line) run on CPython alone. ``crib deploy`` never sends them.
"""
