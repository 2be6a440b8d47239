"""The app's heap on a 32-bit MicroPython, as the RP2040 holds it: tests/micropython32_env.py
plays the memory scenario (a seeded 5-game match by input events, serial take-backs,
settings, advice, a power cycle, the log read over the serial line) on MicroPython's
32-bit WebAssembly port, running the real board's hal over stand-ins of the chip's
modules, with the firmware deployed as a ROMFS image (the product firmware: bytecode runs
from flash) and as .mpy files (a stock firmware: the code is loaded into the heap).
Host-driven: `crib bench` runs it under CPython only. Figures in KB above the interpreter:
code at power-on; the live heap at most (after a collection); the most an input or request
has allocated when it returns (an upper bound of its peak: that port collects only between
steps); a power-on restoring the match: what it allocates in all and what stays live; and the
names interned by the end (a pool of them is never freed: micropython_env.InternedNames)."""

import tempfile
from pathlib import Path

from timing import row

# isort: split
# (found once timing is imported: it puts tests/ on the path)
from micropython32_env import measure, record_scenario

FIGURES = (("code at power-on", "code"), ("live heap, most", "live"), ("step peak, most", "peak"),
           ("power-on restore, allocated", "power_on"), ("power-on restore, live after", "power_on_live"))

with tempfile.TemporaryDirectory() as tmp:
    scenario = record_scenario(Path(tmp) / "scenario")
    for deployment in ("romfs", "mpy"):
        report = measure(scenario, deployment, Path(tmp) / deployment)
        if report["state"] != scenario.state:
            raise SystemExit("%s: the 32-bit run ended in another state than CPython's" % deployment)
        for label, key in FIGURES:
            row("%s: %s" % (deployment, label), "%.1f" % (report[key] / 1024), "KB")
        row("%s: names interned at the end (qstr pools)" % deployment, report["names"], "")
