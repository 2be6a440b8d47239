"""What every benchmark script shares: a microsecond clock, the output line, heap readings.
Runs under CPython and MicroPython. A script imports it as ``from timing import ...``:
both interpreters put the running script's own folder (benchmarks/) first on sys.path."""

import gc
import os
import sys
import time

# Heap figures need gc.mem_alloc(), which only MicroPython has.
ON_MICROPYTHON = hasattr(gc, "mem_alloc")

if hasattr(time, "ticks_us"):
    def now_us():
        """A start mark in microseconds, for ``since_us`` (the ticks wrap: never subtract them)."""
        return time.ticks_us()

    def since_us(start):
        """Microseconds since ``start`` (a ``now_us()`` mark)."""
        return time.ticks_diff(time.ticks_us(), start)
else:
    def now_us():
        """A start mark in microseconds, for ``since_us``."""
        return time.perf_counter() * 1e6

    def since_us(start):
        """Microseconds since ``start`` (a ``now_us()`` mark)."""
        return time.perf_counter() * 1e6 - start


def row(label, value, unit):
    """Print one figure as the ``label<TAB>value<TAB>unit`` line `crib bench` reads."""
    print("%s\t%s\t%s" % (label, value, unit))


def heap_in_use():
    """Bytes of heap in use after a full collection (MicroPython only)."""
    gc.collect()
    return gc.mem_alloc()


def allocated(action, *args):
    """Bytes of heap ``action(*args)`` allocates with the collector off: its peak need (MicroPython only)."""
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        action(*args)
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def use_compiled_firmware():
    """On MicroPython, compile firmware/ with mpy-cross (beside the interpreter) into a temporary
    folder put first on sys.path, as `crib deploy` sends it: the app is then imported from .mpy
    files, not compiled from source in the heap. Returns the folder, or None (CPython, or no
    mpy-cross: the sources are imported). The caller has tests/firmware on its path (fake_storage)."""
    if not ON_MICROPYTHON or not hasattr(os, "system"):
        return None
    from fake_storage import temp_dir

    tool = sys.executable.rpartition("/")[0] + "/mpy-cross"
    firmware = __file__.rpartition("/")[0] + "/../firmware"
    try:
        os.stat(tool)
    except OSError:
        return None
    out = temp_dir("bench-mpy-")
    for package in ("cribbage", "app", "app/modes", "hal", "shared"):
        os.mkdir(out + "/" + package)
        for name in os.listdir(firmware + "/" + package):
            if name.endswith(".py"):
                target = "%s/%s/%s.mpy" % (out, package, name[:-3])
                if os.system("%s -o %s %s/%s/%s" % (tool, target, firmware, package, name)) != 0:
                    return None
    sys.path.insert(0, out)
    return out
