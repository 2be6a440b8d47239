"""The board's figures on an emulated RP2040 at 125 MHz (rp2040py), in emulated time:
`crib bench --chip` runs this under CPython once per MicroPython image (stock: the code as
.mpy files on littlefs; CRIB_PICO: the code in a ROMFS image), deployed as `crib deploy`
lays it out (tests/chip/). Flash erases and programs stall the core as on the chip
(45 ms a sector, 0.7 ms a page, interrupts off). Prints label<TAB>value<TAB>unit as each
figure is measured. Nothing here is a test: the budgets (docs/CHIP_FIGURES.md, "The current figures") are
for reading.

  python benchmarks/chip_figures.py IMAGE [FIGURE...]    IMAGE: stock or CRIB_PICO

FIGUREs (all when none given): boot, idle, frame, encoder, button, presses, display, count, lay, save, long,
rules, heap, collections.

Each family of figures is measured by a chip_*.py module beside this one (chip_power_on: boot and idle;
chip_inputs: encoder, button and presses; ...), on boards chip_session.py powers on; this script only
picks them, in a fixed order."""

from __future__ import annotations

import sys

import timing  # noqa: F401  (imported first: it puts tests/chip/ on the path)

# isort: split
from chip_collections import measure_collections
from chip_count_and_lay import measure_first_count, measure_lay
from chip_display import measure_with_display
from chip_frame import measure_frame
from chip_heap import deployed_heap_base, measure_heap
from chip_inputs import measure_inputs
from chip_long_match import measure_long_match
from chip_matches import match_files
from chip_power_on import measure_power_on
from chip_rules import measure_rules
from chip_saves import measure_saves
from chip_session import boot
from flash_layout import IMAGES_BY_NAME

FIGURES = ("boot", "idle", "frame", "encoder", "button", "presses", "display", "count", "lay", "save", "long", "rules",
           "heap", "collections")


def main() -> None:
    """Measure the FIGUREs asked for (see the module docstring) on the IMAGE named, printing each row."""
    image = IMAGES_BY_NAME[sys.argv[1]]
    figures = set(sys.argv[2:]) or set(FIGURES)
    if figures & {"boot", "idle", "encoder", "button", "presses"}:
        board = measure_power_on(image, "idle" in figures)
        if figures & {"encoder", "button", "presses"}:
            measure_inputs(board, figures)
    if "display" in figures:
        measure_with_display(image)
    if "count" in figures:
        board, _ = boot(image)
        measure_first_count(board)
    if "lay" in figures:
        board, _ = boot(image)
        measure_lay(board)
    if "frame" in figures:
        measure_frame(image)
    if "save" in figures:
        measure_saves(image, match_files(), "the 5-game match")
    own = deployed_heap_base(image) if figures & {"long", "heap"} else 0  # (a boot of its own: once)
    if "long" in figures:
        measure_long_match(image, own)
    if "rules" in figures:
        measure_rules(image)
    if "heap" in figures:
        measure_heap(image, own)
    if "collections" in figures:
        measure_collections(image)


if __name__ == "__main__":
    main()
