"""Where the `micropython` and `mpy-cross` executables are, and runs under them, for the tests."""

from __future__ import annotations

import re
import subprocess
from importlib import import_module
from pathlib import Path
from typing import NamedTuple

from host_shared.board_files import FIRMWARE, ROOT
from host_tools.deploy.firmware_tree import native_twins
from host_tools.deploy.mpy import MpyFormat, interpreter_reads
from host_tools.executables import find

# The firmware test modules: pytest runs them on CPython, the runners on MicroPython.
FIRMWARE_TESTS = sorted(path.stem for path in (ROOT / "tests" / "firmware").glob("test_*.py"))
# The scripts run under `micropython` (not pytest modules): the runner of those modules, the power cuts...
ON_MICROPYTHON = ROOT / "tests" / "on_micropython"
# Below the ~240 KB a running rp2 MicroPython leaves free, so heap trouble shows up here first.
RP2040_HEAP = "192K"


class InternedNames(NamedTuple):
    """The names (qstrs) a MicroPython has interned, as ``micropython.qstr_info()`` prints them: how
    many, the pools that hold them, and the heap the pools' tables take (the names' text aside: in
    flash from ROMFS, in the heap from .mpy files). A pool is never freed and each new one has room
    for twice the last's names (the rp2 port's and the 32-bit port's alike: 20, 40 … 640, 1,260 in
    six pools). Past the last one's room, the next takes 7.5 KB of heap at once on the chip (6 bytes
    a name), 8.8 KB on the 32-bit port (7 bytes: its hashes are longer)."""

    names: int
    pools: int
    pool_bytes: int

    @classmethod
    def printed(cls, output: str) -> InternedNames:
        """The names as ``qstr_info()`` printed them last in ``output``."""
        line = output.split("qstr pool: ")[-1].split("\n")[0]
        info = {key.strip(): int(value) for key, value in (item.split("=") for item in line.split(","))}
        return cls(info["n_qstr"], info["n_pool"], info["n_total_bytes"] - info["n_str_data_bytes"])

    def __str__(self) -> str:
        return "%d names, %d pools, %.1f KB" % (self.names, self.pools, self.pool_bytes / 1024)


def tool(name: str) -> str:
    """Path of a console script installed beside this interpreter, or on PATH."""
    found = find(name)
    if not found:
        raise RuntimeError(f"{name} is not installed: pip install -e '.[dev]'")
    return found


def run_micropython(args: list[str], heap: str = RP2040_HEAP, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run the unix-port MicroPython with an RP2040-sized heap and capture its output."""
    return subprocess.run(
        [tool("micropython"), "-X", f"heapsize={heap}", *args],
        capture_output=True, text=True, timeout=timeout, cwd=ROOT,
    )


# For a script run under `micropython` that drives hal.ssd1306: an I2C bus that records each write
# as [address, [bytes]] in ``writes`` (writevto's parts joined), the firmware's folder on sys.path.
SSD1306_ON_A_BUS = """
import sys, json
sys.path.insert(0, %r)
from hal.ssd1306 import SSD1306

class Bus:
    def __init__(self):
        self.writes = []
    def writeto(self, address, data):
        self.writes.append([address, list(data)])
    def writevto(self, address, parts):
        self.writes.append([address, [b for part in parts for b in part]])
""" % str(FIRMWARE)


# The line tests/firmware/run_modules.py prints after each module ("test_cards: 12 passed, 0 failed").
MODULE_SUMMARY = re.compile(r"(\w+): (\d+) passed, (\d+) failed$")
POWER_CUT_SUMMARY = re.compile(
    r"power cuts (\d+): new state kept (\d+), previous state kept (\d+); saves completed (\d+)")


def run_power_cuts(script: str, libdir: Path, cuts: int, heap: str, seed: int = 1,
                   printed: list[str] | None = None) -> tuple[int, int, int, int]:
    """Run the power-cut script tests/on_micropython/``script`` under `micropython` on the firmware packages in
    ``libdir`` (it must exit 0); the numbers of its summary line (see tests/on_micropython/power_cuts.py): cuts,
    new and previous states kept, saves. The lines it printed are added to ``printed``, if given."""
    result = run_micropython([str(ON_MICROPYTHON / script), str(libdir), str(cuts), str(seed)], heap=heap)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    if printed is not None:
        printed += result.stdout.splitlines()
    summary = POWER_CUT_SUMMARY.fullmatch(result.stdout.strip().splitlines()[-1])
    assert summary, result.stdout[-1000:]
    cuts_made, new, old, saves = (int(g) for g in summary.groups())
    return cuts_made, new, old, saves


# The native twins of firmware modules (``@micropython.viper``, firmware_native/): mpy-cross
# compiles them only for a given architecture, and a port without a native emitter cannot
# load them; the modules that import them fall back to plain Python then (app.power, hal.chain).
NATIVE = native_twins(FIRMWARE)


def micropython_reads() -> MpyFormat:
    """The .mpy format the `micropython` executable loads (its sys.implementation._mpy), decoded."""
    return interpreter_reads([tool("micropython"), "-X", f"heapsize={RP2040_HEAP}"])


def check_module_ran(printed: str, module: str, label: str) -> None:
    """Fail, naming each test that failed and showing what it printed, unless the runner's
    output ``printed`` (see tests/firmware/run_modules.py) says that every test of the
    firmware test ``module`` ran and passed on ``label``."""
    lines = printed.splitlines()
    ends = [i for i, line in enumerate(lines) if line.startswith(module + ": ") and MODULE_SUMMARY.match(line)]
    if not ends:
        raise AssertionError("%s never finished %s; the end of what it printed:\n%s"
                             % (label, module, "\n".join(lines[-80:])))
    end = ends[0]
    start = max([i + 1 for i, line in enumerate(lines[:end]) if MODULE_SUMMARY.match(line)], default=0)
    section = "\n".join(lines[start:end + 1])
    failed = [line[5:] for line in lines[start:end] if line.startswith("FAIL ")]
    assert not failed, "on %s: %s failed\n%s" % (label, ", ".join(failed), section)
    passed = int(MODULE_SUMMARY.match(lines[end]).group(2))  # type: ignore[union-attr]
    expected = len([name for name in dir(import_module(module)) if name.startswith("test_")])
    assert passed == expected, "on %s, %d of the %d tests of %s ran\n%s" % (label, passed, expected, module, section)
