"""The test loop of the MicroPython runners (tests/on_micropython/mpy_runner.py, tests/micropython32/run_tests.py)."""

import gc
import sys


def run_modules(module_names, label):
    """Call every function named test_* of each module in ``module_names``; return how many failed.

    A failure prints "FAIL module.name" and its traceback, and the rest still run; after
    each module a line "module: N passed, N failed", and last "``label`` N passed, N failed"
    (the pytest side reads them: tests/micropython_env.py's check_module_ran).
    """
    passed = failed = 0
    for module_name in module_names:
        module_passed, module_failed = run_module(module_name)
        print("%s: %d passed, %d failed" % (module_name, module_passed, module_failed))
        passed += module_passed
        failed += module_failed
    print("%s %d passed, %d failed" % (label, passed, failed))
    return failed


def run_module(module_name):
    """Run the tests of one module; (passed, failed). A module that does not import is one failure."""
    gc.collect()
    try:
        module = __import__(module_name)
    except Exception as e:
        print("FAIL %s (importing it)" % module_name)
        sys.print_exception(e)
        return 0, 1
    passed = failed = 0
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
    return passed, failed
