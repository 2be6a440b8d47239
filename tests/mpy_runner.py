# Runs firmware test modules inside the `micropython` interpreter (no pytest there).
#
#   micropython -X heapsize=192K tests/mpy_runner.py LIBDIR MODULE [MODULE ...]
#
# LIBDIR is the folder holding the firmware packages (firmware/ itself, or the same tree
# compiled to .mpy). Every function named test_* is called; the last line says
# "N passed, N failed" and the exit status is 1 if anything failed.
import gc
import sys

libdir = sys.argv[1]
here = sys.argv[0].rpartition("/")[0] or "."
sys.path[:0] = [libdir, here + "/firmware", here + "/.."]

passed = failed = 0
for module_name in sys.argv[2:]:
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
print("micropython: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
