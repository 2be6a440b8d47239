"""Hypothesis strategies of deals, shared by the property tests of the play (no tests here)."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, int, list[list[int]]]:
    """A table of 2-4 seats, the leader and 4 cards for each seat from one deck."""
    seats = draw(st.integers(2, 4))
    cards = draw(st.lists(st.integers(0, 51), min_size=4 * seats, max_size=4 * seats, unique=True))
    return seats, draw(st.integers(0, seats - 1)), [cards[4 * i:4 * i + 4] for i in range(seats)]
