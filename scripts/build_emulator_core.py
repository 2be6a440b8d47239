"""Compile the RP2040 emulator's core for this Python: the chip tests then take a third of the CPU.

rp2040py's wheel is built against Python's stable ABI (abi3). Its emulator core is Cython, and
under the limited C API that abi3 allows, Cython's generated code runs about three times slower:
one CRIB_PICO boot took 19.6 s of CPU with the wheel's modules and 6.7 s with these, to the same
emulated nanosecond. The wheel ships the C that Cython generated; this compiles it for the
running interpreter, beside the abi3 modules. Python's import takes an extension module tagged
with its own version (``_simulator.cpython-311-x86_64-linux-gnu.so``) before an abi3 one.

A stamp beside the modules (the sources' hash) makes a second run do nothing, and a new
rp2040py build them again. Without a C compiler the wheel's own modules stay in use: the
tests pass as before, only slower. ``scripts/test`` runs this.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

STAMP = ".built-for-this-python"


def native_dir() -> Path:
    """rp2040py's folder of Cython modules, in the environment this Python runs."""
    import rp2040py

    return Path(rp2040py.__file__).parent / "native"


def sources_hash(sources: list[Path]) -> str:
    """What the stamp holds: the sources and this Python's extension tag, hashed."""
    digest = hashlib.sha256(sysconfig.get_config_var("EXT_SUFFIX").encode())
    for source in sources:
        digest.update(source.name.encode() + source.read_bytes())
    return digest.hexdigest()


def compile_module(source: Path, temp: Path) -> str | None:
    """``source`` (Cython's C) compiled and linked into an extension module of this Python;
    None, or what the compiler said when it failed."""
    config = sysconfig.get_config_var
    obj = temp / (source.stem + ".o")
    # as setuptools compiles an extension (-fwrapv among Python's flags), with what rp2040py's
    # setup.py adds; no debug information (-g0): it changes no code and doubles the time
    flags = "%s %s -O3 -std=c99 -g0" % (config("CFLAGS") or "", config("CCSHARED") or "")
    compiler = [*shlex.split(config("CC")), *shlex.split(flags)]
    steps = ([*compiler, "-I" + sysconfig.get_paths()["include"], "-c", str(source), "-o", str(obj)],
             [*shlex.split(config("LDSHARED")), str(obj), "-o", str(module_of(source))])
    for step in steps:
        try:
            subprocess.run(step, check=True, capture_output=True)
        except OSError as e:
            return str(e)
        except subprocess.CalledProcessError as e:
            return e.stderr.decode(errors="replace")[-2000:]
    return None


def module_of(source: Path) -> Path:
    """The extension module built from ``source``, tagged with this Python's version."""
    return source.with_name(source.stem + sysconfig.get_config_var("EXT_SUFFIX"))


def build(native: Path) -> str | None:
    """Compile the C sources in ``native`` for this Python, unless its stamp says they are built;
    None, or why the wheel's modules stay in use (then none of these is left)."""
    sources = sorted(native.glob("*.c"))
    if not sources:
        return "rp2040py ships no C sources"
    stamp = native / STAMP
    wanted = sources_hash(sources)
    if stamp.exists() and stamp.read_text() == wanted:
        return None
    print("compiling the RP2040 emulator's core (rp2040py) for this Python: the chip tests run"
          " three times faster", file=sys.stderr)
    stamp.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory() as temp, ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        failures = [f for f in pool.map(compile_module, sources, [Path(temp)] * len(sources)) if f]
    if failures:
        for source in sources:  # none half built: the wheel's modules, all of them
            module_of(source).unlink(missing_ok=True)
        return "could not compile it:\n" + failures[0]
    stamp.write_text(wanted)
    return None


def main() -> int:
    """Build the native core, or say why the chip tests will use the slower one; never fails."""
    why = build(native_dir())
    if why is not None:
        print("%s: the chip tests use the wheel's slower emulator core" % why, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
