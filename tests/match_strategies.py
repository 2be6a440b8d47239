"""Hypothesis's choices of a match's events (CPython), shared by the property tests of the match and of the
glance (no tests here): ``Drawn``, a chooser of tests/firmware/match_invariants.py drawing from hypothesis's
data, the settings and the events it draws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import match_invariants
from hypothesis import strategies as st
from match_invariants import SETTINGS_CHOICES

from cribbage.match import Match
from cribbage.settings import Settings

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
    """An event of the given kind (``match_invariants.ACTIONS``) with arguments that are mostly, not always,
    legal."""
    return match_invariants.draw_event(Drawn(data), m, action)
