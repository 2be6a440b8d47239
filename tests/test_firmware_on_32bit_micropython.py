"""Every firmware test module also runs on a 32-bit MicroPython: the oldest release the
firmware supports (1.23) and a current one, as `crib deploy` sends the firmware (.mpy).

The unix port the other runs use is 64-bit and one release; the RP2040 is 32-bit (small
ints of 31 bits, other object sizes) and may run any release from 1.23 on. This runs each
module in tests/firmware on MicroPython's 32-bit WebAssembly port (tests/micropython32), but
one: test_app_run drives the asyncio shell with ``asyncio.run``, which that port's asyncio
(run by the JavaScript event loop) does not have; the shell's tests run on the unix port.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from micropython32_env import LATEST, OLDEST, deploy_tree, run_driver

from micropython_env import ROOT

NOT_ON_THIS_PORT = {"test_app_run"}  # needs asyncio.run (see above)
MODULES = sorted(p.stem for p in (ROOT / "tests" / "firmware").glob("test_*.py"))


def test_only_the_shell_is_left_out() -> None:
    assert NOT_ON_THIS_PORT <= set(MODULES)


@pytest.mark.parametrize("version", [OLDEST, LATEST])
def test_firmware_tests_pass_on_32bit_micropython(version: str, tmp_path: Path) -> None:
    steps = tmp_path / "no-steps.json"
    steps.write_text("[]")
    mounts = {deploy_tree("mpy", tmp_path / "deploy"): "/deploy", ROOT / "tests" / "firmware": "/tests/firmware",
              ROOT / "simulator": "/repo/simulator", ROOT / "hardware": "/hardware"}
    modules = [m for m in MODULES if m not in NOT_ON_THIS_PORT]
    printed = run_driver(version, "run_tests.py", steps, mounts, modules)
    last = printed.strip().splitlines()[-1]
    assert last.endswith(" 0 failed"), printed[-4000:]
    assert int(last.split()[1]) > 250, last
