# Runs firmware test modules inside the `micropython` interpreter (no pytest there).
#
#   micropython -X heapsize=192K tests/on_micropython/mpy_runner.py LIBDIR MODULE [MODULE ...]
#
# LIBDIR is the folder holding the firmware packages (firmware/ itself, or the same tree
# compiled to .mpy). Every function named test_* is called; a line "MODULE: N passed,
# N failed" follows each module, the last line adds them up, and the exit status is 1 if
# anything failed (tests/firmware/run_modules.py).
import sys

libdir = sys.argv[1]
here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [libdir, here + "/../firmware", here + "/../.."]

from run_modules import run_modules  # noqa: E402

sys.exit(1 if run_modules(sys.argv[2:], "micropython:") else 0)
