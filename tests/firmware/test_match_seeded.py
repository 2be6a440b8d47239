"""Seeded random event sequences for a match, checked by match_invariants on every interpreter.

tests/test_match_properties.py runs the same sequences' kind with hypothesis (CPython only); here an
Xorshift32 makes the choices, so MicroPython's match keeps the same invariants: nothing changed by a
rejected event, scores on the board, pegs moving forward, each side's score the independent tally of
the events accepted, undo, replay and the saved log giving back the states.
"""

from match_invariants import Seeded, play_random_events, random_settings

from portable import seeds

SEQUENCES = 500  # about 2.5 s of CPU on the unix port (a quarter of them on 1.23: portable.seeds)


def test_random_event_sequences_keep_the_invariants():
    accepted = {}

    def note(text):
        accepted[text] = accepted.get(text, 0) + 1

    for seed in seeds(SEQUENCES):
        c = Seeded(0x9E3779B9 + seed)
        rules = random_settings(c)
        play_random_events(rules, c, note)
    # the sequences reach every kind of event, and games end
    for kind in ("peg", "hand", "crib", "show_ranks", "starter", "starter_rank", "heels", "cut", "cut_ranks",
                 "dealer", "muggins", "new_game", "new_match"):
        assert accepted.get("accepted " + kind, 0) > 0, (kind, accepted)
    assert accepted.get("a game was won", 0) > 0, accepted
