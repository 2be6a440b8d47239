"""Every firmware test module also runs on a 32-bit MicroPython, the oldest release the
firmware supports (1.23), as `crib deploy` sends the firmware (.mpy), but compiled by
`mpy-cross -O2`, which strips `assert` (`crib deploy` gives no flag): a check of the firmware that
relied on an assert would fail here.

The unix port the other runs use is 64-bit and a current release (1.29); the RP2040 is 32-bit
(small ints of 31 bits, other object sizes) and may run any release from 1.23 on. This runs the
modules of tests/firmware on MicroPython's 32-bit WebAssembly port (tests/micropython32),
all in one interpreter, but those in NOT_ON_32BIT (see micropython32_env). The current
release's behaviour is checked by the unix port's run (test_on_micropython), and the whole
app runs on its 32-bit port in test_app_on_32bit_micropython: a second run of these modules
there (about 28 s of CPU) would check nothing those two and this one do not.
Each module is one test here, failing with the names and tracebacks of its failed tests;
they share a worker (an xdist group), so the interpreter runs once.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from micropython32_env import NOT_ON_32BIT, OLDEST, run_driver

from micropython_env import FIRMWARE, FIRMWARE_TESTS, ROOT, check_module_ran

MODULES = [m for m in FIRMWARE_TESTS if m not in NOT_ON_32BIT]


def test_only_the_shell_is_left_out() -> None:
    assert NOT_ON_32BIT == {"test_app_run"} and NOT_ON_32BIT <= set(FIRMWARE_TESTS)


@pytest.fixture(scope="session")
def printed_on_32bit(compiled_firmware: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
                     ) -> Callable[[str], str]:
    """``printed_on_32bit(version)``: what running every module there printed (run once per version)."""
    printed: dict[str, str] = {}

    def run(version: str) -> str:
        if version not in printed:
            steps = tmp_path_factory.mktemp("no-steps") / "steps.json"
            steps.write_text("[]")
            mounts = {compiled_firmware("-O2"): "/deploy", ROOT / "tests" / "firmware": "/tests/firmware",
                      ROOT / "simulator": "/repo/simulator", ROOT / "cribbage_lab": "/repo/cribbage_lab",
                      ROOT / "host_tools": "/repo/host_tools",  # its card_text and keep_shares
                      ROOT / "hardware": "/hardware"}
            try:
                printed[version] = run_driver(version, "run_tests.py", steps, mounts, MODULES)
            except RuntimeError as e:  # the interpreter failed: each module says so
                printed[version] = str(e)
        return printed[version]

    return run


@pytest.mark.parametrize("version, module", [
    pytest.param(version, module, marks=pytest.mark.xdist_group("micropython-" + version))
    for version in (OLDEST,) for module in MODULES])
def test_firmware_module_on_32bit_micropython(version: str, module: str,
                                              printed_on_32bit: Callable[[str], str]) -> None:
    check_module_ran(printed_on_32bit(version), module, "32-bit MicroPython " + version)


def test_every_firmware_source_compiles_on_the_oldest_release(tmp_path: Path) -> None:
    """The modules run above were compiled by the current mpy-cross; a board of 1.23 compiles the
    sources itself when sent them (`crib deploy --no-compile`), and so does its mpy-cross when a
    build freezes them (firmware/manifest.py): main.py and the rp2-only modules, which run nowhere
    off the chip, must parse there too. The native twins (viper) need a native emitter, which this
    port has not: mpy-cross compiles them for the chip (tests/test_mpy_cross.py)."""
    sources = sorted(str(path.relative_to(ROOT)) for path in FIRMWARE.rglob("*.py"))
    steps = tmp_path / "steps.json"
    steps.write_text("[]")
    printed = run_driver(OLDEST, "compile_sources.py", steps, {FIRMWARE: "/src/firmware"}, sources).splitlines()
    assert [line for line in printed if line.startswith("FAIL")] == []
    assert printed[-1] == "compiled %d" % len(sources)
