"""Every firmware test module also runs inside the real `micropython` interpreter (the unix
port), from the source files as they lie on the board (firmware/ with its native twins from
firmware_native/, linked into one tree), each in a fresh interpreter (one process a module: the
interned names of the modules run before would stay in the heap). From source they get
SOURCE_HEAP, not the RP2040's: this port is 64-bit (every object twice the chip's size) and
compiles each module it imports, which the board never does (it runs .mpy files or ROMFS),
so at 192K, and again at 256K, whether a test passed depended on where the compiler's blocks
fragmented the heap (the length of the checkout's path, or of pytest's numbered temporary
folder, decided it: test_app_glance failed in pytest-999 and passed in pytest-99 and
pytest-9999); at 320K, test_app_settings_menu's import of every module the board forgets, one
by one, failed once in a whole run (a 1280-byte block) and passed alone; at 384K, once the match
could archive its games (a longer cribbage/match.py to compile), test_render_still's LED test did
the same. The RP2040's budget is measured where it is real: compiled on the 32-bit port and on
the emulated chip.

Compiled by `mpy-cross -O2` (which strips `assert`, so validation that relied on it would
show up) they run on the 32-bit port (test_firmware_on_32bit_micropython.py); the modules
that cannot run there run compiled here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from micropython32_env import NOT_ON_32BIT

from host_tools.deploy.firmware_tree import link_board_tree
from micropython_env import (
    FIRMWARE_TESTS,
    ON_MICROPYTHON,
    RP2040_HEAP,
    check_module_ran,
    micropython_reads,
    run_micropython,
)

SOURCE_HEAP = "512K"
# The compiled modules that cannot run on the 32-bit port (test_app_run): at the RP2040's 192K this 64-bit port
# left test_app_run 4 to 8 KB (it needs 184 to 188K), and a run with longer paths failed it with a MemoryError
COMPILED_HEAP = "256K"


def check(libdir: Path, module: str, heap: str = RP2040_HEAP) -> None:
    """Run the firmware test module ``module`` in micropython against the packages in ``libdir``."""
    result = run_micropython([str(ON_MICROPYTHON / "mpy_runner.py"), str(libdir), module], heap=heap)
    check_module_ran(result.stdout + result.stderr, module, "micropython")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]


@pytest.fixture(scope="module")
def board_sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return link_board_tree(tmp_path_factory.mktemp("board-sources"))


@pytest.mark.parametrize("module", FIRMWARE_TESTS)
def test_source_on_micropython(module: str, board_sources: Path) -> None:
    check(board_sources, module, SOURCE_HEAP)


def test_native_twins_on_micropython(compiled_firmware: Callable[..., Path]) -> None:
    """The viper twins (firmware_native/), compiled for this port's own architecture as
    `crib deploy` compiles them for the chip's, are the kernels in use and give the plain
    loops' bytes."""
    arch = micropython_reads().arch
    assert arch is not None, "this micropython has no native emitter"
    libdir = compiled_firmware("-O2", arch=arch)
    in_use = run_micropython(["-c", "import sys; sys.path.insert(0, %r)\n"
                              "from app import power, power_viper; from hal import chain, samples, viper\n"
                              "print(power.shade is power_viper.shade, power.cap is power_viper.cap,"
                              " chain.pack_words is viper.pack_words,"
                              " samples.first_change is viper.first_change)" % str(libdir)])
    assert in_use.stdout.split() == ["True"] * 4, in_use.stdout + in_use.stderr
    check(libdir, "test_viper_twins")


@pytest.mark.parametrize("module", sorted(NOT_ON_32BIT))
def test_mpy_on_micropython(module: str, compiled_firmware: Callable[..., Path]) -> None:
    check(compiled_firmware("-O2"), module, COMPILED_HEAP)
