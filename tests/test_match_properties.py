"""Property tests of the match event log (CPython, hypothesis).

Random sequences of events, legal and illegal, under every kind of settings, checked by
tests/firmware/match_invariants.py (its docstring lists the invariants; the events it draws and
its independent tally of the points are shared with tests/firmware/test_match_seeded.py, which
runs seeded sequences on MicroPython too). Here hypothesis makes the choices (tests/match_strategies.py).
"""

from __future__ import annotations

from hypothesis import event as hypothesis_event
from hypothesis import given, settings
from hypothesis import strategies as st
from match_invariants import play_random_events
from match_strategies import SETTINGS, Drawn

from cribbage.settings import Settings


@settings(max_examples=150, deadline=None)
@given(SETTINGS, st.data())
def test_random_event_sequences(rules: Settings, data: st.DataObject) -> None:
    play_random_events(rules, Drawn(data), hypothesis_event)
