"""The long match's figures: an evening's match restored at power-on and saved, and the heap of the app
running with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chip_heap import MOST_ROW, NAMES_ROW, heap_figures
from chip_matches import match_files
from chip_saves import measure_saves
from timing import row

if TYPE_CHECKING:  # for annotations only
    from flash_layout import Image

LONG_GAMES = 20  # an evening's match (without a match length, games go on until a new match)


def measure_long_match(image: Image, own: int) -> None:
    """An evening's match (``LONG_GAMES`` games) on boards of ``image``: its saves, its power-on, and the
    heap as the 5-game match's (``own``: MicroPython's share, ``chip_heap.deployed_heap_base``)."""
    files = match_files(LONG_GAMES)
    what = "a %d-game match" % LONG_GAMES
    measure_saves(image, files, what)
    idle, most, names, _ = heap_figures(image, files, own)
    row("heap used by the running app, %s restored, idle" % what, "%.1f" % (idle / 1024), "KB")
    row(MOST_ROW, "%.1f" % (most / 1024), "KB")
    row(NAMES_ROW, str(names), "")
