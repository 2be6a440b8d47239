"""The match log in its saved form (``iter_saved``, ``Match(saved=...)``): ints the match
already keeps, nothing built per event, every event checked again when it is replayed."""

import gc
import sys

from match_helpers import card, cards, damaged_logs, new_match, rebuilt, seeded_match

from cribbage.cards import is_int
from cribbage.match import Match, RuleError
from cribbage.settings import Settings
from portable import raises

ON_MICROPYTHON = sys.implementation.name == "micropython"


def shows_with_cards(m):
    return sum(1 for event in m.iter_log() if event[0] in ("hand", "crib") and event[-2] is not None)


def every_kind():
    """A short match with every kind of event: claims, muggins, shows by total, a play laid card by
    card, abandoned games."""
    return new_match([
        ["dealer", 1], ["starter", card("JH")], ["peg", 0, 2], ["hand", 0, None, 8],
        ["hand", 1, cards("5H 5C 5S QD"), 18], ["crib", None, 6], ["heels"],
        ["lay", 1, 13], ["lay", 0, 12], ["lay", 1, 2], ["go", 0],
        ["peg", 1, 31], ["new_game"], ["cut", [card("AH"), card("KS")]], ["starter", card("2C")],
        ["hand", 1, cards("3C 4D 5S 6H"), None], ["new_match"], ["dealer", 0],
    ], muggins=True)


def test_the_saved_form_is_each_code_and_after_a_show_with_cards_its_pack():
    m = seeded_match(3)
    saved = list(m.iter_saved())
    shows = shows_with_cards(m)
    assert shows > 30 and len(saved) == m.events + shows
    assert all(is_int(v) and 0 <= v < 1 << 30 for v in saved)  # small ints on the chip too
    again = rebuilt(m)
    assert again.log == m.log and again.state() == m.state() and list(again.iter_saved()) == saved


def test_every_kind_of_event_and_table_size_comes_back():
    m = every_kind()
    assert [e[0] for e in m.log][-3:] == ["hand", "new_match", "dealer"] and m.log[4][2] is not None
    for match in (m, seeded_match(1, 99, players=3), seeded_match(1, 5, players=4), Match()):
        again = rebuilt(match)
        assert again.log == match.log and again.state() == match.state()


def test_the_saved_form_stays_as_boards_have_written_it():
    # ints written by the firmware that kept them as they are saved (before the 2-byte codes
    # in memory): a cut's cards and a show's pack numbers are made again for the saved form
    assert list(every_kind().iter_saved()) == [16, 674, 132, 517, 5269, 11875346, 390, 3, 859, 779, 155, 12, 2004,
                                               7, 52257, 66, 12245, 5845832, 8, 0]
    m = new_match([["cut_ranks", [3, None, 11]], ["starter_rank", 4], ["show_ranks", 1, [4, 4, 4, 10], 0, True, None],
                   ["show_ranks", 2, [0, 1, 2, 3], 4, False, None]], players=3)
    assert list(m.iter_saved()) == [48954, 77, 8158, 566340, 12270, 274960]
    m = new_match([["cut", cards("AH KS 7D 9C")]], players=4)
    assert list(m.iter_saved()) == [135908385] and rebuilt(m).log == m.log


def allocated(iterate):
    """Heap bytes that ``iterate()`` allocates, the collector off (MicroPython only)."""
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        iterate()
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def drain(items, limit=-1):
    """Iterate over ``items`` (over the first ``limit`` of them, if given), keeping none."""
    for _ in items:
        limit -= 1
        if limit == 0:
            break


def test_saving_builds_nothing_per_event():
    short = seeded_match(1)
    long = seeded_match(4)
    assert long.events > 4 * short.events
    if ON_MICROPYTHON:
        # the same few blocks (the generators) however long the match
        assert allocated(lambda: drain(long.iter_saved())) == allocated(lambda: drain(short.iter_saved()))
        # while the events as lists grow with it: the measurement sees per-event garbage (twice
        # the short match's events, not all: the heap would hold all the garbage of the long one)
        per_short = allocated(lambda: drain(short.iter_log()))
        assert allocated(lambda: drain(long.iter_log(), 2 * short.events)) > per_short * 3 // 2
    # The stream is all ints and rebuilds the match: compared as streams, as a board reads them
    # (a list of the long match's would need one 4 KB block of a heap this test has fragmented).
    for m in (short, long):
        assert all(is_int(v) for v in m.iter_saved())
        again = Match(m.settings, saved=m.iter_saved())
        theirs = m.iter_saved()
        count = 0
        for value in again.iter_saved():
            assert value == next(theirs)  # StopIteration (a failure) if the rebuilt one is longer
            count += 1
        assert count == sum(1 for _ in m.iter_saved())


def test_a_rebuilt_match_undoes_the_same_way_back_to_the_start():
    m = seeded_match(2, 77)
    again = rebuilt(m)
    while m.can_undo:
        m.undo()
        again.undo()
        assert again.state() == m.state() and again.events == m.events
        if m.events % 16 == 0:
            assert list(again.iter_saved()) == list(m.iter_saved())
    assert not again.can_undo and again.state() == Match().state()


def test_a_damaged_saved_log_raises_a_value_error_naming_the_event():
    for saved, says in damaged_logs():
        for stream in (saved, iter(saved)):
            try:
                Match(saved=stream)
            except ValueError as e:  # anything else (StopIteration, IndexError) fails the test
                assert "saved event" in str(e) and says in str(e), (says, str(e))
            else:
                raise AssertionError("accepted, but %s" % says)
    with raises(RuleError):
        Match(saved=damaged_logs()[-1][0])
    with raises(TypeError):
        Match(saved=7)
    with raises(ValueError, "not both"):
        Match(log=[["dealer", 0]], saved=[0])


def test_an_empty_saved_log_is_a_new_match():
    assert Match(Settings(players=3), saved=[]).state() == Match(Settings(players=3)).state()
