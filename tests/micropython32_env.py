"""The board app on a 32-bit MicroPython, for the heap figures the RP2040 would show.

The unix port in .venv is 64-bit: its objects hold 8-byte pointers in 32-byte gc blocks, so
its heap figures are up to twice the chip's. MicroPython's WebAssembly port is 32-bit, like
the RP2040 (4-byte pointers, 16-byte blocks), and runs under Node.js: tests/micropython32/
holds its pinned npm packages (installed by scripts/setup: the oldest release the firmware
supports and a current one), the runner and the driver.

``record_scenario`` plays tests/firmware/memory_scenario.py on CPython and records its
input events and serial requests; ``measure`` plays them again on the 32-bit MicroPython,
running the real board's hal over stand-ins of the chip's modules (see app_heap.py), with
the firmware compiled by mpy-cross as `crib deploy` sends it: "mpy" (.mpy files on the
littlefs: the code is loaded into the heap) or "romfs" (a ROMFS image: the bytecode runs in
place from flash). ``run_driver`` runs any driver of that folder: run_tests.py runs the
firmware's test modules there (tests/test_firmware_on_32bit_micropython.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from host_tools.deploy.firmware_tree import compile_firmware
from host_tools.deploy.romfs_image import build_romfs_image
from micropython_env import ROOT, InternedNames

HERE = ROOT / "tests" / "micropython32"
BOARD_JSON = ROOT / "hardware" / "board.json"
# The firmware test modules that do not run on this port: test_app_run drives the asyncio
# shell with ``asyncio.run``, which this port's asyncio (run by the JavaScript event loop)
# does not have; it runs on the unix port, from source and compiled.
NOT_ON_32BIT = {"test_app_run"}
# The WebAssembly port grows its heap rather than collect inside a call (see run.mjs), so
# the starting size only needs to be ample; the figures come from gc.mem_alloc().
START_HEAP = 256 * 1024
OLDEST = "1.23"  # the oldest release the firmware supports (it has no ROMFS)
LATEST = "1.29"


def node() -> str:
    """The node executable, with the pinned MicroPython packages installed beside run.mjs."""
    found = shutil.which("node")
    if found is None or not all((HERE / "node_modules" / ("micropython-" + v)).is_dir() for v in (OLDEST, LATEST)):
        raise RuntimeError("Node.js and tests/micropython32's npm packages are needed: run scripts/setup")
    return found


@dataclass(frozen=True)
class Scenario:
    """The memory scenario recorded on CPython: the steps file for app_heap.py, and how it ends."""

    steps_file: Path
    inputs: int
    state: dict


def record_scenario(folder: Path) -> Scenario:
    """Play the memory scenario on CPython (saving in ``folder``/flash) and record its steps in ``folder``."""
    import memory_scenario

    from app.board import Board
    from simulator.virtual_hardware import VirtualHardware

    steps: list[list] = [["power_on"]]
    flash = folder / "flash"
    flash.mkdir(parents=True)

    def recorded(board: Board) -> Board:
        handle, handle_command = board.handle, board.handle_command

        def input_event(event: tuple) -> None:
            steps.append(["input", *event])
            handle(event)

        def command(line: str) -> str:
            steps.append(["command", line])
            return handle_command(line)

        board.handle, board.handle_command = input_event, command  # type: ignore[method-assign]
        return board

    hw = VirtualHardware(str(flash), display=True)
    memory_scenario.play(recorded(Board(hw)), hw)
    steps += [["power_off"], ["power_on"]]
    board = recorded(Board(VirtualHardware(str(flash), display=True)))
    memory_scenario.send_log(board)
    steps_file = folder / "steps.json"
    steps_file.write_text(json.dumps(steps))
    return Scenario(steps_file, sum(1 for s in steps if s[0] == "input"), board.match.state())


def deploy_tree(deployment: str, out: Path, lib: Path | None = None) -> Path:
    """The firmware compiled (``mpy-cross -O2``) into ``out``, laid out as ``deployment``
    puts it on a board; from the packages already compiled in ``lib`` if given."""
    if lib is None:
        lib = compile_firmware(out / "lib", "-O2")
    if deployment == "mpy":
        return lib
    if deployment != "romfs":
        raise ValueError("deployment is mpy or romfs, not %r" % (deployment,))
    image = out / "image"
    image.mkdir(parents=True)
    (image / "app.romfs").write_bytes(build_romfs_image(lib))
    return image


def run_driver(version: str, driver: str, steps_file: Path, mounts: dict[Path, str], args: list[str]) -> str:
    """Run ``driver`` (a file in tests/micropython32) on MicroPython ``version`` with each host
    folder of ``mounts`` copied to its path; what it printed. RuntimeError if it failed."""
    result = subprocess.run(
        [node(), str(HERE / "run.mjs"), version, str(START_HEAP), str(HERE / driver), str(steps_file),
         *("%s=%s" % (host, path) for host, path in mounts.items()), "--", *args],
        capture_output=True, text=True, timeout=600, cwd=HERE,
    )
    if result.returncode != 0:
        raise RuntimeError("32-bit MicroPython %s failed: %s%s"
                           % (version, result.stdout[-3000:], result.stderr[-3000:]))
    return result.stdout


def measure(scenario: Scenario, deployment: str, out: Path, version: str = LATEST, lib: Path | None = None) -> dict:
    """Play ``scenario`` on the 32-bit MicroPython ``version`` with the firmware deployed in
    ``out`` (see ``deploy_tree``: ``lib`` holds it compiled already, if given).

    Its report: the heap figures of app_heap.py in bytes, the match ``state`` it ended in, and
    "names": the names interned by then (``InternedNames``).
    """
    mounts = {deploy_tree(deployment, out, lib): "/deploy", HERE / "stubs": "/stubs", BOARD_JSON: "/board.json"}
    printed = run_driver(version, "app_heap.py", scenario.steps_file, mounts, [deployment])
    report = json.loads(printed.strip().splitlines()[-1])
    report["names"] = InternedNames.printed(printed)
    return report
