"""Every file in firmware/ (the rp2 drivers too) compiles with MicroPython's own compiler, as it is;
the native twins in firmware_native/ compile for the chip's architecture and this machine's."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from host_tools.deploy.mpy import mpy_cross
from micropython_env import FIRMWARE, NATIVE

FILES = sorted(FIRMWARE.rglob("*.py"))
NATIVE_FILES = sorted(NATIVE.rglob("*.py"))


def compiles(path: Path, options: list[str], out: Path) -> None:
    result = subprocess.run([mpy_cross(), *options, "-o", str(out), str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_compiles(path: Path, tmp_path: Path) -> None:
    for options in ([], ["-O2"], ["-march=armv6m"]):
        compiles(path, options, tmp_path / "out.mpy")


@pytest.mark.parametrize("path", NATIVE_FILES, ids=lambda p: str(p.relative_to(NATIVE)))
def test_native_twins_compile_for_the_chip_and_this_machine(path: Path, tmp_path: Path) -> None:
    # native code (viper) compiles only for an architecture: the chip's, and the unix port's
    for options in (["-march=armv6m"], ["-O2", "-march=armv6m"], ["-march=x64"]):
        compiles(path, options, tmp_path / "out.mpy")


def test_only_the_native_twins_need_an_architecture() -> None:
    # firmware/ compiles with a bare `mpy-cross FILE`; native code lives in firmware_native/
    assert NATIVE_FILES and all(b"@micropython.viper" in p.read_bytes() for p in NATIVE_FILES)
    assert not [p for p in FILES if b"@micropython.viper" in p.read_bytes() or b"@micropython.native" in p.read_bytes()]
