"""The running app fits its heap budget: a whole match inside `micropython` with a heap that small.

The heap of the running app is budgeted at 64 KB on a stock Pico (docs/CHIP_FIGURES.md, "The current figures").
The unix port is
64-bit: every object holds 8-byte pointers and the collector's blocks are 32 bytes
instead of 16, so the same data takes about twice the heap (only raw bytes, like the
frame buffer, take the same). Counting it as 1.5x (the low end, so that data that fits
here fits the chip: 64 KB x 1.5 = 96 KB) gives the heap the app's data may use here.
The code comes on top: on the chip it is frozen into flash (firmware/manifest.py) or
loaded from .mpy files into the heap; here it is what importing the app (compiled by
mpy-cross as `crib deploy` sends it, all modes loaded, with the test's own helpers) holds,
measured first by a probe run of the same script.
The heap is thus code + 96 KB, and tests/on_micropython/app_memory.py must play its 5-game match, the
settings and the advice, send the whole log page by page over the serial protocol, and
then (a fresh interpreter, as after a power cycle) restore the match from the saved file
and send its log again, without a MemoryError.
A fragmented heap counts too: a large block that cannot be found fails the run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from micropython_env import ON_MICROPYTHON, run_micropython

pytestmark = pytest.mark.slow  # seconds a test: started first, so the parallel run ends together

DATA_BUDGET_KB = 96  # 64 KB on the 32-bit chip, x1.5 on the 64-bit unix port (see above)
SCRIPT = str(ON_MICROPYTHON / "app_memory.py")


def run_in_budget(args: list[str], heap: str) -> tuple[dict, str]:
    """Run app_memory.py ``args`` with ``heap``; return the match state it printed and its summary line."""
    result = run_micropython([SCRIPT, *args], heap=heap)
    assert result.returncode == 0, "heap %s: %s" % (heap, result.stdout[-2000:] + result.stderr[-3000:])
    *_, state, summary = result.stdout.strip().splitlines()
    return json.loads(state), summary


def test_a_whole_match_and_the_next_power_on_run_within_the_heap_budget(
        tmp_path: Path, compiled_firmware: Callable[..., Path]) -> None:
    lib = compiled_firmware()  # the firmware as `crib deploy` sends it
    saved = tmp_path / "flash"
    saved.mkdir()
    probe = run_micropython([SCRIPT, str(lib), "probe"], heap="1M")
    assert probe.returncode == 0, probe.stdout[-2000:] + probe.stderr[-2000:]
    found = re.fullmatch(r"heap in use (\d+)", probe.stdout.strip().splitlines()[-1])
    assert found, probe.stdout[-1000:]
    heap = "%dK" % (-(-int(found.group(1)) // 1024) + DATA_BUDGET_KB)
    played, summary = run_in_budget([str(lib), "play", str(saved)], heap)
    found = re.fullmatch(r"played (\d+) games, (\d+) events, (\d+) inputs", summary)
    assert found, summary
    games, events, inputs = (int(g) for g in found.groups())
    assert games == 5 and events > 400 and inputs > 4000
    assert played["games_played"] == games and played["events"] == events
    restored, summary = run_in_budget([str(lib), "power-on", str(saved)], heap)
    assert summary == "restored %d games, %d events" % (games, events)
    assert restored == played
