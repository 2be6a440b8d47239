# Firmware test modules on a 32-bit MicroPython (run.mjs runs this, with no steps).
#
# The firmware is in /deploy (compiled as `crib deploy` sends it), the test modules and
# their helpers in /tests/firmware, the fake hardware's package under /repo, board.json
# under /hardware. sys.argv[1:] names the modules; every function named test_* is called,
# as tests/mpy_runner.py does on the unix port. The last line says "N passed, N failed".
import gc
import sys

sys.path[:0] = ["/deploy", "/tests/firmware", "/repo"]


def start():
    """Run every test of the modules named in sys.argv[1:]."""
    passed = failed = 0
    for module_name in sys.argv[1:]:
        module = __import__(module_name)
        for name in sorted(n for n in dir(module) if n.startswith("test_")):
            gc.collect()
            try:
                getattr(module, name)()
            except Exception as e:  # report every failure, keep going
                failed += 1
                print("FAIL %s.%s" % (module_name, name))
                sys.print_exception(e)
            else:
                passed += 1
    print("micropython32: %d passed, %d failed" % (passed, failed))


def step(*args):
    """No steps."""


def settle():
    """No steps."""


def finish():
    """Nothing more to report."""
