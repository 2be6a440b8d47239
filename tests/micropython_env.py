"""Where the `micropython` and `mpy-cross` executables are, and runs under them, for tests and benchmarks."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from host_tools.executables import find

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
# Below the ~240 KB a running rp2 MicroPython leaves free, so heap trouble shows up here first.
RP2040_HEAP = "192K"


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


POWER_CUT_SUMMARY = re.compile(
    r"power cuts (\d+): new state kept (\d+), previous state kept (\d+); saves completed (\d+)")


def run_power_cuts(script: str, cuts: int, heap: str, seed: int = 1) -> tuple[int, int, int, int]:
    """Run the power-cut script tests/``script`` under `micropython` (it must exit 0); the
    numbers of its summary line (see tests/power_cuts.py): cuts, new and previous states kept, saves."""
    result = run_micropython([str(ROOT / "tests" / script), str(cuts), str(seed)], heap=heap)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    summary = POWER_CUT_SUMMARY.fullmatch(result.stdout.strip().splitlines()[-1])
    assert summary, result.stdout[-1000:]
    cuts_made, new, old, saves = (int(g) for g in summary.groups())
    return cuts_made, new, old, saves


def compile_tree(source: Path, target: Path, *extra: str) -> list[Path]:
    """Compile every .py under ``source`` to .mpy under ``target``; return the .mpy paths."""
    out = []
    for py in sorted(source.rglob("*.py")):
        mpy = target / py.relative_to(source).with_suffix(".mpy")
        mpy.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([tool("mpy-cross"), *extra, "-o", str(mpy), str(py)], check=True,
                       capture_output=True, text=True)
        out.append(mpy)
    return out
