# Compiles firmware sources with a 32-bit MicroPython's own compiler (run.mjs runs this, with no
# steps): what a board of that release does with sources (`crib deploy --no-compile`, or .mpy it
# would not load) and what its mpy-cross does when freezing them. The sources are under /src,
# sys.argv[1:] names them; a line "FAIL PATH ERROR" for each that does not compile, then "compiled N".
import gc  # noqa: F401  run.mjs calls gc.collect() in this namespace
import sys


def start():
    """Compile each source named in sys.argv[1:] (without running it)."""
    for path in sys.argv[1:]:
        with open("/src/" + path) as f:
            source = f.read()
        try:
            compile(source, path, "exec")
        except Exception as e:  # each module's error is reported, the others still compiled
            print("FAIL", path, repr(e))
    print("compiled", len(sys.argv) - 1)


def step(*args):
    """No steps."""


def settle():
    """No steps."""


def finish():
    """Nothing more to report."""
