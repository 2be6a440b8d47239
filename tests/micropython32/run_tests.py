# Firmware test modules on a 32-bit MicroPython (run.mjs runs this, with no steps).
#
# The firmware is in /deploy (compiled as `crib deploy` sends it), the test modules and
# their helpers in /tests/firmware, the fake hardware's, cribbage_lab's and host_tools' packages
# under /repo, board.json under /hardware. sys.argv[1:] names the modules; every function named test_* is called
# (tests/firmware/run_modules.py, as tests/on_micropython/mpy_runner.py does on the unix port); a line
# "MODULE: N passed, N failed" follows each module, and the last line adds them up.
import gc  # noqa: F401  run.mjs calls gc.collect() in this namespace
import sys

sys.path[:0] = ["/deploy", "/tests/firmware", "/repo"]

from run_modules import run_modules  # noqa: E402


def start():
    """Run every test of the modules named in sys.argv[1:]."""
    run_modules(sys.argv[1:], "micropython32:")


def step(*args):
    """No steps."""


def settle():
    """No steps."""


def finish():
    """Nothing more to report."""
