"""The match log one event at a time (iter_log, replay from a generator) and its chunked storage."""

from match_helpers import seeded_match

from cribbage.match import Chunked, Match
from cribbage_lab import deck
from portable import raises


def test_chunked_behaves_like_a_list_across_chunk_borders():
    for typecode, bits in (("I", 30), ("H", 16)):
        check_chunked(Chunked(typecode), 1 << bits)


def check_chunked(values, below):
    truth = []
    rand = deck.Xorshift32(7)
    for step in range(3000):
        if truth and deck.randbelow(rand, 3) == 0:
            assert values.pop() == truth.pop()
        else:
            value = deck.randbelow(rand, below)
            values.append(value)
            truth.append(value)
        assert len(values) == len(truth)
        if step % 97 == 0:
            assert list(values) == truth
            assert [values[i] for i in range(len(truth))] == truth
    with raises(IndexError):
        values[len(truth)]
    with raises(IndexError):
        values[-1]  # the log is read by index from 0 only: a negative one is a bug
    while truth:
        assert values.pop() == truth.pop()
    assert len(values) == 0 and list(values) == []
    with raises(IndexError):
        values.pop()


def test_iter_log_is_the_log_and_a_generator_replays_it():
    m = seeded_match(3)
    log = m.log
    assert m.events == len(log) > 150
    assert list(m.iter_log()) == log
    again = Match(m.settings, m.iter_log())  # one event at a time, as the board loads a save
    assert again.log == log and again.state() == m.state()


def test_iter_log_reads_a_slice_of_the_log():
    m = seeded_match(2)
    log = m.log
    for start, stop in ((0, 5), (17, 49), (len(log) - 3, None), (len(log) - 3, len(log) + 10), (len(log), None)):
        assert list(m.iter_log(start, stop)) == log[start:stop]


def test_undo_across_shows_with_cards_keeps_their_cards():
    m = seeded_match(2)
    log = m.log
    for n in range(len(log) - 1, len(log) - 90, -1):  # back over many hands and cribs
        m.undo()
        assert m.events == n
        if n % 11 == 0:
            assert m.log == log[:n] and m.state() == Match(m.settings, log[:n]).state()
    for event in log[len(log) - 89:]:  # and forward again: the same cards come back
        m.apply(event)
    assert m.log == log
