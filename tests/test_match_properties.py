"""Property tests of the match event log (CPython, hypothesis).

Random sequences of events, legal and illegal, under every kind of settings, checked by
tests/firmware/match_invariants.py (its docstring lists the invariants; the events it draws and
its independent tally of the points are shared with tests/firmware/test_match_seeded.py, which
runs seeded sequences on MicroPython too). Here hypothesis makes the choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import match_invariants
from hypothesis import event as hypothesis_event
from hypothesis import given, settings
from hypothesis import strategies as st
from match_invariants import ACTIONS, SETTINGS_CHOICES, play_random_events

from cribbage.match import Match
from cribbage.settings import Settings

__all__ = ["ACTIONS", "SETTINGS", "draw_event"]  # (tests/test_glance_properties.py draws its events here too)

SETTINGS = st.builds(Settings, **{name: st.sampled_from(values) for name, values in SETTINGS_CHOICES})


class Drawn:
    """A chooser (see match_invariants) drawing from hypothesis's data, so a failure shrinks."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))

    def choice(self, items: Sequence[Any]) -> Any:
        return self.data.draw(st.sampled_from(items))

    def boolean(self) -> bool:
        return self.data.draw(st.booleans())

    def sample(self, items: Sequence[Any], k: int) -> list[Any]:
        return self.data.draw(st.permutations(items))[:k]

    def integers(self, lo: int, hi: int, least: int, most: int, unique: bool = False) -> list[int]:
        return self.data.draw(st.lists(st.integers(lo, hi), min_size=least, max_size=most, unique=unique))


def draw_event(data: st.DataObject, m: Match, action: str) -> list:
    """An event of the given kind (``ACTIONS``) with arguments that are mostly, not always, legal."""
    return match_invariants.draw_event(Drawn(data), m, action)


@settings(max_examples=150, deadline=None)
@given(SETTINGS, st.data())
def test_random_event_sequences(rules: Settings, data: st.DataObject) -> None:
    play_random_events(rules, Drawn(data), hypothesis_event)
