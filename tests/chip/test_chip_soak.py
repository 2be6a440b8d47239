"""A short soak of each image against CPython's oracle (``soak.py``): random presses, holds,
turns (the contacts bouncing, or not), requests and power cuts, the chip's state equal to the
oracle's after every step; CRIB_PICO, the product, built with the display, whose lines go out
between the inputs. The emulated chip keeps its own time, so a seed plays the same steps on
every run. (A longer soak by hand found the press made up from a ring of samples ago that
test_chip_late_poll.py holds to.)
"""

from __future__ import annotations

import shutil

import pytest
from soak import Soak

SEED = 304
STEPS = 30


@pytest.mark.parametrize(("image", "display", "rules"), [
    ("stock", False, {"players": 3, "play": 1, "muggins": True}),  # the play card by card, three players, muggins
    ("CRIB_PICO", True, None),  # the product, as it starts
])
def test_the_chip_agrees_with_the_oracle_step_by_step(image: str, display: bool, rules: dict | None) -> None:
    soak = Soak(image, SEED, display, rules)
    try:
        while soak.counts["steps"] < STEPS:
            soak.step()  # SoakFailed: the last steps, and how the chip and the oracle differ
        assert soak.counts["cuts"] and soak.counts["requests"], soak.done()  # both kinds of step were played
    finally:
        soak.chip.pico.close()
    shutil.rmtree(soak.root)
