"""The test loop of the MicroPython runners (tests/mpy_runner.py, tests/micropython32/run_tests.py)."""

import gc
import sys


def run_modules(module_names, label):
    """Call every function named test_* of each module in ``module_names``; return how many failed.

    A failure prints "FAIL module.name" and its traceback, and the rest still run; the last
    line printed is "``label`` N passed, N failed" (the pytest side reads it).
    """
    passed = failed = 0
    for module_name in module_names:
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
    print("%s %d passed, %d failed" % (label, passed, failed))
    return failed
