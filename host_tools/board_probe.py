"""The one read-only look `crib deploy` takes at the board: code run there by ``mpremote exec``.

It prints one line ``CRIB-PROBE {json}``: the board's ``sys.implementation._mpy`` (None
if it has none), whether it can hash (``hashlib.sha256``: in MicroPython's core and in the
rp2 Pico build, whose generated stubs list it; checked anyway), and for each
asked path its size and SHA-256 (files) or its presence (directories). The code is plain
MicroPython (it runs on the unix port in the tests, so what it prints is checked for real).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from host_tools.deploy_plan import BoardFile
from host_tools.mpy import MpyFormat

MARKER = "CRIB-PROBE "

_CODE = """\
import os, sys, json
from binascii import hexlify
try:
    from hashlib import sha256
except ImportError:
    sha256 = None
def _crib_probe(root, files, dirs):
    out = {"mpy": getattr(sys.implementation, "_mpy", None), "hash": sha256 is not None,
           "version": list(sys.implementation.version[:3]), "files": {}, "dirs": []}
    buf = bytearray(1024)
    for p in files:
        try:
            st = os.stat(root + p)
        except OSError:
            continue
        if st[0] & 0x4000:
            continue
        h = None
        if sha256 is not None:
            d = sha256()
            with open(root + p, "rb") as f:
                while True:
                    n = f.readinto(buf)
                    if not n:
                        break
                    d.update(memoryview(buf)[:n])
            h = hexlify(d.digest()).decode()
        out["files"][p] = [st[6], h]
    for p in dirs:
        try:
            if os.stat(root + p)[0] & 0x4000:
                out["dirs"].append(p)
        except OSError:
            pass
    print(%(marker)r + json.dumps(out))
_crib_probe(%(root)r, %(files)r, %(dirs)r)
"""


@dataclass
class BoardListing:
    """What the probe found."""

    mpy: MpyFormat | None
    can_hash: bool
    version: str
    files: dict[str, BoardFile]
    dirs: set[str]


def probe_code(files: list[str], dirs: list[str], root: str = "/") -> str:
    """The code to run on the board to list ``files`` and ``dirs`` (paths relative to ``root``)."""
    return _CODE % {"marker": MARKER, "root": root, "files": files, "dirs": dirs}


def parse_probe(output: str) -> BoardListing:
    """The listing from the probe's output. Raises ValueError if the marker line is missing or bad."""
    for line in output.splitlines():
        if line.startswith(MARKER):
            data = json.loads(line[len(MARKER):])
            return BoardListing(
                mpy=None if data["mpy"] is None else MpyFormat.from_sys_mpy(data["mpy"]),
                can_hash=bool(data["hash"]),
                version=".".join(str(n) for n in data.get("version", ())),
                files={p: BoardFile(size, digest) for p, (size, digest) in data["files"].items()},
                dirs=set(data["dirs"]),
            )
    raise ValueError("the board did not answer the listing (got %r)" % output.strip()[-200:])
