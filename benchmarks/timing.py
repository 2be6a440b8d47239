"""What every benchmark script shares: the folders it imports from, a microsecond clock, the output line,
heap readings. Runs under CPython and MicroPython (no pathlib there: paths are strings). A script imports it
first, as ``from timing import ...``: both interpreters put the running script's own folder (benchmarks/)
first on sys.path, and importing it puts ``FOLDERS`` after the rest."""

import gc
import os
import sys
import time

TYPE_CHECKING = False  # no typing module on MicroPython; mypy reads the block below as typing.TYPE_CHECKING's
if TYPE_CHECKING:  # for annotations only, quoted where used (CPython evaluates annotations; MicroPython skips them)
    from collections.abc import Callable

# Heap figures need gc.mem_alloc(), which only MicroPython has.
ON_MICROPYTHON = hasattr(gc, "mem_alloc")
ROOT = (__file__.rpartition("/")[0] or ".") + "/.."
FIRMWARE = ROOT + "/firmware"
# The folders the benchmarks import from besides the standard library and their own: the firmware's sources, the
# checkout's other packages (simulator, cribbage_lab, host_tools' card_text), the tests' helpers and the chip's
# (chip_figures.py and its chip_*.py). Put last, so that what the interpreter's path holds stays first: under
# `crib bench`, MicroPython's tree of the board's files, the native twins beside their packages
# (host_tools.commands.bench.bench_env).
FOLDERS = (FIRMWARE, ROOT, ROOT + "/tests", ROOT + "/tests/firmware", ROOT + "/tests/chip")
sys.path.extend(FOLDERS)

if hasattr(time, "ticks_us"):
    def now_us() -> float:
        """A start mark in microseconds, for ``since_us`` (the ticks wrap: never subtract them)."""
        return time.ticks_us()  # type: ignore[attr-defined]  # MicroPython's time: not in CPython's stubs

    def since_us(start: float) -> float:
        """Microseconds since ``start`` (a ``now_us()`` mark)."""
        return time.ticks_diff(time.ticks_us(), start)  # type: ignore[attr-defined]  # as in now_us
else:
    def now_us() -> float:
        """A start mark in microseconds, for ``since_us``."""
        return time.perf_counter() * 1e6

    def since_us(start: float) -> float:
        """Microseconds since ``start`` (a ``now_us()`` mark)."""
        return time.perf_counter() * 1e6 - start


def row(label: str, value: object, unit: str) -> None:
    """Print one figure as the ``label<TAB>value<TAB>unit`` line `crib bench` reads."""
    print("%s\t%s\t%s" % (label, value, unit))


def heap_in_use() -> int:
    """Bytes of heap in use after a full collection (MicroPython only)."""
    gc.collect()
    return gc.mem_alloc()  # type: ignore[attr-defined]  # MicroPython's gc: not in CPython's stubs


def allocated(action: "Callable[..., object]", *args: object) -> int:
    """Bytes of heap ``action(*args)`` allocates with the collector off: its peak need (MicroPython only)."""
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()  # type: ignore[attr-defined]  # as in heap_in_use
        action(*args)
        return gc.mem_alloc() - before  # type: ignore[attr-defined]  # as in heap_in_use
    finally:
        gc.enable()


def compiled_firmware() -> str | None:
    """The folder of the firmware `crib bench` compiled, as `crib deploy` compiles it
    (host_tools.deploy.firmware_tree.compile_firmware), which it names as a MicroPython script's
    argument; None on CPython, or for a script run without it."""
    return sys.argv[1] if ON_MICROPYTHON and len(sys.argv) > 1 else None


def use_compiled_firmware() -> str | None:
    """On MicroPython, put first on sys.path the firmware `crib bench` compiled before this
    script ran (``compiled_firmware``): the app is then imported from .mpy files, not compiled
    from source in the heap. Call it before anything imports a firmware module. Returns the
    folder, or None (CPython, or a script run without it: the sources are imported)."""
    folder = compiled_firmware()
    if folder:
        sys.path.insert(0, folder)
    return folder


def firmware_from_source() -> list[str]:
    """The names of the firmware modules imported so far from source (a .py file), sorted:
    those of the packages in firmware/."""
    packages = [name for name in os.listdir(FIRMWARE) if "." not in name and name != "__pycache__"]
    return sorted(name for name, module in sys.modules.items()
                  if name.split(".")[0] in packages and getattr(module, "__file__", "").endswith(".py"))


def check_compiled_firmware() -> None:
    """Raise RuntimeError if `crib bench` compiled the firmware (see use_compiled_firmware) and a
    firmware module was imported from source all the same (imported before use_compiled_firmware,
    or missing from the compiled folder): the figures would not be the firmware's as deployed."""
    if compiled_firmware():
        sources = firmware_from_source()
        if sources:
            raise RuntimeError("imported from source, not as compiled by crib bench: " + ", ".join(sources))
