"""A short soak of each image against CPython's oracle (``soak.py``): random presses, holds,
turns, requests and power cuts, the chip's state equal to the oracle's after every step.

Seed 304 is the soak that found a press made up from a ring of samples ago (``hal.samples``: a
poll held back 481-511 ms read past the sampler's last write): on stock it failed at step 14.
The emulated chip keeps its own time, so a seed plays the same steps on every run.
"""

from __future__ import annotations

import shutil

import pytest
from soak import Soak

SEED = 304
STEPS = 30


@pytest.mark.parametrize("image", ["stock", "CRIB_PICO"])
def test_the_chip_agrees_with_the_oracle_step_by_step(image: str) -> None:
    soak = Soak(image, SEED)
    try:
        while soak.counts["steps"] < STEPS:
            soak.step()  # SoakFailed: the last steps, and how the chip and the oracle differ
        assert soak.counts["cuts"] and soak.counts["requests"], soak.done()  # both kinds of step were played
    finally:
        soak.chip.pico.close()
    shutil.rmtree(soak.root)
