"""The rules core's companions that never run on the board: cards written as people write
them (``card_text``: the host tools read and print cards with it, as do tests and
benchmarks), seeded shuffling and dealing (``deck``: tests and benchmarks play whole seeded
games with it), the census of every show hand (``census``: the exhaustive checks of the
scorer and its benchmark), the mean crib worked out a second way (``crib_mean``: the crib
table's check) and what ``crib advise`` says of a keep beside its worth (``keep_shares``).

They import the rules core (``firmware/cribbage``) and stay plain MicroPython-compatible
Python: the firmware tests that run inside ``micropython`` import them too, and a seeded
game is the same on both interpreters. ``crib deploy`` never sends them.
"""
