"""The rules core's companions that never run on the board: cards written as people write
them (``card_text``: the host tools read and print cards with it, as do tests and
benchmarks), seeded shuffling and dealing (``deck``: tests and benchmarks play whole seeded
games with it), the census of every show hand (``census``: the exhaustive checks of the
scorer and its benchmark), the mean crib worked out a second way (``crib_mean``: the crib
table's check) and what ``crib advise`` says of a keep beside its worth (``keep_shares``).

They import the rules core (``firmware/cribbage``). ``card_text``, ``deck``, ``census`` and ``keep_shares``
stay plain MicroPython-compatible Python: the firmware tests that run inside ``micropython`` (and the
benchmarks) import them too, and a seeded game is the same on both interpreters. ``crib_mean`` (fractions,
math.comb) and ``make_crib_table`` (the generator of ``firmware/cribbage/crib_values.py``, a command line) run
on CPython alone. ``crib deploy`` never sends them.
"""
